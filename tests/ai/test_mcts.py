"""MCTS: tactics, the solver, reproducibility, budgets, tree reuse, no writes onto states."""

from __future__ import annotations

import time

import pytest

from shoal.ai import MCTS, analyse
from shoal.core import State
from shoal.games import get

from .positions import AVOID_LOSS, FORCED_WIN, WIN_IN_ONE
from .toygame import DoubleNim, DoubleNimState, mover_wins

GAME = get("connect4")


def test_finds_the_win_in_one_at_a_low_budget() -> None:
    state = GAME.load(WIN_IN_ONE)
    result = MCTS(GAME, seed=3).search(state, iterations=50)
    assert state.action_text(result.action) == "d"
    assert result.proven == "win" and result.proof_length == 1
    assert result.value == 1.0


def test_avoids_the_loss_in_one_at_a_low_budget() -> None:
    state = GAME.load(AVOID_LOSS)
    for seed in range(5):
        result = MCTS(GAME, seed=seed).search(state, iterations=300)
        assert state.action_text(result.action) == "d"
    losses = {state.action_text(c.action) for c in result.children if c.proven == "loss"}
    assert losses <= set("abcefg")


def test_the_solver_proves_a_forced_win() -> None:
    state = GAME.load(FORCED_WIN)
    result = MCTS(GAME, seed=1).search(state, iterations=20_000)
    assert result.proven == "win"
    assert result.proof_length == 3
    assert state.action_text(result.action) == "d"
    assert result.simulations < 20_000  # stops once the root is proven
    assert result.pv[0] == result.action and len(result.pv) == 3


def test_a_fixed_seed_and_iteration_budget_gives_the_same_search() -> None:
    state = GAME.initial().apply_text("d").apply_text("c")
    one = MCTS(GAME, seed=42).search(state, iterations=600)
    two = MCTS(GAME, seed=42).search(state, iterations=600)
    assert one.action == two.action
    assert one.children == two.children
    assert one.pv == two.pv
    assert one.simulations == two.simulations == 600


def test_search_leaves_the_state_unchanged() -> None:
    state = GAME.load(AVOID_LOSS)
    before = (state.position(), state.key(), state.to_move, state.turn, state.outcome)
    legal = tuple(state.legal_actions())
    MCTS(GAME, seed=0).search(state, iterations=500)
    assert (state.position(), state.key(), state.to_move, state.turn, state.outcome) == before
    assert tuple(state.legal_actions()) == legal


def test_the_time_budget_is_respected() -> None:
    start = time.perf_counter()
    result = MCTS(GAME, seed=0).search(GAME.initial(), seconds=0.2)
    elapsed = time.perf_counter() - start
    assert result.simulations > 0
    assert elapsed < 0.2 + 1.0  # loose: a shared machine


def test_an_iteration_budget_caps_a_time_budget() -> None:
    result = MCTS(GAME, seed=0).search(GAME.initial(), iterations=25, seconds=30.0)
    assert result.simulations == 25


def test_tree_reuse_keeps_the_subtree_of_the_actions_played() -> None:
    searcher = MCTS(GAME, seed=7, native=False)  # reads the pure tree's nodes
    state = GAME.initial()
    first = searcher.search(state, iterations=3000)
    after_reply = state.child(first.pv[0]).child(first.pv[1])
    root = searcher._root
    assert root is not None
    kept = next(c for c in root.children if c.action == first.pv[0])
    kept = next(c for c in kept.children if c.action == first.pv[1])
    held = kept.visits
    assert held > 0
    second = searcher.search(after_reply, iterations=100)
    assert second.reused == held
    assert searcher.tree_visits == held + 100


def test_tree_reuse_matches_a_state_built_independently() -> None:
    searcher = MCTS(GAME, seed=7)
    searcher.search(GAME.initial(), iterations=2000)
    same = GAME.load("......./......./......./......./......./..ox... x")
    assert searcher.search(same, iterations=10).reused > 0
    fresh = MCTS(GAME, seed=7, reuse=False)
    fresh.search(GAME.initial(), iterations=2000)
    assert fresh.search(same, iterations=10).reused == 0


def test_a_searched_state_that_is_over_is_refused() -> None:
    over = GAME.load(WIN_IN_ONE).apply_text("d")
    with pytest.raises(ValueError):
        MCTS(GAME).search(over)


@pytest.mark.parametrize("stones", range(1, 14))
def test_values_stay_right_across_same_seat_actions(stones: int) -> None:
    """Double Nim turns are two actions by one seat: the solver must not negate between them."""
    game = DoubleNim(DoubleNim.Options(stones))
    state = game.initial()
    result = MCTS(game, seed=stones).search(state, iterations=5000)
    assert result.proven == ("win" if mover_wins(stones, 0) else "loss")


def test_analyse_is_a_one_liner_for_game_tests() -> None:
    state = GAME.load(FORCED_WIN)
    assert state.action_text(analyse(state, iterations=5000).action) == "d"
    assert analyse(state, "alphabeta", depth=4).proven == "win"


class _RecordingNim(DoubleNim):
    """Double Nim whose evaluation records the turn step of every state it scores."""

    def __init__(self, options: DoubleNim.Options | None = None) -> None:
        super().__init__(options)
        self.scored_steps: list[int] = []

    def evaluate(self, state: State, seat: int) -> float:
        assert isinstance(state, DoubleNimState)
        self.scored_steps.append(state.step)
        return super().evaluate(state, seat)


@pytest.mark.parametrize("cutoff", [1, 2, 3])
def test_playouts_are_cut_off_between_turns_only(cutoff: int) -> None:
    """A playout stops at the first turn's end after ``cutoff`` actions, never mid-turn."""
    game = _RecordingNim(DoubleNim.Options(60))
    MCTS(game, seed=2, playout_cutoff=cutoff).search(game.initial(), iterations=400)
    assert game.scored_steps, "the cut-off never happened"
    assert set(game.scored_steps) == {0}


def test_a_cutoff_of_zero_scores_the_leaf_as_it_is() -> None:
    """Cutoff 0: no random action at all, the new leaf itself is scored (mid-turn or not)."""
    game = _RecordingNim(DoubleNim.Options(60))
    MCTS(game, seed=2, playout_cutoff=0).search(game.initial(), iterations=200)
    assert set(game.scored_steps) == {0, 1}
