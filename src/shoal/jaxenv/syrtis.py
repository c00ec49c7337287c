"""Syrtis (pairing point, first ending race) as JAX environments: ``syrtis`` (major, 6x6)
and ``syrtis_minor`` (4x4).

The core protocol's action ids (with ``c`` cells: tower moves ``from * c + to``,
slides ``c² + from * c + to``, sinks ``2c² + cell``, Light and Dark tower
placements, pair switches, then pass, ``light`` and ``dark``) and its
``(17, N, N)`` observation planes. Cells are row-major (``rank * N + file``).

Islands and the "one group" rule are floods: ``flood(seed, within)`` grows a
boolean board by its orthogonal neighbours inside ``within`` in a
``lax.while_loop`` until it stops changing, and ``connected(b)`` floods from
the lowest cell of ``b``. The legal mask checks connectivity for every
candidate at once (``vmap``): each sink, and each slide destination of the two
own towers. The start board is drawn from the key: the cells pair by point
reflection, half the pairs hold a light circle and a dark square, half a light
square and a dark circle, each way round at random (every board the rules'
draw can make, with other odds).
"""

from __future__ import annotations

from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

from .core import Array, Env, State, finish, state_class

__all__ = ["SyrtisEnv", "SyrtisState"]

SWAP, PLACE, CHOOSE, PLAY = range(4)
LIGHT, DARK = 0, 1
RACE_LENGTH, PASS_LIMIT, SWAP_LIMIT, TURN_LIMIT = 4, 4, 100, 1000
PHASES = ("swap", "place", "choose", "play")
TILE_LETTERS = "SsCc"


class SyrtisGame(NamedTuple):
    """The game arrays (the fields of the core's state)."""

    tiles: Array  # bool (c,)
    light: Array  # bool (c,): light tiles
    circle: Array  # bool (c,): circle tiles
    towers: Array  # bool (2, c): Light's, Dark's
    phase: Array  # int32: SWAP, PLACE, CHOOSE or PLAY
    light_seat: Array  # int32: the seat playing Light, -1 before the choice
    sinker: Array  # int32: the side of the current sink streak, -1 before any sink
    streak: Array  # int32
    passes: Array  # int32 (2,): passes in a row, per side
    turn: Array  # int32


@state_class
class SyrtisState(State):
    """A Syrtis state (see :mod:`shoal.jaxenv.core`)."""


