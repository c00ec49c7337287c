"""Board geometry of Syrtis: cell numbering, bit masks, pairs and the action encoding.

A board of side ``N`` (6 for Major, 4 for Minor) numbers its cells row-major
from a1: cell ``i`` is file ``i % N``, rank ``i // N`` (0-based), bit ``1 << i``
of a bitboard. Neighbours are found by shifts; ``not_first`` / ``not_last``
mask the files that a one-bit shift would wrap into.

Action encoding (``C = N * N`` cells; every action below ``2C² + 4C + 3``):

==========================  ==========================  ===============
range                       action                      notation
==========================  ==========================  ===============
``0 .. C²-1``               tower move ``f * C + t``    ``c3-d5``
``C² .. 2C²-1``             slide ``C² + f * C + t``    ``c3>e3``
``2C² + c``                 sink cell ``c``             ``xb2``
``2C² + C + c``             place a Light tower         ``L@c3``
``2C² + 2C + c``            place a Dark tower          ``D@d4``
``2C² + 3C + c``            switch the pair named ``c`` ``swap c1``
``2C² + 4C``                pass                        ``pass``
``2C² + 4C + 1``, ``+ 2``   side choice                 ``light``, ``dark``
==========================  ==========================  ===============

>>> g = geometry(4)
>>> g.name(0), g.name(15), g.cell("b2")
('a1', 'd4', 5)
>>> g.partner("point")[0], g.partner("mirror")[0]
(15, 12)
>>> bits_of(g.neighbours(1 << 5))
(1, 4, 6, 9)
"""

from __future__ import annotations

import functools

__all__ = ["Geometry", "bits_of", "geometry"]

FILES = "abcdef"
_CACHE_SIZE = 1 << 18
"""Entries kept in the connectivity memo before it is cleared."""


class Geometry:
    """Precomputed tables for a square board of side ``n``."""

    __slots__ = (
        "n",
        "cells",
        "full",
        "not_first",
        "not_last",
        "border",
        "rows",
        "cols",
        "names",
        "index",
        "move_base",
        "slide_base",
        "sink_base",
        "place_l_base",
        "place_d_base",
        "swap_base",
        "pass_action",
        "light_action",
        "dark_action",
        "num_actions",
        "_partners",
        "_connected",
        "_islands",
        "_boxes",
    )

    def __init__(self, n: int) -> None:
        self.n = n
        c = n * n
        self.cells = c
        self.full = (1 << c) - 1
        first = sum(1 << (r * n) for r in range(n))
        last = first << (n - 1)
        self.not_first = self.full & ~first
        self.not_last = self.full & ~last
        self.rows = tuple(((1 << n) - 1) << (r * n) for r in range(n))
        self.cols = tuple(first << f for f in range(n))
        self.border = first | last | self.rows[0] | self.rows[n - 1]
        self.names = tuple(f"{FILES[i % n]}{i // n + 1}" for i in range(c))
        self.index = {name: i for i, name in enumerate(self.names)}
        self.move_base = 0
        self.slide_base = c * c
        self.sink_base = 2 * c * c
        self.place_l_base = self.sink_base + c
        self.place_d_base = self.sink_base + 2 * c
        self.swap_base = self.sink_base + 3 * c
        self.pass_action = self.sink_base + 4 * c
        self.light_action = self.pass_action + 1
        self.dark_action = self.pass_action + 2
        self.num_actions = self.pass_action + 3
        self._connected: dict[int, bool] = {}
        self._islands: dict[int, int] = {}
        self._boxes: dict[int, int] = {}
        self._partners = {
            "point": tuple(c - 1 - i for i in range(c)),
            "mirror": tuple((n - 1 - i // n) * n + i % n for i in range(c)),
        }

    def name(self, cell: int) -> str:
        """The coordinate of ``cell``, e.g. ``"c3"``."""
        return self.names[cell]

    def cell(self, name: str) -> int:
        """The cell index of a coordinate (KeyError when off the board)."""
        return self.index[name]

    def partner(self, pairing: str) -> tuple[int, ...]:
        """For each cell, the other cell of its pair under ``pairing``."""
        return self._partners[pairing]

    def neighbours(self, bits: int) -> int:
        """The cells orthogonally adjacent to some cell of ``bits`` (may overlap ``bits``)."""
        n = self.n
        return (
            ((bits << 1) & self.not_first)
            | ((bits >> 1) & self.not_last)
            | ((bits << n) & self.full)
            | (bits >> n)
        )

    def flood(self, seed: int, within: int) -> int:
        """The cells of ``within`` edge-connected to ``seed`` (``seed`` must lie within)."""
        n = self.n
        nf, nl, full = self.not_first, self.not_last, self.full
        x = seed
        while True:
            y = (x | ((x << 1) & nf) | ((x >> 1) & nl) | ((x << n) & full) | (x >> n)) & within
            if y == x:
                return x
            x = y

    def connected(self, bits: int) -> bool:
        """True when the cells of ``bits`` form one edge-connected group (or none at all).

        Answers are memoised: search and playouts ask about the same tile sets again
        and again (tower moves and passes leave the tiles unchanged).
        """
        cache = self._connected
        answer = cache.get(bits)
        if answer is None:
            answer = not bits or self.flood(bits & -bits, bits) == bits
            if len(cache) >= _CACHE_SIZE:
                cache.clear()
            cache[bits] = answer
        return answer

    def island(self, cell: int, within: int) -> int:
        """The cells of ``within`` edge-connected to ``cell`` (memoised like :meth:`connected`)."""
        key = within << 6 | cell
        cache = self._islands
        found = cache.get(key)
        if found is None:
            found = self.flood(1 << cell, within)
            if len(cache) >= _CACHE_SIZE:
                cache.clear()
            cache[key] = found
        return found

    def islands(self, bits: int) -> int:
        """The number of edge-connected groups of ``bits``."""
        count = 0
        while bits:
            bits &= ~self.flood(bits & -bits, bits)
            count += 1
        return count

    def box(self, bits: int) -> int:
        """The cells of the bounding box of ``bits`` (0 for no cell); memoised."""
        found = self._boxes.get(bits)
        if found is not None:
            return found
        found = 0
        if bits:
            rows = [r for r in range(self.n) if bits & self.rows[r]]
            cols = [f for f in range(self.n) if bits & self.cols[f]]
            rmask = 0
            for r in range(rows[0], rows[-1] + 1):
                rmask |= self.rows[r]
            cmask = 0
            for f in range(cols[0], cols[-1] + 1):
                cmask |= self.cols[f]
            found = rmask & cmask
        if len(self._boxes) >= _CACHE_SIZE:
            self._boxes.clear()
        self._boxes[bits] = found
        return found


@functools.cache
def geometry(n: int) -> Geometry:
    """The shared tables for a board of side ``n`` (built once)."""
    return Geometry(n)


_CHUNK = 12
_TABLES = tuple(
    tuple(tuple(k * _CHUNK + i for i in range(_CHUNK) if x >> i & 1) for x in range(1 << _CHUNK))
    for k in range(3)
)
_T0, _T1, _T2 = _TABLES


def bits_of(bits: int) -> tuple[int, ...]:
    """The cell indices set in ``bits`` (a board of at most 36 cells), ascending.

    >>> bits_of(0b10110)
    (1, 2, 4)
    >>> bits_of(1 << 35 | 1 << 12)
    (12, 35)
    """
    if bits < 4096:
        return _T0[bits]
    return _T0[bits & 4095] + _T1[bits >> 12 & 4095] + _T2[bits >> 24]
