"""Decisive moves in the native MCTS agree with the pure reference (mcts.py)."""

from __future__ import annotations

import pytest

from shoal import games
from shoal.ai import MCTS, SearchResult
from shoal.analysis.puzzles.data import shipped
from shoal.core import Game, State

from .cases import not_built

# o to move: the last empty cell, which fills the board without a line of four.
LAST_CELL = ".xoxoxo/xoxoxox/xoxoxox/oxoxoxo/oxoxoxo/xoxoxox o"
WIN_IN_ONE = "......./......./......./......./......./xxx.ooo x"


def _puzzle(puzzle_id: str) -> tuple[Game, State, list[str]]:
    game_id = puzzle_id.split("-")[0]
    puzzle = next(p for p in shipped(game_id) if p["id"] == puzzle_id)
    game = games.REGISTRY.from_mapping(game_id, puzzle["options"])
    return game, game.load(puzzle["position"]), list(puzzle["accepted_first"])


def _both(
    game: Game, state: State, exploration: float | None = None
) -> tuple[SearchResult, SearchResult]:
    """The native and the pure search of ``state``, with decisive moves."""
    native = MCTS(game, seed=4, decisive=True, exploration=exploration)
    if not native.native:
        not_built(game.id)
    pure = MCTS(game, seed=4, decisive=True, exploration=exploration, native=False)
    return native.search(state, iterations=2000), pure.search(state, iterations=2000)


@pytest.mark.parametrize(
    ("position", "proven"), [(WIN_IN_ONE, "win"), (LAST_CELL, "draw")], ids=["win", "full"]
)
def test_both_paths_prove_a_connect4_root_at_its_first_expansion(
    position: str, proven: str
) -> None:
    game = games.get("connect4")
    state = game.load(position)
    fast, pure = _both(game, state)
    for result in (fast, pure):
        assert result.proven == proven and result.proof_length == 1
        assert result.simulations == 1
    assert fast.action == pure.action
    assert fast.children == pure.children


def test_both_paths_prove_a_sirtet_node_whose_every_action_ends_the_game() -> None:
    # sirtet-0017 after its winning pass: the player must drop, and every drop ends the game
    game, puzzle, _ = _puzzle("sirtet-0017")
    state = puzzle.apply_text("pass")
    assert all(state.child(a).outcome is not None for a in state.legal_actions())
    fast, pure = _both(game, state)
    for result in (fast, pure):
        assert result.proven == "win" and result.proof_length == 1
        assert result.simulations == 1
        assert {c.action for c in result.children} == set(state.legal_actions())
    # the two paths shuffle with their own generators: the same children, in another order
    assert set(fast.children) == set(pure.children)


@pytest.mark.parametrize(("puzzle_id", "exploration"), [("sirtet-0017", 0.3), ("sfirs-0063", 0.5)])
def test_both_paths_prove_the_puzzles_the_low_exploration_levels_missed(
    puzzle_id: str, exploration: float
) -> None:
    # at max's exploration the plain search left the winning first action after one or
    # two lost playouts; with decisive moves its child is proven as soon as it is made
    game, state, accepted = _puzzle(puzzle_id)
    fast, pure = _both(game, state, exploration=exploration)
    bound = len(state.legal_actions()) + 1  # at most one iteration per first action
    for result in (fast, pure):
        assert result.proven == "win" and result.proof_length == 2
        assert state.action_text(result.action) in accepted
        assert result.simulations <= bound
