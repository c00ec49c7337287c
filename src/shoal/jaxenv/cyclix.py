"""Cyclix (king_sight always, 1000 turns) as a JAX environment: env id ``cyclix``.

The core protocol's 9,605 action ids (``(from * 49 + to) * 4 + re``, ``re`` the
piece re-entering on the king's origin: 0 none, 1 rook, 2 bishop, 3 knight;
``pass`` 9604) and its ``(16, 7, 7)`` observation planes; squares are
``rank * 7 + file``. The eight pieces are their squares (White K R B N, then
Black's; -1 in hand) and the tiles a boolean board.

Lines are tables: for every pair of squares, whether they share a rank or file,
a diagonal or any of the eight lines, and the squares strictly between them,
so "attacked" (a knight's jump, a rook or bishop with nothing between, the
enemy king with no tile between) is a few gathers, and the check after every
candidate move is computed for all 49 targets at once (``vmap``). Threefold
repetition keeps the keys (tiles, side, pieces) of the positions since the
last tile was removed, as the C engine does: up to 96, the oldest forgotten
beyond (random games stay far below).
"""

from __future__ import annotations

from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

from .core import Array, Env, State, finish, state_class

__all__ = ["CyclixEnv", "CyclixState"]

NSQ = 49
PASS = NSQ * NSQ * 4
MAX_TURNS = 1000
HMAX = 96
START = (0, 16, 7, 8, 48, 32, 41, 40)  # White K a1 R c3 B a2 N b2; Black K g7 R e5 B g6 N f6
KEY = NSQ + 1 + 8


def _tables() -> dict[str, np.ndarray[Any, Any]]:
    lines = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1))
    orth = np.zeros((NSQ, NSQ), bool)
    diag = np.zeros((NSQ, NSQ), bool)
    between = np.zeros((NSQ, NSQ, NSQ), bool)
    adjacent = np.zeros((NSQ, NSQ), bool)
    knight = np.zeros((NSQ, NSQ), bool)
    for s in range(NSQ):
        f0, r0 = s % 7, s // 7
        for d, (df, dr) in enumerate(lines):
            f, r = f0 + df, r0 + dr
            passed: list[int] = []
            while 0 <= f < 7 and 0 <= r < 7:
                t = r * 7 + f
                (orth if d < 4 else diag)[s, t] = True
                between[s, t, passed] = True
                if not passed:
                    adjacent[s, t] = True
                passed.append(t)
                f, r = f + df, r + dr
        for df, dr in ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)):
            if 0 <= f0 + df < 7 and 0 <= r0 + dr < 7:
                knight[s, (r0 + dr) * 7 + f0 + df] = True
    return {
        "orth": orth,
        "diag": diag,
        "line": orth | diag,
        "between": between,
        "adjacent": adjacent,
        "knight": knight,
    }


T = _tables()


class CyclixGame(NamedTuple):
    """The game arrays."""

    sq: Array  # int32 (8,): White K R B N, Black K R B N; -1 in hand
    tiles: Array  # bool (49,)
    side: Array  # int32: the side to move (0 White = seat 0)
    forfeits: Array  # int32: passes in a row (up to 2)
    ply: Array  # int32
    hist: Array  # int8 (96, 58): keys since the last tile was removed
    nhist: Array  # int32


@state_class
class CyclixState(State):
    """A Cyclix state (see :mod:`shoal.jaxenv.core`)."""


def _attacked(k: Array, occ: Array, tiles: Array, enemy: Array) -> Array:
    """Is square ``k`` attacked by the enemy pieces ``enemy`` (K R B N squares, -1 absent)?"""
    j = {name: jnp.asarray(value) for name, value in T.items()}
    ek, er, eb, en = (jnp.maximum(enemy[i], 0) for i in range(4))
    knight = (enemy[3] >= 0) & j["knight"][en, k]
    rook = (enemy[1] >= 0) & j["orth"][er, k] & ~jnp.any(j["between"][er, k] & occ)
    bishop = (enemy[2] >= 0) & j["diag"][eb, k] & ~jnp.any(j["between"][eb, k] & occ)
    king = j["line"][ek, k] & ~jnp.any(j["between"][ek, k] & tiles)
    return knight | rook | bishop | king


