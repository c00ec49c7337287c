"""Alpha-beta: tactics, proofs, determinism, budgets, same-seat actions, no writes."""

from __future__ import annotations

import time

import pytest

from shoal.ai import AlphaBeta
from shoal.games import get

from .positions import AVOID_LOSS, FORCED_WIN, WIN_IN_ONE
from .toygame import DoubleNim, mover_wins

GAME = get("connect4")


def test_finds_the_win_in_one() -> None:
    state = GAME.load(WIN_IN_ONE)
    result = AlphaBeta(GAME).search(state, depth=2)
    assert state.action_text(result.action) == "d"
    assert result.proven == "win" and result.proof_length == 1


def test_avoids_the_loss_in_one() -> None:
    state = GAME.load(AVOID_LOSS)
    for seed in range(5):
        result = AlphaBeta(GAME, seed=seed).search(state, depth=2)
        assert state.action_text(result.action) == "d"


def test_proves_a_forced_win_and_gives_its_line() -> None:
    state = GAME.load(FORCED_WIN)
    result = AlphaBeta(GAME).search(state, depth=5)
    assert result.proven == "win" and result.proof_length == 3
    assert state.action_text(result.action) == "d"
    assert len(result.pv) == 3
    end = state
    for action in result.pv:
        end = end.apply(action)
    assert end.outcome is not None and end.outcome.winner == 0


def test_the_same_seed_gives_the_same_search() -> None:
    state = GAME.initial().apply_text("d")
    one = AlphaBeta(GAME, seed=9).search(state, depth=5)
    two = AlphaBeta(GAME, seed=9).search(state, depth=5)
    assert (one.action, one.value, one.simulations, one.pv) == (
        two.action,
        two.value,
        two.simulations,
        two.pv,
    )


def test_search_leaves_the_state_unchanged() -> None:
    state = GAME.load(FORCED_WIN)
    before = (state.position(), state.key(), state.to_move, state.turn)
    AlphaBeta(GAME).search(state, depth=6)
    assert (state.position(), state.key(), state.to_move, state.turn) == before


def test_the_time_budget_is_respected() -> None:
    start = time.perf_counter()
    result = AlphaBeta(GAME).search(GAME.initial(), seconds=0.2)
    assert time.perf_counter() - start < 0.2 + 1.0
    assert result.depth >= 1
    assert result.action in GAME.initial().legal_actions()


def test_the_depth_budget_is_the_depth_reached() -> None:
    result = AlphaBeta(GAME).search(GAME.initial(), depth=3)
    assert result.depth == 3


@pytest.mark.parametrize("stones", range(1, 16))
def test_values_stay_right_across_same_seat_actions(stones: int) -> None:
    """Double Nim turns are two actions by one seat: negate only when the seat changes."""
    game = DoubleNim(DoubleNim.Options(stones))
    result = AlphaBeta(game).search(game.initial(), depth=stones)
    assert result.proven == ("win" if mover_wins(stones, 0) else "loss")
    if result.proven == "win":  # the chosen take keeps the win for the same seat
        left = stones - result.action - 1
        assert left == 0 or mover_wins(left, 1)
