"""Perft: the number of action sequences of a given length, a check of move generation.

Counts atomic actions (a multi-action turn counts each of its decisions), and
stops at ended games.

>>> from shoal.games import get
>>> [perft(get("connect4").initial(), depth) for depth in range(4)]
[1, 7, 49, 343]
"""

from __future__ import annotations

from shoal.core import State

__all__ = ["divide", "perft"]


def perft(state: State, depth: int) -> int:
    """The number of leaves of the action tree of ``depth`` below ``state``."""
    if depth == 0 or state.outcome is not None:
        return 1
    legal = state.legal_actions()
    if depth == 1:
        return len(legal)
    return sum(perft(state.child(action), depth - 1) for action in legal)


def divide(state: State, depth: int) -> dict[str, int]:
    """Perft split by the first action, keyed by its notation (for debugging)."""
    return {
        state.action_text(action): perft(state.child(action), depth - 1)
        for action in state.legal_actions()
    }
