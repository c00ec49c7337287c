"""Cyclix's native fast path (``_fast.c``): packing states for the C struct.

Covered: every ``max_turns``; a state whose repetition history holds more than
:data:`HISTORY` positions stays on the pure engine (random play stays far below).
Any other option value falls back to the pure engine.
"""

from __future__ import annotations

import struct
from typing import Any

from shoal.core.native import NativeEngine, load_extension, options_supported

from .game import Cyclix
from .rules import CyclixState

__all__ = ["HISTORY", "SUPPORTED_OPTIONS", "engine", "pack"]

_fast = load_extension(__package__ or "shoal.games.cyclix")
if _fast is not None:
    _fast.init()
HISTORY = 96
_LEGAL = 80
_LAYOUT = struct.Struct(f"=Q8i8b{_LEGAL}h{2 * HISTORY}Q")
_LOW = (1 << 50) - 1

SUPPORTED_OPTIONS: dict[str, Any] = {"max_turns": lambda v: isinstance(v, int) and v >= 0}
"""Option name -> test of the values the C code covers."""


def pack(state: CyclixState) -> bytes | None:
    """The C struct of ``state``, or None when its history is longer than the C struct's."""
    hist = state.history
    if len(hist) > HISTORY:
        return None
    outcome = state.outcome
    result = 0 if outcome is None else 3 if outcome.winner is None else outcome.winner + 1
    legal = list(state.legal_actions())
    keys: list[int] = []
    for key in hist:
        keys += (key & _LOW, key >> 50)
    return _LAYOUT.pack(
        state.tiles,
        state.side,
        state.forfeits,
        state.turn,
        state.game.options.max_turns,
        result,
        int(state.in_check),
        len(legal),
        len(hist),
        *state.pieces,
        *legal,
        *([0] * (_LEGAL - len(legal))),
        *keys,
        *([0] * (2 * HISTORY - len(keys))),
    )


def engine(game: Cyclix) -> NativeEngine | None:
    """The native engine, or None when not built or the options are not covered."""
    if _fast is None or not options_supported(game.options, SUPPORTED_OPTIONS):
        return None
    return NativeEngine(game, _fast, pack)  # type: ignore[arg-type]