def _generate(sq: Array, tiles: Array, side: Array) -> tuple[Array, Array]:
    """The legal moves (a mask over the 9,604 move ids, no pass) and whether in check."""
    j = {name: jnp.asarray(value) for name, value in T.items()}
    squares = jnp.arange(NSQ)
    own = jnp.where(side == 0, sq[:4], sq[4:])
    enemy = jnp.where(side == 0, sq[4:], sq[:4])

    def board(pieces: Array) -> Array:
        return jnp.any((squares[None, :] == pieces[:, None]) & (pieces[:, None] >= 0), axis=0)

    own_bb, enemy_bb = board(own), board(enemy)
    occ = own_bb | enemy_bb
    k = own[0]
    check = _attacked(k, occ, tiles, enemy)

    def without_captured(t: Array) -> Array:
        return jnp.where(enemy == t, -1, enemy)

    moves = jnp.zeros((NSQ, NSQ, 4), bool)
    for kind in (1, 2, 3):
        s = jnp.maximum(own[kind], 0)
        if kind == 3:
            reach = j["knight"][s]
        else:
            line = j["orth"] if kind == 1 else j["diag"]
            reach = line[s] & ~jnp.any(j["between"][s] & occ[None, :], axis=1)
        cand = (own[kind] >= 0) & reach & ~own_bb
        sb = squares == s

        def safe(t: Array, sb: Array = sb) -> Array:
            tb = squares == t
            new_tiles = jnp.where(tiles[t], tiles, (tiles & ~sb) | tb)
            return ~_attacked(k, (occ & ~sb) | tb, new_tiles, without_captured(t))

        legal = cand & jax.vmap(safe)(squares)
        moves = moves | (sb[:, None, None] & legal[None, :, None] & (jnp.arange(4) == 0))
    kb = squares == k
    sees = j["line"][k] & tiles & ~jnp.any(j["between"][k] & tiles[None, :], axis=1)
    cand = jnp.where(check, j["adjacent"][k] & tiles, sees) & ~own_bb

    def king_safe(t: Array) -> Array:
        tb = squares == t
        return ~_attacked(t, (occ & ~kb) | tb, tiles & ~kb, without_captured(t))

    plain = cand & jax.vmap(king_safe)(squares)
    in_hand = own[1:] < 0
    reentry = plain[:, None] & ~enemy_bb[:, None] & ~check & in_hand[None, :]
    king_moves = jnp.concatenate([plain[:, None], reentry], axis=1)  # (to, re)
    moves = moves | (kb[:, None, None] & king_moves[None])
    return moves.reshape(-1), check


def _key(g: CyclixGame) -> Array:
    return jnp.concatenate(
        [g.tiles.astype(jnp.int8), g.side.astype(jnp.int8)[None], g.sq.astype(jnp.int8)]
    )


