"""Sytran for a player who does not see the board: each cell's name with its stone and its
ring, the stones left in a turn, and the turn's progress in words.

>>> from shoal.games.sytran import Sytran
>>> game = Sytran.with_options({"base": 6})
>>> s = game.initial().apply_text("f6").apply_text("b6")
>>> names = cell_names(s)
>>> names["f6"], names["b6"], names["c5"]
('f6: white stone, ring 1', 'b6: black stone, ring 3', 'c5: empty, ring 3')
>>> stone = s.parse_action("d4")
>>> action_news(s, stone, s.child(stone))
['1 more stone this turn']
"""

from __future__ import annotations

import functools

from shoal.core.words import ENGLISH, Translator

from .geometry import geometry
from .rules import SytranState

__all__ = ["action_news", "cell_names", "colour_title", "stones_left", "turn_words"]


def colour_title(colour: int, tr: Translator = ENGLISH) -> str:
    """A colour (0 White, 1 Black) as a sentence names its player: "White", "Black" (the
    side's word the game page says beside the players, ``white``, with a capital)."""
    word = tr.gettext("black") if colour else tr.gettext("white")
    return word[:1].upper() + word[1:]


def cell_names(state: SytranState, tr: Translator = ENGLISH) -> dict[str, str]:
    """Every cell: its name, its stone (or empty) and its ring.

    >>> from shoal.games.sytran import Sytran
    >>> class Dutch:
    ...     def gettext(self, message):
    ...         return {"{cell}: {what}, ring {ring}": "{cell}: {what}, ring {ring}",
    ...                 "white stone": "witte steen"}.get(message, message)
    >>> cell_names(Sytran.with_options({"base": 6}).initial().apply_text("f6"), Dutch())["f6"]
    'f6: witte steen, ring 1'
    """
    geo = state.game.geo
    white, black = state.white, state.black
    said = (
        tr.gettext("{cell}: {what}, ring {ring}"),
        tr.gettext("white stone"),
        tr.gettext("black stone"),
        tr.gettext("empty"),
    )
    table = _names_table(geo.base, said)
    return {
        name: words[0] if white & bit else words[1] if black & bit else words[2]
        for name, bit, words in zip(geo.names, geo.bit, table, strict=True)
    }


@functools.lru_cache(maxsize=64)
def _names_table(base: int, said: tuple[str, str, str, str]) -> tuple[tuple[str, str, str], ...]:
    """Each cell's three names (a white stone, a black stone, empty) on the board of ``base``
    in the words ``said`` (the template and the three states), made once per language: a
    view names every cell in every version."""
    template, *states = said
    geo = geometry(base)
    return tuple(
        tuple(template.format(cell=name, what=what, ring=ring) for what in states)  # type: ignore[misc]
        for name, ring in zip(geo.names, geo.ring, strict=True)
    )


def stones_left(state: SytranState) -> int:
    """The most stones the player to move may still place this turn (the turn's count is
    the innermost ring used, so a stone further in may end it sooner)."""
    return max(0, state.smallest - state.placed) if state.placed else 0


def _more(n: int, tr: Translator) -> str:
    if n == 1:
        return tr.gettext("1 more stone this turn")
    return tr.gettext("{n} more stones this turn at most").format(n=n)


def action_news(
    state: SytranState, action: int, child: SytranState, tr: Translator = ENGLISH
) -> list[str]:
    """After a stone that does not end the turn: how many more it may take."""
    if child.outcome is not None or child.to_move != state.to_move or not child.placed:
        return []
    return [_more(stones_left(child), tr)]


def turn_words(state: SytranState, tr: Translator = ENGLISH) -> str:
    """The turn's progress for the status line: before its first stone, how a turn counts;
    after it, the stones placed and left, and that the turn ends by itself.

    >>> from shoal.games.sytran import Sytran
    >>> game = Sytran.with_options({"base": 6})
    >>> turn_words(game.initial())
    'this turn: 1 to 3 stones, as many as the number of the innermost ring used'
    >>> turn_words(game.initial().apply_text("f6").apply_text("b6"))
    'this turn: 1 stone placed (innermost ring 3), 2 more at most; it ends by itself'
    """
    if not state.placed:
        rings = state.game.geo.ring[-1]
        return tr.gettext(
            "this turn: 1 to {rings} stones, as many as the number of the innermost ring used"
        ).format(rings=rings)
    n = state.placed
    placed = tr.ngettext(
        "{n} stone placed (innermost ring {ring})", "{n} stones placed (innermost ring {ring})", n
    ).format(n=n, ring=state.smallest)
    left = stones_left(state)
    more = tr.gettext("1 more") if left == 1 else tr.gettext("{n} more at most").format(n=left)
    return tr.gettext("this turn: {placed}, {more}; it ends by itself").format(
        placed=placed, more=more
    )
