"""Sytran (penalty 8, shortage ``flow``) as JAX environments: ``sytran_6``, ``sytran_8``,
``sytran_10`` (the board's base).

The core protocol's action ids (a cell id, numbered ring by ring from the
centre; the swap is ``num_cells``) and its ``(8, 2B - 1, 2B - 1)`` observation
planes over the axial grid. The board is one int8 per cell (-1 empty, else the
colour: 0 White, 1 Black); the turn's progress is ``placed`` (n) and
``smallest`` (m, 6 before the turn's first stone). A stone on an empty cell is
legal iff its ring is above n, so every mask is one comparison.

Groups are counted at the end by label propagation: every stone starts with
its own cell id as label and takes the smallest label among its same-colour
neighbours, with pointer jumping (``label = label[label]``) to converge in few
rounds, inside a ``lax.while_loop``; a group is a stone that keeps its own id.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

from .core import Array, Env, State, finish, state_class

__all__ = ["SytranEnv", "SytranState"]

NO_RING = 6
PENALTY = 8
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def _geometry(base: int) -> dict[str, Any]:
    span = base - 1

    def distance(q: int, r: int) -> int:
        return max(abs(q), abs(r), abs(q + r))

    cells = [
        (q, r)
        for q in range(-span, span + 1)
        for r in range(-span, span + 1)
        if distance(q, r) <= span
    ]
    cells.sort(key=lambda qr: (distance(*qr) // 2 + 1, distance(*qr), qr))
    index = {qr: i for i, qr in enumerate(cells)}
    n = len(cells)
    neighbours = np.full((n, 6), n, dtype=np.int32)  # n: off the board
    for i, (q, r) in enumerate(cells):
        for k, (dq, dr) in enumerate(DIRECTIONS):
            neighbours[i, k] = index.get((q + dq, r + dr), n)
    side = 2 * span + 1
    return {
        "n": n,
        "side": side,
        "ring": np.array([distance(q, r) // 2 + 1 for q, r in cells], dtype=np.int32),
        "neighbours": neighbours,
        "grid_index": np.array([(r + span) * side + q + span for q, r in cells], dtype=np.int32),
    }


class SytranGame(NamedTuple):
    """The game arrays."""

    board: Array  # int8 (cells,): -1 empty, 0 White, 1 Black
    placed: Array  # int32: stones placed this turn (n)
    smallest: Array  # int32: the innermost ring used this turn (m), 6 when none
    swapped: Array  # bool: Black swapped (seat 1 plays White)
    turn: Array  # int32: turns completed


@state_class
class SytranState(State):
    """A Sytran state (see :mod:`shoal.jaxenv.core`)."""


def count_groups(stones: Array, neighbours: Array) -> Array:
    """The number of groups (6-connected components) of a boolean array of stones."""
    n = stones.shape[0]
    ids = jnp.arange(n, dtype=jnp.int32)
    big = jnp.int32(n)
    start = jnp.where(stones, ids, big)
    linked = stones[:, None] & jnp.concatenate([stones, jnp.zeros(1, bool)])[neighbours]

    def spread(labels: Array) -> Array:
        padded = jnp.concatenate([labels, big[None]])
        around = jnp.where(linked, padded[neighbours], big).min(axis=1)
        lower = jnp.minimum(labels, around)
        jumped = jnp.concatenate([lower, big[None]])[lower]
        return jnp.where(stones, jnp.minimum(lower, jumped), big)

    def go_on(carry: tuple[Array, Array]) -> Array:
        return jnp.any(carry[0] != carry[1])

    def body(carry: tuple[Array, Array]) -> tuple[Array, Array]:
        return carry[1], spread(carry[1])

    _, labels = jax.lax.while_loop(go_on, body, (start, spread(start)))
    return jnp.sum(stones & (labels == ids))


class SytranEnv(Env):
    """Sytran on a hexhex board of base 6, 8 or 10."""

    def __init__(self, base: int = 10) -> None:
        super().__init__()
        if base not in (6, 8, 10):
            raise ValueError(f"Sytran's base is 6, 8 or 10, not {base!r}")
        self.base = base
        self.env_id = f"sytran_{base}"
        self.geo = _geometry(base)
        self.num_actions_ = self.geo["n"] + 1
        side = self.geo["side"]
        self.observation_shape_ = (8, side, side)

    def _mask(self, g: SytranGame, over: Array) -> Array:
        ring = jnp.asarray(self.geo["ring"])
        cells = (g.board < 0) & (ring > g.placed) & ~over
        swap = (g.turn == 1) & (g.placed == 0) & ~g.swapped & ~over
        return jnp.concatenate([cells, swap[None]])

    def _init(self, key: Array) -> State:
        n = self.geo["n"]
        game = SytranGame(
            board=jnp.full(n, -1, dtype=jnp.int8),
            placed=jnp.int32(0),
            smallest=jnp.int32(NO_RING),
            swapped=jnp.bool_(False),
            turn=jnp.int32(0),
        )
        return self._new_state(SytranState, game, jnp.int32(0), self._mask(game, jnp.bool_(False)))

    def _step(self, state: State, action: Array, key: Array) -> State:
        g: SytranGame = state._game
        n = self.geo["n"]
        ring = jnp.asarray(self.geo["ring"])
        is_swap = action == n
        cell = jnp.minimum(action, n - 1)
        colour = ((g.turn + g.swapped.astype(jnp.int32)) & 1).astype(jnp.int8)
        board = jnp.where(is_swap, g.board, g.board.at[cell].set(colour))
        placed = g.placed + 1
        smallest = jnp.minimum(g.smallest, ring[cell])
        empty = board < 0
        goes_on = ~is_swap & (placed < smallest) & jnp.any(empty & (ring >= placed + 1))
        over = ~is_swap & ~jnp.any(empty)
        game = SytranGame(
            board=board,
            placed=jnp.where(goes_on, placed, 0),
            smallest=jnp.where(goes_on, smallest, NO_RING),
            swapped=g.swapped | is_swap,
            turn=jnp.where(goes_on, g.turn, g.turn + 1),
        )
        # the score at the end: stones minus the penalty per group, per seat
        neighbours = jnp.asarray(self.geo["neighbours"])
        by_colour = jnp.stack(
            [jnp.sum(board == c) - PENALTY * count_groups(board == c, neighbours) for c in (0, 1)]
        )
        seat_scores = jnp.where(game.swapped, by_colour[::-1], by_colour)
        winner = jnp.where(
            seat_scores[0] > seat_scores[1], 0, jnp.where(seat_scores[0] < seat_scores[1], 1, -1)
        )
        state = state.replace(
            _game=game,
            current_player=(game.turn & 1).astype(jnp.int32),
            legal_action_mask=self._mask(game, over),
        )
        return finish(state, over, winner)

    def _observe(self, state: State, player_id: Array) -> Array:
        g: SytranGame = state._game
        side = self.geo["side"]
        size = side * side
        index = jnp.asarray(self.geo["grid_index"])
        mine_colour = (player_id ^ g.swapped.astype(jnp.int32)).astype(jnp.int8)
        stones = g.board >= 0

        def plane(values: Array) -> Array:
            return jnp.zeros(size, jnp.float32).at[index].set(values.astype(jnp.float32))

        ring = jnp.asarray(self.geo["ring"])
        board_planes = jnp.stack(
            [
                plane(jnp.ones_like(stones)),
                plane(stones & (g.board == mine_colour)),
                plane(stones & (g.board != mine_colour)),
                plane(ring / 5),
            ]
        )
        live = ~state.terminated
        constants = jnp.stack(
            [
                g.placed / 5,
                jnp.where(g.placed > 0, g.smallest / 5, 0.0),
                ((g.turn == 1) & (g.placed == 0) & ~g.swapped & live).astype(jnp.float32),
                (live & (state.current_player == player_id)).astype(jnp.float32),
            ]
        ).astype(jnp.float32)
        constant_planes = jnp.broadcast_to(constants[:, None], (4, size))
        return jnp.concatenate([board_planes, constant_planes]).reshape(8, side, side)
