"""pytest-benchmark figures: one random playout per game, and one MCTS search.

The suite runs with ``--benchmark-disable`` (each benchmark runs once, as a
test); for figures run ``pytest tests/bench --benchmark-enable``. They report;
they assert behaviour only.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from shoal import games
from shoal.ai import MCTS
from shoal.core import State


def playout(state: State, rng: random.Random) -> State:
    while state.outcome is None:
        legal = state.legal_actions()
        state = state.child(legal[rng.randrange(len(legal))])
    return state


@pytest.mark.parametrize("game_id", games.ids(all=True))
def test_random_playout(benchmark: Any, game_id: str) -> None:
    game = games.get(game_id)
    start = game.initial(1)
    rng = random.Random(0)
    end = benchmark(playout, start, rng)
    assert end.outcome is not None


@pytest.mark.parametrize("game_id", games.ids(all=True))
def test_native_random_playouts(benchmark: Any, game_id: str) -> None:
    """100 random playouts in C (the fast path), where the game has one built."""
    game = games.get(game_id)
    engine = game.native_engine()
    if engine is None:
        pytest.skip("no native fast path (not built, or SHOAL_PURE)")
    packed = engine.pack(game.initial(1))
    assert packed is not None
    total, actions = benchmark(engine.playouts, packed, 100, 0)
    assert -100 <= total <= 100 and actions >= 100


@pytest.mark.parametrize("native", [False, True], ids=["pure", "native"])
@pytest.mark.parametrize("game_id", games.ids(all=True))
def test_mcts_200_simulations(benchmark: Any, game_id: str, native: bool) -> None:
    game = games.get(game_id)
    state = game.initial(1)
    result = benchmark(
        lambda: MCTS(game, seed=0, reuse=False, native=native).search(state, iterations=200)
    )
    assert result.simulations == 200 or result.proven is not None
    assert result.action in state.legal_actions()
