"""Every shoal game as a PettingZoo AEC environment, and the Gymnasium wrapper."""

from __future__ import annotations

import numpy as np
import pytest

from shoal import games

pytest.importorskip("pettingzoo")
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from shoal.interop.pettingzoo import ShoalSingleAgentEnv, env_for

GAME_IDS = games.ids(all=True)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_pettingzoo_api_test_passes(game_id: str) -> None:
    api_test(env_for(game_id), num_cycles=60)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_pettingzoo_seed_test_passes(game_id: str) -> None:
    seed_test(lambda: env_for(game_id), num_cycles=40)


@pytest.mark.parametrize("mode", ["ansi", "rgb_array"])
def test_render_modes(mode: str) -> None:
    env = env_for("connect4", render_mode=mode)
    env.reset(seed=0)
    env.step(3)
    picture = env.render()
    if mode == "ansi":
        assert picture == games.get("connect4").render_text(env.state_)
    else:
        assert picture.ndim == 3 and picture.shape[2] == 3 and picture.dtype == np.uint8


def test_the_action_mask_marks_only_legal_actions_of_the_agent_to_act() -> None:
    env = env_for("connect4")
    env.reset(seed=0)
    for _ in range(6):
        env.step(0)
    mask = env.observe("player_0")["action_mask"]
    assert list(mask) == [0, 1, 1, 1, 1, 1, 1]
    assert not env.observe("player_1")["action_mask"].any()


def test_a_finished_game_rewards_the_winner() -> None:
    env = env_for("connect4")
    env.reset(seed=0)
    for column in [0, 1, 0, 1, 0, 1, 0]:
        env.step(column)
    assert env.terminations["player_0"] and env.rewards == {"player_0": 1.0, "player_1": -1.0}


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_gymnasium_single_agent_wrapper_against_a_level() -> None:
    env = ShoalSingleAgentEnv(games.get("connect4"), opponent="random", seat=1)
    check_env(env, skip_render_check=True)
    observation, info = env.reset(seed=2)
    assert observation.shape == (3, 6, 7)
    done = False
    reward = 0.0
    while not done:
        action = int(np.flatnonzero(info["action_mask"])[0])
        observation, reward, done, _, info = env.step(action)
    assert reward in (-1.0, 0.0, 1.0)
