"""The Sytran game object: options, start, loading, rendering and AI knowledge hooks.

>>> game = Sytran()
>>> s = game.initial()
>>> s = s.apply_text("j10")                 # White: one stone on ring 1 ends the turn
>>> turn = s.parse_turn("r9,b12,p2,h19,e7")  # Black: five stones on ring 5, any order
>>> s.turn_text(turn)
'b12,e7,h19,p2,r9'
>>> for action in turn:
...     s = s.child(action)
>>> s = s.apply_text("f11").apply_text("m13")  # White: innermost ring 3: three stones
>>> len(s.legal_actions()), s.placed, s.smallest   # a third stone on rings 3 to 5
(227, 2, 3)
>>> s = s.apply_text("h8")
>>> s.turn, s.side_name(s.to_move)
(3, 'black')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from shoal.core import Action, AIProfile, Diagram, Game, Seat, State, option

from . import heuristics, render
from .geometry import Geometry, geometry
from .notation import parse_position
from .rules import NO_RING, SytranState, final_outcome

__all__ = ["Sytran", "SytranOptions"]


@dataclasses.dataclass(frozen=True)
class SytranOptions:
    """Sytran's options: the board's base and the group penalty P."""

    base: int = option(10, "board size: cells per side of the hexhex board", choices=(6, 8, 10))
    penalty: int = option(
        8,
        "points subtracted per own group (P, agreed before the game)",
        minimum=0,
        maximum=50,
        decision=True,
    )


class Sytran(Game):
    """Sytran (Christian Freeling, 2023): Strands placement, Symple scoring, on a hexhex board."""

    id = "sytran"
    title = "Sytran"
    rules_version = "1"
    summary = (
        "Players place stones of their colour on a hexhex board shaded in five rings. "
        "A turn places as many stones as the number of the innermost ring it uses "
        "(one stone on the centre ring, up to five on the rim). White starts; Black may "
        "swap instead of its first turn. When the board is full each player scores their "
        "stones minus P points per group (default 8); the higher score wins."
    )
    Options = SytranOptions
    side_names = ("white", "black")
    ai_profile = AIProfile(algorithm="mcts", playout_cutoff=None, exploration=1.0, level_scale=0.5)

    def __init__(self, options: SytranOptions | None = None) -> None:
        super().__init__(options)
        self.geo: Geometry = geometry(self.options.base)
        self.penalty: int = self.options.penalty

    @property
    def num_distinct_actions(self) -> int:
        """One action per cell (its id) plus the swap (``num_cells``)."""
        return self.geo.num_cells + 1

    @property
    def max_game_length(self) -> int:
        return self.geo.num_cells + 1

    def initial(self, seed: int = 0) -> SytranState:
        """The empty board, White (seat 0) to move."""
        empty = tuple(range(self.geo.num_cells))
        return SytranState(self, 0, 0, empty, 0, NO_RING, 0, 0, None)

    def load(self, position: str) -> SytranState:
        """The state of a position string (see :mod:`shoal.games.sytran.notation`)."""
        white, black, colour, placed, smallest, swapped, turn = parse_position(self.geo, position)
        geo = self.geo
        occupied = white | black
        empty = tuple(c for c in range(geo.num_cells) if not occupied & geo.bit[c])
        outcome = None
        if colour is None:
            outcome = final_outcome(white, black, swapped, geo.width, self.penalty)
        return SytranState(self, white, black, empty, placed, smallest, swapped, turn, outcome)

    # -- rendering ------------------------------------------------------------------
    def render_text(self, state: State) -> str:
        assert isinstance(state, SytranState)
        return render.render_text(state)

    def render_svg(
        self,
        state: State,
        *,
        last: Sequence[Action] = (),
        highlight: Sequence[str] = (),
    ) -> str:
        assert isinstance(state, SytranState)
        return render.render_svg(state, last=last, highlight=highlight)

    def click_paths(self, state: State) -> dict[Action, tuple[str, ...]]:
        assert isinstance(state, SytranState)
        names = self.geo.names
        swap = self.geo.num_cells
        return {a: (() if a == swap else (names[a],)) for a in state.legal_actions()}

    # -- AI knowledge ----------------------------------------------------------------
    def features(self, state: State) -> dict[str, float]:
        assert isinstance(state, SytranState)
        return heuristics.features(state)

    def evaluate(self, state: State, seat: Seat) -> float:
        assert isinstance(state, SytranState)
        return heuristics.evaluate(state, seat)

    def explain(self, state: State, action: Action) -> str:
        assert isinstance(state, SytranState)
        return heuristics.explain(state, action)

    def diagrams(self) -> list[Diagram]:
        return render.diagrams(self)
