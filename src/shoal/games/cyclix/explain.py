"""Cyclix: why a move is illegal, in words (the reasons behind every refusal).

>>> from shoal.games import get
>>> state = get("cyclix").initial()
>>> illegal_reason(state, "Ka1-a3")
'the king on a1 sees the tile on a2 first in that direction'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shoal.core.words import ENGLISH, Translator

from .geometry import (
    BETWEEN_ANY,
    BETWEEN_DIAG,
    BETWEEN_ORTH,
    KINDS,
    KNIGHT,
    PASS,
    SQUARE_NAMES,
    Bitboard,
    decode,
    encode,
    square_of,
)
from .notation import KIND_NAMES, MOVE_RE, SIDE_NAMES

if TYPE_CHECKING:
    from .rules import CyclixState

__all__ = ["illegal_action_reason", "illegal_reason"]


def _reaches(sq: tuple[int, ...], kind: int, frm: int, to: int, occ: Bitboard) -> bool:
    """True when a rook, bishop or knight on ``frm`` reaches ``to`` (pieces block)."""
    if kind == 3:
        return to in KNIGHT[frm]
    table = BETWEEN_ORTH if kind == 1 else BETWEEN_DIAG
    m = table[frm * 49 + to]
    return m >= 0 and not m & occ


def _piece_name(index: int, square: int) -> str:
    """``"the black rook on e5"``."""
    return f"the {SIDE_NAMES[index // 4]} {KIND_NAMES[index & 3]} on {SQUARE_NAMES[square]}"


def _after(
    sq: tuple[int, ...], tiles: Bitboard, side: int, frm: int, to: int, re_kind: int
) -> tuple[tuple[int, ...], Bitboard]:
    """The pieces and tiles after the move ``frm``-``to`` (plainly, for explanations)."""
    new = list(sq)
    o = 4 * side
    mover = new.index(frm, o, o + 4)
    for j in range(4 - o, 8 - o):
        if new[j] == to:
            new[j] = -1
    new[mover] = to
    if mover == o:
        if re_kind:
            new[o + re_kind] = frm
        else:
            tiles &= ~(1 << frm)
    elif not tiles >> to & 1:
        tiles = tiles & ~(1 << frm) | 1 << to
    return tuple(new), tiles


def _attackers(
    sq: tuple[int, ...], tiles: Bitboard, side: int, free: bool = False, kings: bool = True
) -> list[int]:
    """The enemy pieces (indices) that attack ``side``'s king (without the enemy king unless
    ``kings``). Under ``king_sight=free`` (``free``) an enemy king in check from a rook, bishop
    or knight of ``side`` attacks only its adjacent tiles."""
    k = sq[4 * side]
    occ = sum(1 << s for s in sq if s >= 0)
    out = []
    for j in range(4 - 4 * side, 8 - 4 * side):
        s = sq[j]
        kind = j & 3
        if s < 0 or (kind == 0 and not kings):
            continue
        if kind == 3:
            hit = k in KNIGHT[s]
        else:
            table = (BETWEEN_ANY, BETWEEN_ORTH, BETWEEN_DIAG)[kind]
            m = table[s * 49 + k]
            hit = m >= 0 and not m & (tiles if kind == 0 else occ)
            if hit and kind == 0 and m and free:
                hit = not _attackers(sq, tiles, 1 - side, kings=False)
        if hit:
            out.append(j)
    return out


def _king_note(state: CyclixState, index: int) -> str:
    """What an attack by the enemy king (piece ``index``) adds to its name."""
    if index & 3:  # a rook, bishop or knight
        return ""
    if state.game.options.king_sight != "free":
        return " (the kings would see each other)"
    own = SIDE_NAMES[state.side]
    return (
        f" (the kings would see each other and no {own} rook, bishop or knight would check "
        "that king: king_sight=free frees the kings only then)"
    )


def _attacked_reason(state: CyclixState, frm: int, to: int, re_kind: int) -> str:
    """Why a move that otherwise follows the rules leaves the mover's king attacked."""
    side = state.side
    sq, tiles = _after(state.pieces, state.tiles, side, frm, to, re_kind)
    free = state.game.options.king_sight == "free"
    found = _attackers(sq, tiles, side, free)
    king = f"the {SIDE_NAMES[side]} king on {SQUARE_NAMES[sq[4 * side]]}"
    if not found:  # pragma: no cover - only called for moves the rules refused
        return f"it would leave {king} attacked"
    names = " and ".join(_piece_name(j, sq[j]) + _king_note(state, j) for j in found)
    still = "you are in check and " if state.in_check else ""
    return f"{still}{king} would {'still ' if still else ''}be attacked by {names}"


