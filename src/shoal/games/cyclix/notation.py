"""Cyclix notation: move text and position strings.

Moves (always the piece letter and both squares):

* ``Nb2-c4`` a move to an empty tile, ``Rc3xe5`` a capture;
* ``Rc3-c7^`` a rook, bishop or knight carrying its tile to an untiled square;
* ``Ka1-a3`` a king move, ``Ka1xb2`` a king capture, ``Ka1-a3=N`` a king move
  with the knight re-entered from hand on the tile the king left;
* ``pass`` a forfeited turn (legal only when nothing else is).

Position string (one line, six fields separated by spaces)::

    ......k/.....nb/....r../......./..R..../BN...../K...... w - - 0 0

1. the board, rank 7 first, ``/`` between ranks, seven characters a rank from
   file a to g: ``K R B N`` White, ``k r b n`` Black (each on a tile), ``.``
   an empty tile, ``~`` a square without a tile (sea);
2. the side to move, ``w`` or ``b``;
3. the pieces in hand, White's in upper case then Black's, in the order
   R B N (``Rn``), or ``-``;
4. the repetition record: the earlier positions since the last tile was
   removed, each as its key (:func:`~shoal.games.cyclix.rules.position_key` in
   base 36) with ``*2`` when it occurred twice, comma-separated in increasing
   key order, or ``-``;
5. the number of turns forfeited in a row just before this position (0, 1,
   or 2 once both players have forfeited);
6. the number of turns played so far.

>>> from shoal.games.cyclix.geometry import square_of
>>> format_action((0, 16, 7, 8, 48, 32, 41, 40), -1, (7 * 49 + 16) * 4)
'Ba2xc3'
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from shoal.core import InvalidNotationError, InvalidPositionError

from .geometry import (
    FILES,
    KINDS,
    NUM_ACTIONS,
    PASS,
    SIZE,
    SQUARE_NAMES,
    Bitboard,
    decode,
)

if TYPE_CHECKING:
    pass

__all__ = [
    "KIND_NAMES",
    "MOVE_RE",
    "SIDE_NAMES",
    "START_POSITION",
    "PositionFields",
    "check_notation",
    "format_action",
    "format_position",
    "normalize",
    "parse_position",
]

START_POSITION = "......k/.....nb/....r../......./..R..../BN...../K...... w - - 0 0"
"""[decision, provisional] The start: White K a1, B a2, N b2, R c3; Black the same turned
180 degrees about d4 (K g7, B g6, N f6, R e5). The original diagram is lost: correct this
line when it is found."""

KIND_NAMES = ("king", "rook", "bishop", "knight")
SIDE_NAMES = ("white", "black")
_PIECE_CHARS = "KRBNkrbn"
MOVE_RE = re.compile(r"^([KRBN])([a-g][1-7])([-x])([a-g][1-7])(\^|=[RBN])?$")
"""A move in Cyclix notation: piece letter, from, ``-`` or ``x``, to, and ``^`` or ``=R/B/N``."""
_MAX_KEY = 1 << 98

PositionFields = tuple[tuple[int, ...], Bitboard, int, tuple[int, ...], int, int]
"""``(sq, tiles, side, history, forfeits, ply)`` as :class:`CyclixState` takes them."""


def format_action(sq: tuple[int, ...], tiles: Bitboard, action: int) -> str:
    """The notation of ``action`` in the position ``sq``/``tiles`` (see module doc)."""
    if action == PASS:
        return "pass"
    frm, to, re_kind = decode(action)
    mover = sq.index(frm)
    kind = mover & 3
    captured = to in sq
    text = f"{KINDS[kind]}{SQUARE_NAMES[frm]}{'x' if captured else '-'}{SQUARE_NAMES[to]}"
    if re_kind:
        return f"{text}={KINDS[re_kind]}"
    if kind and not tiles >> to & 1:
        return text + "^"
    return text


def normalize(text: str) -> str:
    """Canonical spelling: trimmed, ``pass`` in lower case, piece letters in upper case.

    >>> normalize("  nb2-c4 "), normalize("PASS"), normalize("ka1-a3=n")
    ('Nb2-c4', 'pass', 'Ka1-a3=N')
    """
    text = "".join(text.split())
    if text.lower() == "pass":
        return "pass"
    if len(text) >= 6 and text[0] in "krbn":
        text = text[0].upper() + text[1:]
    if len(text) == 8 and text[6] == "=":
        text = text[:7] + text[7].upper()
    return text


def check_notation(text: str) -> None:
    """Raise InvalidNotationError unless ``text`` is a move or ``pass`` in Cyclix notation."""
    if text == "pass":
        return
    match = MOVE_RE.match(text)
    if match is None:
        raise InvalidNotationError(
            f"{text!r} is not a Cyclix move: write e.g. Nb2-c4, Rc3xe5, Rc3-c7^, Ka1-a3=N or pass"
        )
    suffix = match.group(5) or ""
    if suffix.startswith("=") and match.group(1) != "K":
        raise InvalidNotationError(f"{text}: only a king move can re-enter a piece (=R, =B, =N)")
    if suffix == "^" and match.group(1) == "K":
        raise InvalidNotationError(f"{text}: the king never carries its tile (no ^)")


def _key_text(key: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = []
    while key:
        key, r = divmod(key, 36)
        out.append(digits[r])
    return "".join(reversed(out)) or "0"


def format_position(
    sq: tuple[int, ...],
    tiles: Bitboard,
    side: int,
    hist: tuple[int, ...],
    forfeits: int,
    ply: int,
) -> str:
    """The position string of the fields (see the module doc)."""
    board = ["~" if not tiles >> s & 1 else "." for s in range(49)]
    for index, s in enumerate(sq):
        if s >= 0:
            board[s] = _PIECE_CHARS[index]
    ranks = ["".join(board[r * SIZE : r * SIZE + SIZE]) for r in range(SIZE - 1, -1, -1)]
    hand = "".join(_PIECE_CHARS[i] for i in (1, 2, 3, 5, 6, 7) if sq[i] < 0) or "-"
    counts: dict[int, int] = {}
    for key in hist:
        counts[key] = counts.get(key, 0) + 1
    rep = ",".join(_key_text(k) + (f"*{c}" if c > 1 else "") for k, c in sorted(counts.items()))
    return f"{'/'.join(ranks)} {'wb'[side]} {hand} {rep or '-'} {forfeits} {ply}"


def parse_position(text: str) -> PositionFields:
    """The fields of a position string; InvalidPositionError with the reason if bad.

    >>> parse_position(START_POSITION)[:3]
    ((0, 16, 7, 8, 48, 32, 41, 40), 562949953421311, 0)
    """
    if not isinstance(text, str):
        raise InvalidPositionError(f"{text!r} is not a position string")
    fields = text.split()
    if len(fields) != 6:
        raise InvalidPositionError(
            f"{text!r}: expected six fields (board, side, hands, repetitions, forfeits, turns)"
        )
    board, side_text, hand_text, rep_text, forfeit_text, ply_text = fields
    ranks = board.split("/")
    if len(ranks) != SIZE or any(len(r) != SIZE for r in ranks):
        raise InvalidPositionError(f"{text!r}: the board needs 7 ranks of 7 squares")
    sq = [-2] * 8
    tiles = 0
    for row, rank_text in enumerate(ranks):
        rank = SIZE - 1 - row
        for file, char in enumerate(rank_text):
            s = rank * SIZE + file
            if char == "~":
                continue
            tiles |= 1 << s
            if char == ".":
                continue
            index = _PIECE_CHARS.find(char)
            if index < 0:
                raise InvalidPositionError(
                    f"{text!r}: {char!r} on {FILES[file]}{rank + 1} is not a piece, '.' or '~'"
                )
            if sq[index] != -2:
                raise InvalidPositionError(f"{text!r}: two pieces {char!r} on the board")
            sq[index] = s
    for index in (0, 4):
        if sq[index] < 0:
            raise InvalidPositionError(f"{text!r}: the {SIDE_NAMES[index // 4]} king is missing")
    if side_text not in ("w", "b"):
        raise InvalidPositionError(f"{text!r}: the side to move is w or b, not {side_text!r}")
    side = "wb".index(side_text)
    if hand_text != "-":
        for char in hand_text:
            index = _PIECE_CHARS.find(char)
            if index in (-1, 0, 4):
                raise InvalidPositionError(f"{text!r}: {char!r} cannot be in hand (R B N r b n)")
            if sq[index] != -2:
                raise InvalidPositionError(f"{text!r}: {char!r} is on the board or twice in hand")
            sq[index] = -1
        canonical = "".join(_PIECE_CHARS[i] for i in (1, 2, 3, 5, 6, 7) if sq[i] == -1)
        if canonical != hand_text:
            raise InvalidPositionError(f"{text!r}: write the hands in the order RBNrbn")
    missing = [_PIECE_CHARS[i] for i in range(8) if sq[i] == -2]
    if missing:
        raise InvalidPositionError(
            f"{text!r}: {', '.join(missing)} neither on the board nor in hand"
        )
    hist: list[int] = []
    if rep_text != "-":
        previous = -1
        for item in rep_text.split(","):
            key_text, _, count_text = item.partition("*")
            try:
                key = int(key_text, 36)
                count = int(count_text) if count_text else 1
            except ValueError:
                raise InvalidPositionError(
                    f"{text!r}: {item!r} is not a repetition key (base 36, optional *2)"
                ) from None
            if not 0 <= key < _MAX_KEY or _key_text(key) != key_text or count not in (1, 2):
                raise InvalidPositionError(f"{text!r}: bad repetition entry {item!r}")
            if count_text == "1" or key <= previous:
                raise InvalidPositionError(
                    f"{text!r}: repetition keys go in increasing order, *2 only for twice"
                )
            previous = key
            hist.extend([key] * count)
    if forfeit_text not in ("0", "1", "2"):
        raise InvalidPositionError(f"{text!r}: the forfeit count is 0, 1 or 2")
    if not (ply_text.isascii() and ply_text.isdigit()) or str(int(ply_text)) != ply_text:
        raise InvalidPositionError(f"{text!r}: the turn count {ply_text!r} is not a number")
    if int(ply_text) >= NUM_ACTIONS * 1000:
        raise InvalidPositionError(f"{text!r}: the turn count is too large")
    return tuple(sq), tiles, side, tuple(hist), int(forfeit_text), int(ply_text)
