"""Sytran's three readings of the shortage sentence (option ``shortage``). Pure, no I/O.

The original says: "Placement of the required number of stones is mandatory. If less than
the required number of cells is vacant, then a player must place a stone on all of them."
The rules file (``rules/sytran.md``) reads it three ways:

- ``flow`` (default): the atomic count rule alone. A further stone on cell c is legal iff
  ``n + 1 <= min(m, ring(c))`` (n stones placed this turn, m the innermost ring used); the
  turn ends when no further stone is legal. This module adds nothing to it.
- ``strands``: the ring k of the turn's first stone fixes the count: every further stone of
  that turn goes on ring k or outward (never inward, so the count stays k), and the turn
  places k stones; when fewer than k cells are vacant on rings k and outward, the player
  fills exactly those cells and the turn ends, even when a cell further in is still vacant.
  Since no stone goes inward, k is the turn's innermost ring m (``smallest``).
- ``literal``: a turn is always a set of stones as large as the number of its innermost ring;
  a stone is legal only if the turn can still be completed to such a set. Only when the whole
  board, at the start of the turn, has fewer vacant cells than the number of the innermost
  vacant ring does the player fill every vacant cell (which ends the game).

Everything here counts the vacant cells per ring: the legality of a stone under ``literal``
depends only on its ring, so five tests decide every cell at once.

>>> completable(1, 3, (0, 0, 0, 1, 0, 0))   # one stone, innermost ring 3, one ring-3 cell left
False
>>> completable(1, 3, (0, 0, 0, 2, 0, 0))
True
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from .geometry import Geometry

__all__ = [
    "SHORTAGE_READINGS",
    "completable",
    "literal_legal",
    "literal_reason",
    "ring_counts",
    "strands_reason",
    "strands_turn_goes_on",
    "whole_board_short",
]

SHORTAGE_READINGS = ("flow", "strands", "literal")
"""The values of the option ``shortage``, the default first."""

_RINGS = 5


def ring_counts(geo: Geometry, empty: Sequence[int]) -> tuple[int, ...]:
    """Vacant cells per ring, indexed by ring number (index 0 unused)."""
    starts = [bisect_left(empty, geo.ring_start[k]) for k in range(1, _RINGS + 2)]
    return (0, *(starts[k] - starts[k - 1] for k in range(1, _RINGS + 1)))


def completable(placed: int, smallest: int, counts: Sequence[int]) -> bool:
    """Whether a turn with ``placed`` stones, innermost ring ``smallest``, can be completed.

    Completed means: as many stones as the number of the turn's innermost ring. The final
    innermost ring j lies between ``placed + 1`` and ``smallest``; j needs ``j - placed``
    more stones on rings j and outward, one of them on ring j itself unless j is already
    the innermost ring used.
    """
    if placed == smallest:
        return True
    for j in range(placed + 1, min(smallest, _RINGS) + 1):
        if j < smallest and not counts[j]:
            continue
        if sum(counts[j:]) >= j - placed:
            return True
    return False


def whole_board_short(geo: Geometry, empty: Sequence[int], placed: int, smallest: int) -> bool:
    """``literal``'s exception: at the turn's start, fewer vacant cells than the innermost
    vacant ring's number (the cells placed this turn were vacant then)."""
    innermost = min(geo.ring[empty[0]] if empty else _RINGS + 1, smallest)
    return len(empty) + placed < innermost


def literal_legal(
    geo: Geometry, empty: Sequence[int], flow_legal: Sequence[int], placed: int, smallest: int
) -> tuple[int, ...]:
    """The stones of ``flow_legal`` that ``literal`` keeps: those after which the turn can
    still be completed (all of them in the whole-board exception)."""
    if whole_board_short(geo, empty, placed, smallest):
        return tuple(flow_legal)
    counts = list(ring_counts(geo, empty))
    ok = [False] * (_RINGS + 1)
    for ring in range(1, _RINGS + 1):
        if counts[ring]:
            counts[ring] -= 1
            ok[ring] = completable(placed + 1, min(smallest, ring), counts)
            counts[ring] += 1
    rings = geo.ring
    return tuple(c for c in flow_legal if ok[rings[c]])


def literal_reason(
    geo: Geometry, empty: Sequence[int], placed: int, smallest: int, cell: int
) -> str:
    """Why ``literal`` refuses a stone the count rule alone would allow."""
    ring = geo.ring[cell]
    innermost = min(smallest, ring)
    return (
        f"{geo.names[cell]} is on ring {ring}: the turn's innermost ring would be {innermost}, "
        f"so it needs {innermost} stones, and too few vacant cells are left to complete it "
        "(shortage=literal: a turn always has as many stones as its innermost ring's number)"
    )


def strands_turn_goes_on(geo: Geometry, empty: Sequence[int], placed: int, smallest: int) -> bool:
    """``strands``: the turn goes on while fewer than ``smallest`` stones are down and a
    vacant cell is left on rings ``smallest`` and outward."""
    return placed < smallest and bool(empty) and empty[-1] >= geo.ring_start[smallest]


def strands_reason(geo: Geometry, smallest: int, cell: int) -> str:
    """Why ``strands`` refuses a further stone on the empty ``cell``: it lies inward of the
    ring ``smallest`` of the turn's first stone (a turn under way has fewer stones than that)."""
    ring = geo.ring[cell]
    stones = f"{smallest} stone{'s' if smallest != 1 else ''}"
    return (
        f"{geo.names[cell]} is on ring {ring}: the turn's first stone, on ring {smallest}, "
        f"fixed the count at {stones}, so every further stone goes on ring {smallest} or "
        "outward (shortage=strands: never inward)"
    )