def illegal_action_reason(state: CyclixState, action: int) -> str:
    """Why the well-formed move ``action`` is not legal in ``state`` (player's words).

    >>> from shoal.games.cyclix import Cyclix
    >>> s = Cyclix().initial()
    >>> illegal_action_reason(s, encode(0, 1))
    'the white king on b1 would be attacked by the black bishop on g6'
    """
    side = state.side
    if action == PASS:
        return "pass is allowed only when you have no legal move"
    sq = state.pieces
    tiles = state.tiles
    frm, to, re_kind = decode(action)
    mover = state.piece_at(frm)
    if mover < 0:
        return f"there is no piece on {SQUARE_NAMES[frm]}"
    if mover // 4 != side:
        other = SIDE_NAMES[1 - side]
        return f"{SQUARE_NAMES[frm]} holds a {other} piece; it is {SIDE_NAMES[side]}'s turn"
    kind = mover & 3
    name = f"the {KIND_NAMES[kind]}"
    target = state.piece_at(to)
    if target >= 0 and target // 4 == side:
        return f"{SQUARE_NAMES[to]} holds a piece of your own"
    occ = sum(1 << s for s in sq if s >= 0)
    if kind:
        if re_kind:
            return "only a king move can re-enter a piece"
        if not _reaches(sq, kind, frm, to, occ):
            if kind == 3:
                return f"{SQUARE_NAMES[to]} is not a knight's jump from {SQUARE_NAMES[frm]}"
            line = "rank or file" if kind == 1 else "diagonal"
            between = (BETWEEN_ORTH if kind == 1 else BETWEEN_DIAG)[frm * 49 + to]
            if between < 0:
                return f"{SQUARE_NAMES[to]} is not on a {line} of {name}"
            blocker = min(
                (j for j in range(8) if sq[j] >= 0 and between >> sq[j] & 1),
                key=lambda j: BETWEEN_ANY[frm * 49 + sq[j]].bit_count(),
            )
            return (
                f"{_piece_name(blocker, sq[blocker])} stands between "
                f"{SQUARE_NAMES[frm]} and {SQUARE_NAMES[to]} (only pieces block)"
            )
        return _attacked_reason(state, frm, to, 0)
    between = BETWEEN_ANY[frm * 49 + to]
    if between < 0:
        return f"{SQUARE_NAMES[to]} is not on a line from the king on {SQUARE_NAMES[frm]}"
    if not tiles >> to & 1:
        return f"{SQUARE_NAMES[to]} has no tile: the king lands only on tiles"
    if state.in_check and between:
        return "in check the king may only step to an adjacent tile"
    if between & tiles:
        seen = min(
            (t for t in range(49) if between >> t & 1 and tiles >> t & 1),
            key=lambda t: BETWEEN_ANY[frm * 49 + t].bit_count(),
        )
        return (
            f"the king on {SQUARE_NAMES[frm]} sees the tile on {SQUARE_NAMES[seen]} "
            f"first in that direction"
        )
    if re_kind:
        if target >= 0:
            return "no re-entry when the king captures"
        if state.in_check:
            return "no re-entry when the king moves out of check"
        if sq[4 * side + re_kind] >= 0:
            return f"you have no {KIND_NAMES[re_kind]} in hand"
    return _attacked_reason(state, frm, to, re_kind)


def illegal_reason(state: CyclixState, text: str) -> str:
    """Why the well-formed ``text`` names no legal action in ``state``."""
    if text == "pass":
        return illegal_action_reason(state, PASS)
    match = MOVE_RE.match(text)
    assert match is not None  # check_notation ran first
    letter, frm_name, sep, to_name, suffix = match.groups()
    frm, to = square_of(frm_name), square_of(to_name)
    re_kind = KINDS.index(suffix[1]) if suffix and suffix.startswith("=") else 0
    mover = state.piece_at(frm)
    side = state.side
    if mover >= 0 and mover // 4 == side and KINDS[mover & 3] != letter:
        wrong = KIND_NAMES[KINDS.index(letter)]
        return f"{frm_name} holds the {KIND_NAMES[mover & 3]}, not the {wrong}"
    action = encode(frm, to, re_kind)
    if action in state.legal_actions():
        return f"write it {state.action_text(action)}"
    del sep
    return illegal_action_reason(state, action)


def action_label(text: str, tr: Translator = ENGLISH) -> str:
    """A move's notation in words, for menus, buttons and a screen reader (in ``tr``'s
    language).

    >>> action_label("Nb2-c4"), action_label("Rc3xe5"), action_label("Rc3-c7^")
    ('Knight b2 to c4', 'Rook c3 takes on e5', 'Rook c3 to c7, carrying its tile')
    >>> action_label("Ka1-a3=N"), action_label("pass")
    ('King a1 to a3, the knight back on a1', 'Pass (no move is possible)')
    """
    match = MOVE_RE.match(text)
    if match is None:
        return tr.gettext("Pass (no move is possible)") if text == "pass" else text
    letter, frm, how, to, extra = match.groups()
    piece = (tr.gettext("King"), tr.gettext("Rook"), tr.gettext("Bishop"), tr.gettext("Knight"))[
        "KRBN".index(letter)
    ]
    if how == "x":
        words = tr.gettext("{piece} {a} takes on {b}").format(piece=piece, a=frm, b=to)
    else:
        words = tr.gettext("{piece} {a} to {b}").format(piece=piece, a=frm, b=to)
    if extra == "^":
        return tr.gettext("{move}, carrying its tile").format(move=words)
    if extra:
        back = {
            "R": tr.gettext("{move}, the rook back on {a}"),
            "B": tr.gettext("{move}, the bishop back on {a}"),
            "N": tr.gettext("{move}, the knight back on {a}"),
        }.get(extra[1])
        if back is not None:
            return back.format(move=words, a=frm)
    return words
