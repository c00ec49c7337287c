"""A slow, obviously-correct Sytran written straight from the rules, for differential tests.

Sets of (q, r) cells, a dict board, breadth-first search for groups; no bit
tricks and nothing shared with the engine beyond the rules text.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections import deque

LETTERS = "abcdefghijklmnopqrstuvwxyz"
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def board_cells(base: int) -> list[tuple[int, int]]:
    """Every cell (q, r) of the hexhex board of ``base``."""
    k = base - 1
    return [
        (q, r)
        for q in range(-k, k + 1)
        for r in range(-k, k + 1)
        if max(abs(q), abs(r), abs(q + r)) <= k
    ]


@functools.cache
def cell_set(base: int) -> frozenset[tuple[int, int]]:
    """The board's cells as a set (cached: the reference is slow enough already)."""
    return frozenset(board_cells(base))


def ring(cell: tuple[int, int]) -> int:
    """floor(distance / 2) + 1."""
    q, r = cell
    return max(abs(q), abs(r), abs(q + r)) // 2 + 1


def name(base: int, cell: tuple[int, int]) -> str:
    """Letter for q + B - 1, number r + B."""
    q, r = cell
    return f"{LETTERS[q + base - 1]}{r + base}"


def cell_of(base: int, text: str) -> tuple[int, int]:
    """The inverse of :func:`name`."""
    return LETTERS.index(text[0]) - base + 1, int(text[1:]) - base


def neighbours(
    cell: tuple[int, int], cells: frozenset[tuple[int, int]] | set[tuple[int, int]]
) -> list[tuple[int, int]]:
    """The on-board neighbours of ``cell``."""
    q, r = cell
    return [(q + dq, r + dr) for dq, dr in STEPS if (q + dq, r + dr) in cells]


def groups(
    stones: set[tuple[int, int]], cells: frozenset[tuple[int, int]] | set[tuple[int, int]]
) -> int:
    """The number of maximal connected sets of ``stones``."""
    seen: set[tuple[int, int]] = set()
    count = 0
    for start in stones:
        if start in seen:
            continue
        count += 1
        seen.add(start)
        todo = deque([start])
        while todo:
            here = todo.popleft()
            for nb in neighbours(here, cells):
                if nb in stones and nb not in seen:
                    seen.add(nb)
                    todo.append(nb)
    return count


@dataclasses.dataclass
class Ref:
    """A position: board, colour to move, this turn's stones and rings, swap bookkeeping."""

    base: int
    penalty: int
    board: dict[tuple[int, int], str]  # cell -> "W" or "B"
    colour: str = "W"  # colour to move
    white_seat: int = 0
    placed: int = 0
    smallest: int | None = None
    black_has_decided: bool = False
    white_turns_done: int = 0
    over: bool = False
    shortage: str = "flow"  # the reading of the shortage sentence: flow, strands, literal
    this_turn: tuple[tuple[int, int], ...] = ()  # the cells placed so far this turn
    # answers that depend on the position only, worked out once per position
    memo: dict[object, bool] = dataclasses.field(default_factory=dict, init=False, repr=False)

    @property
    def cells(self) -> frozenset[tuple[int, int]]:
        return cell_set(self.base)

    def seat_to_move(self) -> int | None:
        if self.over:
            return None
        return self.white_seat if self.colour == "W" else 1 - self.white_seat

    def stone_is_legal(self, cell: tuple[int, int]) -> bool:
        if cell in self.board or cell not in self.cells:
            return False
        limit = ring(cell) if self.smallest is None else min(self.smallest, ring(cell))
        if self.placed + 1 > limit:
            return False
        if self.shortage == "strands" and self.placed:
            # the ring k of the turn's first stone fixes the count: every further stone goes
            # on ring k or outward, and the turn places k stones (fewer when rings k and
            # outward run out: then no cell is left that this test accepts)
            k = ring(self.this_turn[0])
            return ring(cell) >= k and self.placed < k
        if self.shortage == "literal" and not self.remembered("short"):
            return self.remembered(ring(cell))  # the cell's ring is all that matters
        return True

    def remembered(self, question: object) -> bool:
        if question not in self.memo:
            if question == "short":
                self.memo[question] = self.whole_board_short()
            else:
                cell = next(c for c in self.cells if c not in self.board and ring(c) == question)
                self.memo[question] = self.can_complete((*self.this_turn, cell))
        return self.memo[question]

    def whole_board_short(self) -> bool:
        """literal: at the turn's start, fewer vacant cells than the innermost vacant ring."""
        vacant = [c for c in self.cells if c not in self.board] + list(self.this_turn)
        return len(vacant) < min(ring(c) for c in vacant)

    def can_complete(self, stones: tuple[tuple[int, int], ...]) -> bool:
        """literal: some choice of further vacant cells makes a set whose size is the
        number of its innermost ring."""
        vacant = [c for c in self.cells if c not in self.board and c not in stones]
        per_ring = tuple(min(5, sum(1 for c in vacant if ring(c) == k)) for k in range(1, 6))
        return _completion_exists(tuple(sorted(ring(c) for c in stones)), per_ring)

    def legal(self) -> set[str]:
        """The legal decisions as notation text."""
        if self.over:
            return set()
        out = {name(self.base, c) for c in self.cells if self.stone_is_legal(c)}
        if (
            self.colour == "B"
            and not self.black_has_decided
            and self.white_turns_done >= 1
            and self.placed == 0
        ):
            out.add("swap")
        return out

    def play(self, text: str) -> Ref:
        """The position after one decision (which must be legal)."""
        assert text in self.legal(), (text, sorted(self.legal()))
        new = dataclasses.replace(self, board=dict(self.board))
        if new.colour == "B":
            new.black_has_decided = True
        if text == "swap":
            # colours exchange: the White seat now plays Black and moves next
            new.white_seat = 1 - new.white_seat
            new.colour = "B"
            return new
        cell = cell_of(self.base, text)
        new.board[cell] = new.colour
        new.placed += 1
        new.smallest = ring(cell) if new.smallest is None else min(new.smallest, ring(cell))
        new.this_turn = (*new.this_turn, cell)
        if not any(new.stone_is_legal(c) for c in new.cells):
            if new.colour == "W":
                new.white_turns_done += 1
            new.colour = "B" if new.colour == "W" else "W"
            new.placed = 0
            new.smallest = None
            new.this_turn = ()
            if len(new.board) == len(new.cells):
                new.over = True
        return new

    def scores_by_seat(self) -> tuple[int, int]:
        cells = self.cells
        score = {}
        for colour in "WB":
            stones = {c for c, v in self.board.items() if v == colour}
            score[colour] = len(stones) - self.penalty * groups(stones, cells)
        white_seat = self.white_seat
        by_seat = [0, 0]
        by_seat[white_seat] = score["W"]
        by_seat[1 - white_seat] = score["B"]
        return by_seat[0], by_seat[1]

    def winner(self) -> int | None:
        a, b = self.scores_by_seat()
        if a == b:
            return None
        return 0 if a > b else 1


@functools.cache
def _completion_exists(stone_rings: tuple[int, ...], per_ring: tuple[int, ...]) -> bool:
    """Tries every count of further stones to take from each ring (rings 1 to 5)."""
    for take in itertools.product(*(range(v + 1) for v in per_ring)):
        size = len(stone_rings) + sum(take)
        rings = [*stone_rings, *(k + 1 for k in range(5) if take[k])]
        if rings and size == min(rings):
            return True
    return False


def start(base: int, penalty: int = 8, shortage: str = "flow") -> Ref:
    """The empty board, White to move."""
    return Ref(base, penalty, {}, shortage=shortage)
