"""Python agent classes for the ladder's tests (the host loads ``tests/ladder/agents.py:NAME``)."""

from __future__ import annotations

import time
from typing import Any


class First:
    """Plays the first legal action, at once."""

    def __init__(self, game: Any, seed: int, **options: str) -> None:
        self.game = game

    def choose(self, state: Any, budget: Any) -> int:
        return int(state.legal_actions()[0])


class Sleepy:
    """Sleeps ``seconds`` (an option) before each action: over any smaller budget."""

    def __init__(self, game: Any, seed: int, seconds: str = "1") -> None:
        self.seconds = float(seconds)

    def choose(self, state: Any, budget: Any) -> int:
        time.sleep(self.seconds)
        return int(state.legal_actions()[0])


class Counted:
    """Declares an iteration budget, and plays the legal action of index iterations % n."""

    budget = "iterations"

    def __init__(self, game: Any, seed: int, **options: str) -> None:
        pass

    def choose(self, state: Any, budget: Any) -> int:
        assert budget.seconds is None and budget.iterations is not None
        legal = state.legal_actions()
        return int(legal[budget.iterations % len(legal)])


class Broken:
    """Raises: the host answers '?' and the ladder scores a loss."""

    def __init__(self, game: Any, seed: int, **options: str) -> None:
        pass

    def choose(self, state: Any, budget: Any) -> int:
        raise RuntimeError("this agent is broken")
