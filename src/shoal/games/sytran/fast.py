"""Sytran's native fast path (``_fast.c``): packing states for the C struct.

Covered: every base (6, 8, 10) and penalty of the options; any other option
value (a rule option added later) falls back to the pure engine.
"""

from __future__ import annotations

import struct
from array import array
from typing import Any

from shoal.core.native import NativeEngine, load_extension, options_supported

from .game import Sytran
from .geometry import cell_colours
from .rules import SytranState

__all__ = ["SUPPORTED_OPTIONS", "engine", "pack"]

_fast = load_extension(__package__ or "shoal.games.sytran")
_MAXC = 272
_LAYOUT = struct.Struct(f"=8i{_MAXC}B{_MAXC}H")
"""The C struct: eight ints, a colour byte per cell, the empty cells (uint16)."""
_HEAD = struct.Struct("=8i")

SUPPORTED_OPTIONS: dict[str, Any] = {
    "base": lambda v: v in (6, 8, 10),
    "penalty": lambda v: isinstance(v, int) and 0 <= v <= 50,
}
"""Option name -> test of the values the C code covers."""


def pack(state: SytranState) -> bytes:
    """The C struct of ``state``."""
    geo = state.game.geo
    colours = cell_colours(geo, state.white, state.black)
    empty = state.empty_cells
    nempty = len(empty)
    outcome = state.outcome
    result = 0 if outcome is None else 3 if outcome.winner is None else outcome.winner + 1
    head = _HEAD.pack(
        geo.base,
        state.game.penalty,
        state.placed,
        state.smallest,
        int(state.swapped),
        state.turn,
        result,
        nempty,
    )
    return b"".join(
        (
            head,
            colours,
            bytes(_MAXC - len(colours)),
            array("H", empty).tobytes(),
            bytes(2 * (_MAXC - nempty)),
        )
    )


def engine(game: Sytran) -> NativeEngine | None:
    """The native engine, or None when not built or the options are not covered."""
    if _fast is None or not options_supported(game.options, SUPPORTED_OPTIONS):
        return None
    return NativeEngine(game, _fast, pack)  # type: ignore[arg-type]
