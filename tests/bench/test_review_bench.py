"""pytest-benchmark figure: reviewing a 95-turn Sytran game at the default budget (issue 26).

Run ``pytest tests/bench/test_review_bench.py --benchmark-enable -n 0`` for the figure
(docs/review.md quotes it); in the suite it runs once, as a test of the review's shape.
"""

from __future__ import annotations

import random
from typing import Any

from shoal.analysis.review import review_record, simulations_for
from shoal.games import get
from shoal.records import Record


def sytran_95(seed: int = 1) -> Record:
    """A Sytran game of 95 complete turns, every action chosen at random (seeded)."""
    game = get("sytran")
    state = game.initial(seed)
    rng = random.Random(seed)
    actions = []
    while state.turn < 95:
        assert state.outcome is None, "this seed's game ends before 95 turns"
        action = rng.choice(state.legal_actions())
        actions.append(action)
        state = state.child(action)
    return Record.from_actions(game, actions, seed=seed)


def test_review_a_95_turn_sytran_game(benchmark: Any) -> None:
    record = sytran_95()
    review = benchmark.pedantic(review_record, args=(record,), rounds=1, iterations=1)
    assert len(review.turns) == 95
    assert review.simulations == simulations_for(record.game) == 500
