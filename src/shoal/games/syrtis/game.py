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

from .geometry import Geometry, bits_of, geometry
from .rules import (
    CHOOSE,
    DARK,
    LIGHT,
    PASS_LIMIT,
    PLACE,
    PLAY,
    RACE_LENGTH,
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
OBSERVATION_PLANES = 17
"""Planes of the board observation (see :meth:`Syrtis.observation_shape`)."""


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

    def status(self, state: State) -> str:
        """The set-up step, or the sink race and pass counts, in words.

        >>> game = Syrtis(SyrtisOptions(variant="minor"))
        >>> game.status(game.load("CL.cC/SscC/sDSDC./sScsL play 0 0 L2 0,0 14"))
        '14 tiles · sink race: Light 2 of 4 · passes in a row: Light 0, Dark 0'
        """
        assert isinstance(state, SyrtisState)
        if state.phase == SWAP:
            return "set-up: seat 0 switches pairs until no colour or shape is all one group"
        if state.phase == PLACE:
            placed = state.towers[0].bit_count() + state.towers[1].bit_count()
            return f"set-up: seat 0 places the towers ({placed} of 4 placed)"
        if state.phase == CHOOSE:
            return "set-up: seat 1 chooses Light or Dark"
        names = ("Light", "Dark")
        race = (
            "no sinks yet"
            if state.sinker < 0
            else (f"sink race: {names[state.sinker]} {state.streak} of {RACE_LENGTH}")
        )
        passes = f"passes in a row: Light {state.passes[0]}, Dark {state.passes[1]}"
        return f"{state.tiles.bit_count()} tiles · {race} · {passes}"

    def explain(self, state: State, action: Action) -> str:
        from .heuristics import explain

        assert isinstance(state, SyrtisState)
        return explain(state, action)

    # -- observations for learning agents ----------------------------------------------
    def observation_shape(self) -> tuple[int, ...]:
        """17 planes of N x N (N = 6 or 4), from the observer seat's point of view.

        Board planes: 0 tile present; 1 light tile; 2 circle tile; 3 the observer's
        towers; 4 the other side's towers (before the side choice, 3 holds the Light
        towers and 4 the Dark towers). Constant planes: 5 the observer plays Light;
        6 the observer plays Dark (both 0 before the choice); 7 the observer is to move;
        8, 9, 10 the set-up phase is swap, place, choose (all 0 in play); 11 the
        observer's sink streak / 4; 12 the other side's sink streak / 4; 13 the
        observer's passes in a row / 4; 14 the other side's / 4; 15 no tile sunk yet
        (initiative would go to Light); 16 turns played / TURN_LIMIT.
        """
        n = self.geo.n
        return (OBSERVATION_PLANES, n, n)

    def observation(self, state: State, seat: Seat) -> list[float]:
        """The planes of :meth:`observation_shape` as one flat list (plane-major).

        >>> g = Syrtis.with_options({"variant": "minor"})
        >>> s = g.load("cSsC/ScLCDs/sLCcSD/CsSc play 1 0 D2 0,1 9")
        >>> obs = g.observation(s, 0)  # seat 0 plays Dark here
        >>> len(obs), obs[3 * 16 + 10], obs[4 * 16 + 9], obs[6 * 16], obs[11 * 16]
        (272, 1.0, 1.0, 1.0, 0.5)
        """
        assert isinstance(state, SyrtisState)
        cells = self.geo.cells
        out = [0.0] * (OBSERVATION_PLANES * cells)
        if state.light_seat < 0:
            mine = LIGHT
        else:
            mine = LIGHT if seat == state.light_seat else DARK
        planes = (state.tiles, state.light, state.circle, state.towers[mine],
                  state.towers[1 - mine])  # fmt: skip
        for plane, bits in enumerate(planes):
            base = plane * cells
            for cell in bits_of(bits):
                out[base + cell] = 1.0
        constants = [0.0] * (OBSERVATION_PLANES - 5)
        if state.light_seat >= 0:
            constants[0 if mine == LIGHT else 1] = 1.0
        if state.to_move == seat:
            constants[2] = 1.0
        if state.phase != PLAY:
            constants[3 + state.phase] = 1.0
        if state.sinker >= 0:
            constants[6 if state.sinker == mine else 7] = state.streak / RACE_LENGTH
        else:
            constants[10] = 1.0
        constants[8] = state.passes[mine] / PASS_LIMIT
        constants[9] = state.passes[1 - mine] / PASS_LIMIT
        constants[11] = min(state.turn, TURN_LIMIT) / TURN_LIMIT
        for index, value in enumerate(constants):
            if value:
                base = (5 + index) * cells
                out[base : base + cells] = [value] * cells
        return out

    def diagrams(self) -> list[Diagram]:
        from .diagrams import diagrams

        return diagrams(self)


GAME_CLASS = Syrtis
