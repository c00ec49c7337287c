"""Every shoal game through pyspiel: random simulation, clone, serialise, OpenSpiel's MCTSBot."""

from __future__ import annotations

import random

import numpy as np
import pytest

from shoal import games

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import mcts  # noqa: E402

from shoal.interop.openspiel import load, register_all, short_name  # noqa: E402

GAME_IDS = games.ids(all=True)


def test_every_game_is_registered_with_its_info() -> None:
    register_all()
    registered = {g.short_name for g in pyspiel.registered_games()}
    for game_id in GAME_IDS:
        assert short_name(game_id) in registered
        spiel = load(game_id)
        ours = games.get(game_id)
        assert spiel.num_distinct_actions() == ours.num_distinct_actions
        assert spiel.max_game_length() == ours.max_game_length
        assert (spiel.min_utility(), spiel.max_utility()) == (-1.0, 1.0)
        assert spiel.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_simulation_clone_and_serialise(game_id: str) -> None:
    spiel = load(game_id)
    rng = random.Random(7)
    for _ in range(2):
        state = spiel.new_initial_state()
        while not state.is_terminal():
            assert state.returns() == [0.0, 0.0], "returns only at the end"
            legal = state.legal_actions()
            assert legal and legal == sorted(legal)
            clone = state.clone()
            action = rng.choice(legal)
            assert isinstance(state.action_to_string(state.current_player(), action), str)
            state.apply_action(action)
            assert str(clone) != str(state) or game_id == "sfirs"
            tensor = np.asarray(state.observation_tensor(0))
            assert tensor.shape == (int(np.prod(spiel.observation_tensor_shape())),)
        returns = state.returns()
        assert sum(returns) == 0.0 and all(-1.0 <= r <= 1.0 for r in returns)
        text = pyspiel.serialize_game_and_state(spiel, state)
        _, back = pyspiel.deserialize_game_and_state(text)
        assert str(back) == str(state) and back.is_terminal()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_openspiel_mcts_bot_plays_every_game_to_the_end(game_id: str) -> None:
    spiel = load(game_id)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = mcts.MCTSBot(spiel, 1.4, 3, evaluator, random_state=np.random.RandomState(1))
    state = spiel.new_initial_state()
    while not state.is_terminal():
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.returns() in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])


def test_the_seed_parameter_gives_the_set_up() -> None:
    first = load("connect4", seed=3).new_initial_state()
    assert str(first) == games.get("connect4").initial(3).position()


def test_a_short_match_against_openspiel_mcts_counts_every_game() -> None:
    from shoal.interop.versus import versus_openspiel

    result = versus_openspiel("connect4", games_count=2, seconds=0.02)
    assert result.wins + result.draws + result.losses == 2
    assert result.shoal_simulations_per_second > 0 and result.openspiel_simulations_per_move >= 2
    low, high = result.interval()
    assert 0.0 <= low <= result.score <= high <= 1.0
