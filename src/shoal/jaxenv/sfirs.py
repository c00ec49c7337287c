"""SFIRS (default options) as a JAX environment: env id ``sfirs``.

The core protocol's 20,881 action ids (a move ``from * 144 + to``, a revival
``20736 + cell``, ``stop`` 20880) and ``(18, 12, 12)`` observation planes;
cell ``x + 12 * y`` is file ``x``, rank ``y + 1``. Default options: White
moves first (seat 0 plays White), the turn limit is 500, ``crossing=all``,
``start_chain=yes``.

Moves are read along rays: every per-cell quantity (occupied, active cubes
next to it, ...) is a 12x12 grid read k squares away in each direction by
static slices of a padded copy, giving ``[direction, k, y, x]`` arrays;
blocking and passing active cubes are running maxima along ``k``
(``lax.cummax``), and the masks over move ids are assembled on
``[from y, from x, to y, to x]`` by contracting with fixed shift matrices.
No gathers over the board (slow on CPU) and no loop on traced values. A chain
keeps the side to move: after a move that leaves the cube inactive both the
follow-ups and the next turn's start are computed and one is selected.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

from .core import Array, Env, State, finish, state_class

__all__ = ["SfirsEnv", "SfirsState"]

SIZE, CELLS = 12, 144
REVIVE = CELLS * CELLS
STOP = REVIVE + CELLS
NUM_ACTIONS = STOP + 1
MAX_TURNS = 500
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1))
REACH = SIZE - 1


def _tables() -> dict[str, np.ndarray[Any, Any]]:
    xy = [(c % SIZE, c // SIZE) for c in range(CELLS)]
    edge = np.array([x in (0, 11) or y in (0, 11) for x, y in xy])
    start = np.array([4 <= x < 8 and 4 <= y < 8 for x, y in xy])
    nb8 = np.zeros((CELLS, CELLS), dtype=bool)
    orth = np.zeros((CELLS, CELLS), dtype=bool)
    for c, (x, y) in enumerate(xy):
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if (dx or dy) and 0 <= x + dx < SIZE and 0 <= y + dy < SIZE:
                    nb8[c, x + dx + SIZE * (y + dy)] = True
                    if not (dx and dy):
                        orth[c, x + dx + SIZE * (y + dy)] = True
    to = np.full((CELLS, 4, REACH), CELLS, dtype=np.int32)  # CELLS: off the board
    crosses = np.zeros((CELLS, 4, REACH), dtype=bool)
    passed = np.zeros((CELLS, 4, REACH, CELLS), dtype=bool)
    ray_of = np.full(CELLS * CELLS, 0, dtype=np.int32)  # move -> flat (cell, dir, k)
    for c, (x, y) in enumerate(xy):
        for d, (dx, dy) in enumerate(DIRECTIONS):
            seen = np.zeros(CELLS, dtype=bool)
            between = False
            for k in range(REACH):
                tx, ty = x + (k + 1) * dx, y + (k + 1) * dy
                if not (0 <= tx < SIZE and 0 <= ty < SIZE):
                    break
                cell = tx + SIZE * ty
                to[c, d, k] = cell
                seen |= nb8[cell]
                passed[c, d, k] = seen
                crosses[c, d, k] = between
                between = between or bool(start[cell])
                ray_of[c * CELLS + cell] = (c * 4 + d) * REACH + k
    return {
        "edge": edge,
        "start": start,
        "play": ~edge & ~start,
        "nb8": nb8,
        "orth": orth,
        "to": to,
        "crosses": crosses,
        "passed": passed.reshape(-1, CELLS),
        "ray_of": ray_of,
    }


T = _tables()
CROSSES = np.zeros((4, REACH, SIZE, SIZE), dtype=bool)
"""[direction, k, y, x]: the move from (x, y) over k + 1 squares crosses start cells."""
for _d in range(4):
    for _k in range(REACH):
        CROSSES[_d, _k] = T["crosses"][:, _d, _k].reshape(SIZE, SIZE)


class SfirsGame(NamedTuple):
    """The game arrays (the fields of the core's state)."""

    cubes: Array  # bool (2, 144): White's and Black's cubes
    active: Array  # bool (144,)
    colour: Array  # int32: the colour to move (0 White)
    just: Array  # int32: the cube just moved in a chain, or -1
    permit: Array  # bool: start-area moves are permitted this turn
    last: Array  # int32: the colour that last moved a cube already in the play area, or -1
    turn: Array  # int32: turns played
    first: Array  # bool (2,): the colour has not made its first move


@state_class
class SfirsState(State):
    """An SFIRS state (see :mod:`shoal.jaxenv.core`)."""


def _shifts() -> np.ndarray[Any, Any]:
    out = np.zeros((4, REACH, SIZE, SIZE), dtype=np.float32)
    for d, (dx, dy) in enumerate(DIRECTIONS):
        for k in range(REACH):
            out[d, k] = np.eye(SIZE, k=(k + 1) * (dx or dy))
    return out


SHIFTS = _shifts()
"""[direction, k, from, to]: the file (or rank) k + 1 squares away in the direction."""
FAR = (np.arange(REACH) >= 1)[None, :, None, None]
"""Moves are at least 2 squares long (k >= 1)."""


def _rays_of(grid: Array, fill: bool | int) -> Array:
    """``grid`` (12x12) read k + 1 squares away from every cell: ``[direction, k, y, x]``."""
    padded = jnp.pad(grid, REACH, constant_values=fill)
    views = []
    for dx, dy in DIRECTIONS:
        for k in range(1, REACH + 1):
            y0, x0 = REACH + k * dy, REACH + k * dx
            views.append(padded[y0 : y0 + SIZE, x0 : x0 + SIZE])
    return jnp.stack(views).reshape(4, REACH, SIZE, SIZE)


def _moves(mine: Array, occ: Array, active: Array) -> tuple[Array, Array]:
    """The active cubes' moves and the start-area cubes' moves, as masks over move ids.

    Every quantity is a 12x12 grid read along the rays by static slices
    (``[direction, k, y, x]``); blocking and passing are running maxima along
    ``k``; the masks are assembled on ``[from y, from x, to y, to x]``.
    """
    nb8 = jnp.asarray(T["nb8"], dtype=jnp.float32)
    orth = jnp.asarray(T["orth"], dtype=jnp.float32)
    act_f, occ_f = active.astype(jnp.float32), occ.astype(jnp.float32)

    def square(values: Array) -> Array:
        return values.reshape(SIZE, SIZE)

    occ_r = _rays_of(square(occ).astype(jnp.int32), 1)
    near_r = _rays_of(square((nb8 @ act_f).astype(jnp.int32)), 0)
    orth_r = _rays_of(square((orth @ act_f) > 0), False)
    inactive_r = _rays_of(square((nb8 @ occ_f) > 0) | square(jnp.asarray(T["edge"])), False)
    start_r = _rays_of(square(jnp.asarray(T["start"])), False)
    is_active = square(mine & active)
    is_start = square(mine & jnp.asarray(T["start"]))
    blocked = jax.lax.cummax(occ_r, axis=1) > 0
    # the first square travelled through is next to the origin, which is not "passed"
    first = (jnp.arange(REACH) == 0)[None, :, None, None]
    near = near_r - (first & is_active[None, None]).astype(jnp.int32)
    passes = jax.lax.cummax((near > 0).astype(jnp.int32), axis=1) > 0
    base = jnp.asarray(FAR) & ~blocked & ~start_r
    crosses = jnp.asarray(CROSSES)
    act_ok = is_active[None, None] & base & ~orth_r & (~crosses | passes | inactive_r)
    start_ok = is_start[None, None] & base & ~passes & (~crosses | inactive_r)
    shifts = jnp.asarray(SHIFTS)
    eye = jnp.eye(SIZE, dtype=bool)

    def assemble(ok: Array) -> Array:
        okf = ok.astype(jnp.float32)
        rows = jnp.einsum("dkyx,dkxt->yxt", okf[:2], shifts[:2]) > 0  # [fy, fx, tx]
        columns = jnp.einsum("dkyx,dkyt->yxt", okf[2:], shifts[2:]) > 0  # [fy, fx, ty]
        both = (rows[:, :, None, :] & eye[:, None, :, None]) | (
            columns[:, :, :, None] & eye[None, :, None, :]
        )
        return both.reshape(-1)

    return assemble(act_ok), assemble(start_ok)


def _turn_start(
    cubes: Array, active: Array, colour: Array, turn: Array, first: Array
) -> tuple[Array, Array, Array]:
    """(mask, permit, over) at the start of ``colour``'s turn."""
    occ = cubes[0] | cubes[1]
    act_moves, start_moves = _moves(cubes[colour], occ, active)
    permit = jnp.any(act_moves)
    moves = (act_moves & ~first[colour]) | (start_moves & permit)
    mask = jnp.concatenate([moves, jnp.zeros(CELLS + 1, bool)])
    over = (turn >= MAX_TURNS) | ~jnp.any(moves)
    return mask, permit, over


class SfirsEnv(Env):
    """SFIRS: cubes leave the centre; the last to move one already in the play area wins."""

    env_id = "sfirs"
    num_actions_ = NUM_ACTIONS
    observation_shape_ = (18, SIZE, SIZE)

    def _init(self, key: Array) -> State:
        cubes = np.zeros((2, CELLS), dtype=bool)
        for y in range(4, 8):
            for x in range(4, 8):
                cubes[(x + y) % 2, x + SIZE * y] = True
        for colour, cells in ((0, (13, 22)), (1, (121, 130))):  # b2 k2, b11 k11
            cubes[colour, list(cells)] = True
        active = np.zeros(CELLS, dtype=bool)
        active[[13, 22, 121, 130]] = True
        game = SfirsGame(
            cubes=jnp.asarray(cubes),
            active=jnp.asarray(active),
            colour=jnp.int32(0),
            just=jnp.int32(-1),
            permit=jnp.bool_(True),
            last=jnp.int32(-1),
            turn=jnp.int32(0),
            first=jnp.ones(2, bool),
        )
        mask, permit, _ = _turn_start(game.cubes, game.active, game.colour, game.turn, game.first)
        return self._new_state(SfirsState, game._replace(permit=permit), jnp.int32(0), mask)

    def _step(self, state: State, action: Array, key: Array) -> State:
        g: SfirsGame = state._game
        colour = g.colour
        is_move = action < REVIVE
        is_revive = (action >= REVIVE) & (action < STOP)
        origin = jnp.where(is_move, action // CELLS, 0)
        to = jnp.where(is_move, action % CELLS, 0)
        cells = jnp.arange(CELLS)
        start = jnp.asarray(T["start"])
        from_start = start[origin]
        passed = jnp.asarray(T["passed"])[jnp.asarray(T["ray_of"])[jnp.where(is_move, action, 0)]]
        mine = g.cubes[colour]
        moved = mine & (cells != origin) | (cells == to)
        cubes = g.cubes.at[colour].set(jnp.where(is_move, moved, mine))
        occ = cubes[0] | cubes[1]
        occ2 = occ & (cells != to)
        inactive_end = jnp.asarray(T["edge"])[to] | jnp.any(jnp.asarray(T["nb8"])[to] & occ2)
        after_move = g.active & (cells != origin) & ~passed
        active = jnp.where(is_move, after_move | ((cells == to) & ~inactive_end), g.active)
        active = jnp.where(is_revive, active | (cells == action - REVIVE), active)
        last = jnp.where(is_move & ~from_start, colour, g.last)
        first = jnp.where(is_move, g.first & (jnp.arange(2) != colour), g.first)
        # a follow-up in the chain after a move that left the cube inactive
        act_moves, start_moves = _moves(cubes[colour], occ, active)
        inactive = occ & ~active & ~start
        nb8 = jnp.asarray(T["nb8"], dtype=jnp.float32)
        lonely = (nb8 @ inactive.astype(jnp.float32)) == 0
        edge = jnp.asarray(T["edge"])
        revivals = cubes[colour] & inactive & ~edge & (cells != to) & lonely
        follow = jnp.concatenate([act_moves | (start_moves & g.permit), revivals])
        chain = is_move & inactive_end & jnp.any(follow)
        chain_mask = jnp.concatenate([follow, jnp.ones(1, bool)])
        # or the other colour's turn
        other = 1 - colour
        turn = g.turn + 1
        next_mask, permit, over = _turn_start(cubes, active, other, turn, first)
        game = SfirsGame(
            cubes=cubes,
            active=active,
            colour=jnp.where(chain, colour, other),
            just=jnp.where(chain, to, -1),
            permit=jnp.where(chain, g.permit, permit),
            last=last,
            turn=jnp.where(chain, g.turn, turn),
            first=first,
        )
        over = ~chain & over
        # the winner: the last colour to move a play-area cube, else the last to move
        winner = jnp.where(last >= 0, last, colour)
        state = state.replace(
            _game=game,
            current_player=game.colour,
            legal_action_mask=jnp.where(chain, chain_mask, next_mask),
        )
        return finish(state, over, winner)

    def _observe(self, state: State, player_id: Array) -> Array:
        g: SfirsGame = state._game
        mine_colour = player_id
        start = jnp.asarray(T["start"])
        just = (jnp.arange(CELLS) == g.just) & (g.just >= 0)
        boards = []
        for side in (g.cubes[mine_colour], g.cubes[1 - mine_colour]):
            boards += [side & g.active, side & ~g.active & ~start, side & start]
        regions = [start, jnp.asarray(T["edge"]), jnp.asarray(T["play"]), just]
        planes = jnp.stack(boards + regions).astype(jnp.float32).reshape(-1, SIZE, SIZE)
        chain = g.just >= 0
        flags = jnp.stack(
            [
                chain,
                chain & g.permit,
                g.last == mine_colour,
                g.last == 1 - mine_colour,
                g.first[mine_colour],
                g.first[1 - mine_colour],
                ~state.terminated & (state.current_player == player_id),
            ]
        ).astype(jnp.float32)
        progress = jnp.minimum(1.0, g.turn / MAX_TURNS)[None]
        constants = jnp.concatenate([flags, progress.astype(jnp.float32)])
        constant_planes = jnp.broadcast_to(constants[:, None, None], (8, SIZE, SIZE))
        return jnp.concatenate([planes, constant_planes])
