"""Board-plane observations of Sirtet for learning agents (values in [0, 1]).

Planes of 6x6, cell ``6 * file + rank`` at row ``rank``, column ``file`` (the
flat vector is plane-major, then rank, then file). With ``C`` colours and
``S`` shapes in the tile set (7 and 5 free, 5 and 7 one-sided):

=====================  ====================================================
planes                 meaning
=====================  ====================================================
C                      the colour of the tile on each cell
S                      the shape of the tile on each cell
1                      holes
1                      the cells the mover may pick (set-up only)
4                      tile-indexed: cell ``t`` is tile ``t`` (tile order of
                       the set, cell 35 unused) in the observer's harvest,
                       the opponent's harvest, the discard zone, and the
                       tile just paid for a Double Harvest
C                      constant: the observer's tiles of each colour / S
C                      constant: the opponent's tiles of each colour / S
6                      constant: the phase (pick, choose, take2, take1,
                       burn, drop; all zero once over)
1                      constant: the observer decides now
1                      constant: the last turn was a pass
=====================  ====================================================

>>> from shoal.games.sirtet import Sirtet
>>> g = Sirtet()
>>> g.observation_shape()
(40, 6, 6)
>>> len(g.observation(g.initial(1), 0)) == 40 * 36
True
"""

from __future__ import annotations

from .geometry import CELLS, KING_MASK, NUM_TILES, SIZE, TileSet
from .notation import OVER, PICK
from .rules import SirtetState

__all__ = ["observation", "observation_shape"]

_PHASE_PLANES = 6  # pick .. drop


def observation_shape(ts: TileSet) -> tuple[int, int, int]:
    """(planes, 6, 6) for the tile set ``ts``."""
    colours, shapes = len(ts.colours), len(ts.shapes)
    return (3 * colours + shapes + 6 + _PHASE_PLANES + 2, SIZE, SIZE)


def _index(cell: int) -> int:
    """The flat offset of ``cell`` within a plane (row = rank, column = file)."""
    file, rank = divmod(cell, SIZE)
    return rank * SIZE + file


def observation(state: SirtetState, seat: int) -> list[float]:
    """The planes of ``state`` as seen by ``seat`` (see the module docs)."""
    ts = state.ts
    colours, shapes = len(ts.colours), len(ts.shapes)
    planes = observation_shape(ts)[0]
    out = [0.0] * (planes * CELLS)
    occ, layout = state.occ, state.layout
    hole_plane = colours + shapes
    for cell in range(CELLS):
        at = _index(cell)
        if occ >> cell & 1:
            tile = layout[cell]
            out[ts.colour_of[tile] * CELLS + at] = 1.0
            out[(colours + ts.shape_of[tile]) * CELLS + at] = 1.0
        else:
            out[hole_plane * CELLS + at] = 1.0
    if state.phase == PICK:
        zone = occ & KING_MASK[state.start]
        for cell in range(CELLS):
            if zone >> cell & 1:
                out[(hole_plane + 1) * CELLS + _index(cell)] = 1.0
    mine, theirs = state.harvest(seat), state.harvest(1 - seat)
    pending = 1 << state.pending if state.pending >= 0 else 0
    base = hole_plane + 2
    for k, mask in enumerate((mine, theirs, state.disc, pending)):
        plane = (base + k) * CELLS
        for tile in range(NUM_TILES):
            if mask >> tile & 1:
                out[plane + tile] = 1.0
    base += 4
    for k, mask in enumerate((mine, theirs)):
        for colour in range(colours):
            value = (mask & ts.colour_masks[colour]).bit_count() / shapes
            if value:
                plane = (base + k * colours + colour) * CELLS
                out[plane : plane + CELLS] = [value] * CELLS
    base += 2 * colours
    if state.phase != OVER:
        plane = (base + state.phase) * CELLS
        out[plane : plane + CELLS] = [1.0] * CELLS
    base += _PHASE_PLANES
    if state.to_move == seat:
        out[base * CELLS : (base + 1) * CELLS] = [1.0] * CELLS
    if state.passes == 1:
        out[(base + 1) * CELLS : (base + 2) * CELLS] = [1.0] * CELLS
    return out
