"""Connect Four (7 columns x 6 rows) as a JAX environment: env id ``connect4``.

Actions are the core protocol's: the column, 0 (``a``) to 6 (``g``). The
observation is the core's ``(3, 6, 7)``: the observer's stones, the other
seat's stones, the empty cells, indexed ``[plane, row, column]`` with row 0 at
the bottom. The board is 42 int8 cells (``row * 7 + column``; -1 empty, else
the seat); a win is any of the 69 lines of four held by the mover.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import jax.numpy as jnp
import numpy as np

from .core import Array, Env, State, finish, state_class

__all__ = ["Connect4Env", "Connect4State"]

WIDTH, HEIGHT = 7, 6


def _lines() -> np.ndarray[Any, Any]:
    out = []
    for row in range(HEIGHT):
        for col in range(WIDTH):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(row + k * dr, col + k * dc) for k in range(4)]
                if all(0 <= r < HEIGHT and 0 <= c < WIDTH for r, c in cells):
                    out.append([r * WIDTH + c for r, c in cells])
    return np.array(out, dtype=np.int32)


LINES = _lines()


class Connect4Game(NamedTuple):
    """The game arrays: the 42 cells and the number of stones in each column."""

    board: Array
    heights: Array


@state_class
class Connect4State(State):
    """A Connect Four state (see :mod:`shoal.jaxenv.core`)."""


class Connect4Env(Env):
    """Connect Four, 7x6; four in a row wins, a full board draws."""

    env_id = "connect4"
    num_actions_ = WIDTH
    observation_shape_ = (3, HEIGHT, WIDTH)

    def _init(self, key: Array) -> State:
        game = Connect4Game(
            board=jnp.full(WIDTH * HEIGHT, -1, dtype=jnp.int8),
            heights=jnp.zeros(WIDTH, dtype=jnp.int32),
        )
        return self._new_state(Connect4State, game, jnp.int32(0), jnp.ones(WIDTH, dtype=bool))

    def _step(self, state: State, action: Array, key: Array) -> State:
        game: Connect4Game = state._game
        mover = state.current_player
        row = game.heights[action]
        board = game.board.at[row * WIDTH + action].set(mover.astype(jnp.int8))
        heights = game.heights.at[action].add(1)
        won = jnp.any(jnp.all(board[LINES] == mover.astype(jnp.int8), axis=1))
        full = jnp.all(heights == HEIGHT)
        state = state.replace(
            _game=Connect4Game(board, heights),
            current_player=1 - mover,
            legal_action_mask=heights < HEIGHT,
        )
        return finish(state, won | full, jnp.where(won, mover, -1))

    def _observe(self, state: State, player_id: Array) -> Array:
        board = state._game.board.reshape(HEIGHT, WIDTH)
        mine = board == player_id.astype(jnp.int8)
        theirs = (board >= 0) & ~mine
        return jnp.stack([mine, theirs, board < 0]).astype(jnp.float32)
