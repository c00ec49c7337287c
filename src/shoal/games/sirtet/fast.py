"""Sirtet's native fast path (``_fast.c``): its tables and packing states for the C struct.

Covered: both tile sets; any other option value falls back to the pure engine.
The C code gets geometry.py's own tables (shape offsets, pair actions, colours).
"""

from __future__ import annotations

import struct
from typing import Any

from shoal.core.native import NativeEngine, load_extension, options_supported

from .game import Sirtet
from .geometry import FREE, KING_MASK, ONE_SIDED, PAIR_A, PAIR_B, TileSet
from .notation import OVER
from .rules import SirtetState

__all__ = ["SUPPORTED_OPTIONS", "engine", "pack"]

_fast = load_extension(__package__ or "shoal.games.sirtet")
_LAYOUT = struct.Struct("=4Q8i36b4x")
_SETS = (FREE, ONE_SIDED)

SUPPORTED_OPTIONS: dict[str, Any] = {"tileset": lambda v: v in ("free", "one-sided")}
"""Option name -> test of the values the C code covers."""


def _configure(index: int, ts: TileSet) -> None:
    assert _fast is not None
    offsets = [list(rows) for rows in ts.shape_offsets]
    pairs = list(zip(PAIR_A, PAIR_B, strict=True))
    _fast.configure(index, list(ts.colour_of), len(ts.colours), offsets, pairs, list(KING_MASK))


if _fast is not None:
    for _index, _ts in enumerate(_SETS):
        _configure(_index, _ts)


def pack(state: SirtetState) -> bytes:
    """The C struct of ``state``."""
    outcome = state.outcome
    result = 0 if outcome is None else 3 if outcome.winner is None else outcome.winner + 1
    return _LAYOUT.pack(
        state.occ,
        state.h0,
        state.h1,
        state.disc,
        _SETS.index(state.ts),
        state.start,
        state.phase,
        state.pending,
        state.mover if state.phase != OVER else 0,
        state.passes,
        state.turn,
        result,
        *state.layout,
    )


def engine(game: Sirtet) -> NativeEngine | None:
    """The native engine, or None when not built or the options are not covered."""
    if _fast is None or not options_supported(game.options, SUPPORTED_OPTIONS):
        return None
    return NativeEngine(game, _fast, pack)  # type: ignore[arg-type]
