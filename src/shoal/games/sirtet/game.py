"""The Sirtet game object: set-up, loading positions, and the hooks to render and advise.

>>> game = Sirtet()
>>> s = game.initial(7)
>>> s.position() == game.load(s.position()).position()
True
>>> s = s.apply_text(s.action_text(s.legal_actions()[0]))
>>> s.to_move, s.turn
(1, 1)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable, Sequence

from shoal.core import Action, Diagram, Game, InvalidPositionError
from shoal.core.words import ENGLISH, Translator

from . import heuristics, observe, render, words
from .explain import action_label as _action_label
from .geometry import ALL_CELLS, CELL_NAMES, CELLS, KING_MASK, NUM_ACTIONS, NUM_TILES, TileSet
from .notation import BURN, CHOOSE, DROP, OVER, PICK, TAKE1, TAKE2, parse_position
from .rules import (
    SirtetOptions,
    SirtetState,
    colour_counts,
    compare_outcome,
    pair_actions,
    tileset_of,
)

__all__ = ["Sirtet"]

START_TILE = NUM_TILES
"""The Start tile's number in the set-up shuffle (it never lies on a board afterwards)."""


@functools.lru_cache(maxsize=8192)
def _english_label(text: str) -> str:
    """An action's label in English, by its text (the same in every position)."""
    return _action_label(text)


