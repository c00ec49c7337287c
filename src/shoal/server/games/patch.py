"""What a change did to a stored game, small enough to travel with its notice (issue 56).

With several server processes, a move stored by one process reached the others as
``{"game", "version"}``, and each process that had the game loaded read the whole row
back from the database: about 2.3 ms of CPU a read (an ORM session, the row's JSON), five
to eight times the view it then sent, and three moves in four cross processes with four
workers. A move, an undo, a takeback, a resignation, a flag or an agreed end only adds
(or takes back) actions, moves the clock and may end the game: :func:`patch_of` says so
in a few dozen bytes, and a process that has the version the change was made from makes
the new one with :func:`apply_patch`, exactly as stored. Any other change (a claimed
seat) has no patch: the processes read the row, as before.

>>> from shoal.server.games.creation import game_data
>>> old = game_data("connect4", {}, mode="local", players=["a", "b"], token_hashes=["x", "x"])
>>> import dataclasses
>>> new = dataclasses.replace(old, actions=[3, 4], version=old.version + 1)
>>> patch = patch_of(old, new)
>>> patch
{'base': 1, 'keep': 0, 'add': [3, 4], 'clock': None, 'ended': None}
>>> apply_patch(old, patch, new.version) == new
True
>>> apply_patch(new, patch, new.version) is None  # not the version it was made from
True
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from .models import GameData

__all__ = ["PATCH_BYTES", "apply_patch", "patch_of"]

PATCH_BYTES = 2_000
"""The largest patch sent, as JSON (a notice carries at most 7,000 bytes); above: none."""

_CHANGING = frozenset({"actions", "clock", "ended", "version"})
_FIXED = tuple(f.name for f in dataclasses.fields(GameData) if f.name not in _CHANGING)


def patch_of(old: GameData, new: GameData) -> dict[str, Any] | None:
    """The change from ``old`` to ``new`` as ``{"base", "keep", "add", "clock", "ended"}``
    (the first ``keep`` actions kept, ``add`` appended), or None when anything else changed."""
    if new.id != old.id or any(getattr(old, name) != getattr(new, name) for name in _FIXED):
        return None
    mine, theirs = old.actions, new.actions
    keep = len(mine)
    if theirs[:keep] != mine:
        keep = 0
        for a, b in zip(mine, theirs):
            if a != b:
                break
            keep += 1
    patch = {
        "base": old.version,
        "keep": keep,
        "add": theirs[keep:],
        "clock": new.clock,
        "ended": new.ended,
    }
    if len(json.dumps(patch, separators=(",", ":"))) > PATCH_BYTES:
        return None
    return patch


def apply_patch(data: GameData, patch: Any, version: int) -> GameData | None:
    """``data`` changed by ``patch`` into ``version``, or None when the patch was not made
    from ``data``'s version (or is not a patch)."""
    try:
        base, keep, add = patch["base"], patch["keep"], patch["add"]
        clock, ended = patch["clock"], patch["ended"]
    except (KeyError, TypeError):
        return None
    if base != data.version or not isinstance(keep, int) or not 0 <= keep <= len(data.actions):
        return None
    if not isinstance(add, list) or not all(isinstance(a, int) for a in add):
        return None
    return dataclasses.replace(
        data, actions=[*data.actions[:keep], *add], clock=clock, ended=ended, version=version
    )
