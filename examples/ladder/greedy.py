"""A ladder agent as a Python class: one ply of look-ahead on the game's own evaluation.

On the ladder: ``shoal ladder sytran base=6 --agents python:examples/ladder/greedy.py:Greedy``
(docs/ai.md, "The ladder"). The class is what any Python agent looks like: constructed with the
game, a seed and its options (``key=value`` words after the target, as strings), it answers
``choose(state, budget)`` with one atomic action. This one plays an action that ends the game
in its favour when there is one, else the action after which the game's heuristic evaluation
(``game.evaluate``, the features the searches use) is best for it, ties broken at random; it
stops looking when the turn's time is nearly spent.
"""

from __future__ import annotations

import random
import time
from typing import Any


class Greedy:
    """One ply of look-ahead on ``game.evaluate``."""

    budget = "time"  # the ladder gives it seconds a turn

    def __init__(self, game: Any, seed: int, **options: str) -> None:
        self.game = game
        self.rng = random.Random(seed)

    def choose(self, state: Any, budget: Any) -> int:
        start = time.perf_counter()
        seat = state.to_move
        legal = list(state.legal_actions())
        self.rng.shuffle(legal)  # ties go to a random action
        best, best_value = legal[0], float("-inf")
        for action in legal:
            child = state.apply(action)
            outcome = child.outcome
            if outcome is not None:  # a win first, a loss last
                value = 0.0 if outcome.winner is None else 1e9 if outcome.winner == seat else -1e9
            else:
                value = self.game.evaluate(child, seat)
            if value > best_value:
                best, best_value = action, value
            if budget.seconds is not None and time.perf_counter() - start > 0.8 * budget.seconds:
                break  # keep within the turn: the best so far
        return int(best)
