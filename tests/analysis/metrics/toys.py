"""Toy games whose metrics are known by hand.

Script: a game of ``len(script)`` turns, seats alternating, two legal actions a
turn that lead to the same next position (so any player plays the same game);
``game.evaluate`` reads the script (seat 0's view, the other seat the negation)
and the winner is fixed by the ``winner`` option: ``0``, ``1``, ``draw``,
``parity`` (seat 0 wins from an even seed, seat 1 from an odd one) or ``komi``
(seat 0 wins when ``seed % 20 >= komi``: the compensating ``komi`` makes the
first player's score ``(20 - komi) / 20`` over any 20 consecutive seeds).
Both actions click the cells ``a`` then ``b`` of a three-cell board.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Sequence

from shoal.core import Action, Game, Outcome, State
from shoal.core.options import option


@dataclasses.dataclass(frozen=True)
class ScriptOptions:
    """The script, the winner rule, the compensation and the length cap."""

    script: str = option("0.2,-0.4,0.6", "seat 0's evaluation at the start of each turn")
    winner: str = option("0", "who wins", choices=("0", "1", "draw", "parity", "komi"))
    komi: int = option(
        0, "first player loses from seeds below it", minimum=0, maximum=20, compensation=True
    )
    cap: int = option(100, "the game's maximum length in actions", minimum=1, maximum=100)


class ScriptState(State):
    """The turn and the seed."""

    __slots__ = ("seed",)

    def __init__(self, game: Script, turn: int, seed: int) -> None:
        self.game = game
        self.turn = turn
        self.seed = seed
        values = game.values
        if turn >= len(values):
            self.outcome: Outcome | None = Outcome(game.winner_for(seed), "script over")
            self.to_move = None
        else:
            self.outcome = None
            self.to_move = turn % 2

    def legal_actions(self) -> Sequence[Action]:
        return (0, 1) if self.outcome is None else ()

    def child(self, action: Action) -> ScriptState:
        return ScriptState(self.game, self.turn + 1, self.seed)  # type: ignore[arg-type]

    def key(self) -> Hashable:
        return self.turn

    def position(self) -> str:
        return f"t{self.turn}"

    def action_text(self, action: Action) -> str:
        return "ab"[action]


class Script(Game[ScriptState]):
    """The script game (module docstring)."""

    id = "script"
    title = "Script"
    rules_version = "1"
    random_setup = True
    Options = ScriptOptions

    @property
    def values(self) -> tuple[float, ...]:
        return tuple(float(v) for v in self.options.script.split(","))

    def winner_for(self, seed: int) -> int | None:
        rule = self.options.winner
        if rule == "draw":
            return None
        if rule == "parity":
            return seed % 2
        if rule == "komi":
            return 0 if seed % 20 >= self.options.komi else 1
        return int(rule)

    @property
    def num_distinct_actions(self) -> int:
        return 2

    @property
    def max_game_length(self) -> int:
        return int(self.options.cap)

    def initial(self, seed: int = 0) -> ScriptState:
        return ScriptState(self, 0, seed)

    def load(self, position: str) -> ScriptState:
        return ScriptState(self, int(position[1:]), 0)

    def evaluate(self, state: ScriptState, seat: int) -> float:
        if state.outcome is not None:
            return state.outcome.value_for(seat)
        value = self.values[state.turn]
        return value if seat == 0 else -value

    def render_text(self, state: ScriptState) -> str:
        return state.position()

    def render_svg(
        self, state: ScriptState, *, last: Sequence[Action] = (), highlight: Sequence[str] = ()
    ) -> str:
        return (
            '<svg viewBox="0 0 3 1">'
            + "".join(f'<rect class="cell" data-cell="{c}"/>' for c in "abc")
            + "</svg>"
        )

    def click_paths(self, state: ScriptState) -> dict[Action, tuple[str, ...]]:
        return {a: ("a", "b") for a in state.legal_actions()}
