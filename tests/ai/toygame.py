"""A toy game whose turns take two atomic actions, to test searches across same-seat moves.

Double Nim: a pile of stones; a turn is two takes of 1 or 2 stones by the same
seat (action 0 takes one, action 1 takes two); whoever takes the last stone
wins, even in the middle of a turn.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Hashable, Sequence

from shoal.core import Action, Game, Outcome, State


@dataclasses.dataclass(frozen=True)
class DoubleNimOptions:
    """The pile size."""

    stones: int = 9


class DoubleNimState(State):
    """Stones left, the seat to move, and the step within the turn (0 or 1)."""

    __slots__ = ("stones", "step")

    def __init__(self, game: Game, stones: int, seat: int, step: int, turn: int) -> None:
        self.game = game
        self.stones = stones
        self.step = step
        self.turn = turn
        if stones == 0:
            self.outcome: Outcome | None = Outcome(seat, "took the last stone")
            self.to_move = None
        else:
            self.outcome = None
            self.to_move = seat

    def legal_actions(self) -> Sequence[Action]:
        return (0, 1) if self.stones >= 2 else (0,) if self.stones == 1 else ()

    def child(self, action: Action) -> DoubleNimState:
        seat = self.to_move
        assert seat is not None
        left = self.stones - action - 1
        if left == 0:
            return DoubleNimState(self.game, 0, seat, 0, self.turn + 1)
        if self.step == 0:
            return DoubleNimState(self.game, left, seat, 1, self.turn)
        return DoubleNimState(self.game, left, 1 - seat, 0, self.turn + 1)

    def key(self) -> Hashable:
        return (self.stones, self.to_move, self.step)

    def position(self) -> str:
        return f"{self.stones} {self.to_move} {self.step}"

    def action_text(self, action: Action) -> str:
        return str(action + 1)


class DoubleNim(Game):
    """Double Nim (see the module docstring)."""

    id = "doublenim"
    title = "Double Nim"
    rules_version = "1"
    Options = DoubleNimOptions

    @property
    def num_distinct_actions(self) -> int:
        return 2

    @property
    def max_game_length(self) -> int:
        return int(self.options.stones)

    def initial(self, seed: int = 0) -> DoubleNimState:
        return DoubleNimState(self, self.options.stones, 0, 0, 0)

    def load(self, position: str) -> DoubleNimState:
        stones, seat, step = (int(p) for p in position.split())
        return DoubleNimState(self, stones, seat, step, 0)

    def render_text(self, state: State) -> str:
        return state.position()

    def render_svg(
        self, state: State, *, last: Sequence[Action] = (), highlight: Sequence[str] = ()
    ) -> str:
        return "<svg/>"

    def click_paths(self, state: State) -> dict[Action, tuple[str, ...]]:
        return {a: () for a in state.legal_actions()}


@functools.cache
def mover_wins(stones: int, step: int) -> bool:
    """True when the seat to move wins with best play (a plain recursive solver)."""
    for take in (1, 2):
        if take > stones:
            continue
        left = stones - take
        if left == 0:
            return True
        if step == 0 and mover_wins(left, 1):
            return True
        if step == 1 and not mover_wins(left, 0):
            return True
    return False
