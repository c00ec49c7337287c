"""Sytran rules: the state, the count rule, the swap and the score. Pure, no I/O.

A state keeps the two colours' stones as bitboards, the empty cells as a sorted
tuple of cell ids, and the current turn's progress: ``placed`` (n, stones put
down this turn) and ``smallest`` (m, the innermost ring used this turn, or
``NO_RING`` = 6, larger than every ring, when none). A stone on empty cell c is
legal iff ``n + 1 <= min(m, ring(c))``; while a turn is under way ``n < m``, so
the test reduces to ``ring(c) >= n + 1``: the legal placements are the empty
cells with id ``>= ring_start[n + 1]``, a suffix of the sorted empty tuple,
found by one bisection. The turn ends when ``n == m`` or no such cell is left.

Colours: 0 is White, 1 is Black. Seats: seat 0 makes the first decision (White
unless Black swaps). ``swapped`` is 1 after a swap: then seat 1 owns the White
stones. The seat to move is always ``turn % 2`` and the colour to move
``(turn + swapped) % 2``.

>>> from shoal.games.sytran import Sytran
>>> s = Sytran().initial()
>>> s = s.apply_text("j10")            # one stone on ring 1 ends White's turn
>>> s.turn, s.side_name(s.to_move), len(s.legal_actions())
(1, 'black', 271)
>>> s = s.apply_text("swap")           # Black's first decision may be the swap
>>> s.to_move, s.sides()
(0, ('black', 'white'))
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from shoal.core import (
    Action,
    GameOverError,
    IllegalActionError,
    InvalidNotationError,
    Outcome,
    State,
)

from .explain import cell_reason, swap_reason
from .geometry import Geometry
from .notation import SWAP_TEXT, TURN_SEPARATOR, format_position, parse_cell_text
from .shortage import SHORTAGE_READINGS, literal_legal, strands_turn_goes_on

if TYPE_CHECKING:
    from .game import Sytran

__all__ = [
    "COLOUR_NAMES",
    "NO_RING",
    "SHORTAGE_READINGS",
    "SytranState",
    "colour_scores",
    "count_groups",
    "final_outcome",
    "group_bitboards",
]

NO_RING = 6
"""``smallest`` before the first stone of a turn: above every ring, so min() ignores it."""

COLOUR_NAMES = ("white", "black")

_new = object.__new__


def count_groups(stones: int, width: int) -> int:
    """The number of groups (6-connected components) of a bitboard.

    >>> from shoal.games.sytran.geometry import geometry
    >>> geo = geometry(6)
    >>> count_groups(geo.bit[0] | geo.bit[1] | geo.bit[geo.num_cells - 1], geo.width)
    2
    """
    # lone stones first, all at once: stones none of whose neighbours is a stone
    a = stones >> 1
    b = stones << 1
    lone = stones & ~(a | b | (stones | a) << width | (stones | b) >> width)
    groups = lone.bit_count()
    stones ^= lone
    while stones:
        x = stones & -stones
        while True:
            # neighbours of bit i: i +- 1, i +- W, i + W - 1, i - W + 1
            a = x | x >> 1
            b = x | x << 1
            y = (a | b | a << width | b >> width) & stones
            if y == x:
                break
            x = y
        stones ^= x
        groups += 1
    return groups


def group_bitboards(stones: int, width: int) -> list[int]:
    """The groups of a bitboard, each as a bitboard (lowest bit first)."""
    groups = []
    while stones:
        x = stones & -stones
        while True:
            a = x | x >> 1
            b = x | x << 1
            y = (a | b | a << width | b >> width) & stones
            if y == x:
                break
            x = y
        stones ^= x
        groups.append(x)
    return groups


def colour_scores(white: int, black: int, width: int, penalty: int) -> tuple[int, int]:
    """(White's score, Black's score): own stones minus ``penalty`` per own group."""
    return (
        white.bit_count() - penalty * count_groups(white, width),
        black.bit_count() - penalty * count_groups(black, width),
    )


def final_outcome(white: int, black: int, swapped: int, width: int, penalty: int) -> Outcome:
    """The outcome of a full board: scores per seat, the higher wins, equal draws."""
    by_colour = colour_scores(white, black, width, penalty)
    seat_scores = (by_colour[swapped], by_colour[1 - swapped])
    scores = (float(seat_scores[0]), float(seat_scores[1]))
    if seat_scores[0] == seat_scores[1]:
        return Outcome(None, f"score {seat_scores[0]} to {seat_scores[1]}", scores)
    winner = 0 if seat_scores[0] > seat_scores[1] else 1
    high, low = seat_scores[winner], seat_scores[1 - winner]
    return Outcome(winner, f"score {high} to {low}", scores)


class SytranState(State):
    """A Sytran position (immutable). Build states with ``game.initial`` or ``game.load``."""

    __slots__ = ("_geo", "_white", "_black", "_empty", "_placed", "_smallest", "_swapped", "_legal")

    game: Sytran

    def __init__(
        self,
        game: Sytran,
        white: int,
        black: int,
        empty: tuple[int, ...],
        placed: int,
        smallest: int,
        swapped: int,
        turn: int,
        outcome: Outcome | None,
    ) -> None:
        self.game = game
        self._geo: Geometry = game.geo
        self._white = white
        self._black = black
        self._empty = empty
        self._placed = placed
        self._smallest = smallest
        self._swapped = swapped
        self.turn = turn
        self.outcome = outcome
        self.to_move = None if outcome is not None else turn & 1
        self._legal: tuple[int, ...] | None = None

    # -- reading the position -----------------------------------------------------
    @property
    def white(self) -> int:
        """The bitboard of White's stones."""
        return self._white

    @property
    def black(self) -> int:
        """The bitboard of Black's stones."""
        return self._black

    @property
    def empty_cells(self) -> tuple[int, ...]:
        """The empty cells' ids, ascending (inner rings first)."""
        return self._empty

    @property
    def placed(self) -> int:
        """Stones placed so far in the current turn (n)."""
        return self._placed

    @property
    def smallest(self) -> int:
        """The innermost ring used in the current turn (m), ``NO_RING`` when none."""
        return self._smallest

    @property
    def swapped(self) -> bool:
        """True once Black has swapped (seat 1 then plays White)."""
        return bool(self._swapped)

    @property
    def colour_to_move(self) -> int | None:
        """0 (White) or 1 (Black) to move, or None when the game is over."""
        if self.outcome is not None:
            return None
        return (self.turn + self._swapped) & 1

    @property
    def swap_available(self) -> bool:
        """True on Black's first decision (the only moment the swap is legal)."""
        return self.outcome is None and self.turn == 1 and self._placed == 0 and not self._swapped

    def seat_of_colour(self, colour: int) -> int:
        """The seat playing ``colour`` (0 White, 1 Black)."""
        return colour ^ self._swapped

    def stones_of(self, colour: int) -> int:
        """The bitboard of ``colour``'s stones."""
        return self._black if colour else self._white

    def cell_colour(self, cell: int) -> int | None:
        """0 (White), 1 (Black) or None (empty) at ``cell``."""
        bit = self._geo.bit[cell]
        if self._white & bit:
            return 0
        if self._black & bit:
            return 1
        return None

    def sides(self) -> tuple[str, str]:
        return ("black", "white") if self._swapped else ("white", "black")

    # -- rules ------------------------------------------------------------------
    def legal_actions(self) -> Sequence[Action]:
        legal = self._legal
        if legal is None:
            if self.outcome is not None:
                legal = ()
            else:
                empty = self._empty
                placed = self._placed
                if placed:
                    legal = empty[bisect_left(empty, self._geo.ring_start[self._inner_limit()]) :]
                elif self.turn == 1 and not self._swapped:
                    legal = (*empty, self._geo.num_cells)
                else:
                    legal = empty
                if self.game.shortage == "literal":
                    legal = self._literal(legal)
            self._legal = legal
        return legal

    def _inner_limit(self) -> int:
        """The innermost ring a further stone of the turn under way may go on: ``n + 1`` by
        the count rule; under ``shortage=strands`` the ring k of the turn's first stone (the
        innermost ring used, since no stone goes inward), so that the count stays k."""
        if self.game.strands:
            return self._smallest
        return self._placed + 1

    def _literal(self, legal: tuple[int, ...]) -> tuple[int, ...]:
        """``shortage=literal``: keep the stones after which the turn can be completed."""
        swap = legal[-1:] if legal and legal[-1] == self._geo.num_cells else ()
        cells = legal[: len(legal) - len(swap)]
        return literal_legal(self._geo, self._empty, cells, self._placed, self._smallest) + swap

    def child(self, action: Action) -> SytranState:
        geo = self._geo
        empty = self._empty
        if action == geo.num_cells:  # swap: a whole turn; the first player now plays Black
            return SytranState(
                self.game, self._white, self._black, empty, 0, NO_RING, 1, self.turn + 1, None
            )
        i = bisect_left(empty, action)
        empty = empty[:i] + empty[i + 1 :]
        # the hot path of every playout: fill the slots directly, no __init__ call
        new = _new(SytranState)
        new.game = self.game
        new._geo = geo
        new._empty = empty
        new._swapped = swapped = self._swapped
        turn = self.turn
        if (turn + swapped) & 1:
            new._black = self._black | geo.bit[action]
            new._white = self._white
        else:
            new._white = self._white | geo.bit[action]
            new._black = self._black
        placed = self._placed + 1
        smallest = self._smallest
        ring = geo.ring[action]
        if ring < smallest:
            smallest = ring
        new.outcome = None
        if self.game.strands:
            goes_on = strands_turn_goes_on(geo, empty, placed, smallest)
        else:
            goes_on = placed < smallest and bool(empty) and empty[-1] >= geo.ring_start[placed + 1]
        if goes_on:
            new._placed = placed
            new._smallest = smallest
            new.turn = turn
            new.to_move = turn & 1
            new._legal = None
            return new
        new._placed = 0
        new._smallest = NO_RING
        new.turn = turn + 1
        if empty:
            new.to_move = (turn + 1) & 1
            # a turn starts with every empty cell legal (plus the swap on turn 1)
            new._legal = empty if turn and self.game.shortage != "literal" else None
            return new
        new.to_move = None
        new._legal = ()
        new.outcome = final_outcome(new._white, new._black, swapped, geo.width, self.game.penalty)
        return new

    def key(self) -> Hashable:
        return (
            self._white,
            self._black,
            self._placed,
            self._smallest,
            self._swapped,
            self.colour_to_move,
            self.swap_available,
        )

    def is_legal(self, action: Action) -> bool:
        """O(1): an empty cell on ring > n (stones placed; under ``strands`` on the first
        stone's ring or outward), or the swap when available."""
        if self.outcome is not None:
            return False
        geo = self._geo
        if action == geo.num_cells:
            return self.swap_available
        if not 0 <= action < geo.num_cells:
            return False
        if self.game.shortage == "literal":
            return action in self.legal_actions()
        if (self._white | self._black) & geo.bit[action]:
            return False
        return not self._placed or geo.ring[action] >= self._inner_limit()

    # -- notation ---------------------------------------------------------------
    def parse_action(self, text: str) -> Action:
        """The legal action ``text`` names: a cell like ``j10``, or ``swap``.

        Same contract as :meth:`State.parse_action`, by a direct look-up.
        """
        if not isinstance(text, str):
            raise InvalidNotationError(f"{text!r} is not text")
        if self.outcome is not None:
            raise GameOverError(f"{text.strip()}: the game is over")
        norm = self.normalize_text(text)
        if not norm:
            raise InvalidNotationError("empty action")
        geo = self._geo
        action = geo.num_cells if norm == SWAP_TEXT else geo.by_name.get(norm)
        if action is not None and self.is_legal(action):
            return action
        self.check_notation(norm)
        raise IllegalActionError(f"{norm}: {self.illegal_text_reason(norm)}")

    def position(self) -> str:
        return format_position(
            self._geo,
            self._white,
            self._black,
            self.colour_to_move,
            self._placed,
            self._smallest,
            self._swapped,
            self.turn,
        )

    def action_text(self, action: Action) -> str:
        if action == self._geo.num_cells:
            return SWAP_TEXT
        return self._geo.names[action]

    def normalize_text(self, text: str) -> str:
        return "".join(text.split()).lower()

    def check_notation(self, text: str) -> None:
        if text == SWAP_TEXT:
            return
        parse_cell_text(self._geo, text)

    def illegal_text_reason(self, text: str) -> str:
        if text == SWAP_TEXT:
            return swap_reason(self)
        return cell_reason(self, parse_cell_text(self._geo, text))

    def explain_illegal(self, action: Action) -> str:
        if action == self._geo.num_cells:
            return swap_reason(self)
        return cell_reason(self, action)

    # -- whole turns --------------------------------------------------------------
    def turn_text(self, actions: Sequence[Action]) -> str:
        """A whole turn: its stones joined by commas, sorted by file then rank; or ``swap``.

        >>> from shoal.games.sytran import Sytran
        >>> s = Sytran().initial()
        >>> s.turn_text(s.parse_turn("j9"))
        'j9'
        """
        geo = self._geo
        if any(a == geo.num_cells for a in actions):
            if len(actions) != 1:
                raise IllegalActionError("a swap is a whole turn by itself")
            return SWAP_TEXT
        cells = sorted(actions, key=lambda a: geo.coords[a])
        return TURN_SEPARATOR.join(geo.names[a] for a in cells)

    def split_turn(self, text: str) -> list[str]:
        return [part.strip() for part in text.split(TURN_SEPARATOR)]

    def parse_turn(self, text: str) -> list[Action]:
        parts = self.split_turn(text)
        if len(parts) > 1 and any(self.normalize_text(p) == SWAP_TEXT for p in parts):
            raise InvalidNotationError(f"{text.strip()}: a swap is a whole turn by itself")
        seen = set()
        for part in parts:
            norm = self.normalize_text(part)
            if norm in seen:
                raise IllegalActionError(f"{text.strip()}: {norm} is named twice")
            seen.add(norm)
        if self.game.strands and len(parts) > 1:
            # a whole turn is a set of stones; under strands its first stone fixes the count,
            # so the set is placed innermost ring first (no other order can be legal)
            ring, by_name = self._geo.ring, self._geo.by_name
            parts.sort(key=lambda p: ring[by_name.get(self.normalize_text(p), 0)])
            text = TURN_SEPARATOR.join(parts)
        try:
            return super().parse_turn(text)
        except IllegalActionError as error:
            if not str(error).endswith("the turn is not complete"):
                raise
            state: SytranState = self
            for part in parts:
                state = state.child(state.parse_action(part))
            n, m = state.placed, state.smallest
            raise IllegalActionError(
                f"{text.strip()}: the turn is not complete: the innermost ring used is {m} "
                f"and only {n} stone{'s' if n != 1 else ''} {'is' if n == 1 else 'are'} "
                f"placed; place another on ring {state._inner_limit()} or beyond"
            ) from None
