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

import functools

from shoal.core.words import ENGLISH, Translator

from .geometry import PASS, SQUARE_NAMES, decode
from .rules import CyclixState

__all__ = ["action_news", "hand_words", "kind_word", "piece_words", "turn_mark"]


def piece_words(side: int, kind: int, tr: Translator = ENGLISH) -> tuple[str, str]:
    """A piece (side 0 White, 1 Black; kind 0 king, 1 rook, 2 bishop, 3 knight) in words,
    with its article ("the white rook") and without ("white rook"), in ``tr``'s language."""
    if tr is ENGLISH:
        return _english_piece(side, kind)
    return _piece_words(side, kind, tr)


@functools.cache
def _english_piece(side: int, kind: int) -> tuple[str, str]:
    return _piece_words(side, kind, ENGLISH)


def _piece_words(side: int, kind: int, tr: Translator) -> tuple[str, str]:
    if side == 0:
        if kind == 0:
            return tr.gettext("the white king"), tr.gettext("white king")
        if kind == 1:
            return tr.gettext("the white rook"), tr.gettext("white rook")
        if kind == 2:
            return tr.gettext("the white bishop"), tr.gettext("white bishop")
        return tr.gettext("the white knight"), tr.gettext("white knight")
    if kind == 0:
        return tr.gettext("the black king"), tr.gettext("black king")
    if kind == 1:
        return tr.gettext("the black rook"), tr.gettext("black rook")
    if kind == 2:
        return tr.gettext("the black bishop"), tr.gettext("black bishop")
    return tr.gettext("the black knight"), tr.gettext("black knight")


def reason_words(reason: str, tr: Translator = ENGLISH) -> str:
    """An outcome's short reason (``checkmate``...) in ``tr``'s language."""
    return {
        "checkmate": tr.gettext("checkmate"),
        "threefold repetition": tr.gettext("threefold repetition"),
        "both players forfeit": tr.gettext("both players forfeit"),
        "turn limit": tr.gettext("turn limit"),
    }.get(reason, reason)


def kind_word(kind: int, tr: Translator = ENGLISH) -> str:
    """A kind of piece (0 king, 1 rook, 2 bishop, 3 knight) in a word, in ``tr``'s language."""
    return (tr.gettext("king"), tr.gettext("rook"), tr.gettext("bishop"), tr.gettext("knight"))[
        kind
    ]


def hand_words(state: CyclixState, tr: Translator = ENGLISH) -> list[str]:
    """Each side's hand in words (the pieces captured from it, waiting to re-enter)."""
    out = []
    for side in (0, 1):
        pieces = ", ".join(kind_word(kind, tr) for kind in state.hand(side)) or tr.gettext("empty")
        hand = (
            tr.gettext("White’s hand: {pieces}")
            if side == 0
            else tr.gettext("Black’s hand: {pieces}")
        )
        out.append(hand.format(pieces=pieces))
    return out


def action_news(
    state: CyclixState, action: int, child: CyclixState, tr: Translator = ENGLISH
) -> list[str]:
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
            owner = victim // 4
            piece = piece_words(owner, victim & 3, tr)[0]
            goes = (
                tr.gettext("{piece} goes to White’s hand")
                if owner == 0
                else tr.gettext("{piece} goes to Black’s hand")
            )
            news.append(goes.format(piece=piece))
        if state.piece_at(frm) & 3 == 0 and not re_kind:
            news.append(tr.gettext("the tile on {cell} vanishes").format(cell=SQUARE_NAMES[frm]))
    if child.outcome is None and child.in_check:
        news.append(tr.gettext("check"))
    return news


def turn_mark(state: CyclixState) -> str:
    """``+`` after a move that gives check, ``#`` after checkmate (as chess writes them)."""
    if state.outcome is not None:
        return "#" if state.outcome.reason == "checkmate" else ""
    return "+" if state.in_check else ""
