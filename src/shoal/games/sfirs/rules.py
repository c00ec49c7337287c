"""SFIRS rules: the state, legal actions, chains and the end of the game. Pure.

Board: three bitboards, White's cubes, Black's cubes and the active cubes
(turned 45 degrees; never in the start area, never on the outer edge). A cube
in the start area is neither active nor inactive.

A turn is one or more atomic actions (a *chain*): a move that leaves the moved
cube inactive lets the player follow up with one more start-area move, one more
active-cube move (which may chain again) or one revival (which ends the turn),
or ``stop``. States in the middle of a chain remember the cube just moved and
the start-area permission computed at the start of the turn.

"At the beginning of the turn" (the start-area permission) is read literally:
it is computed once, before the turn's first action, and covers every
start-area move of that turn, chain follow-ups included, even when the cube
that gave the permission has since become inactive. Since a player without an
active cube that can move has no legal action at all, the permission holds in
every turn that is actually played.

>>> from shoal.games.sfirs import Sfirs
>>> s = Sfirs().initial()
>>> len(s.legal_actions()), s.action_text(s.legal_actions()[0])
(24, 'e5-c5')
>>> s = s.apply_text("f8-f12")
>>> s.to_move, s.turn
(0, 0)
>>> s = s.apply_text("+b2")
Traceback (most recent call last):
...
shoal.core.errors.IllegalActionError: +b2: the cube on b2 is not inactive
>>> s.apply_text("stop").turn
1
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from shoal.core import Action, IllegalActionError, Outcome, State

from .explain import why_illegal
from .geometry import CELLS, EDGE, NB8, ORTH, RAYS, START, cell_name
from .geometry import MOVE_PASS as _MOVE_PASS
from .notation import REVIVE, STOP, PositionFields, action_text, check_notation, format_position

if TYPE_CHECKING:
    from .game import Sfirs

__all__ = [
    "ADJACENCY",
    "CORNERS",
    "IN_LINE",
    "LAST_MOVER_FALLBACK",
    "NO_ACTION_ENDS_GAME",
    "REASON_NO_ACTION",
    "REASON_TURN_LIMIT",
    "START_LAYOUT",
    "SfirsState",
    "active_moves",
]

ADJACENCY = "the 8 surrounding squares"
"""[decision] "Next to" means the 8 surrounding squares (table ``NB8``)."""
START_LAYOUT = "checkerboard: White e5 g5 f6 h6 e7 g7 f8 h8"
"""[decision] The start area is a checkerboard: White on e5, g5, f6, h6, e7, g7, f8, h8."""
CORNERS = "White b2 k2, Black b11 k11"
"""[decision] The play-area corner cubes, all four active at the start."""
IN_LINE = "an active cube orthogonally next to the square where the move ends"
"""[decision] "In line": a move may not end orthogonally next to an active cube (``ORTH``);
ending diagonally next to one is allowed and makes it inactive."""
NO_ACTION_ENDS_GAME = True
"""[decision] A player with no legal action at the start of the turn ends the game."""
LAST_MOVER_FALLBACK = True
"""[decision] When nobody has moved a cube already in the play area, the player who made the
last move wins (the outcome's reason then ends with ``, no play-area move``)."""

REASON_NO_ACTION = "no legal action"
REASON_TURN_LIMIT = "turn limit"


def active_moves(cubes: int, occ: int, active: int, out: list[int]) -> None:
    """Append the moves of the active ``cubes`` to ``out``."""
    while cubes:
        low = cubes & -cubes
        cubes ^= low
        c = low.bit_length() - 1
        occ2 = occ ^ low
        act2 = active ^ low
        base = c * CELLS
        for first_bit, steps in RAYS[c]:
            if occ & first_bit:
                continue
            for to, tb, passed, crosses in steps:
                if occ & tb:
                    break
                if tb & START or ORTH[to] & act2:
                    continue
                if crosses and not passed & act2 and not tb & EDGE and not NB8[to] & occ2:
                    continue
                out.append(base + to)


def _start_moves(
    cubes: int, occ: int, active: int, out: list[int], cross_freely: bool = False
) -> None:
    """Append the moves out of the start area of ``cubes`` to ``out``.

    ``cross_freely`` (option ``crossing=outside``): a start-area cube may pass empty
    start-area squares without ending inactive.
    """
    while cubes:
        low = cubes & -cubes
        cubes ^= low
        c = low.bit_length() - 1
        occ2 = occ ^ low
        base = c * CELLS
        for first_bit, steps in RAYS[c]:
            if occ & first_bit:
                continue
            for to, tb, passed, crosses in steps:
                # passing an active cube is forbidden, and passing only grows
                if occ & tb or passed & active:
                    break
                if tb & START:
                    continue
                if crosses and not cross_freely and not tb & EDGE and not NB8[to] & occ2:
                    continue
                out.append(base + to)


def _revivals(mine: int, occ: int, active: int, just: int, out: list[int]) -> None:
    """Append the revivals of ``mine``'s inactive cubes (not ``just``) to ``out``."""
    inactive = occ & ~active & ~START
    cands = mine & inactive & ~EDGE & ~(1 << just)
    while cands:
        low = cands & -cands
        cands ^= low
        c = low.bit_length() - 1
        if not NB8[c] & inactive:
            out.append(REVIVE + c)


class SfirsState(State):
    """An SFIRS position, possibly in the middle of a chain (see the module docs)."""

    __slots__ = (
        "_white",
        "_black",
        "_active",
        "_colour",
        "_just",
        "_permit",
        "_last",
        "_first",
        "_legal",
    )

    game: Sfirs

    def __init__(
        self,
        game: Sfirs,
        white: int,
        black: int,
        active: int,
        colour: int,
        just: int,
        permit: bool,
        last: int,
        turn: int,
        first: int,
        legal: tuple[int, ...],
        outcome: Outcome | None,
    ) -> None:
        self.game = game
        self._white = white
        self._black = black
        self._active = active
        self._colour = colour
        self._just = just
        self._permit = permit
        self._last = last
        self._first = first
        self._legal = legal
        self.turn = turn
        self.outcome = outcome
        self.to_move = None if outcome is not None else colour ^ game.swap

    # -- construction ----------------------------------------------------------
    @classmethod
    def turn_start(
        cls,
        game: Sfirs,
        white: int,
        black: int,
        active: int,
        colour: int,
        last: int,
        turn: int,
        first: int,
    ) -> SfirsState:
        """The state at the start of ``colour``'s turn (ends the game if it must)."""
        if turn >= game.options.max_turns:
            return cls(
                game, white, black, active, colour, -1, False, last, turn, first, (),
                game.ending(REASON_TURN_LIMIT, last, colour),
            )  # fmt: skip
        mine = black if colour else white
        occ = white | black
        moves: list[int] = []
        active_moves(mine & active, occ, active, moves)
        permit = bool(moves)
        if first >> colour & 1:
            moves = []
        if permit:
            _start_moves(mine & START, occ, active, moves, game.cross_freely)
        outcome = None if moves else game.ending(REASON_NO_ACTION, last, colour)
        return cls(
            game, white, black, active, colour, -1, permit, last, turn, first, tuple(moves),
            outcome,
        )  # fmt: skip

    @classmethod
    def after_inactive(
        cls,
        game: Sfirs,
        white: int,
        black: int,
        active: int,
        colour: int,
        just: int,
        permit: bool,
        last: int,
        turn: int,
        first: int,
    ) -> SfirsState | None:
        """The mid-chain state after ``just`` was made inactive, or None without follow-up."""
        mine = black if colour else white
        occ = white | black
        legal: list[int] = []
        active_moves(mine & active, occ, active, legal)
        if permit:
            _start_moves(mine & START, occ, active, legal, game.cross_freely)
        _revivals(mine, occ, active, just, legal)
        if not legal:
            return None
        legal.append(STOP)
        return cls(
            game, white, black, active, colour, just, permit, last, turn, first, tuple(legal),
            None,
        )  # fmt: skip

    # -- the protocol ----------------------------------------------------------
    def legal_actions(self) -> Sequence[Action]:
        return self._legal

    def child(self, action: Action) -> SfirsState:
        game = self.game
        colour = self._colour
        white, black, active = self._white, self._black, self._active
        if action >= REVIVE:
            if action < STOP:
                active |= 1 << (action - REVIVE)
            return SfirsState.turn_start(
                game, white, black, active, 1 - colour, self._last, self.turn + 1, self._first
            )
        origin, to = divmod(action, CELLS)
        ob = 1 << origin
        tb = 1 << to
        occ2 = (white | black) ^ ob
        last = self._last if START & ob else colour
        active = active & ~ob & ~_MOVE_PASS[action]
        if colour:
            black ^= ob | tb
        else:
            white ^= ob | tb
        first = self._first & ~(1 << colour)
        # start_chain=no: a follow-up that moved a start-area cube ends the chain
        chains = self._just < 0 or not START & ob or game.start_chains
        if chains and (tb & EDGE or NB8[to] & occ2):
            chained = SfirsState.after_inactive(
                game, white, black, active, colour, to, self._permit, last, self.turn, first
            )
            if chained is not None:
                return chained
        elif not (tb & EDGE or NB8[to] & occ2):
            active |= tb
        return SfirsState.turn_start(
            game, white, black, active, 1 - colour, last, self.turn + 1, first
        )

    def key(self) -> Hashable:
        return (
            self._white,
            self._black,
            self._active,
            self._colour,
            self._just,
            self._permit,
            self._last,
            self.turn,
            self._first,
        )

    def fields(self) -> PositionFields:
        """The raw contents of the position (see :mod:`.notation`)."""
        return PositionFields(
            self._white,
            self._black,
            self._active,
            self._colour,
            self._just,
            self._permit if self._just >= 0 else False,
            self._last,
            self.turn,
            self._first,
        )

    def position(self) -> str:
        return format_position(self.fields())

    def action_text(self, action: Action) -> str:
        return action_text(action)

    def sides(self) -> tuple[str, str]:
        return self.game.side_names_for_options()

    def normalize_text(self, text: str) -> str:
        return "".join(text.split()).lower()

    def check_notation(self, text: str) -> None:
        check_notation(text)

    def illegal_text_reason(self, text: str) -> str:
        from .notation import parse_action_text

        return self.explain_illegal(parse_action_text(text))

    def explain_illegal(self, action: Action) -> str:
        return why_illegal(self, action)

    def parse_turn(self, text: str) -> list[Action]:
        """The atomic actions of a whole turn (``f8-f10; b2-b4; +c7``), checked.

        An unfinished chain is refused with what is still expected:

        >>> from shoal.games.sfirs import Sfirs
        >>> Sfirs().initial().parse_turn("f8-f12")
        Traceback (most recent call last):
        ...
        shoal.core.errors.IllegalActionError: f8-f12: the turn is not complete: the cube on \
f12 ended inactive, so a follow-up (a move or a revival) or stop must come next
        """
        try:
            return super().parse_turn(text)
        except IllegalActionError as error:
            if not str(error).endswith("the turn is not complete"):
                raise
            state: SfirsState = self
            for part in self.split_turn(text):
                state = state.child(state.parse_action(part))
            raise IllegalActionError(
                f"{text.strip()}: the turn is not complete: the cube on "
                f"{cell_name(state.just_moved)} ended inactive, so a follow-up (a move or a "
                "revival) or stop must come next"
            ) from None

    # -- queries for renderers, heuristics and tests ----------------------------
    @property
    def colour(self) -> int:
        """The colour to move (0 White, 1 Black); at the end, the one that would move."""
        return self._colour

    @property
    def in_chain(self) -> bool:
        """True in the middle of a chain (a follow-up or ``stop`` is expected)."""
        return self._just >= 0

    @property
    def just_moved(self) -> int:
        """The cube just moved in the chain, or -1."""
        return self._just

    @property
    def last_play_mover(self) -> int:
        """The colour that last moved a cube already in the play area, or -1."""
        return self._last

    def cubes(self, colour: int) -> int:
        """The bitboard of ``colour``'s cubes."""
        return self._black if colour else self._white

    @property
    def active(self) -> int:
        """The bitboard of active cubes."""
        return self._active

    def before_first_move(self, colour: int) -> bool:
        """True while ``colour`` has not made its first move (it must come from the start area)."""
        return bool(self._first >> colour & 1)

    @property
    def may_leave_start(self) -> bool:
        """True when a cube may leave the start area this turn (the player had a movable active
        cube at the start of the turn)."""
        return self._permit

    def cube_at(self, cell: int) -> tuple[int, str] | None:
        """``(colour, kind)`` of the cube on ``cell`` (kind: active, inactive, start)."""
        bit = 1 << cell
        if self._white & bit:
            colour = 0
        elif self._black & bit:
            colour = 1
        else:
            return None
        if START & bit:
            return colour, "start"
        return colour, "active" if self._active & bit else "inactive"
