"""Syrtis set-up: drawing the random start board from a seed (the seed text's procedure).

Pure: the random generator is passed in.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .geometry import Geometry

__all__ = ["draw_board"]


def draw_board(geo: Geometry, partner: Sequence[int], rng: random.Random) -> tuple[int, int]:
    """Draw a start board: ``(light, circle)`` bitboards (every cell holds a tile).

    The seed text's procedure, step by step. The ``N²`` tiles (``N²/4`` of each
    type, listed light circle, light square, dark circle, dark square) are mixed
    face down (``rng.shuffle``; the pile is drawn from its end). Cells are
    visited row-major from a1; a cell not yet filled is the odd cell of its
    pair: it takes the next face-down tile. Its partner takes a tile of the
    opposite colour AND opposite shape: one already lying face up if there is
    one, else the first found by turning face-down tiles up one by one (the
    tiles turned up on the way stay face up, unplaced). Whenever the face-down
    pile is empty, all unplaced tiles are turned face down and mixed again.

    >>> from shoal.games.syrtis.geometry import geometry
    >>> geo = geometry(4)
    >>> light, circle = draw_board(geo, geo.partner("point"), random.Random(0))
    >>> light.bit_count(), circle.bit_count(), (light & circle).bit_count()
    (8, 8, 4)
    """
    per = geo.cells // 4
    down: list[tuple[int, int]] = []
    for kind in ((1, 1), (1, 0), (0, 1), (0, 0)):
        down.extend([kind] * per)
    rng.shuffle(down)
    up: list[tuple[int, int]] = []
    filled = [False] * geo.cells
    light = circle = 0
    for cell in range(geo.cells):
        if filled[cell]:
            continue
        mate = partner[cell]
        if not down:
            down, up = up, []
            rng.shuffle(down)
        is_light, is_circle = down.pop()
        want = (1 - is_light, 1 - is_circle)
        if want in up:
            up.remove(want)
        else:
            # the counts keep one opposite tile unplaced; it is face down here
            while (found := down.pop()) != want:
                up.append(found)
        if is_light:
            light |= 1 << cell
        else:
            light |= 1 << mate
        if is_circle:
            circle |= 1 << cell
        else:
            circle |= 1 << mate
        filled[cell] = filled[mate] = True
    return light, circle
