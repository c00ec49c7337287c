"""The proof pre-search before MCTS (``shoal.ai.presearch``) on both paths; its level option."""

from __future__ import annotations

import pytest

from shoal import games
from shoal.ai import MCTS
from shoal.ai.levels import level_player
from shoal.ai.presearch import presearch
from shoal.ai.prove import Prover, native_prover_available
from shoal.analysis.puzzles.data import shipped
from shoal.core import AIProfile, InvalidOptionError, State
from shoal.games import get
from tests.native.cases import not_built

# sirtet-0108: the only win is `pass`, then two drops (a forced win in 3 atomic actions)
WIN_IN_3 = "sirtet-0108"
# sirtet-0026: `pass` wins in 5; max without the pre-search gave it a handful of visits
WIN_IN_5 = "sirtet-0026"


def _puzzle(puzzle_id: str) -> State:
    puzzle = next(p for p in shipped("sirtet") if p["id"] == puzzle_id)
    return games.REGISTRY.from_mapping("sirtet", puzzle["options"]).load(puzzle["position"])


@pytest.fixture(params=[False, True], ids=["pure", "native"])
def native(request: pytest.FixtureRequest) -> bool:
    """Each test on the pure prover and, where built, the native one."""
    if request.param and not native_prover_available():
        not_built("the prover")
    return bool(request.param)


def test_a_forced_win_in_3_is_returned_proven_without_the_tree_search(native: bool) -> None:
    state = _puzzle(WIN_IN_3)
    searcher = MCTS(state.game, seed=0, presearch=(5, 4000), native=native)
    result = searcher.search(state, iterations=1000)
    assert state.action_text(result.action) == "pass"
    assert (result.proven, result.proof_length, result.value) == ("win", 3, 1.0)
    assert result.simulations == 0 and result.prover_nodes > 0
    assert result.seat == state.to_move and result.algorithm == "mcts"
    assert [c.proven for c in result.children] == ["win"]
    # the line is the prover's solution: the winner's quickest win
    assert [state.action_text(a) for a in result.pv] == ["pass", "drop I.red", "drop I.yellow"]
    assert result.view() == "wins by force in 3 actions"


def test_the_quickest_of_several_wins_is_chosen(native: bool) -> None:
    """A win in 5 found at a bound of 7 is reported as 5 with its first action."""
    state = _puzzle(WIN_IN_5)
    found, _ = presearch(state, 7, 100_000, native=native)
    assert found is not None
    assert state.action_text(found.action) == "pass" and found.proof_length == 5
    assert found.proof_length == Prover(state.to_move, native=native).distance(state, 7)


def test_no_win_within_the_bound_falls_through_to_the_tree_search(native: bool) -> None:
    game = get("sirtet")
    state = game.initial(1)
    result = MCTS(game, seed=0, presearch=(3, 4000), native=native).search(state, iterations=50)
    assert result.proven is None and result.simulations == 50
    assert result.prover_nodes > 0
    plain = MCTS(game, seed=0, native=native).search(state, iterations=50)
    assert (result.action, result.children) == (plain.action, plain.children)
    assert plain.prover_nodes == 0
    # a win further away than the bound is not seen either
    assert presearch(_puzzle(WIN_IN_5), 4, 100_000, native=native)[0] is None


def test_a_node_budget_exceeded_falls_through_to_the_tree_search(native: bool) -> None:
    state = _puzzle(WIN_IN_5)
    found, nodes = presearch(state, 5, 10, native=native)
    assert found is None and nodes > 10
    result = MCTS(state.game, seed=0, presearch=(5, 10), native=native).search(state, iterations=30)
    assert result.simulations == 30 and result.prover_nodes == nodes


def test_the_pre_search_time_counts_against_the_seconds(native: bool) -> None:
    """Found or not, a search given seconds reports the pre-search's time within them."""
    state = _puzzle(WIN_IN_3)
    found = MCTS(state.game, presearch=(5, 4000), native=native).search(state, seconds=0.5)
    assert 0 < found.seconds < 0.5
    game = get("sirtet")
    result = MCTS(game, presearch=(5, 4000), native=native).search(game.initial(2), seconds=0.2)
    assert result.simulations > 0 and 0.19 <= result.seconds < 1.0


def test_the_pre_search_agrees_on_both_paths() -> None:
    if not native_prover_available():
        not_built("the prover")
    for puzzle_id in (WIN_IN_3, WIN_IN_5):
        state = _puzzle(puzzle_id)
        native, _ = presearch(state, 5, 4000)
        pure, _ = presearch(state, 5, 4000, native=False)
        assert native is not None and pure is not None
        assert (native.action, native.pv, native.proof_length, native.children) == (
            pure.action,
            pure.pv,
            pure.proof_length,
            pure.children,
        )


def test_the_level_option_and_the_profile_set_the_pre_search() -> None:
    sirtet = get("sirtet")
    profile = sirtet.ai_profile
    for level in ("beginner", "casual", "club", "strong", "max"):
        searcher = level_player(level, sirtet).searcher
        assert isinstance(searcher, MCTS)
        assert searcher.presearch == profile.presearch_for(level), level
    assert profile.presearch_for("max") is not None
    for spec, expected in (
        ("max:presearch=off", None),
        ("club:presearch=3/100", (3, 100)),
        ("max:presearch=4/2000,path=pure", (4, 2000)),
    ):
        searcher = level_player(spec, sirtet).searcher
        assert isinstance(searcher, MCTS) and searcher.presearch == expected, spec
    for bad in ("max:presearch=on", "max:presearch=5", "max:presearch=0/10", "max:presearch=a/b"):
        with pytest.raises(InvalidOptionError, match="presearch"):
            level_player(bad, sirtet)
    with pytest.raises(ValueError, match="presearch"):
        MCTS(sirtet, presearch=(0, 10))
    assert AIProfile(level_presearch=(("max", (5, 10)),)).presearch_for("club") is None


def test_max_with_the_pre_search_plays_the_win_it_missed() -> None:
    """sirtet-0026 was one of max's misses on the puzzle bench; with the pre-search it is not."""
    state = _puzzle(WIN_IN_5)
    player = level_player("max", state.game)
    result = player.analyse(state, 1.0)
    assert state.action_text(result.action) == "pass" and result.proven == "win"
