"""Cyclix for a player who does not see the board: what lies off it (the hands), what each
move does besides its label (a capture sending a piece to its owner's hand, the king's old
tile vanishing, a check), and the move list's check mark.

>>> from shoal.games.cyclix import Cyclix
>>> game = Cyclix()
>>> s = game.initial().apply_text("Rc3-e3")
>>> action = s.parse_action("Re5xe3")
>>> action_news(s, action, s.child(action))
['the white rook goes to White’s hand']
>>> hand_words(s.child(action))
['White’s hand: rook', 'Black’s hand: empty']
"""

from __future__ import annotations

from .geometry import PASS, SQUARE_NAMES, decode
from .notation import KIND_NAMES, SIDE_NAMES
from .rules import CyclixState

__all__ = ["action_news", "hand_words", "turn_mark"]


def hand_words(state: CyclixState) -> list[str]:
    """Each side's hand in words (the pieces captured from it, waiting to re-enter)."""
    out = []
    for side, name in enumerate(SIDE_NAMES):
        pieces = ", ".join(KIND_NAMES[kind] for kind in state.hand(side)) or "empty"
        out.append(f"{name.capitalize()}\u2019s hand: {pieces}")
    return out


def action_news(state: CyclixState, action: int, child: CyclixState) -> list[str]:
    """A captured piece going to its owner's hand, the tile a king leaves vanishing, a check.

    >>> from shoal.games.cyclix import Cyclix
    >>> s = Cyclix().initial()
    >>> for text in ("Rc3-b3", "Nf6-g4", "Nb2-d1", "Re5-d5", "Rb3-b6", "Rd5-c5", "Ba2-e6"):
    ...     s = s.apply_text(text)
    >>> action = s.parse_action("Bg6-d3")
    >>> action_news(s, action, s.child(action))
    []
    >>> s = s.child(action).apply_text("Be6xg4").apply_text("Bd3-b5").apply_text("Bg4-d7")
    >>> s = s.apply_text("Rc5-c4")
    >>> action = s.parse_action("Rb6-f6")
    >>> s = s.child(action)
    >>> action = s.parse_action("Bb5-a6")
    >>> s = s.child(action)
    >>> action = s.parse_action("Rf6-g6")
    >>> action_news(s, action, s.child(action)), turn_mark(s.child(action))
    (['check'], '+')
    """
    news = []
    if action != PASS:
        frm, to, re_kind = decode(action)
        victim = state.piece_at(to)
        if victim >= 0:
            owner = SIDE_NAMES[victim // 4]
            news.append(
                f"the {owner} {KIND_NAMES[victim & 3]} goes to {owner.capitalize()}\u2019s hand"
            )
        if state.piece_at(frm) & 3 == 0 and not re_kind:
            news.append(f"the tile on {SQUARE_NAMES[frm]} vanishes")
    if child.outcome is None and child.in_check:
        news.append("check")
    return news


def turn_mark(state: CyclixState) -> str:
    """``+`` after a move that gives check, ``#`` after checkmate (as chess writes them)."""
    if state.outcome is not None:
        return "#" if state.outcome.reason == "checkmate" else ""
    return "+" if state.in_check else ""
