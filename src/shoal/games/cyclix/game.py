"""The Cyclix game: options, start position, loading, and the hooks to render and evaluate.

>>> game = Cyclix()
>>> s = game.initial()
>>> s.position() == START_POSITION
True
>>> s = s.apply_text("Rc3-e3").apply_text("Re5xe3")
>>> s.position().split()[:3]
['......k/.....nb/......./......./....r../BN...../K......', 'w', 'R']
>>> s.position().split()[3]
'k030y6mpexcktp0sc1r,k030y6mqihwp4r8lb7j'
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable, Sequence

from shoal.core import NUMBER_WORDS, Action, AIProfile, Diagram, Game, InvalidPositionError, option
from shoal.core.words import ENGLISH, Translator

from . import diagrams, heuristics, render, words
from .explain import action_label as _action_label
from .geometry import NUM_ACTIONS
from .notation import START_POSITION, parse_position
from .rules import BOTH_FORFEITS_DRAW, CyclixState, attacked
from .sight import KING_SIGHT_READINGS, safe_free

__all__ = ["BOTH_FORFEITS_DRAW", "Cyclix", "CyclixOptions"]


@dataclasses.dataclass(frozen=True)
class CyclixOptions:
    """Options of Cyclix."""

    max_turns: int = option(
        1000,
        "a game still running after this many turns is drawn (0: no limit; the rules set "
        "none, search and self-play need one)",
        minimum=0,
        maximum=100000,
        decision=True,
    )
    king_sight: str = option(
        "always",
        "always: the kings never see each other; free: a king in check from a rook, bishop "
        "or knight threatens only its adjacent tiles, so such a check may let the kings see "
        "each other",
        choices=KING_SIGHT_READINGS,
        decision=True,
    )


@functools.lru_cache(maxsize=8192)
def _english_label(text: str) -> str:
    """A move's label in English, by its text (the same in every position)."""
    return _action_label(text)


