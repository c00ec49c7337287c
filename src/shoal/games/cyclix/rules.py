"""Cyclix rules: the state, legal actions, moves and the end of the game (pure).

A position is eight piece locations, a tile bitboard and the side to move:

* ``sq``: a tuple of eight squares, White king, rook, bishop, knight, then
  Black king, rook, bishop, knight (piece index ``4 * side + kind``, kinds
  ``KING, ROOK, BISHOP, KNIGHT = 0, 1, 2, 3``); ``-1`` means the piece is in its
  owner's hand (kings are never captured);
* ``tiles``: the squares that still hold a tile (every piece stands on one);
* the side to move (0 White, 1 Black; White is seat 0 and moves first).

Actions: ``(from * 49 + to) * 4 + reentry`` for a move (``reentry`` 0 none, 1
rook, 2 bishop, 3 knight re-entered on the king's origin), and :data:`PASS`
(``9604``) for a forfeited turn.

Repetition: each state carries the keys of the earlier positions since the last
tile was removed (a king move without re-entry is the only move that can never
be undone: the number of tiles only ever goes down). A position seen for the
third time draws.

>>> from shoal.games.cyclix import Cyclix
>>> s = Cyclix().initial()
>>> len(s.legal_actions()), s.to_move
(22, 0)
>>> s.apply_text("Nb2-c4").position()
'......k/.....nb/....r../..N..../..R..../B....../K...... b - k030y6mpexcktp0sc1r 0 1'
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from shoal.core import Action, Outcome, State

from . import explain, notation
from .geometry import (
    BETWEEN_ANY,
    BETWEEN_DIAG,
    BETWEEN_ORTH,
    BISHOP,
    KING,
    KNIGHT,
    KNIGHT_BB,
    KNIGHT_KIND,
    NUM_ACTIONS,
    NUM_SQUARES,
    PASS,
    RAYS,
    ROOK,
    Bitboard,
    Square,
    decode,
    encode,
)

if TYPE_CHECKING:
    from .game import Cyclix

__all__ = [
    "BISHOP",
    "BOTH_FORFEITS_DRAW",
    "KING",
    "KNIGHT_KIND",
    "NUM_ACTIONS",
    "PASS",
    "ROOK",
    "CyclixState",
    "attacked",
    "decode",
    "encode",
    "generate",
    "position_key",
]


def _slide_table() -> tuple[dict[int, tuple[tuple[int, ...], int, int]], ...]:
    """``[s * 8 + d][blockers on the ray]``: (actions to the free squares, first blocker
    square or -1, the action onto it); blockers are ``occ & RAY_MASK[s * 8 + d]``."""
    tables = []
    for s in range(NUM_SQUARES):
        for ray in RAYS[s]:
            table: dict[int, tuple[tuple[int, ...], int, int]] = {}
            for bits in range(1 << len(ray)):
                blockers = sum(1 << t for i, t in enumerate(ray) if bits >> i & 1)
                free: list[int] = []
                stop = -1
                for t in ray:
                    if blockers >> t & 1:
                        stop = t
                        break
                    free.append(encode(s, t))
                table[blockers] = (tuple(free), stop, encode(s, stop) if stop >= 0 else -1)
            tables.append(table)
    return tuple(tables)


_SLIDE = _slide_table()
_RAY_MASK = tuple(sum(1 << t for t in ray) for s in range(NUM_SQUARES) for ray in RAYS[s])
_BIT = (*(1 << s for s in range(NUM_SQUARES)), 0)
"""``_BIT[s]``: the bitboard of square ``s``; ``_BIT[-1]`` (a piece in hand) is empty."""
_ADJACENT = tuple(ray[0] if ray else -1 for s in range(NUM_SQUARES) for ray in RAYS[s])
"""``_ADJACENT[s * 8 + d]``: the square next to ``s`` in direction ``d``, or -1."""
_HANDS = tuple(tuple(kind for kind in (1, 2, 3) if mask >> (kind - 1) & 1) for mask in range(8))
"""``_HANDS[mask]``: the kinds in hand (bit 0 rook, 1 bishop, 2 knight), in kind order."""
_KNIGHT_ACTS = tuple(tuple((t, encode(s, t)) for t in KNIGHT[s]) for s in range(NUM_SQUARES))

BOTH_FORFEITS_DRAW = True
"""[decision] Two forfeited turns in a row (neither player can move) end the game in a draw.
Without it the game would go on passing until the position recurs a third time."""

CHECKMATE = (Outcome(0, "checkmate"), Outcome(1, "checkmate"))
THREEFOLD = Outcome(None, "threefold repetition")
BOTH_FORFEIT = Outcome(None, "both players forfeit")
TURN_LIMIT = Outcome(None, "turn limit")


def attacked(k: Square, occ: Bitboard, tiles: Bitboard, ek: int, er: int, eb: int, en: int) -> bool:
    """True when square ``k`` is attacked by the enemy king, rook, bishop, knight.

    ``occ`` is every occupied square, ``tiles`` every tiled square; a piece
    square of ``-1`` is a piece in hand. Rooks and bishops are stopped only by
    pieces; the king attacks the first tile it sees along each line.
    """
    if en >= 0 and KNIGHT_BB[en] >> k & 1:
        return True
    if er >= 0:
        m = BETWEEN_ORTH[er * 49 + k]
        if m >= 0 and not m & occ:
            return True
    if eb >= 0:
        m = BETWEEN_DIAG[eb * 49 + k]
        if m >= 0 and not m & occ:
            return True
    m = BETWEEN_ANY[ek * 49 + k]
    return m >= 0 and not m & tiles


def generate(
    sq: tuple[int, ...], tiles: Bitboard, side: int, pseudo: bool = False
) -> tuple[list[Action], bool]:
    """The legal moves of ``side`` (no pass) and whether its king is in check.

    With ``pseudo`` the moves ignore the safety of the mover's own king (for the
    ``king_sight=free`` reading, which decides that by itself, in :mod:`.sight`).
    """
    o = 4 * side
    e = 4 - o
    k = sq[o]
    ek, er, eb, en = sq[e], sq[e + 1], sq[e + 2], sq[e + 3]
    own = _BIT[k] | _BIT[sq[o + 1]] | _BIT[sq[o + 2]] | _BIT[sq[o + 3]]
    enemy = _BIT[ek] | _BIT[er] | _BIT[eb] | _BIT[en]
    occ = own | enemy
    check = attacked(k, occ, tiles, ek, er, eb, en)
    out: list[Action] = []
    append = out.append
    for kind in (ROOK, BISHOP, KNIGHT_KIND):
        s = sq[o + kind]
        if s < 0:
            continue
        sb = 1 << s
        if kind == KNIGHT_KIND:
            moves = [a for t, a in _KNIGHT_ACTS[s] if not own >> t & 1]
        else:
            moves = []
            first = 0 if kind == ROOK else 4
            for index in range(s * 8 + first, s * 8 + first + 4):
                free, stop, onto = _SLIDE[index][occ & _RAY_MASK[index]]
                moves += free
                if stop >= 0 and enemy >> stop & 1:
                    moves.append(onto)
        occ_wo = occ ^ sb
        if pseudo or (
            not check
            and (BETWEEN_ANY[s * 49 + k] < 0 or not attacked(k, occ_wo, tiles ^ sb, ek, er, eb, en))
        ):
            # Nothing attacks the king even with this piece and its tile gone (certainly
            # not when the piece is on no line of the king); adding a piece or a tile, or
            # removing an enemy, only blocks more: every move is legal.
            out += moves
            continue
        for a in moves:
            t = (a >> 2) % NUM_SQUARES
            tb = 1 << t
            nt = tiles if tiles & tb else (tiles ^ sb) | tb
            if enemy & tb:
                bad = attacked(
                    k,
                    occ_wo | tb,
                    nt,
                    ek,
                    -1 if er == t else er,
                    -1 if eb == t else eb,
                    -1 if en == t else en,
                )
            else:
                bad = attacked(k, occ_wo | tb, nt, ek, er, eb, en)
            if not bad:
                append(a)
    kb = 1 << k
    occ_wo = occ ^ kb
    tiles_wo = tiles ^ kb
    # Re-entry (never in check) is legal exactly when the plain king move is: the piece
    # on the origin only blocks more, and a line through the origin to the new square
    # would have reached the king there, which is not in check.
    hand = () if check else _HANDS[(sq[o + 1] < 0) | (sq[o + 2] < 0) << 1 | (sq[o + 3] < 0) << 2]
    base = k * 196
    for index in range(k * 8, k * 8 + 8):
        if check:
            t = _ADJACENT[index]
            if t < 0 or not tiles >> t & 1:
                continue
        else:
            t = _SLIDE[index][tiles & _RAY_MASK[index]][1]  # the first tile in sight
            if t < 0:
                continue
        tb = 1 << t
        if own & tb:
            continue
        no = occ_wo | tb
        if enemy & tb:
            if pseudo or not attacked(
                t,
                no,
                tiles_wo,
                ek,
                -1 if er == t else er,
                -1 if eb == t else eb,
                -1 if en == t else en,
            ):
                append(base + t * 4)
            continue
        if pseudo or not attacked(t, no, tiles_wo, ek, er, eb, en):
            append(base + t * 4)
            for kind in hand:
                append(base + t * 4 + kind)
    return out, check


def apply_move(
    sq: tuple[int, ...], tiles: Bitboard, side: int, action: Action
) -> tuple[tuple[int, ...], Bitboard, bool]:
    """The pieces and tiles after ``side`` moves (not a pass), and whether a tile vanished."""
    ft, re = divmod(action, 4)
    frm, to = divmod(ft, NUM_SQUARES)
    new = list(sq)
    o = 4 * side
    mover = new.index(frm, o, o + 4)
    if to in new:  # a capture: only an enemy piece can stand on a legal target
        new[new.index(to)] = -1
    new[mover] = to
    if mover == o:
        if re:
            new[o + re] = frm
            return tuple(new), tiles, False
        return tuple(new), tiles ^ (1 << frm), True
    if not tiles >> to & 1:
        tiles = (tiles ^ (1 << frm)) | (1 << to)
    return tuple(new), tiles, False


_KEY_FIELD = tuple(
    tuple((s + 1) << (50 + 6 * index) if s < NUM_SQUARES else 0 for s in range(NUM_SQUARES + 1))
    for index in range(8)
)
"""``_KEY_FIELD[index][square]``: piece ``index``'s field of the key; ``[-1]`` (in hand) is 0."""


