"""BatchEnv: N games stepped together with numpy arrays and auto-reset."""

from __future__ import annotations

import numpy as np
import pytest

from shoal import games
from shoal.interop.batch import BatchEnv


@pytest.mark.parametrize("game_id", games.ids(all=True))
def test_random_loop_runs_games_to_the_end_and_resets(game_id: str) -> None:
    env = BatchEnv(game_id, num_envs=4, seed=10)
    game = env.game
    step = env.reset()
    assert step.observation.shape == (4, *game.observation_shape())
    assert step.action_mask.shape == (4, game.num_distinct_actions)
    for index, state in enumerate(env.states):
        assert step.action_mask[index].nonzero()[0].tolist() == sorted(state.legal_actions())
        assert step.to_play[index] == state.to_move
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(3000):
        step = env.step(env.random_actions(rng))
        finished += int(step.terminated.sum())
        ended = step.rewards[step.terminated]
        assert np.all(ended.sum(axis=1) == 0)  # +1/-1 or a draw
        assert np.all(step.rewards[~step.terminated] == 0)
        assert step.action_mask.any(axis=1).all()  # auto-reset: every env is live
        if finished >= 4:
            break
    assert finished >= 4
    assert env.episodes_done == finished


def test_observation_is_the_games_own() -> None:
    env = BatchEnv("connect4", num_envs=2, seed=0)
    env.reset()
    step = env.step(np.array([3, 0]))
    state = env.states[1]
    expected = np.asarray(env.game.observation(state, 1), dtype=np.float32)
    assert np.array_equal(step.observation[1].ravel(), expected)


def test_bad_actions_are_refused_and_change_nothing() -> None:
    env = BatchEnv("connect4", num_envs=2, seed=0)
    env.reset()
    for _ in range(6):
        env.step(np.array([0, 1]))
    before = [s.position() for s in env.states]
    with pytest.raises(ValueError, match="environment 0: action 0 is not legal"):
        env.step(np.array([0, 2]))
    with pytest.raises(ValueError, match="shape"):
        env.step(np.array([1, 2, 3]))
    with pytest.raises(ValueError, match="ints"):
        env.step(np.array([1.0, 2.0]))
    assert [s.position() for s in env.states] == before
    with pytest.raises(ValueError, match="num_envs"):
        BatchEnv("connect4", num_envs=0)
    with pytest.raises(ValueError, match="reset"):
        BatchEnv("connect4", num_envs=1).step(np.array([0]))