class Cyclix(Game[CyclixState]):
    """Cyclix (Christian Freeling, 2011): Shakti kings on a vanishing 7x7 board of tiles."""

    id = "cyclix"
    title = "Cyclix"
    rules_version = "1"
    summary = (
        "Each side has a king, a rook, a bishop and a knight on 49 tiles. Rooks, bishops "
        "and knights move as in chess, over empty squares, and may carry their tile to a "
        "square without one. The king moves to the first tile it sees in any of eight "
        "directions (only to an adjacent tile when in check); the tile it leaves vanishes, "
        "unless a captured piece returns from hand onto it. Checkmate wins; a player who "
        "cannot move passes; threefold repetition draws."
    )
    Options = CyclixOptions
    side_names = ("white", "black")
    ai_profile = AIProfile(algorithm="alphabeta", alphabeta_depth=3, playout_cutoff=40)

    @property
    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    @property
    def max_game_length(self) -> int:
        limit: int = self.options.max_turns
        return limit if limit else 10**9

    def initial(self, seed: int = 0) -> CyclixState:
        return self.load(START_POSITION)

    def load(self, position: str) -> CyclixState:
        sq, tiles, side, hist, forfeits, ply = parse_position(position)
        other = 4 * (1 - side)
        o = 4 * side
        occ = sum(1 << s for s in sq if s >= 0)
        if self.options.king_sight == "free":
            unsafe = not safe_free(sq, tiles, 1 - side)
        else:
            unsafe = attacked(sq[other], occ, tiles, sq[o], sq[o + 1], sq[o + 2], sq[o + 3])
        if unsafe:
            raise InvalidPositionError(f"{position!r}: the side not to move has its king attacked")
        return CyclixState(
            self,
            sq=sq,
            tiles=tiles,
            side=side,
            hist=hist,
            forfeits=forfeits,
            ply=ply,
        )

    # -- rendering ------------------------------------------------------------------
    def text_legend(self) -> str:
        return (
            "K R B N White's king, rook, bishop, knight; k r b n Black's; . a tile; ~ sea (no tile)"
        )

    def cell_words(self, state: CyclixState, *, tr: Translator = ENGLISH) -> dict[str, str]:
        return render.cell_words(state, tr)

    def svg_words(self, state: CyclixState, *, tr: Translator = ENGLISH) -> list[tuple[str, str]]:
        return render.svg_words(state, tr)

    def off_board_words(self, state: CyclixState, *, tr: Translator = ENGLISH) -> list[str]:
        return words.hand_words(state, tr)

    def action_news(
        self, state: CyclixState, action: Action, child: CyclixState, *, tr: Translator = ENGLISH
    ) -> list[str]:
        return words.action_news(state, action, child, tr)

    def turn_mark(self, state: CyclixState) -> str:
        return words.turn_mark(state)

    def render_text(self, state: CyclixState) -> str:
        return render.text(state)

    def render_svg(
        self, state: CyclixState, *, last: Sequence[Action] = (), highlight: Sequence[str] = ()
    ) -> str:
        return render.svg(state, last=last, highlight=highlight)

    def click_paths(self, state: CyclixState) -> dict[Action, tuple[str, ...]]:
        return render.click_paths(state)

    # -- AI knowledge -------------------------------------------------------------------
    def features(self, state: CyclixState) -> dict[str, float]:
        return heuristics.features(state)

    def feature_words(self, names: Iterable[str], *, tr: Translator = ENGLISH) -> dict[str, str]:
        return heuristics.feature_words(names, tr)

    def evaluate(self, state: CyclixState, seat: int) -> float:
        return heuristics.evaluate(state, seat)

    def puzzle_theme(self, state: CyclixState, line: Sequence[Action]) -> str | None:
        """``"mate in two"`` for a line that ends in checkmate on the winner's second turn."""
        turns, end = self.puzzle_ending(state, line)
        if end.outcome is not None and end.outcome.reason == "checkmate" and turns < 10:
            return f"mate in {NUMBER_WORDS[turns]}"
        return None

    def action_label(self, state: CyclixState, action: Action, *, tr: Translator = ENGLISH) -> str:
        if tr is ENGLISH:  # by its text alone: each label made once (a view labels them all)
            return _english_label(state.action_text(action))
        return _action_label(state.action_text(action), tr)

    def explain(self, state: CyclixState, action: Action, *, tr: Translator = ENGLISH) -> str:
        return heuristics.explain(state, action, tr)

    def status(self, state: CyclixState, *, tr: Translator = ENGLISH) -> str:
        """Pieces in hand, tiles left, check and repetition, in words.

        >>> game = Cyclix()
        >>> game.status(game.initial())
        'in hand: White none, Black none · 49 tiles'
        """
        kinds = {1: "R", 2: "B", 3: "N"}
        hands = []
        titles = (self.side_title("white", tr=tr), self.side_title("black", tr=tr))
        for side, name in enumerate(titles):
            pieces = ",".join(kinds[k] for k in state.hand(side)) or tr.gettext("none")
            hands.append(f"{name} {pieces}")
        parts = [
            tr.gettext("in hand: {hands}").format(hands=", ".join(hands)),
            tr.gettext("{n} tiles").format(n=state.tiles.bit_count()),
        ]
        if state.outcome is None and state.in_check:
            parts.append(tr.gettext("{side} is in check").format(side=titles[state.side]))
        if state.outcome is None and state.repetitions() > 1:
            parts.append(
                tr.gettext("this position has occurred {n} times").format(n=state.repetitions())
            )
        return " · ".join(parts)

    def side_title(self, side: str, *, tr: Translator = ENGLISH) -> str:
        word = {"white": tr.gettext("white"), "black": tr.gettext("black")}.get(side, side)
        return word[:1].upper() + word[1:]

    def ending_sentence(self, state: CyclixState, *, tr: Translator = ENGLISH) -> str:
        """Checkmate, or a draw and why (in ``tr``'s language).

        >>> game = Cyclix()
        >>> game.ending_sentence(game.initial())
        ''
        """
        outcome = state.outcome
        if outcome is None:
            return ""
        reason = words.reason_words(outcome.reason, tr)
        if outcome.winner is None:
            return tr.gettext("A draw: {reason}.").format(reason=reason)
        side = self.side_title(state.side_name(outcome.winner), tr=tr)
        return tr.gettext("{side} wins: {reason}.").format(side=side, reason=reason)

    def diagrams(self) -> list[Diagram]:
        return diagrams.diagrams(self)

    # -- observations for learning agents ----------------------------------------------
    def observation_shape(self) -> tuple[int, ...]:
        """16 planes of 7x7: tiles; the observer's K R B N; the other side's K R B N;
        the observer's R B N in hand; the other side's R B N in hand; observer to move."""
        return (16, 7, 7)

    def observation(self, state: CyclixState, seat: int) -> list[float]:
        cells = 49
        out = [0.0] * (16 * cells)
        tiles = state.tiles
        for square in range(cells):
            if tiles >> square & 1:
                out[square] = 1.0
        pieces = state.pieces
        for index, square in enumerate(pieces):
            side, kind = divmod(index, 4)
            mine = side == seat
            if square >= 0:
                out[(1 + kind + (0 if mine else 4)) * cells + square] = 1.0
            elif kind:
                plane = 9 + (kind - 1) + (0 if mine else 3)
                out[plane * cells : (plane + 1) * cells] = [1.0] * cells
        if state.to_move == seat:
            out[15 * cells :] = [1.0] * cells
        return out


GAME_CLASS = Cyclix
