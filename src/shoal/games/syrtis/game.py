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
import functools
import random
from collections.abc import Iterable, Sequence
from typing import ClassVar

from shoal.core import (
    Action,
    AIProfile,
    Diagram,
    Game,
    InvalidOptionError,
    InvalidPositionError,
    Seat,
)
from shoal.core.options import option
from shoal.core.words import ENGLISH, Translator

from .explain import action_label as _action_label
from .explain import ending_sentence as _ending_sentence
from .explain import setup_status
from .explain import side_title as _side_title
from .geometry import Geometry, bits_of, geometry
from .notation import PHASES, parse_position
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
    end_of_game,
)
from .setup import draw_board

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
    first_ending: str = option(
        "race",
        "a turn that wins both ways: race (the player who sank last wins) or island (the "
        "owner of the only complete island wins)",
        choices=("race", "island"),
        decision=True,
    )

    def __post_init__(self) -> None:
        if self.variant not in SIZES:
            raise InvalidOptionError(f"option variant: {self.variant!r} is not major or minor")
        if self.pairing not in ("point", "mirror"):
            raise InvalidOptionError(f"option pairing: {self.pairing!r} is not point or mirror")
        if self.first_ending not in ("race", "island"):
            raise InvalidOptionError(
                f"option first_ending: {self.first_ending!r} is not race or island"
            )


@functools.lru_cache(maxsize=8192)
def _english_label(text: str) -> str:
    """An action's label in English, by its text (the same in every position)."""
    return _action_label(text)