def position_key(sq: Sequence[int], tiles: Bitboard, side: int) -> int:
    """An exact int for (pieces, tiles, hands, side to move): the repetition key.

    Bits 0..48 the tiles, bit 49 the side to move, then six bits per piece
    (White K R B N, Black K R B N): its square + 1, or 0 in hand.

    >>> position_key((0,) * 8, 1, 0) == 1 + sum(1 << (50 + 6 * i) for i in range(8))
    True
    """
    k0, k1, k2, k3, k4, k5, k6, k7 = _KEY_FIELD
    a, b, c, d, e, f, g, h = sq
    return (
        tiles
        | side << 49
        | k0[a] | k1[b] | k2[c] | k3[d] | k4[e] | k5[f] | k6[g] | k7[h]
    )  # fmt: skip


class CyclixState(State):
    """A Cyclix position with its repetition history, forfeit count and ply."""

    __slots__ = (
        "_sq",
        "_tiles",
        "_side",
        "_hist",
        "_forfeits",
        "_ply",
        "_key",
        "_legal",
        "_check",
    )

    game: Cyclix

    def __init__(
        self,
        game: Cyclix,
        sq: tuple[int, ...],
        tiles: Bitboard,
        side: int,
        hist: tuple[int, ...],
        forfeits: int,
        ply: int,
    ) -> None:
        self.game = game
        self._sq = sq
        self._tiles = tiles
        self._side = side
        self._hist = hist
        self._forfeits = forfeits
        self._ply = ply
        self.turn = ply
        key = self._key = position_key(sq, tiles, side)
        outcome: Outcome | None = None
        legal: Sequence[Action] = ()
        self._check = False
        if forfeits >= 2 and BOTH_FORFEITS_DRAW:
            outcome = BOTH_FORFEIT
        elif key in hist and hist.count(key) >= 2:
            outcome = THREEFOLD
        else:
            if game.options.king_sight == "free":
                from .sight import generate_free  # the other reading: sight imports this module

                moves, check = generate_free(sq, tiles, side)
            else:
                moves, check = generate(sq, tiles, side)
            self._check = check
            if moves:
                legal = tuple(moves)
            elif check:
                outcome = CHECKMATE[1 - side]
            else:
                legal = (PASS,)
            limit = game.options.max_turns
            if outcome is None and limit and ply >= limit:
                outcome = TURN_LIMIT
        if outcome is None:
            self.to_move = side
            self._legal = legal
        else:
            self.to_move = None
            self._legal = ()
        self.outcome = outcome

    # -- read access ------------------------------------------------------------
    @property
    def pieces(self) -> tuple[int, ...]:
        """The eight piece squares (White K R B N, Black K R B N; -1 in hand)."""
        return self._sq

    @property
    def tiles(self) -> Bitboard:
        """The bitboard of squares that hold a tile."""
        return self._tiles

    @property
    def side(self) -> int:
        """The side whose turn it is (or would be, once the game is over)."""
        return self._side

    @property
    def in_check(self) -> bool:
        """True when the side to move has its king attacked."""
        return self._check

    @property
    def history(self) -> tuple[int, ...]:
        """Keys of the earlier positions since the last tile was removed."""
        return self._hist

    @property
    def forfeits(self) -> int:
        """How many turns in a row have just been forfeited (0, 1 or 2)."""
        return self._forfeits

    def repetitions(self) -> int:
        """How many times this position has occurred (this time included)."""
        return self._hist.count(self._key) + 1

    def hand(self, side: int) -> tuple[int, ...]:
        """The kinds (ROOK, BISHOP, KNIGHT_KIND) in ``side``'s hand."""
        return tuple(k for k in (ROOK, BISHOP, KNIGHT_KIND) if self._sq[4 * side + k] < 0)

    def piece_at(self, square: Square) -> int:
        """The piece index (``4 * side + kind``) on ``square``, or -1."""
        try:
            return self._sq.index(square)
        except ValueError:
            return -1

    # -- protocol ----------------------------------------------------------------
    def legal_actions(self) -> Sequence[Action]:
        return self._legal

    def child(self, action: Action) -> CyclixState:
        side = self._side
        if action == PASS:
            return CyclixState(
                self.game,
                self._sq,
                self._tiles,
                1 - side,
                (*self._hist, self._key),
                min(self._forfeits + 1, 2),
                self._ply + 1,
            )
        sq, tiles, removed = apply_move(self._sq, self._tiles, side, action)
        hist = () if removed else (*self._hist, self._key)
        return CyclixState(self.game, sq, tiles, 1 - side, hist, 0, self._ply + 1)

    def key(self) -> Hashable:
        return (self._key, self._forfeits)

    def position(self) -> str:
        return notation.format_position(
            self._sq, self._tiles, self._side, self._hist, self._forfeits, self._ply
        )

    def action_text(self, action: Action) -> str:
        return notation.format_action(self._sq, self._tiles, action)

    def sides(self) -> tuple[str, str]:
        return ("white", "black")

    def normalize_text(self, text: str) -> str:
        return notation.normalize(text)

    def check_notation(self, text: str) -> None:
        notation.check_notation(text)

    def illegal_text_reason(self, text: str) -> str:
        return explain.illegal_reason(self, text)

    def explain_illegal(self, action: Action) -> str:
        return explain.illegal_action_reason(self, action)
