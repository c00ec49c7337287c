"""The Syrtis game object: options, start states, position loading, rendering hooks.

>>> g = Syrtis()
>>> s = g.initial(7)
>>> s.phase in (0, 1), len(s.position().split())
(True, 7)
>>> g.load(s.position()) == s
True
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

from shoal.core import Action, AIProfile, Diagram, Game, InvalidOptionError, Seat, State
from shoal.core.options import option

from .geometry import Geometry, geometry
from .rules import (
    PLACE,
    SWAP,
    SWAP_LIMIT,
    TURN_LIMIT,
    SyrtisState,
    any_set_connected,
    draw_board,
    load_state,
)

__all__ = ["Syrtis", "SyrtisOptions"]

SIZES = {"major": 6, "minor": 4}


@dataclasses.dataclass(frozen=True)
class SyrtisOptions:
    """Options of Syrtis."""

    variant: str = option(
        "major",
        "major: 36 tiles on a 6x6 grid; minor: 16 tiles on a 4x4 grid",
        choices=("major", "minor"),
    )
    pairing: str = option(
        "point",
        "how the set-up pairs cells: point (reflection through the centre) or mirror "
        "(reflection across the middle row line)",
        choices=("point", "mirror"),
        decision=True,
    )

    def __post_init__(self) -> None:
        if self.variant not in SIZES:
            raise InvalidOptionError(f"option variant: {self.variant!r} is not major or minor")
        if self.pairing not in ("point", "mirror"):
            raise InvalidOptionError(f"option pairing: {self.pairing!r} is not point or mirror")


class Syrtis(Game):
    """Syrtis by David Vander Laan: consolidate your colour or shape on a sinking island."""

    id = "syrtis"
    title = "Syrtis"
    rules_version = "1"
    summary = (
        "Tiles of two colours and two shapes form an island; each player owns one colour "
        "and one shape and has two towers. On a turn you move a tower within its island, "
        "sink an open tile next to your tower, slide your tower's tile through empty water "
        "inside the board's bounding box, or pass; the tiles must stay connected. Win by "
        "joining all your colour or all your shape into one island, or by sinking four "
        "tiles in a row while your opponent sinks none."
    )
    Options = SyrtisOptions
    random_setup = True
    side_names = ("light", "dark")

    options: SyrtisOptions
    geo: Geometry
    partner: tuple[int, ...]

    def __init__(self, options: SyrtisOptions | None = None) -> None:
        super().__init__(options)
        self.geo = geometry(SIZES[self.options.variant])
        self.partner = self.geo.partner(self.options.pairing)

    @property
    def num_distinct_actions(self) -> int:
        return self.geo.num_actions

    @property
    def max_game_length(self) -> int:
        return TURN_LIMIT

    def pair_first(self, cell: int) -> int:
        """The cell naming the pair of ``cell`` (the one first in the order a1, b1, ...)."""
        return min(cell, self.partner[cell])

    def initial(self, seed: int = 0) -> SyrtisState:
        """The drawn board; the set-up starts with pair switching when it is needed."""
        geo = self.geo
        light, circle = draw_board(geo, self.partner, random.Random(seed))
        phase = SWAP if any_set_connected(geo, geo.full, light, circle) else PLACE
        assert SWAP_LIMIT > 0
        return SyrtisState(
            self, geo.full, light, circle, (0, 0), phase, -1, 0, -1, 0, (0, 0), 0, None
        )

    def load(self, position: str) -> SyrtisState:
        return load_state(self, position)

    # -- rendering ---------------------------------------------------------------------
    def render_text(self, state: State) -> str:
        from .render import render_text

        assert isinstance(state, SyrtisState)
        return render_text(state)

    def render_svg(
        self,
        state: State,
        *,
        last: Sequence[Action] = (),
        highlight: Sequence[str] = (),
    ) -> str:
        from .render import render_svg

        assert isinstance(state, SyrtisState)
        return render_svg(state, last=last, highlight=highlight)

    def click_paths(self, state: State) -> dict[Action, tuple[str, ...]]:
        from .render import click_paths

        assert isinstance(state, SyrtisState)
        return click_paths(state)

    # -- AI knowledge -----------------------------------------------------------------
    ai_profile = AIProfile(algorithm="mcts", playout_cutoff=20, exploration=1.0)

    def features(self, state: State) -> dict[str, float]:
        from .heuristics import features

        assert isinstance(state, SyrtisState)
        return features(state)

    def evaluate(self, state: State, seat: Seat) -> float:
        from .heuristics import evaluate

        assert isinstance(state, SyrtisState)
        return evaluate(state, seat)

    def explain(self, state: State, action: Action) -> str:
        from .heuristics import explain

        assert isinstance(state, SyrtisState)
        return explain(state, action)

    def diagrams(self) -> list[Diagram]:
        from .diagrams import diagrams

        return diagrams(self)


GAME_CLASS = Syrtis