class Sirtet(Game[SirtetState]):
    """Sirtet (Giuliano Polverari): harvest tetromino tiles, collect one colour."""

    id = "sirtet"
    title = "Sirtet"
    rules_version = "1"
    summary = (
        "A 6x6 board of coloured tetromino tiles. On a turn you discard a tile from your "
        "harvest to take two board tiles that sit like two cells of the discarded shape "
        "(Double Harvest), or to take any one tile and then perhaps discard one from the "
        "board (Single Harvest); or you pass. When the board is empty or both pass in a row, "
        "harvests are evened out and the larger colour groups win."
    )
    Options = SirtetOptions
    random_setup = True
    options: SirtetOptions

    ai_profile = heuristics.AI_PROFILE

    @property
    def tileset(self) -> TileSet:
        """The tile tables of this game's tile set."""
        return tileset_of(self.options)

    @property
    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    @property
    def max_game_length(self) -> int:
        # 2 picks, at most 4 actions per board tile (a pass, then 3 for a single
        # harvest), a final pass and at most 35 equalising drops.
        return 2 + 4 * (CELLS - 3) + 1 + NUM_TILES

    def initial(self, seed: int = 0) -> SirtetState:
        rng = random.Random(seed)
        tiles = [*range(NUM_TILES), START_TILE]
        rng.shuffle(tiles)
        start = tiles.index(START_TILE)
        layout = tuple(-1 if t == START_TILE else t for t in tiles)
        return SirtetState(
            self,
            ts=self.tileset,
            layout=layout,
            occ=ALL_CELLS & ~(1 << start),
            h0=0,
            h1=0,
            disc=0,
            start=start,
            phase=PICK,
            pending=-1,
            mover=0,
            passes=0,
            turn=0,
        )

    def load(self, position: str) -> SirtetState:
        ts = self.tileset
        layout, h0, h1, disc, start, phase, pending, mover, passes, turn = parse_position(
            ts, position
        )
        occ = sum(1 << c for c in range(CELLS) if layout[c] >= 0)

        def bad(why: str) -> InvalidPositionError:
            return InvalidPositionError(f"{position!r}: {why}")

        if occ >> start & 1:
            raise bad(f"the Start cell {CELL_NAMES[start]} must be a hole")
        n0, n1 = h0.bit_count(), h1.bit_count()
        if passes == 2 and phase not in (DROP, OVER):
            raise bad("two passes in a row end the game")
        if phase == PICK:
            if disc or passes or (n0, n1, mover) not in ((0, 0, 0), (1, 0, 1)):
                raise bad("during the picks seat 0 picks one tile, then seat 1")
            if not occ & KING_MASK[start]:
                raise bad("no tile is left next to the Start cell to pick")
        elif phase in (CHOOSE, TAKE2, TAKE1, BURN):
            if not occ:
                raise bad("the board is empty: the game is over")
            if phase != CHOOSE and passes:
                raise bad("a harvest turn is not a pass")
            if phase == TAKE2:
                if not disc >> pending & 1:
                    raise bad(f"{ts.names[pending]} is not in the discard zone")
                if not pair_actions(ts, pending, occ):
                    raise bad(f"no pair of board tiles fits {ts.names[pending]}")
        else:
            if occ and passes != 2:
                raise bad("the game ends only on an empty board or after two passes")
            if not occ and passes:
                raise bad("a game that ends on an empty board ends on a harvest, not a pass")
            if phase == DROP and (n0 == n1 or (n0 > n1) != (mover == 0)):
                raise bad("only the seat with more harvest tiles drops tiles")
            if phase == OVER and n0 != n1:
                raise bad("the harvests must be equal once the game is over")
        outcome = compare_outcome(ts, h0, h1) if phase == OVER else None
        return SirtetState(
            self,
            ts=ts,
            layout=layout,
            occ=occ,
            h0=h0,
            h1=h1,
            disc=disc,
            start=start,
            phase=phase,
            pending=pending,
            mover=mover,
            passes=passes,
            turn=turn,
            outcome=outcome,
        )

    # -- rendering -----------------------------------------------------------------
    def text_legend(self) -> str:
        return (
            "a tile is its shape (I O T L S; Z J one-sided) and colour (r o y g c b w); .. a hole"
        )

    def cell_words(self, state: SirtetState, *, tr: Translator = ENGLISH) -> dict[str, str]:
        return render.cell_words(state, tr)

    def cell_names(self, state: SirtetState, *, tr: Translator = ENGLISH) -> dict[str, str]:
        return words.cell_names(state, tr)

    def off_board_words(self, state: SirtetState, *, tr: Translator = ENGLISH) -> list[str]:
        return words.off_board_words(state, tr)

    def action_news(
        self, state: SirtetState, action: Action, child: SirtetState, *, tr: Translator = ENGLISH
    ) -> list[str]:
        return words.action_news(state, action, child, tr)

    def render_text(self, state: SirtetState) -> str:
        return render.render_text(state)

    def render_svg(
        self, state: SirtetState, *, last: Sequence[Action] = (), highlight: Sequence[str] = ()
    ) -> str:
        return render.render_svg(state, last=last, highlight=highlight)

    def click_paths(self, state: SirtetState) -> dict[Action, tuple[str, ...]]:
        return render.click_paths(state)

    # -- AI knowledge ---------------------------------------------------------------
    def features(self, state: SirtetState) -> dict[str, float]:
        return heuristics.features(state)

    def feature_words(self, names: Iterable[str], *, tr: Translator = ENGLISH) -> dict[str, str]:
        return heuristics.feature_words(names, tr)

    def evaluate(self, state: SirtetState, seat: int) -> float:
        return heuristics.evaluate(state, seat)

    def puzzle_theme(self, state: SirtetState, line: Sequence[Action]) -> str | None:
        """The deciding comparison of the final score, e.g. ``"largest colour group"``."""
        end = self.puzzle_ending(state, line)[1]
        if end.outcome is None or end.outcome.winner is None:
            return None
        return end.outcome.reason.split(" v ")[0].rstrip("0123456789 ")

    def action_label(self, state: SirtetState, action: Action, *, tr: Translator = ENGLISH) -> str:
        if tr is ENGLISH:  # by its text alone: each label made once (a view labels them all)
            return _english_label(state.action_text(action))
        return _action_label(state.action_text(action), tr)

    def explain(self, state: SirtetState, action: Action, *, tr: Translator = ENGLISH) -> str:
        return heuristics.explain(state, action, tr)

    def status(self, state: SirtetState, *, tr: Translator = ENGLISH) -> str:
        """Each harvest's size and sorted colour counts, the board, the passes.

        >>> game = Sirtet()
        >>> game.status(game.initial(1))
        'first: no tiles · second: no tiles · 35 tiles on the board'
        """
        parts = []
        for seat, side in enumerate(self.side_names):
            name = self.side_word(side, tr)
            harvest = state.harvest(seat)
            counts = colour_counts(state.ts, harvest)
            if counts:
                groups = "-".join(str(c) for c in counts)
                size = harvest.bit_count()
                tiles = tr.ngettext("{n} tile", "{n} tiles", size).format(n=size)
                parts.append(
                    tr.gettext("{side}: {tiles} ({groups})").format(
                        side=name, tiles=tiles, groups=groups
                    )
                )
            else:
                parts.append(tr.gettext("{side}: no tiles").format(side=name))
        board = state.occ.bit_count()
        parts.append(tr.gettext("{n} tiles on the board").format(n=board))
        if state.passes:
            parts.append(
                tr.ngettext("{n} pass in a row", "{n} passes in a row", state.passes).format(
                    n=state.passes
                )
            )
        return " · ".join(parts)

    @staticmethod
    def side_word(side: str, tr: Translator = ENGLISH) -> str:
        """A side's name (``first``, ``second``) as the game page says it, in ``tr``'s
        language."""
        return {"first": tr.gettext("first"), "second": tr.gettext("second")}.get(side, side)

    def svg_words(self, state: SirtetState, *, tr: Translator = ENGLISH) -> list[tuple[str, str]]:
        return render.svg_words(state, tr)

    def side_title(self, side: str, *, tr: Translator = ENGLISH) -> str:
        word = self.side_word(side, tr)
        return word[:1].upper() + word[1:]

    def ending_sentence(self, state: SirtetState, *, tr: Translator = ENGLISH) -> str:
        """Who wins by which colour group, or a draw (in ``tr``'s language).

        >>> game = Sirtet()
        >>> game.ending_sentence(game.initial(1))
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
        from .diagrams import diagrams

        return diagrams(self)

    # -- observations for learning agents ----------------------------------------------
    def observation_shape(self) -> tuple[int, ...]:
        """Planes of 6x6: the tile on each cell by colour and by shape, holes, the pick
        zone, the harvests and discard zone by tile, harvest colour counts, the phase
        (see :mod:`.observe`)."""
        return observe.observation_shape(self.tileset)

    def observation(self, state: SirtetState, seat: int) -> list[float]:
        return observe.observation(state, seat)