class SyrtisEnv(Env):
    """Syrtis, major (6x6) or minor (4x4)."""

    def __init__(self, variant: str = "major") -> None:
        super().__init__()
        if variant not in ("major", "minor"):
            raise ValueError(f"Syrtis' variant is major or minor, not {variant!r}")
        self.n = n = 6 if variant == "major" else 4
        self.c = c = n * n
        self.env_id = "syrtis" if variant == "major" else "syrtis_minor"
        self.slide_base = c * c
        self.sink_base = 2 * c * c
        self.place_l_base = self.sink_base + c
        self.place_d_base = self.sink_base + 2 * c
        self.swap_base = self.sink_base + 3 * c
        self.pass_action = self.sink_base + 4 * c
        self.num_actions_ = self.pass_action + 3
        self.observation_shape_ = (17, n, n)
        rows = np.arange(c) // n
        cols = np.arange(c) % n
        self.border = (rows == 0) | (rows == n - 1) | (cols == 0) | (cols == n - 1)

    # -- boards ---------------------------------------------------------------------
    def _nb(self, b: Array) -> Array:
        """The orthogonal neighbours of the cells of ``b`` (same shape, row-major)."""
        g = b.reshape(self.n, self.n)
        pad = jnp.pad(g, 1)
        around = pad[:-2, 1:-1] | pad[2:, 1:-1] | pad[1:-1, :-2] | pad[1:-1, 2:]
        return around.reshape(-1)

    def _flood(self, seed: Array, within: Array) -> Array:
        def body(carry: tuple[Array, Array]) -> tuple[Array, Array]:
            _, x = carry
            return x, (x | self._nb(x)) & within

        first = (seed | self._nb(seed)) & within
        return jax.lax.while_loop(lambda cw: jnp.any(cw[0] != cw[1]), body, (seed, first))[1]

    def _connected(self, b: Array) -> Array:
        seed = (jnp.arange(self.c) == jnp.argmax(b)) & b
        return ~jnp.any(b) | jnp.all(self._flood(seed, b) == b)

    def _any_set_connected(self, tiles: Array, light: Array, circle: Array) -> Array:
        sets = jnp.stack([light & tiles, tiles & ~light, circle & tiles, tiles & ~circle])
        return jnp.any(jax.vmap(self._connected)(sets))

    def _box(self, tiles: Array) -> Array:
        g = tiles.reshape(self.n, self.n)

        def span(has: Array) -> Array:
            up = jax.lax.cummax(has.astype(jnp.int32), axis=0)
            down = jax.lax.cummax(has.astype(jnp.int32), axis=0, reverse=True)
            return (up > 0) & (down > 0)

        rows, cols = span(jnp.any(g, axis=1)), span(jnp.any(g, axis=0))
        return (rows[:, None] & cols[None, :]).reshape(-1)

    # -- legal actions ------------------------------------------------------------------
    def _mask(self, g: SyrtisGame, to_move: Array, over: Array) -> Array:
        c = self.c
        cells = jnp.arange(c)
        partner = c - 1 - cells
        differ = (g.light != g.light[partner]) | (g.circle != g.circle[partner])
        swaps = (g.phase == SWAP) & (partner > cells) & differ
        free = g.tiles & ~(g.towers[0] | g.towers[1])
        placing = g.phase == PLACE
        place_l = placing & (jnp.sum(g.towers[0]) < 2) & free & (g.light | g.circle)
        place_d = placing & (jnp.sum(g.towers[1]) < 2) & free & ~(g.light & g.circle)
        choose = jnp.full(2, g.phase == CHOOSE)
        moves, slides, sinks = self._play_moves(g, to_move)
        playing = g.phase == PLAY
        mask = jnp.concatenate(
            [
                moves & playing,
                slides & playing,
                sinks & playing,
                place_l,
                place_d,
                swaps,
                playing[None],
                choose,
            ]
        )
        return mask & ~over

    def _play_moves(self, g: SyrtisGame, to_move: Array) -> tuple[Array, Array, Array]:
        c = self.c
        cells = jnp.arange(c)
        side = jnp.where(to_move == g.light_seat, LIGHT, DARK)
        tiles = g.tiles
        own = g.towers[side]
        occupied = g.towers[0] | g.towers[1]
        colour = jnp.where(side == LIGHT, g.light, tiles & ~g.light)
        shape = jnp.where(side == LIGHT, g.circle, tiles & ~g.circle)
        origins = jnp.nonzero(own, size=2, fill_value=0)[0]
        valid = own[origins]
        fbits = (cells[None, :] == origins[:, None]) & valid[:, None]  # (2, c)

        def destinations(fbit: Array) -> Array:
            by_colour = jnp.where(jnp.any(fbit & colour), self._flood(fbit, colour), False)
            by_shape = jnp.where(jnp.any(fbit & shape), self._flood(fbit, shape), False)
            return (by_colour | by_shape) & ~occupied

        box_empty = self._box(tiles) & ~tiles

        def slide_targets(fbit: Array) -> Array:
            reach = self._flood(fbit, box_empty | fbit) & ~fbit
            rest = tiles & ~fbit
            joined = jax.vmap(lambda t: self._connected(rest | (cells == t)))(cells)
            return reach & joined & jnp.any(fbit)

        def rows_of(per_tower: Array) -> Array:  # (2, c) -> (c * c,) by origin
            hit = cells[None, :, None] == origins[:, None, None]  # (2, c, 1)
            return jnp.any(hit & per_tower[:, None, :], axis=0).reshape(-1)

        moves = rows_of(jax.vmap(destinations)(fbits))
        slides = rows_of(jax.vmap(slide_targets)(fbits))
        empty = ~tiles
        open_ = tiles & (self._nb(empty) | jnp.asarray(self.border))
        cand = self._nb(own) & open_ & ~occupied

        def sinkable(t: Array) -> Array:
            bit = cells == t
            lone_link = jnp.sum(self._nb(bit) & tiles) == 1
            return lone_link | self._connected(tiles & ~bit)

        sinks = cand & jax.vmap(sinkable)(cells)
        return moves, slides, sinks

    # -- the game ---------------------------------------------------------------------
    def _init(self, key: Array) -> State:
        c, half = self.c, self.c // 2
        k_kind, k_way = jax.random.split(key)
        # pair kinds: True = light circle with dark square, False = light square with dark circle
        kinds = jax.random.permutation(k_kind, jnp.arange(half) < half // 2)
        way = jax.random.bernoulli(k_way, 0.5, (half,))  # the odd cell takes the light tile
        odd_light = way
        odd_circle = jnp.where(kinds, way, ~way)
        light = jnp.concatenate([odd_light, ~odd_light[::-1]])
        circle = jnp.concatenate([odd_circle, ~odd_circle[::-1]])
        tiles = jnp.ones(c, bool)
        phase = jnp.where(self._any_set_connected(tiles, light, circle), SWAP, PLACE)
        game = SyrtisGame(
            tiles=tiles,
            light=light,
            circle=circle,
            towers=jnp.zeros((2, c), bool),
            phase=phase.astype(jnp.int32),
            light_seat=jnp.int32(-1),
            sinker=jnp.int32(-1),
            streak=jnp.int32(0),
            passes=jnp.zeros(2, jnp.int32),
            turn=jnp.int32(0),
        )
        mask = self._mask(game, jnp.int32(0), jnp.bool_(False))
        return self._new_state(SyrtisState, game, jnp.int32(0), mask)

    def _step(self, state: State, action: Array, key: Array) -> State:
        g: SyrtisGame = state._game
        c = self.c
        cells = jnp.arange(c)
        to_move = state.current_player
        turn = g.turn + 1
        # -- set-up: pair switches, tower placements, the side choice
        p = jnp.clip(action - self.swap_base, 0, c - 1)
        exchange = jnp.where(cells == p, c - 1 - p, jnp.where(cells == c - 1 - p, p, cells))
        s_light, s_circle = g.light[exchange], g.circle[exchange]
        still = (turn < SWAP_LIMIT) & self._any_set_connected(g.tiles, s_light, s_circle)
        place_dark = action >= self.place_d_base
        place_cell = jnp.where(place_dark, action - self.place_d_base, action - self.place_l_base)
        placed = g.towers.at[jnp.where(place_dark, 1, 0)].set(
            g.towers[jnp.where(place_dark, 1, 0)] | (cells == place_cell)
        )
        done = jnp.sum(placed) == 4
        chosen_light_seat = jnp.where(action == self.pass_action + 1, 1, 0)
        # -- play
        side = jnp.where(to_move == g.light_seat, LIGHT, DARK)
        is_move = action < self.slide_base
        is_slide = (action >= self.slide_base) & (action < self.sink_base)
        is_sink = (action >= self.sink_base) & (action < self.place_l_base)
        is_pass = action == self.pass_action
        a = jnp.where(is_slide, action - self.slide_base, action)
        fbit = cells == jnp.clip(a // c, 0, c - 1)
        tbit = cells == jnp.clip(a % c, 0, c - 1)
        both = fbit | tbit
        towers = g.towers.at[side].set(
            jnp.where(is_move | is_slide, g.towers[side] ^ both, g.towers[side])
        )
        tiles, light, circle = g.tiles, g.light, g.circle
        tiles = jnp.where(is_slide, tiles ^ both, tiles)
        light = jnp.where(is_slide & jnp.any(g.light & fbit), light ^ both, light)
        circle = jnp.where(is_slide & jnp.any(g.circle & fbit), circle ^ both, circle)
        sunk = cells == jnp.clip(action - self.sink_base, 0, c - 1)
        tiles = jnp.where(is_sink, tiles & ~sunk, tiles)
        light = jnp.where(is_sink, light & ~sunk, light)
        circle = jnp.where(is_sink, circle & ~sunk, circle)
        same = g.sinker == side
        sinker = jnp.where(is_sink, side, g.sinker)
        streak = jnp.where(is_sink, jnp.where(same, g.streak + 1, 1), g.streak)
        passes = g.passes.at[side].set(jnp.where(is_pass, g.passes[side] + 1, 0))
        check_islands = is_slide | is_sink
        # -- which phase this action belongs to
        phase = g.phase
        in_swap, in_place = phase == SWAP, phase == PLACE
        in_choose, in_play = phase == CHOOSE, phase == PLAY
        light_seat = jnp.where(in_choose, chosen_light_seat, g.light_seat)
        game = SyrtisGame(
            tiles=jnp.where(in_play, tiles, g.tiles),
            light=jnp.where(in_swap, s_light, jnp.where(in_play, light, g.light)),
            circle=jnp.where(in_swap, s_circle, jnp.where(in_play, circle, g.circle)),
            towers=jnp.where(in_place, placed, jnp.where(in_play, towers, g.towers)),
            phase=jnp.select(
                [in_swap, in_place],
                [jnp.where(still, SWAP, PLACE), jnp.where(done, CHOOSE, PLACE)],
                PLAY,
            ).astype(jnp.int32),
            light_seat=light_seat.astype(jnp.int32),
            sinker=jnp.where(in_play, sinker, g.sinker).astype(jnp.int32),
            streak=jnp.where(in_play, streak, g.streak).astype(jnp.int32),
            passes=jnp.where(in_play, passes, g.passes),
            turn=turn,
        )
        next_player = jnp.select(
            [in_swap, in_place, in_choose],
            [0, jnp.where(done, 1, 0), chosen_light_seat],
            1 - to_move,
        ).astype(jnp.int32)
        over, winner = self._ending(game, in_choose | (in_play & check_islands))
        over = over & (in_choose | in_play)
        state = state.replace(
            _game=game,
            current_player=next_player,
            legal_action_mask=self._mask(game, next_player, over),
        )
        return finish(state, over, winner)

    def _ending(self, g: SyrtisGame, check_islands: Array) -> tuple[Array, Array]:
        """(over, winning seat) after a turn of play, in the rules' order."""

        def seat_of(side: Array) -> Array:
            return jnp.where(side == LIGHT, g.light_seat, 1 - g.light_seat)

        race = g.streak >= RACE_LENGTH
        lc = self._connected(g.light) | self._connected(g.circle)
        dc = self._connected(g.tiles & ~g.light) | self._connected(g.tiles & ~g.circle)
        island = check_islands & (lc != dc)
        both = check_islands & lc & dc
        stalled = (
            ((g.passes[0] > 0) & (g.passes[1] > 0))
            | jnp.any(g.passes >= PASS_LIMIT)
            | (g.turn >= TURN_LIMIT)
        )
        initiative = both | stalled
        winner = jnp.where(
            race,
            seat_of(g.sinker),
            jnp.where(
                island,
                seat_of(jnp.where(lc, LIGHT, DARK)),
                seat_of(jnp.where(g.sinker == DARK, DARK, LIGHT)),
            ),
        )
        return race | island | initiative, winner

    def _observe(self, state: State, player_id: Array) -> Array:
        g: SyrtisGame = state._game
        n = self.n
        mine = jnp.where(g.light_seat < 0, LIGHT, jnp.where(player_id == g.light_seat, LIGHT, DARK))
        boards = jnp.stack([g.tiles, g.light, g.circle, g.towers[mine], g.towers[1 - mine]])
        chosen = g.light_seat >= 0
        live = ~state.terminated
        streak = g.streak / RACE_LENGTH
        constants = jnp.stack(
            [
                chosen & (mine == LIGHT),
                chosen & (mine == DARK),
                live & (state.current_player == player_id),
                g.phase == SWAP,
                g.phase == PLACE,
                g.phase == CHOOSE,
                jnp.where((g.sinker >= 0) & (g.sinker == mine), streak, 0.0),
                jnp.where((g.sinker >= 0) & (g.sinker != mine), streak, 0.0),
                g.passes[mine] / PASS_LIMIT,
                g.passes[1 - mine] / PASS_LIMIT,
                g.sinker < 0,
                jnp.minimum(g.turn, TURN_LIMIT) / TURN_LIMIT,
            ]
        ).astype(jnp.float32)
        board_planes = boards.astype(jnp.float32).reshape(5, n, n)
        constant_planes = jnp.broadcast_to(constants[:, None, None], (12, n, n))
        return jnp.concatenate([board_planes, constant_planes])

    def start_position(self, game: Any) -> str | None:
        """The core position string of a start state (a full board, set-up phase)."""
        n = self.n
        light, circle = np.asarray(game.light), np.asarray(game.circle)
        ranks = []
        for r in range(n - 1, -1, -1):
            ranks.append(
                "".join(
                    TILE_LETTERS[2 * int(circle[r * n + f]) + int(light[r * n + f])]
                    for f in range(n)
                )
            )
        return f"{'/'.join(ranks)} {PHASES[int(game.phase)]} - 0 - 0,0 0"