class Syrtis(Game[SyrtisState]):
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
    side_words: ClassVar[dict[str, str]] = {
        "light": "the round towers; owns the light colour and the circle shape; moves first",
        "dark": "the square towers; owns the dark colour and the square shape",
    }

    options: SyrtisOptions
    geo: Geometry
    partner: tuple[int, ...]

    def __init__(self, options: SyrtisOptions | None = None) -> None:
        super().__init__(options)
        self.geo = geometry(SIZES[self.options.variant])
        self.partner = self.geo.partner(self.options.pairing)
        self.island_first: bool = self.options.first_ending == "island"

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
            self, tiles=geo.full, light=light, circle=circle, towers=(0, 0), phase=phase,
            light_seat=-1, to_move=0, sinker=-1, streak=0, passes=(0, 0), turn=0, outcome=None,
        )  # fmt: skip

    def load(self, position: str) -> SyrtisState:
        """Read a position string and check that it describes a possible state."""
        geo = self.geo
        f = parse_position(geo, position)

        def bad(why: str) -> InvalidPositionError:
            return InvalidPositionError(f"{position!r}: {why}")

        lt, dt = f.light_towers, f.dark_towers
        nl, nd = lt.bit_count(), dt.bit_count()
        if nl > 2 or nd > 2:
            raise bad("there are only two Light and two Dark towers")
        setup = f.phase != PLAY
        tiles, light, circle = f.tiles, f.light, f.circle
        if lt & ~(light | circle) or dt & light & circle:
            raise bad("a tower stands on a tile of its own colour or its own shape")
        if setup:
            if tiles != geo.full:
                raise bad("during the set-up every cell holds a tile")
            partner = self.partner
            for p in range(geo.cells):
                if (light >> p & 1) == (light >> partner[p] & 1) or (circle >> p & 1) == (
                    circle >> partner[p] & 1
                ):
                    raise bad(
                        f"the pair {geo.names[min(p, partner[p])]}-{geo.names[max(p, partner[p])]} "
                        "must hold tiles of opposite colour and opposite shape"
                    )
        elif not geo.connected(tiles):
            raise bad("the tiles must form one edge-connected group")
        if setup and (f.sinker >= 0 or f.passes != (0, 0)):
            raise bad("no tile is sunk and nobody passes during the set-up")
        if f.sinker >= 0 and f.streak < 1:
            raise bad("a sink streak counts at least one sink")
        if f.streak > RACE_LENGTH or max(f.passes) > PASS_LIMIT:
            raise bad(f"streaks stop at {RACE_LENGTH} sinks and {PASS_LIMIT} passes")
        if (f.light_seat < 0) != setup:
            raise bad("the Light seat is '-' exactly until the side choice is made")
        if f.phase == SWAP:
            if lt | dt:
                raise bad("towers are placed only after the pair switching")
            if not any_set_connected(geo, f.tiles, f.light, f.circle):
                raise bad("pair switching needs a fully connected colour or shape")
            if f.turn >= SWAP_LIMIT:
                raise bad(f"pair switching ends after {SWAP_LIMIT} turns")
        elif f.phase == PLACE:
            if nl + nd == 4:
                raise bad("all four towers are placed: the phase is 'choose'")
        elif nl != 2 or nd != 2:
            raise bad("two Light and two Dark towers must be on the board")
        if setup:
            want = 1 if f.phase == CHOOSE else 0
            if f.to_move != want:
                raise bad(f"seat {want} decides in the {PHASES[f.phase]} phase")
            return SyrtisState(
                self, tiles=f.tiles, light=f.light, circle=f.circle, towers=(lt, dt),
                phase=f.phase, light_seat=-1, to_move=want, sinker=-1, streak=0, passes=(0, 0),
                turn=f.turn, outcome=None,
            )  # fmt: skip
        if f.passes[0] and f.passes[1] and f.to_move is not None:
            raise bad("both sides passed last: the game is over")
        outcome = end_of_game(
            geo, f.tiles, f.light, f.circle, f.light_seat, f.sinker, f.streak, f.passes, f.turn,
            island_first=self.options.first_ending == "island",
        )  # fmt: skip
        if (outcome is None) != (f.to_move is not None):
            if outcome is None:
                raise bad("the game is not over: give the seat to move")
            raise bad(f"the game is over ({outcome.reason}): the seat to move must be '-'")
        return SyrtisState(
            self, tiles=f.tiles, light=f.light, circle=f.circle, towers=(lt, dt), phase=PLAY,
            light_seat=f.light_seat, to_move=f.to_move, sinker=f.sinker, streak=f.streak,
            passes=f.passes, turn=f.turn, outcome=outcome,
        )  # fmt: skip

    def action_label(self, state: SyrtisState, action: Action, *, tr: Translator = ENGLISH) -> str:
        if tr is ENGLISH:  # by its text alone: each label made once (a view labels them all)
            return _english_label(state.action_text(action))
        return _action_label(state.action_text(action), tr)

    confirm_kinds = frozenset({"sink"})  # one tap sinks a tile for good: asked first

    def action_kind(self, state: SyrtisState, action: Action) -> str:
        from .words import action_kind

        return action_kind(state, action)

    def action_news(
        self, state: SyrtisState, action: Action, child: SyrtisState, *, tr: Translator = ENGLISH
    ) -> list[str]:
        from .words import action_news

        return action_news(state, action, child, tr)

    def puzzle_theme(self, state: SyrtisState, line: Sequence[Action]) -> str | None:
        """``"fourth sink"`` (the quicksand race), ``"complete island"`` or ``"last sink"``."""
        end = self.puzzle_ending(state, line)[1]
        if end.outcome is None:
            return None
        reason = end.outcome.reason
        if reason == "quicksand race":
            return "fourth sink"
        return "complete island" if reason == "complete island" else "last sink"

    def ending_sentence(self, state: SyrtisState, *, tr: Translator = ENGLISH) -> str:
        return _ending_sentence(state, tr) or super().ending_sentence(state, tr=tr)

    def side_title(self, side: str, *, tr: Translator = ENGLISH) -> str:
        return _side_title(side, tr)

    def side_description(self, side: str, *, tr: Translator = ENGLISH) -> str:
        if side == "light":
            return tr.gettext(
                "the round towers; owns the light colour and the circle shape; moves first"
            )
        if side == "dark":
            return tr.gettext("the square towers; owns the dark colour and the square shape")
        return ""

    # -- rendering ---------------------------------------------------------------------
    def text_legend(self) -> str:
        return (
            "c light circle, s light square, C dark circle, S dark square; "
            "L or D after a tile: a Light or Dark tower; . no tile"
        )

    def cell_words(self, state: SyrtisState, *, tr: Translator = ENGLISH) -> dict[str, str]:
        from .render import cell_words

        return cell_words(state, tr)

    def svg_words(self, state: SyrtisState, *, tr: Translator = ENGLISH) -> list[tuple[str, str]]:
        from .render import svg_words

        return svg_words(state, tr)

    def render_text(self, state: SyrtisState) -> str:
        from .render import render_text

        return render_text(state)

    def render_svg(
        self,
        state: SyrtisState,
        *,
        last: Sequence[Action] = (),
        highlight: Sequence[str] = (),
    ) -> str:
        from .render import render_svg

        return render_svg(state, last=last, highlight=highlight)

    def click_paths(self, state: SyrtisState) -> dict[Action, tuple[str, ...]]:
        from .render import click_paths

        return click_paths(state)

    # -- AI knowledge -----------------------------------------------------------------
    # club, strong and max check for decisive moves at each expansion (docs/ai.md, "Puzzles")
    ai_profile = AIProfile(
        algorithm="mcts",
        playout_cutoff=20,
        exploration=1.0,
        level_decisive=("club", "strong", "max"),
    )

    def features(self, state: SyrtisState) -> dict[str, float]:
        from .heuristics import features

        return features(state)

    def feature_words(self, names: Iterable[str], *, tr: Translator = ENGLISH) -> dict[str, str]:
        from .heuristics import feature_words

        return feature_words(names, tr)

    def evaluate(self, state: SyrtisState, seat: Seat) -> float:
        from .heuristics import evaluate

        return evaluate(state, seat)

    def status(self, state: SyrtisState, *, tr: Translator = ENGLISH) -> str:
        """The set-up step, or the sink race and pass counts, in words.

        >>> game = Syrtis(SyrtisOptions(variant="minor"))
        >>> game.status(game.load("CL.cC/SscC/sDSDC./sScsL play 0 0 L2 0,0 14"))
        '14 tiles · sink race: Light 2 of 4 · passes in a row: Light 0, Dark 0'
        """
        if state.phase in (SWAP, CHOOSE):
            return tr.gettext("set-up: {step}").format(step=setup_status(state.phase, tr))
        if state.phase == PLACE:
            placed = state.towers[0].bit_count() + state.towers[1].bit_count()
            return tr.gettext("set-up: {step} ({n} of 4 placed)").format(
                step=setup_status(PLACE, tr), n=placed
            )
        light, dark = _side_title("light", tr), _side_title("dark", tr)
        race = (
            tr.gettext("no sinks yet")
            if state.sinker < 0
            else tr.gettext("sink race: {side} {n} of {race}").format(
                side=(light, dark)[state.sinker], n=state.streak, race=RACE_LENGTH
            )
        )
        passes = tr.gettext("passes in a row: {light} {a}, {dark} {b}").format(
            light=light, a=state.passes[0], dark=dark, b=state.passes[1]
        )
        tiles = tr.gettext("{n} tiles").format(n=state.tiles.bit_count())
        return f"{tiles} · {race} · {passes}"

    def explain(self, state: SyrtisState, action: Action, *, tr: Translator = ENGLISH) -> str:
        from .heuristics import explain

        return explain(state, action, tr)

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

    def observation(self, state: SyrtisState, seat: Seat) -> list[float]:
        """The planes of :meth:`observation_shape` as one flat list (plane-major).

        >>> g = Syrtis.with_options({"variant": "minor"})
        >>> s = g.load("cSsC/ScLCDs/sLCcSD/CsSc play 1 0 D2 0,1 9")
        >>> obs = g.observation(s, 0)  # seat 0 plays Dark here
        >>> len(obs), obs[3 * 16 + 10], obs[4 * 16 + 9], obs[6 * 16], obs[11 * 16]
        (272, 1.0, 1.0, 1.0, 0.5)
        """
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
