"""Board geometry of Sytran: hexhex cells, rings, names, bitboard layout and neighbours.

Cells are axial coordinates ``(q, r)`` with distance
``d = max(|q|, |r|, |q + r|) <= B - 1`` from the centre; the ring of a cell is
``d // 2 + 1``. Everything is computed once per base and cached.

Action numbers (cell ids). Cells are numbered ring by ring from the centre
outwards, and inside a ring by distance, then file, then rank, so cell 0 is the
centre and the cells of rings ``>= k`` are exactly the ids
``>= ring_start[k]``. That is what makes the legal placements a suffix of the
sorted tuple of empty cells. The swap action is ``num_cells``.

Bitboards. A cell's bit is ``(r + B - 1) * W + (q + B - 1)`` with ``W = 2B``:
one spare column per row keeps shifts from wrapping, so the six neighbours of
bit ``i`` are ``i +- 1``, ``i +- W`` and ``i +- (W - 1)``.

>>> geo = geometry(10)
>>> geo.num_cells, [geo.ring_sizes[k] for k in range(1, 6)]
(271, [7, 30, 54, 78, 102])
>>> geo.name(0), sorted(geo.name(c) for c in geo.neighbours[0])
('j10', ['i10', 'i11', 'j11', 'j9', 'k10', 'k9'])
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable

__all__ = ["FILES", "Cell", "Geometry", "cell_colours", "geometry"]

Cell = int
"""A cell id (also its placement action number)."""

FILES = "abcdefghijklmnopqrstuvwxyz"

# The six axial directions in cyclic order around a cell.
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


class Geometry:
    """The tables of one board size (base ``B``)."""

    __slots__ = (
        "base",
        "num_cells",
        "num_rings",
        "width",
        "coords",
        "ring",
        "bit",
        "bit_index",
        "ring_start",
        "ring_sizes",
        "ring_mask",
        "neighbours",
        "neighbour_mask",
        "full",
        "names",
        "by_name",
        "_bits",
        "_pick",
        "by_coord",
    )

    def __init__(self, base: int) -> None:
        self.base = base
        span = base - 1
        cells = [
            (q, r)
            for q in range(-span, span + 1)
            for r in range(-span, span + 1)
            if max(abs(q), abs(r), abs(q + r)) <= span
        ]
        self.num_rings = span // 2 + 1

        def ring_of(qr: tuple[int, int]) -> int:
            q, r = qr
            return max(abs(q), abs(r), abs(q + r)) // 2 + 1

        cells.sort(key=lambda qr: (ring_of(qr), max(abs(qr[0]), abs(qr[1]), abs(sum(qr))), qr))
        self.num_cells = len(cells)
        self.coords: tuple[tuple[int, int], ...] = tuple(cells)
        self.by_coord: dict[tuple[int, int], Cell] = {qr: i for i, qr in enumerate(cells)}
        self.ring: tuple[int, ...] = tuple(ring_of(qr) for qr in cells)
        self.width = 2 * base
        self.bit: tuple[int, ...] = tuple(
            1 << ((r + span) * self.width + q + span) for q, r in cells
        )
        self.bit_index: dict[int, Cell] = {
            (r + span) * self.width + q + span: i for i, (q, r) in enumerate(cells)
        }
        # ring_start[k]: the first id whose ring is >= k (k = 1 .. num_rings + 1, and beyond).
        starts = [0] * (self.num_rings + 8)
        for k in range(len(starts)):
            starts[k] = next((i for i, ring in enumerate(self.ring) if ring >= k), self.num_cells)
        self.ring_start: tuple[int, ...] = tuple(starts)
        self.ring_sizes: tuple[int, ...] = tuple(
            self.ring.count(k) for k in range(self.num_rings + 1)
        )
        self.ring_mask: tuple[int, ...] = tuple(
            sum(self.bit[i] for i in range(self.num_cells) if self.ring[i] == k)
            for k in range(self.num_rings + 1)
        )
        self.neighbours: tuple[tuple[Cell, ...], ...] = tuple(
            tuple(
                self.by_coord[(q + dq, r + dr)]
                for dq, dr in DIRECTIONS
                if (q + dq, r + dr) in self.by_coord
            )
            for q, r in cells
        )
        self.neighbour_mask: tuple[int, ...] = tuple(
            sum(self.bit[n] for n in nbrs) for nbrs in self.neighbours
        )
        self.full = sum(self.bit)
        self.names: tuple[str, ...] = tuple(f"{FILES[q + span]}{r + base}" for q, r in cells)
        self.by_name: dict[str, Cell] = {name: i for i, name in enumerate(self.names)}
        positions = {i: pos for pos, i in self.bit_index.items()}
        self._bits = max(self.bit_index) + 1
        self._pick: Callable[[bytes], tuple[int, ...]] = operator.itemgetter(
            *(positions[i] for i in range(self.num_cells))
        )

    def name(self, cell: Cell) -> str:
        """The cell's name: file letter for ``q + B - 1``, rank ``r + B``."""
        return self.names[cell]

    def distance(self, cell: Cell) -> int:
        """The cell's distance from the centre."""
        q, r = self.coords[cell]
        return max(abs(q), abs(r), abs(q + r))

    def cells_of(self, bits: int) -> list[Cell]:
        """The cell ids of a bitboard, in id order."""
        out = []
        while bits:
            low = bits & -bits
            out.append(self.bit_index[low.bit_length() - 1])
            bits ^= low
        out.sort()
        return out


_WHITE = bytes.maketrans(b"01", b"\x00\x01")
_BLACK = bytes.maketrans(b"01", b"\x00\x02")


def cell_colours(geo: Geometry, white: int, black: int) -> bytes:
    """One byte per cell id: 0 empty, 1 White, 2 Black (``white`` and ``black`` disjoint).

    Done in C-level steps (a bit string per colour, translated to bytes, merged as one
    integer, the cells picked in id order), not bit by bit: the native search packs a
    state per action and the position string reads the board per turn.

    >>> geo = geometry(6)
    >>> colours = cell_colours(geo, geo.bit[0] | geo.bit[5], geo.bit[2])
    >>> colours[:7], len(colours) == geo.num_cells
    (b'\\x01\\x00\\x02\\x00\\x00\\x01\\x00', True)
    """
    n = geo._bits
    w = format(white, f"0{n}b")[::-1].encode().translate(_WHITE)
    b = format(black, f"0{n}b")[::-1].encode().translate(_BLACK)
    both = (int.from_bytes(w, "little") | int.from_bytes(b, "little")).to_bytes(n, "little")
    return bytes(geo._pick(both))


@functools.cache
def geometry(base: int) -> Geometry:
    """The (cached) geometry of base ``base``."""
    return Geometry(base)
