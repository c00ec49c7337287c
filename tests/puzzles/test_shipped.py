"""Every shipped puzzle re-proven by the exhaustive prover (slow: runs in CI with the rest).

The prover runs in C where it is built; every 25th puzzle is proven again by the pure
prover, the reference, which must give the same answers.

For each puzzle: the solution replays legally to a win of ``winner``; the win is
forced within the solution's length and not sooner (the line is the defender's
longest resistance against the quickest win); every accepted first action wins
by force within the generator's bound (or two actions more than the solution,
if longer), and every other first action does not.
"""

from __future__ import annotations

import json
from importlib import resources

import pytest

from shoal.ai.prove import Prover
from shoal.analysis.puzzles.generate import settings_for
from shoal.games import REGISTRY

GAMES = ("syrtis", "sirtet", "sytran", "cyclix", "sfirs")
KEYS = {
    "id", "position", "options", "winner", "solution", "accepted_first", "theme",
    "difficulty", "source",
}  # fmt: skip

pytestmark = pytest.mark.slow


def shipped(game_id: str) -> list[dict[str, object]]:
    data = resources.files("shoal.games").joinpath(game_id, "puzzles.jsonl")
    return [json.loads(line) for line in data.read_text().splitlines() if line.strip()]


@pytest.mark.parametrize("game_id", GAMES)
def test_enough_distinct_puzzles_are_shipped(game_id: str) -> None:
    puzzles = shipped(game_id)
    assert len(puzzles) >= 100
    assert all(set(p) == KEYS for p in puzzles)
    assert len({p["position"] for p in puzzles}) == len(puzzles)
    assert [p["id"] for p in puzzles] == [f"{game_id}-{i:04d}" for i in range(1, len(puzzles) + 1)]


PURE_EVERY = 25
"""Every 25th puzzle is also proven by the pure prover, the reference the native one must match
(tests/native/test_prover.py compares the two provers on random near-end positions too)."""


@pytest.mark.parametrize("game_id", GAMES)
def test_every_shipped_puzzle_is_proven_and_its_first_action_the_only_win(game_id: str) -> None:
    for index, puzzle in enumerate(shipped(game_id)):
        for native in (True, False) if index % PURE_EVERY == 0 else (True,):
            check(game_id, puzzle, native)


def check(game_id: str, puzzle: dict[str, object], native: bool) -> None:
    """One puzzle proven again, by the native prover (when built) or the pure one."""
    game = REGISTRY.from_mapping(game_id, puzzle["options"])  # type: ignore[arg-type]
    start = game.load(str(puzzle["position"]))
    solution = list(puzzle["solution"])  # type: ignore[call-overload]
    winner = puzzle["winner"]
    assert start.to_move == winner, puzzle["id"]
    prover = Prover(winner, max_nodes=2_000_000, native=native)  # type: ignore[arg-type]
    assert prover.distance(start, len(solution)) == len(solution), puzzle["id"]
    state, actions = start, []
    for text in solution:
        action = state.parse_action(text)
        actions.append(action)
        state = state.child(action)
    assert state.outcome is not None and state.outcome.winner == winner, puzzle["id"]
    bound = max(settings_for(game).depth, len(solution) + 2)  # as the generator checked
    winning = sorted(start.action_text(a) for a in prover.winning_actions(start, bound))
    assert winning == sorted(puzzle["accepted_first"]), puzzle["id"]  # type: ignore[call-overload]
    assert solution[0] in winning
    assert 2 * len(winning) <= len(start.legal_actions()), puzzle["id"]
    assert game.puzzle_theme(start, actions) == puzzle["theme"], puzzle["id"]
