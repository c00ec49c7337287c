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

from . import notation
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


def generate(sq: tuple[int, ...], tiles: Bitboard, side: int) -> tuple[list[Action], bool]:
    """The legal moves of ``side`` (no pass) and whether its king is in check."""
    o = 4 * side
    e = 4 - o
    k = sq[o]
    ek, er, eb, en = sq[e], sq[e + 1], sq[e + 2], sq[e + 3]
    own = 0
    for s in sq[o : o + 4]:
        if s >= 0:
            own |= 1 << s
    enemy = 0
    for s in sq[e : e + 4]:
        if s >= 0:
            enemy |= 1 << s
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
        if not check and not attacked(k, occ_wo, tiles ^ sb, ek, er, eb, en):
            # Nothing attacks the king even with this piece and its tile gone; adding a
            # piece or a tile, or removing an enemy, only blocks more: every move is legal.
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
    hand = [kind for kind in (ROOK, BISHOP, KNIGHT_KIND) if sq[o + kind] < 0]
    base = k * 196
    for ray in RAYS[k]:
        if not ray:
            continue
        if check:
            t = ray[0]
            if not tiles >> t & 1:
                continue
        else:
            for t in ray:
                if tiles >> t & 1:
                    break
            else:
                continue
        tb = 1 << t
        if own & tb:
            continue
        no = occ_wo | tb
        if enemy & tb:
            if not attacked(
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
        if not attacked(t, no, tiles_wo, ek, er, eb, en):
            append(base + t * 4)
        if hand and not check and not attacked(t, no | kb, tiles, ek, er, eb, en):
            for kind in hand:
                append(base + t * 4 + kind)
    return out, check


def position_key(sq: Sequence[int], tiles: Bitboard, side: int) -> int:
    """An exact int for (pieces, tiles, hands, side to move): the repetition key.

    >>> position_key((0,) * 8, 1, 0) == 1 + sum(1 << (50 + 6 * i) for i in range(8))
    True
    """
    key = tiles | side << 49
    shift = 50
    for s in sq:
        key |= (s + 1) << shift
        shift += 6
    return key


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
        ft, re = divmod(action, 4)
        frm, to = divmod(ft, NUM_SQUARES)
        sq = list(self._sq)
        o = 4 * side
        mover = sq.index(frm, o, o + 4)
        e = 4 - o
        for j in range(e, e + 4):
            if sq[j] == to:
                sq[j] = -1
                break
        sq[mover] = to
        tiles = self._tiles
        hist: tuple[int, ...]
        if mover == o:
            if re:
                sq[o + re] = frm
                hist = (*self._hist, self._key)
            else:
                tiles ^= 1 << frm
                hist = ()
        else:
            if not tiles >> to & 1:
                tiles = (tiles ^ (1 << frm)) | (1 << to)
            hist = (*self._hist, self._key)
        return CyclixState(self.game, tuple(sq), tiles, 1 - side, hist, 0, self._ply + 1)

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
        return notation.illegal_reason(self, text)

    def explain_illegal(self, action: Action) -> str:
        return notation.illegal_action_reason(self, action)
