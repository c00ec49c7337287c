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
from collections.abc import Iterable, Sequence
from html import escape

from shoal.core import NUMBER_WORDS, Action, AIProfile, Diagram, Game, Seat, option
from shoal.core.native import engine_for
from shoal.core.words import ENGLISH, Translator

from . import diagrams, heuristics, render, words
from .explain import action_label as _action_label
from .geometry import Geometry, geometry
from .notation import parse_position
from .rules import NO_RING, SHORTAGE_READINGS, SytranState, count_groups, final_outcome

__all__ = ["Sytran", "SytranOptions"]


@dataclasses.dataclass(frozen=True)
class SytranOptions:
    """Sytran's options: the board's base, the group penalty P, and the shortage reading."""

    base: int = option(10, "board size: cells per side of the hexhex board", choices=(6, 8, 10))
    penalty: int = option(
        8,
        "points subtracted per own group (P, agreed before the game)",
        minimum=0,
        maximum=50,
        decision=True,
        compensation=True,
    )
    shortage: str = option(
        "flow",
        "too few vacant cells for the count: flow (stop when no stone fits), strands (the "
        "first stone's ring k fixes the count: k stones on ring k and outward, or all of "
        "those that are vacant), literal (always the full count, except on "
        "an all but full board)",
        choices=SHORTAGE_READINGS,
        decision=True,
    )


