"""pgx's API test, item by item, on every environment (and pgx's own base class).

pgx's ``pgx._src.api_test.api_test`` cannot run on an environment outside pgx
(it requires the id to be one of pgx's own and draws the state with pgx's
visualiser), so this is its equivalent: the same checks, on every id, single
and batched, plus what its TODO list names (zero rewards after the end,
illegal actions, observations per player).
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from shoal import jaxenv
from shoal.jaxenv import ENV_IDS, auto_reset, make

PUBLIC = {
    "current_player",
    "observation",
    "rewards",
    "terminated",
    "truncated",
    "legal_action_mask",
}


def _validate(state: jaxenv.State, env: jaxenv.Env) -> None:
    assert state.env_id == env.id
    assert state.current_player.dtype == jnp.int32
    assert state.terminated.dtype == jnp.bool_
    assert state.truncated.dtype == jnp.bool_
    assert state.rewards.dtype == jnp.float32 and state.rewards.shape[-1] == 2
    assert state.legal_action_mask.dtype == jnp.bool_
    assert state.legal_action_mask.shape[-1] == env.num_actions
    assert state.observation.shape[-len(env.observation_shape) :] == env.observation_shape
    public = {name for name in vars(state) if not name.startswith("_")}
    assert public == PUBLIC
    assert bool(jnp.all(state.current_player >= 0))
    assert not bool(jnp.any(state.truncated))
    done = np.asarray(state.terminated)
    assert np.asarray(state.legal_action_mask)[done].all(), "the mask is all True once over"


BATCH = 8
"""Every test of an environment plays this many games at once: one shape, so ``init``,
``step`` and ``observe`` are compiled once per environment for all the tests below."""


@pytest.fixture(scope="module", params=ENV_IDS)
def compiled(request: pytest.FixtureRequest) -> tuple[jaxenv.Env, object, object]:
    env = make(request.param)
    return env, jax.jit(jax.vmap(env.init)), jax.jit(jax.vmap(env.step))


@pytest.fixture(scope="module")
def observe(compiled: tuple[jaxenv.Env, object, object]) -> Any:
    """``env.observe`` compiled (one state, the seat an array: one compile for both seats)."""
    return jax.jit(compiled[0].observe)


def _first(state: jaxenv.State) -> jaxenv.State:
    """The first game of a batch."""
    return jax.tree_util.tree_map(lambda a: a[0], state)


def _random_actions(key: jax.Array, mask: jax.Array) -> jax.Array:
    logits = jnp.where(mask, 0.0, -jnp.inf)
    return jax.random.categorical(key, logits, axis=-1).astype(jnp.int32)


def test_pgx_api_on_random_games(compiled: tuple[jaxenv.Env, object, object], observe: Any) -> None:
    """Init: zero rewards, a non-empty mask, step count 0; each step counts one; the end."""
    env, init, step = compiled
    batch = BATCH
    key = jax.random.PRNGKey(849020)
    key, sub = jax.random.split(key)
    state = init(jax.random.split(sub, batch))  # type: ignore[operator]
    _validate(state, env)
    assert not np.asarray(state.rewards).any()
    assert np.asarray(state.legal_action_mask).any(axis=1).all()
    assert not np.asarray(state._step_count).any()
    first = np.asarray(observe(_first(state), 0))
    assert first.shape == env.observation_shape
    seen_end = np.zeros(batch, dtype=bool)
    for _ in range(env_length(env)):
        key, k1, k2 = jax.random.split(key, 3)
        before = state
        action = _random_actions(k1, state.legal_action_mask)
        state = step(state, action, jax.random.split(k2, batch))  # type: ignore[operator]
        _validate(state, env)
        was_over = np.asarray(before.terminated)
        counts = np.asarray(state._step_count)
        assert (counts == np.asarray(before._step_count) + ~was_over).all()
        # a finished state takes any action, changes nothing and rewards nothing
        assert not np.asarray(state.rewards)[was_over].any()
        newly = np.asarray(state.terminated) & ~was_over
        assert (np.abs(np.asarray(state.rewards)[newly].sum(axis=1)) < 1e-6).all()
        seen_end |= np.asarray(state.terminated)
        if seen_end.all():
            break
    assert seen_end.all(), "every random game ends within the game's length"


def env_length(env: jaxenv.Env) -> int:
    from shoal import games

    game_id, options = jaxenv.CORE_GAMES[env.id]
    return games.get(game_id, **options).max_game_length + 1


def test_observation_depends_on_the_player(
    compiled: tuple[jaxenv.Env, object, object], observe: Any
) -> None:
    """pgx: observations of the two players differ (after the first move)."""
    _env, init, step = compiled
    state = init(jax.random.split(jax.random.PRNGKey(1), BATCH))  # type: ignore[operator]
    for index in range(4):
        action = _random_actions(jax.random.PRNGKey(index), state.legal_action_mask)
        state = step(state, action, jax.random.split(jax.random.PRNGKey(index), BATCH))  # type: ignore[operator]
    one = _first(state)
    assert not np.array_equal(np.asarray(observe(one, 0)), np.asarray(observe(one, 1)))
    mover = int(one.current_player)
    assert np.array_equal(np.asarray(observe(one, mover)), np.asarray(one.observation))


def test_illegal_action_loses(compiled: tuple[jaxenv.Env, object, object]) -> None:
    """pgx: an illegal action ends the game, -1 for its player, +1 for the other."""
    env, init, step = compiled
    keys = jax.random.split(jax.random.PRNGKey(2), BATCH)  # the first game is the one watched
    state = init(keys)  # type: ignore[operator]
    for _ in range(env_length(env)):  # the first legal action until one is illegal
        if not np.asarray(state.legal_action_mask[0]).all():
            break
        first = jnp.argmax(state.legal_action_mask, axis=1).astype(jnp.int32)
        state = step(state, first, keys)  # type: ignore[operator]
    illegal = np.flatnonzero(~np.asarray(state.legal_action_mask[0]))
    assert illegal.size, f"{env.id}: some action is illegal"
    mover = int(state.current_player[0])
    first = jnp.argmax(state.legal_action_mask, axis=1).astype(jnp.int32)
    action = first.at[0].set(int(illegal[0]))  # the others play a legal action
    after = step(state, action, keys)  # type: ignore[operator]
    assert bool(after.terminated[0])
    expected = np.array([1.0, 1.0], dtype=np.float32)
    expected[mover] = -1.0
    assert np.array_equal(np.asarray(after.rewards[0]), expected)
    assert np.asarray(after.legal_action_mask[0]).all()


def test_pgx_env_subclass() -> None:
    """With pgx installed, every environment is a ``pgx.Env`` (pgx's tools accept it)."""
    pgx = pytest.importorskip("pgx")
    for env_id in ENV_IDS:
        assert isinstance(make(env_id), pgx.Env)


def test_make_rejects_unknown_ids() -> None:
    with pytest.raises(ValueError, match=r"unknown JAX environment 'chess'.*connect4"):
        make("chess")


def test_auto_reset_restarts_at_once() -> None:
    """The step that ends a game returns a fresh start with the ending's rewards and flag."""
    env = make("connect4")
    step = jax.jit(auto_reset(env.step, env.init))
    state = env.init(jax.random.PRNGKey(0))
    for column in (3, 3, 4, 4, 5, 5):
        state = step(state, jnp.int32(column), jax.random.PRNGKey(column))
    state = step(state, jnp.int32(6), jax.random.PRNGKey(9))
    assert bool(state.terminated)
    assert np.asarray(state.rewards).tolist() == [1.0, -1.0]
    assert int(state._step_count) == 0 and int(state.current_player) == 0
    assert np.asarray(state.legal_action_mask).all()
    assert not np.asarray(state._game.heights).any()
    state = step(state, jnp.int32(0), jax.random.PRNGKey(10))
    assert not bool(state.terminated) and not np.asarray(state.rewards).any()
    assert int(state._step_count) == 1
