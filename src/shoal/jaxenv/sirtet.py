"""Sirtet (free tile set, the default) as a JAX environment: env id ``sirtet``.

The core protocol's 489 action ids and ``(40, 6, 6)`` observation planes
(``shoal.games.sirtet``: picks 0-35, takes 36-71, burns 72-107, keep 108,
pass 109, double 110-144 and single 145-179 by tile, drops 180-214, then the
274 pairs of cells a Double Harvest can take). Cells are ``6 * file + rank``;
tiles ``shape * 7 + colour`` (shapes I O T L S, colours r o y g c b w).

The board is a fixed array: the set-up tile of each cell and which cells
still hold it; harvests and the discard zone are boolean arrays over the 35
tiles. Which pairs a shape reaches is a table (pair x shape), so every legal
mask is a few gathers, and the colour-group comparison at the end is a sort.
The set-up is a random permutation drawn from the key.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

from .core import Array, Env, State, finish, state_class

__all__ = ["SirtetEnv", "SirtetState"]

SIZE, CELLS, TILES = 6, 36, 35
SHAPES = "IOTLS"
COLOURS = "roygcbw"
SHAPE_CELLS = (
    ((0, 0), (1, 0), (2, 0), (3, 0)),
    ((0, 0), (1, 0), (0, 1), (1, 1)),
    ((0, 0), (1, 0), (2, 0), (1, 1)),
    ((0, 0), (0, 1), (0, 2), (1, 0)),
    ((1, 0), (2, 0), (0, 1), (1, 1)),
)
PICK, CHOOSE, TAKE2, TAKE1, BURN, DROP, OVER = range(7)
ACT_TAKE, ACT_BURN, ACT_KEEP, ACT_PASS, ACT_DOUBLE = 36, 72, 108, 109, 110
ACT_SINGLE = ACT_DOUBLE + TILES
ACT_DROP = ACT_SINGLE + TILES
ACT_PAIR = ACT_DROP + TILES


def _offsets(cells: tuple[tuple[int, int], ...]) -> set[tuple[int, int]]:
    """Forward offsets (file step, rank step) between two cells of a shape, 8 symmetries."""
    found = set()
    for sx in (1, -1):
        for sy in (1, -1):
            for swap in (False, True):
                image = [((y * sy, x * sx) if swap else (x * sx, y * sy)) for x, y in cells]
                for ax, ay in image:
                    for bx, by in image:
                        dx, dy = bx - ax, by - ay
                        if dx > 0 or (dx == 0 and dy > 0):
                            found.add((dx, dy))
    return found


def _tables() -> tuple[np.ndarray[Any, Any], ...]:
    offsets = [_offsets(cells) for cells in SHAPE_CELLS]
    union = set().union(*offsets)
    pairs = []
    for dx, dy in union:
        for a in range(CELLS):
            f, r = divmod(a, SIZE)
            if 0 <= f + dx < SIZE and 0 <= r + dy < SIZE:
                pairs.append((a, a + dx * SIZE + dy, dx, dy))
    pairs.sort()
    pair_a = np.array([p[0] for p in pairs], dtype=np.int32)
    pair_b = np.array([p[1] for p in pairs], dtype=np.int32)
    pair_shape = np.array([[(p[2], p[3]) in offsets[s] for s in range(5)] for p in pairs])
    king = np.zeros((CELLS, CELLS), dtype=bool)
    for c in range(CELLS):
        f, r = divmod(c, SIZE)
        for df in (-1, 0, 1):
            for dr in (-1, 0, 1):
                if (df or dr) and 0 <= f + df < SIZE and 0 <= r + dr < SIZE:
                    king[c, (f + df) * SIZE + r + dr] = True
    return pair_a, pair_b, pair_shape, king


PAIR_A, PAIR_B, PAIR_SHAPE, KING = _tables()
NUM_ACTIONS = ACT_PAIR + len(PAIR_A)
TILE_SHAPE = np.arange(TILES) // len(COLOURS)
TILE_COLOUR = np.arange(TILES) % len(COLOURS)
TILE_CODES = [SHAPES[s] + COLOURS[c] for s, c in zip(TILE_SHAPE, TILE_COLOUR)]


class SirtetGame(NamedTuple):
    """The game arrays (the fields of the core's state)."""

    layout: Array  # int32 (36,): the set-up tile of each cell, -1 at the Start cell
    occ: Array  # bool (36,): the cell still holds its tile
    harvest: Array  # bool (2, 35)
    disc: Array  # bool (35,): harvest tiles in the discard zone
    start: Array  # int32: the Start cell
    phase: Array  # int32: PICK .. OVER
    pending: Array  # int32: the tile paid for a Double Harvest, or -1
    passes: Array  # int32: 1 after a pass, 2 after two


@state_class
class SirtetState(State):
    """A Sirtet state (see :mod:`shoal.jaxenv.core`)."""


def _legal(g: SirtetGame, mover: Array) -> Array:
    occ = g.occ
    pair_free = occ[PAIR_A] & occ[PAIR_B]  # (pairs,)
    reach = jnp.any(pair_free[:, None] & PAIR_SHAPE, axis=0)  # (shapes,)
    mine = g.harvest[mover]
    phase = g.phase
    picks = (phase == PICK) & occ & jnp.asarray(KING)[g.start]
    takes = (phase == TAKE1) & occ
    burns = (phase == BURN) & occ
    keep = (phase == BURN)[None]
    choose = phase == CHOOSE
    doubles = choose & mine & reach[jnp.asarray(TILE_SHAPE)]
    singles = choose & mine
    drops = (phase == DROP) & mine
    shape = jnp.asarray(TILE_SHAPE)[jnp.maximum(g.pending, 0)]
    pairs = (phase == TAKE2) & pair_free & jnp.asarray(PAIR_SHAPE)[:, shape]
    return jnp.concatenate(
        [picks, takes, burns, keep, choose[None], doubles, singles, drops, pairs]
    )


def _compare(harvest: Array) -> Array:
    """The winner (0, 1, or -1 for a draw) of two equal harvests: sorted colour counts."""
    counts = jnp.stack(
        [
            jnp.zeros(len(COLOURS), jnp.int32).at[TILE_COLOUR].add(h.astype(jnp.int32))
            for h in harvest
        ]
    )
    ranked = -jnp.sort(-counts, axis=1)
    diff = ranked[0] - ranked[1]
    first = diff[jnp.argmax(diff != 0)]
    return jnp.where(first > 0, 0, jnp.where(first < 0, 1, -1))


class SirtetEnv(Env):
    """Sirtet with the free tile set (7 colours x the 5 free tetrominoes)."""

    env_id = "sirtet"
    num_actions_ = NUM_ACTIONS
    observation_shape_ = (40, SIZE, SIZE)

    def _init(self, key: Array) -> State:
        tiles = jax.random.permutation(key, CELLS).astype(jnp.int32)  # 35 is the Start tile
        start = jnp.argmax(tiles == TILES).astype(jnp.int32)
        game = SirtetGame(
            layout=jnp.where(tiles == TILES, -1, tiles),
            occ=tiles != TILES,
            harvest=jnp.zeros((2, TILES), dtype=bool),
            disc=jnp.zeros(TILES, dtype=bool),
            start=start,
            phase=jnp.int32(PICK),
            pending=jnp.int32(-1),
            passes=jnp.int32(0),
        )
        return self._new_state(SirtetState, game, jnp.int32(0), _legal(game, jnp.int32(0)))

    def _step(self, state: State, action: Array, key: Array) -> State:
        g: SirtetGame = state._game
        mover = state.current_player
        other = 1 - mover
        cells = jnp.arange(CELLS)
        tiles = jnp.arange(TILES)
        is_pair = action >= ACT_PAIR
        is_drop = (action >= ACT_DROP) & ~is_pair
        is_pay = (action >= ACT_DOUBLE) & (action < ACT_DROP)
        is_single = is_pay & (action >= ACT_SINGLE)
        is_pass = action == ACT_PASS
        is_burn = (action >= ACT_BURN) & (action < ACT_KEEP)
        is_pick = action < ACT_TAKE
        is_take = (action >= ACT_TAKE) & (action < ACT_BURN)
        pair = jnp.clip(action - ACT_PAIR, 0, len(PAIR_A) - 1)
        a, b = jnp.asarray(PAIR_A)[pair], jnp.asarray(PAIR_B)[pair]
        cell = jnp.where(is_burn, action - ACT_BURN, jnp.where(is_take, action - ACT_TAKE, action))
        cell = jnp.clip(cell, 0, CELLS - 1)
        tile = jnp.where(
            is_drop,
            action - ACT_DROP,
            jnp.where(is_single, action - ACT_SINGLE, action - ACT_DOUBLE),
        )
        # cells leaving the board, tiles entering the mover's harvest or the discard zone
        removed = jnp.where(
            is_pair,
            (cells == a) | (cells == b),
            (is_pick | is_take | is_burn) & (cells == cell),
        )
        occ = g.occ & ~removed
        board_tiles = jnp.zeros(TILES, dtype=bool).at[jnp.maximum(g.layout, 0)].max(removed)
        gained = jnp.where(is_pair | is_pick | is_take, board_tiles, False)
        paid = (is_drop | is_pay) & (tiles == tile)
        harvest = g.harvest.at[mover].set((g.harvest[mover] | gained) & ~paid)
        disc = g.disc | paid | jnp.where(is_burn, board_tiles, False)
        empty = ~jnp.any(occ)
        # the phase after the action, before the end of the game is settled
        ends = ((is_pair | is_burn | is_take) & empty) | is_drop | (is_pass & (g.passes > 0))
        phase = jnp.select(
            [is_pay & ~is_single, is_single, is_take, is_pick & (mover == 0)],
            [TAKE2, TAKE1, BURN, PICK],
            CHOOSE,
        )
        next_mover = jnp.where(is_pay | is_take, mover, other)
        next_mover = jnp.where(is_pick, other, next_mover)
        passes = jnp.where(is_pass, g.passes + 1, jnp.where(is_drop, g.passes, 0))
        pending = jnp.where(is_pay & ~is_single, tile, -1)
        # the end: equal harvests are compared, otherwise the larger one drops tiles
        n0, n1 = jnp.sum(harvest[0]), jnp.sum(harvest[1])
        over = ends & (n0 == n1)
        phase = jnp.where(ends, jnp.where(over, OVER, DROP), phase)
        next_mover = jnp.where(ends, jnp.where(over, 0, jnp.where(n0 > n1, 0, 1)), next_mover)
        pending = jnp.where(ends, -1, pending)
        game = SirtetGame(g.layout, occ, harvest, disc, g.start, phase, pending, passes)
        state = state.replace(
            _game=game,
            current_player=next_mover.astype(jnp.int32),
            legal_action_mask=_legal(game, next_mover),
        )
        return finish(state, over, _compare(harvest))

    def _observe(self, state: State, player_id: Array) -> Array:
        g: SirtetGame = state._game
        colours, shapes = len(COLOURS), len(SHAPES)
        tile = jnp.maximum(g.layout, 0)
        colour = (jnp.asarray(TILE_COLOUR)[tile][None, :] == jnp.arange(colours)[:, None]) & g.occ
        shape = (jnp.asarray(TILE_SHAPE)[tile][None, :] == jnp.arange(shapes)[:, None]) & g.occ
        zone = (g.phase == PICK) & g.occ & jnp.asarray(KING)[g.start]
        cell_planes = jnp.concatenate([colour, shape, ~g.occ[None], zone[None]]).astype(jnp.float32)
        # cell 6 * file + rank sits at row rank, column file
        cell_planes = cell_planes.reshape(-1, SIZE, SIZE).transpose(0, 2, 1)
        mine, theirs = g.harvest[player_id], g.harvest[1 - player_id]
        pending = (jnp.arange(TILES) == g.pending) & (g.pending >= 0)
        indexed = jnp.stack([mine, theirs, g.disc, pending]).astype(jnp.float32)
        indexed = jnp.pad(indexed, ((0, 0), (0, CELLS - TILES))).reshape(-1, SIZE, SIZE)
        counts = jnp.stack(
            [
                jnp.zeros(colours, jnp.float32).at[TILE_COLOUR].add(h.astype(jnp.float32))
                for h in (mine, theirs)
            ]
        ).reshape(-1)
        phase = (jnp.arange(6) == g.phase).astype(jnp.float32)
        live = g.phase != OVER
        flags = jnp.stack([live & (state.current_player == player_id), g.passes == 1]).astype(
            jnp.float32
        )
        constants = jnp.concatenate([counts / shapes, phase, flags])
        constant_planes = jnp.broadcast_to(constants[:, None, None], (len(constants), SIZE, SIZE))
        return jnp.concatenate([cell_planes, indexed, constant_planes])

    def start_position(self, game: Any) -> str | None:
        """The core position string of a start state (the set-up and the picks to come)."""
        layout = np.asarray(game.layout)
        ranks = []
        for rank in range(SIZE - 1, -1, -1):
            row = [layout[f * SIZE + rank] for f in range(SIZE)]
            ranks.append("".join(".." if t < 0 else TILE_CODES[t] for t in row))
        start = int(game.start)
        cell = "abcdef"[start // SIZE] + str(start % SIZE + 1)
        return f"{'/'.join(ranks)} - - - {cell} pick 0 0 0"