class CyclixEnv(Env):
    """Cyclix (Christian Freeling): Shakti kings on a board of tiles that disappears."""

    env_id = "cyclix"
    num_actions_ = PASS + 1
    observation_shape_ = (16, 7, 7)

    def _settle(self, state: State, g: CyclixGame) -> State:
        """The outcome and legal actions of a new position (the C engine's ``settle``)."""
        forfeit = g.forfeits >= 2
        key = _key(g)
        seen = jnp.sum(jnp.all(g.hist == key[None], axis=1) & (jnp.arange(HMAX) < g.nhist))
        repeated = seen >= 2
        moves, check = _generate(g.sq, g.tiles, g.side)
        stuck = ~jnp.any(moves)
        mated = stuck & check
        limit = g.ply >= MAX_TURNS
        over = forfeit | repeated | mated | limit
        winner = jnp.where(~forfeit & ~repeated & mated, 1 - g.side, -1)
        mask = jnp.concatenate([moves, (stuck & ~check)[None]]) & ~over
        state = state.replace(_game=g, current_player=g.side, legal_action_mask=mask)
        return finish(state, over, winner)

    def _init(self, key: Array) -> State:
        tiles = jnp.ones(NSQ, bool)
        game = CyclixGame(
            sq=jnp.asarray(START, dtype=jnp.int32),
            tiles=tiles,
            side=jnp.int32(0),
            forfeits=jnp.int32(0),
            ply=jnp.int32(0),
            hist=jnp.zeros((HMAX, KEY), jnp.int8),
            nhist=jnp.int32(0),
        )
        state = self._new_state(CyclixState, game, jnp.int32(0), jnp.zeros(PASS + 1, bool))
        return self._settle(state, game)

    def _step(self, state: State, action: Array, key: Array) -> State:
        g: CyclixGame = state._game
        squares = jnp.arange(NSQ)
        side = g.side
        o = 4 * side
        is_pass = action == PASS
        re = action & 3
        frm = jnp.minimum(action >> 2, NSQ * NSQ - 1) // NSQ
        to = (action >> 2) % NSQ
        slots = jnp.arange(8)
        mover = jnp.argmax((slots >= o) & (slots < o + 4) & (g.sq == frm))
        is_king = mover == o
        king_plain = ~is_pass & is_king & (re == 0)
        # the key before the move joins the history, unless a tile goes (the king's plain move)
        before = _key(g)
        full = g.nhist == HMAX
        hist = jnp.where(full, jnp.roll(g.hist, -1, axis=0), g.hist)
        count = jnp.where(full, HMAX - 1, g.nhist)
        pushed = hist.at[count].set(before)
        hist = jnp.where(king_plain, jnp.zeros_like(g.hist), pushed)
        nhist = jnp.where(king_plain, 0, count + 1)
        captured = jnp.argmax(g.sq == to)
        sq = jnp.where(jnp.any(g.sq == to), g.sq.at[captured].set(-1), g.sq)
        sq = sq.at[mover].set(to)
        sq = jnp.where(is_king & (re > 0), sq.at[o + re].set(frm), sq)
        frm_b, to_b = squares == frm, squares == to
        tiles = jnp.where(
            is_king,
            jnp.where(re > 0, g.tiles, g.tiles & ~frm_b),
            jnp.where(g.tiles[to], g.tiles, (g.tiles & ~frm_b) | to_b),
        )
        game = CyclixGame(
            sq=jnp.where(is_pass, g.sq, sq),
            tiles=jnp.where(is_pass, g.tiles, tiles),
            side=1 - side,
            forfeits=jnp.where(is_pass, jnp.minimum(g.forfeits + 1, 2), 0),
            ply=g.ply + 1,
            hist=hist,
            nhist=nhist,
        )
        return self._settle(state, game)

    def _observe(self, state: State, player_id: Array) -> Array:
        g: CyclixGame = state._game
        squares = jnp.arange(NSQ)
        mine = jnp.where(player_id == 0, g.sq[:4], g.sq[4:])
        theirs = jnp.where(player_id == 0, g.sq[4:], g.sq[:4])
        on_board = (squares[None, :] == jnp.concatenate([mine, theirs])[:, None]).astype(
            jnp.float32
        )
        hand = jnp.concatenate([mine[1:] < 0, theirs[1:] < 0]).astype(jnp.float32)
        live = ~state.terminated & (state.current_player == player_id)
        planes = jnp.concatenate(
            [
                g.tiles.astype(jnp.float32)[None],
                on_board,
                jnp.broadcast_to(hand[:, None], (6, NSQ)),
                jnp.broadcast_to(live.astype(jnp.float32), (1, NSQ)),
            ]
        )
        return planes.reshape(16, 7, 7)
