"""MCTS decisive moves (pure search): proofs at a node's first expansion, and the level option."""

from __future__ import annotations

import pytest

from shoal.ai import MCTS
from shoal.ai.levels import level_player, make_searcher
from shoal.core import AIProfile, InvalidOptionError
from shoal.games import get

from .positions import WIN_IN_ONE
from .toygame import DoubleNim, mover_wins

GAME = get("connect4")
# o to move: a1 is the last empty cell, and filling it fills the board (no line of four).
LAST_CELL = ".xoxoxo/xoxoxox/xoxoxox/oxoxoxo/oxoxoxo/xoxoxox o"


def test_a_win_in_one_proves_the_root_at_its_first_expansion() -> None:
    state = GAME.load(WIN_IN_ONE)
    result = MCTS(GAME, seed=3, decisive=True, native=False).search(state, iterations=50)
    assert state.action_text(result.action) == "d"
    assert result.proven == "win" and result.proof_length == 1
    assert result.simulations == 1  # proven before any playout
    # only the decisive child exists, not yet visited
    assert [(state.action_text(c.action), c.visits, c.proven) for c in result.children] == [
        ("d", 0, "win")
    ]
    plain = MCTS(GAME, seed=3, native=False).search(state, iterations=50)
    assert plain.proven == "win" and plain.simulations > 1


def test_a_node_whose_every_action_ends_the_game_is_proven_at_once() -> None:
    state = GAME.load(LAST_CELL)
    assert all(state.child(a).outcome is not None for a in state.legal_actions())
    result = MCTS(GAME, seed=0, decisive=True, native=False).search(state, iterations=50)
    assert result.proven == "draw" and result.proof_length == 1
    assert result.simulations == 1
    assert {c.proven for c in result.children} == {"draw"}


def test_a_new_child_whose_reply_ends_the_game_is_proven_without_a_playout() -> None:
    # three stones, the second action of seat 0's turn: taking 1 leaves 2 and taking 2
    # leaves 1 for seat 1, who then takes the last stone at once
    game = DoubleNim()
    state = game.load("3 0 1")
    assert not mover_wins(3, 1)
    result = MCTS(game, seed=0, decisive=True, native=False).search(state, iterations=100)
    assert result.proven == "loss" and result.proof_length == 2
    assert result.simulations == 2  # one iteration per child, each proven when made
    assert sorted((c.visits, c.proven) for c in result.children) == [(1, "loss"), (1, "loss")]


def test_decisive_children_not_yet_visited_are_selected_first() -> None:
    # without the solver a decisive win proves nothing and stays a child of 0 visits
    # until the untried actions are used up; the next iteration then selects it
    game = DoubleNim()
    state = game.load("2 0 1")
    searcher = MCTS(game, seed=0, decisive=True, solver=False, native=False)
    first = searcher.search(state, iterations=1)
    assert sorted(c.visits for c in first.children) == [0, 1]
    searcher.reset()
    second = searcher.search(state, iterations=2)
    assert sorted(c.visits for c in second.children) == [1, 1]
    assert second.proven is None


def test_decisive_moves_keep_a_search_reproducible() -> None:
    state = GAME.initial().apply_text("d").apply_text("c")
    one = MCTS(GAME, seed=42, decisive=True, native=False).search(state, iterations=400)
    two = MCTS(GAME, seed=42, decisive=True, native=False).search(state, iterations=400)
    assert one.children == two.children and one.pv == two.pv
    assert one.simulations == 400


def test_levels_take_decisive_moves_from_the_profile_and_the_option() -> None:
    for game_id in ("syrtis", "sirtet", "sytran", "sfirs"):
        game = get(game_id)
        profile = game.ai_profile
        for level in ("beginner", "casual", "club", "strong", "max"):
            searcher = level_player(level, game).searcher
            assert isinstance(searcher, MCTS)
            assert searcher.decisive == profile.decisive_for(level), (game_id, level)
            assert isinstance(on := level_player(f"{level}:decisive=on", game).searcher, MCTS)
            assert on.decisive
            assert isinstance(off := level_player(f"{level}:decisive=off", game).searcher, MCTS)
            assert not off.decisive
    searcher = make_searcher(GAME, "mcts")
    assert isinstance(searcher, MCTS) and not searcher.decisive
    assert AIProfile(level_decisive=("max",)).decisive_for("max")
    assert not AIProfile().decisive_for("max")


def test_a_bad_decisive_option_is_refused_in_words() -> None:
    with pytest.raises(InvalidOptionError, match="decisive is on or off, not 'yes'"):
        level_player("club:decisive=yes", GAME)
