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

__all__ = ["SUPPORTED_OPTIONS", "TILE_SETS", "engine", "pack", "tables"]

_fast = load_extension(__package__ or "shoal.games.sirtet")
_LAYOUT = struct.Struct("=4Q8i36b4x")
TILE_SETS = (FREE, ONE_SIDED)
"""The tile sets the C core knows, by index (the state's ``ts``)."""

SUPPORTED_OPTIONS: dict[str, Any] = {"tileset": lambda v: v in ("free", "one-sided")}
"""Option name -> test of the values the C code covers."""


def tables(ts: TileSet) -> list[int]:
    """The tables of a tile set as the C core's ``si_configure`` reads them: one flat list.

    The number of colours and each tile's colour; per tile its shape offsets (the
    number, then shift, valid mask and the 36 pair actions of each); the pairs
    (their number, then both tiles of each); the 36 king masks.
    """
    flat = [len(ts.colours), *ts.colour_of]
    for rows in ts.shape_offsets:
        flat.append(len(rows))
        for shift, valid, acts in rows:
            flat += (shift, valid, *acts)
    flat.append(len(PAIR_A))
    for a, b in zip(PAIR_A, PAIR_B, strict=True):
        flat += (a, b)
    return [*flat, *KING_MASK]


_TABLES = tuple((index, tables(ts)) for index, ts in enumerate(TILE_SETS))
if _fast is not None:
    for _index, _flat in _TABLES:
        _fast.configure(_index, _flat)


def pack(state: SirtetState) -> bytes:
    """The C struct of ``state``."""
    outcome = state.outcome
    result = 0 if outcome is None else 3 if outcome.winner is None else outcome.winner + 1
    return _LAYOUT.pack(
        state.occ,
        state.h0,
        state.h1,
        state.disc,
        TILE_SETS.index(state.ts),
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
    return NativeEngine(game, _fast, pack, _TABLES)  # type: ignore[arg-type]