class Sytran(Game[SytranState]):
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
    fixed_action_words = True  # a stone on a named cell, or the swap
    ai_profile = AIProfile(
        algorithm="mcts",
        playout_cutoff=None,
        exploration=1.0,
        level_scale=0.5,
        # a game review scores its leaves by the projected score after 4 random actions:
        # random playouts to the end blur one turn's effect below every review threshold
        level_cutoffs=(("review", 4),),
    )

    def __init__(self, options: SytranOptions | None = None) -> None:
        super().__init__(options)
        self.geo: Geometry = geometry(self.options.base)
        self.penalty: int = self.options.penalty
        self.shortage: str = self.options.shortage
        self.strands: bool = self.shortage == "strands"
        """``shortage=strands``, read once per game (the turn's end is tested in every child)."""

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
        return SytranState(
            self,
            white=0,
            black=0,
            empty=empty,
            placed=0,
            smallest=NO_RING,
            swapped=0,
            turn=0,
            outcome=None,
        )

    def load(self, position: str) -> SytranState:
        """The state of a position string (see :mod:`shoal.games.sytran.notation`)."""
        white, black, colour, placed, smallest, swapped, turn = parse_position(self.geo, position)
        geo = self.geo
        occupied = white | black
        empty = tuple(c for c in range(geo.num_cells) if not occupied & geo.bit[c])
        outcome = None
        if colour is None:
            outcome = final_outcome(white, black, swapped, geo.width, self.penalty)
        return SytranState(
            self,
            white=white,
            black=black,
            empty=empty,
            placed=placed,
            smallest=smallest,
            swapped=swapped,
            turn=turn,
            outcome=outcome,
        )

    # -- rendering ------------------------------------------------------------------
    def text_legend(self) -> str:
        return (
            "W white stone, B black stone; empty cells are . on rings 1, 3, 5 and : on "
            "rings 2, 4 (ring 1 is the centre and its six neighbours, the last ring the rim)"
        )

    def cell_words(self, state: SytranState, *, tr: Translator = ENGLISH) -> dict[str, str]:
        return render.cell_words(state, tr)

    def cell_names(self, state: SytranState, *, tr: Translator = ENGLISH) -> dict[str, str]:
        return words.cell_names(state, tr)

    def action_news(
        self, state: SytranState, action: Action, child: SytranState, *, tr: Translator = ENGLISH
    ) -> list[str]:
        return words.action_news(state, action, child, tr)

    def side_title(self, side: str, *, tr: Translator = ENGLISH) -> str:
        return words.colour_title(int(side == "black"), tr)

    def ending_sentence(self, state: SytranState, *, tr: Translator = ENGLISH) -> str:
        """The winner and the score, or a draw and the score.

        >>> game = Sytran.with_options({"base": 6})
        >>> game.ending_sentence(game.load(game.initial().position())) == ""
        True
        """
        outcome = state.outcome
        if outcome is None or outcome.scores is None:
            return super().ending_sentence(state, tr=tr)
        scores = [int(score) for score in outcome.scores]
        if outcome.winner is None:
            return tr.gettext("A draw: score {a} to {b}.").format(a=scores[0], b=scores[1])
        return tr.gettext("{side} wins: score {high} to {low}.").format(
            side=self.side_title(state.side_name(outcome.winner), tr=tr),
            high=scores[outcome.winner],
            low=scores[1 - outcome.winner],
        )

    def render_text(self, state: SytranState) -> str:
        return render.render_text(state)

    def render_svg(
        self,
        state: SytranState,
        *,
        last: Sequence[Action] = (),
        highlight: Sequence[str] = (),
    ) -> str:
        return render.render_svg(state, last=last, highlight=highlight)

    def svg_words(self, state: SytranState, *, tr: Translator = ENGLISH) -> list[tuple[str, str]]:
        """The board's caption (its status line) and its rings' legend."""
        said = (render.status_line(state, tr), tr.gettext("rings"))
        return [
            (f">{render.status_line(state)}<", f">{escape(said[0], quote=False)}<"),
            (">rings<", f">{escape(said[1], quote=False)}<"),
        ]

    def click_paths(self, state: SytranState) -> dict[Action, tuple[str, ...]]:
        names = self.geo.names
        swap = self.geo.num_cells
        return {a: (() if a == swap else (names[a],)) for a in state.legal_actions()}

    # -- AI knowledge ----------------------------------------------------------------
    def features(self, state: SytranState) -> dict[str, float]:
        return heuristics.features(state)

    def feature_words(self, names: Iterable[str], *, tr: Translator = ENGLISH) -> dict[str, str]:
        return heuristics.feature_words(names, tr)

    def evaluate(self, state: SytranState, seat: Seat) -> float:
        """``heuristics.evaluate``; computed by the native core where it covers the options
        (the same value to the last bit: the differential tests compare the two)."""
        engine = engine_for(self)  # type: ignore[arg-type]
        packed = None if engine is None else engine.pack(state)
        if engine is None or packed is None:
            return heuristics.evaluate(state, seat)
        return engine.evaluate(packed, seat)

    def pure_evaluate(self, state: SytranState, seat: Seat) -> float:
        """The pure-Python evaluation (the reference of the native one)."""
        return heuristics.evaluate(state, seat)

    def puzzle_theme(self, state: SytranState, line: Sequence[Action]) -> str | None:
        """``"last stone"`` (or ``"last three stones"``): the line fills the board to the score."""
        end = self.puzzle_ending(state, line)[1]
        if end.outcome is None:
            return None
        if len(line) == 1:
            return "last stone"
        return f"last {NUMBER_WORDS[len(line)] if len(line) < 10 else len(line)} stones"

    def action_label(self, state: SytranState, action: Action, *, tr: Translator = ENGLISH) -> str:
        return _action_label(state.action_text(action), tr)

    def explain(self, state: SytranState, action: Action, *, tr: Translator = ENGLISH) -> str:
        return heuristics.explain(state, action, tr)

    def status(self, state: SytranState, *, tr: Translator = ENGLISH) -> str:
        """Each colour's stones, groups and score so far; the stones of this turn.

        >>> game = Sytran(SytranOptions(base=6))
        >>> for part in game.status(game.initial().apply_text("f6")).split(" · "):
        ...     print(part)
        White 1 stone in 1 group: -7
        Black 0 stones: 0
        empty cells 90 (P = 8)
        this turn: 1 to 3 stones, as many as the number of the innermost ring used
        """
        width, penalty = self.geo.width, self.options.penalty
        parts = []
        for colour in (0, 1):
            name = words.colour_title(colour, tr)
            stones = state.stones_of(colour)
            count = stones.bit_count()
            groups = count_groups(stones, width)
            score = count - penalty * groups
            said = tr.ngettext("{n} stone", "{n} stones", count).format(n=count)
            if groups:
                in_groups = tr.ngettext("in {n} group", "in {n} groups", groups).format(n=groups)
                parts.append(
                    tr.gettext("{side} {stones} {groups}: {score}").format(
                        side=name, stones=said, groups=in_groups, score=score
                    )
                )
            else:
                parts.append(
                    tr.gettext("{side} {stones}: {score}").format(
                        side=name, stones=said, score=score
                    )
                )
        parts.append(
            tr.gettext("empty cells {n} (P = {penalty})").format(
                n=len(state.empty_cells), penalty=penalty
            )
        )
        if state.outcome is None:
            parts.append(words.turn_words(state, tr))
        return " · ".join(parts)

    def diagrams(self) -> list[Diagram]:
        return diagrams.diagrams(self)

    # -- observations for learning agents ----------------------------------------------
    def observation_shape(self) -> tuple[int, ...]:
        """8 planes over the ``(2B - 1) x (2B - 1)`` axial grid (row ``r + B - 1``, column
        ``q + B - 1``; the grid's two cut-off corners are off the board).

        Planes: 0 on-board mask; 1 the observer's stones; 2 the other player's stones;
        3 ring number / 5 (0 off the board); then constant planes: 4 stones placed this turn
        / 5; 5 the innermost ring used this turn / 5 (0 before the turn's first stone);
        6 the swap is available; 7 the observer is to move.

        >>> game = Sytran.with_options({"base": 6})
        >>> game.observation_shape()
        (8, 11, 11)
        >>> s = game.initial().apply_text("f6")    # White's stone on the centre
        >>> obs = game.observation(s, 1)           # as seen by Black (seat 1)
        >>> obs[2 * 121 + 5 * 11 + 5], obs[6 * 121], obs[7 * 121]
        (1.0, 1.0, 1.0)
        """
        side = 2 * self.geo.base - 1
        return (8, side, side)

    def observation(self, state: SytranState, seat: int) -> list[float]:
        geo = self.geo
        span = geo.base - 1
        side = 2 * span + 1
        size = side * side
        out = [0.0] * (8 * size)
        mine = state.stones_of(seat ^ int(state.swapped))
        theirs = state.stones_of(1 - (seat ^ int(state.swapped)))
        for cell, (q, r) in enumerate(geo.coords):
            index = (r + span) * side + q + span
            bit = geo.bit[cell]
            out[index] = 1.0
            if mine & bit:
                out[size + index] = 1.0
            elif theirs & bit:
                out[2 * size + index] = 1.0
            out[3 * size + index] = geo.ring[cell] / 5
        constants = (
            state.placed / 5,
            state.smallest / 5 if state.placed else 0.0,
            1.0 if state.swap_available else 0.0,
            1.0 if state.to_move == seat else 0.0,
        )
        for plane, value in enumerate(constants, start=4):
            if value:
                out[plane * size : (plane + 1) * size] = [value] * size
        return out
