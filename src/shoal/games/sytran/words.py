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

from .rules import SytranState

__all__ = ["action_news", "cell_names", "stones_left", "turn_words"]


def cell_names(state: SytranState) -> dict[str, str]:
    """Every cell: its name, its stone (or empty) and its ring."""
    geo = state.game.geo
    white, black = state.white, state.black
    out = {}
    for cell, bit in enumerate(geo.bit):
        what = "white stone" if white & bit else "black stone" if black & bit else "empty"
        out[geo.names[cell]] = f"{geo.names[cell]}: {what}, ring {geo.ring[cell]}"
    return out


def stones_left(state: SytranState) -> int:
    """The most stones the player to move may still place this turn (the turn's count is
    the innermost ring used, so a stone further in may end it sooner)."""
    return max(0, state.smallest - state.placed) if state.placed else 0


def _more(n: int) -> str:
    return "1 more stone this turn" if n == 1 else f"{n} more stones this turn at most"


def action_news(state: SytranState, action: int, child: SytranState) -> list[str]:
    """After a stone that does not end the turn: how many more it may take."""
    if child.outcome is not None or child.to_move != state.to_move or not child.placed:
        return []
    return [_more(stones_left(child))]


def turn_words(state: SytranState) -> str:
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
        return f"this turn: 1 to {rings} stones, as many as the number of the innermost ring used"
    n = state.placed
    placed = f"{n} stone{'s' if n > 1 else ''} placed (innermost ring {state.smallest})"
    left = stones_left(state)
    more = "1 more" if left == 1 else f"{left} more at most"
    return f"this turn: {placed}, {more}; it ends by itself"
