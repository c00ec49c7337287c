"""What the AI knows about Cyclix: features, an evaluation in [-1, 1], hints in words.

>>> from shoal.games.cyclix import Cyclix
>>> game = Cyclix()
>>> game.evaluate(game.initial(), 0)
0.0
>>> s = game.load("......k/.....nb/....r../......./..R..../BN...../K...... w - - 0 0")
>>> explain(s, s.parse_action("Rc3-e3"))
'attacks along the e-file, toward the black rook'
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from shoal.core.words import ENGLISH, Translator

from .geometry import ADJACENT_BB, KINDS, PASS, RAYS, SQUARE_NAMES, decode
from .notation import KIND_NAMES
from .rules import CyclixState, attacked

__all__ = ["PIECE_VALUES", "WEIGHTS", "evaluate", "explain", "feature_words", "features"]

PIECE_VALUES = (0.0, 5.0, 3.0, 3.0)
"""Value of a king, rook, bishop, knight on the board (in pawns, chess-like)."""
HAND_SHARE = 0.6
"""A piece in hand counts this share of its value: it returns only with a king move."""
WEIGHTS = {
    "material": 1.0,
    "hand": 1.0,
    "king_mobility": 0.35,
    "king_tiles": 0.45,
    "in_check": -0.8,
}
"""Weights of the features (all from White's point of view) in the evaluation."""
_SCALE = 6.0


def _king_view(state: CyclixState, side: int) -> tuple[int, int]:
    """(first tiles the king sees that are not its own pieces, tiled adjacent squares)."""
    sq = state.pieces
    k = sq[4 * side]
    tiles = state.tiles
    own = 0
    for s in sq[4 * side : 4 * side + 4]:
        if s >= 0:
            own |= 1 << s
    mobility = 0
    for ray in RAYS[k]:
        for t in ray:
            if tiles >> t & 1:
                if not own >> t & 1:
                    mobility += 1
                break
    return mobility, bin(ADJACENT_BB[k] & tiles).count("1")


def _checked(state: CyclixState, side: int) -> bool:
    sq = state.pieces
    e = 4 * (1 - side)
    occ = sum(1 << s for s in sq if s >= 0)
    return attacked(sq[4 * side], occ, state.tiles, sq[e], sq[e + 1], sq[e + 2], sq[e + 3])


def features(state: CyclixState) -> dict[str, float]:
    """Named features, each White's value minus Black's."""
    sq = state.pieces
    material = [0.0, 0.0]
    hand = [0.0, 0.0]
    for index, s in enumerate(sq):
        value = PIECE_VALUES[index & 3]
        if s >= 0:
            material[index // 4] += value
        else:
            hand[index // 4] += value * HAND_SHARE
    views = [_king_view(state, side) for side in (0, 1)]
    checks = [float(_checked(state, side)) for side in (0, 1)]
    return {
        "material": material[0] - material[1],
        "hand": hand[0] - hand[1],
        "king_mobility": float(views[0][0] - views[1][0]),
        "king_tiles": float(views[0][1] - views[1][1]),
        "in_check": checks[0] - checks[1],
    }


def feature_words(names: Iterable[str], tr: Translator = ENGLISH) -> dict[str, str]:
    """The features' names in words in ``tr``'s language (``Game.feature_words``)."""
    said = {
        "material": tr.gettext("material"),
        "hand": tr.gettext("hand"),
        "king_mobility": tr.gettext("king mobility"),
        "king_tiles": tr.gettext("king tiles"),
        "in_check": tr.gettext("in check"),
    }
    return {name: said.get(name) or name.replace("_", " ") for name in names}


def evaluate(state: CyclixState, seat: int) -> float:
    """The value for ``seat`` in [-1, 1]: the outcome at the end, else squashed features."""
    if state.outcome is not None:
        return state.outcome.value_for(seat)
    score = sum(WEIGHTS[name] * value for name, value in features(state).items())
    value = 0.95 * math.tanh(score / _SCALE)
    return value if seat == 0 else -value


def explain(state: CyclixState, action: int, tr: Translator = ENGLISH) -> str:
    """A one-line reason in words for ``action``: mate, capture, check, re-entry, safety (in
    ``tr``'s language)."""
    from .words import piece_words, reason_words

    if action == PASS:
        return tr.gettext("forfeits the turn: no move is possible")
    after = state.child(action)
    side = state.side
    frm, to, re_kind = decode(action)
    target = state.piece_at(to)
    mover_kind = state.piece_at(frm) & 3
    parts = []
    if after.outcome is not None and after.outcome.reason == "checkmate":
        return tr.gettext("checkmates")
    if target >= 0:
        parts.append(
            (
                tr.gettext("captures the king"),
                tr.gettext("captures the rook"),
                tr.gettext("captures the bishop"),
                tr.gettext("captures the knight"),
            )[target & 3]
        )
    if re_kind:
        parts.append(
            {
                1: tr.gettext("brings the rook back from hand"),
                2: tr.gettext("brings the bishop back from hand"),
                3: tr.gettext("brings the knight back from hand"),
            }.get(re_kind, f"brings the {KIND_NAMES[re_kind]} back from hand")
        )
    if after.outcome is None and after.in_check:
        parts.append(tr.gettext("gives check"))
    if after.outcome is not None and after.outcome.winner is None:
        reason = reason_words(after.outcome.reason, tr)
        parts.append(tr.gettext("draws ({reason})").format(reason=reason))
    if parts:
        return tr.gettext(" and ").join(parts)
    if mover_kind and not state.tiles >> to & 1:
        return tr.gettext("carries its tile to {cell}").format(cell=SQUARE_NAMES[to])
    if mover_kind == 0:
        before = _king_view(state, side)[1]
        now = _king_view(after, side)[1]
        if now > before:
            return tr.gettext("moves the king where more tiles surround it")
        return tr.gettext("moves the king to {cell}, removing the tile behind it").format(
            cell=SQUARE_NAMES[to]
        )
    if mover_kind in (1, 2):
        enemy = 4 * (1 - side)
        for index in range(enemy + 1, enemy + 4):
            s = state.pieces[index]
            if s < 0:
                continue
            line = (to % 7 == s % 7, to // 7 == s // 7)
            if mover_kind == 1 and any(line):
                where = (
                    tr.gettext("{file}-file").format(file="abcdefg"[to % 7])
                    if line[0]
                    else tr.gettext("rank {n}").format(n=to // 7 + 1)
                )
                return tr.gettext("attacks along the {where}, toward {piece}").format(
                    where=where, piece=piece_words(1 - side, index & 3, tr)[0]
                )
    return tr.gettext("improves the position ({piece} to {cell})").format(
        piece=KINDS[mover_kind], cell=SQUARE_NAMES[to]
    )
