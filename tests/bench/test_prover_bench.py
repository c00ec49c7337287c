"""pytest-benchmark figures: the puzzle prover in C against the pure one (docs/native.md).

Each case re-proves the first ten shipped puzzles of a game as the generator examines a
candidate (the quickest win, then the winning first actions within the bound). Run
``pytest tests/bench/test_prover_bench.py --benchmark-enable -n 0`` for the figures (the
``native`` and ``pure`` rows of a game, one run); in the suite each runs once, as a test
that both provers give the shipped answers.
"""

from __future__ import annotations

from typing import Any

import pytest

from shoal.ai.prove import Prover, native_prover_available
from shoal.analysis.puzzles.data import shipped
from shoal.analysis.puzzles.generate import settings_for
from shoal.games import REGISTRY

from ..native.cases import not_built

GAMES = ("syrtis", "sirtet", "sytran", "cyclix", "sfirs")


def positions(game_id: str) -> list[tuple[Any, Any, dict[str, Any]]]:
    """The first ten shipped puzzles' games and start states, made before any timing (the
    first use of a game imports its modules and builds its tables)."""
    out = []
    for puzzle in shipped(game_id)[:10]:
        game = REGISTRY.from_mapping(game_id, puzzle["options"])
        game.native_engine()
        out.append((game, game.load(puzzle["position"]), puzzle))
    return out


def prove_ten(cases: list[tuple[Any, Any, dict[str, Any]]], native: bool) -> list[list[str]]:
    """The winning first actions of each puzzle, proven afresh as the generator does."""
    out = []
    for game, state, puzzle in cases:
        prover = Prover(puzzle["winner"], max_nodes=2_000_000, native=native)
        assert prover.distance(state, len(puzzle["solution"])) == len(puzzle["solution"])
        bound = max(settings_for(game).depth, len(puzzle["solution"]) + 2)
        out.append(sorted(state.action_text(a) for a in prover.winning_actions(state, bound)))
    return out


@pytest.mark.parametrize("path", ["native", "pure"])
@pytest.mark.parametrize("game_id", GAMES)
def test_prove_ten_shipped_puzzles(game_id: str, path: str, benchmark: Any) -> None:
    if path == "native" and not native_prover_available():
        not_built("the native prover")
    cases = positions(game_id)
    found = benchmark.pedantic(prove_ten, args=(cases, path == "native"), rounds=1)
    assert found == [sorted(p["accepted_first"]) for p in shipped(game_id)[:10]]
