"""A bounded exhaustive prover: does a seat force a win within ``depth`` atomic actions?

Unlike the searches' estimates, every answer here is a proof over the whole game
tree up to the bound: a win means that whatever the defender does, the winner
ends the game won within the bound; no win means the defender has a way to hold
out past the bound (or to draw or win). A transposition table keyed by
``(state.key(), to_move)`` stores, per position, the shortest bound proven to win
and the longest bound proven not to. A node budget keeps each question finite:
:class:`ProofBudgetExceeded` says the answer is not known.

>>> from shoal.games import get
>>> state = get("connect4").load("......./......./......./......./......./xxx.ooo x")
>>> prover = Prover(state.to_move)
>>> prover.wins(state, 1), [state.action_text(a) for a in prover.winning_actions(state, 1)]
(True, ['d'])
"""

from __future__ import annotations

from collections.abc import Hashable

from shoal.core import Action, Seat, State

__all__ = ["ProofBudgetExceeded", "Prover"]


class ProofBudgetExceeded(Exception):
    """The prover ran out of nodes before it could answer."""


class Prover:
    """Proves forced wins for ``seat`` within bounds of atomic actions."""

    def __init__(self, seat: Seat, max_nodes: int = 200_000) -> None:
        self.seat = seat
        self.max_nodes = max_nodes
        self.nodes = 0
        self._win_at: dict[Hashable, int] = {}
        self._fail_at: dict[Hashable, int] = {}

    def wins(self, state: State, depth: int) -> bool:
        """True when ``seat`` wins by force within ``depth`` atomic actions from ``state``."""
        outcome = state.outcome
        if outcome is not None:
            return outcome.winner == self.seat
        if depth <= 0:
            return False
        key = (state.key(), state.to_move)
        if self._win_at.get(key, depth + 1) <= depth:
            return True
        if self._fail_at.get(key, -1) >= depth:
            return False
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise ProofBudgetExceeded(f"more than {self.max_nodes} positions")
        children = [state.child(a) for a in state.legal_actions()]
        if state.to_move == self.seat:
            # an immediate win first, then the rest in the game's order
            children.sort(key=lambda c: 0 if c.outcome is not None else 1)
            result = any(self.wins(c, depth - 1) for c in children)
        else:
            children.sort(key=lambda c: 0 if c.outcome is None else 1)
            result = all(self.wins(c, depth - 1) for c in children)
        if result:
            self._win_at[key] = min(depth, self._win_at.get(key, depth))
        else:
            self._fail_at[key] = max(depth, self._fail_at.get(key, depth))
        return result

    def distance(self, state: State, depth: int) -> int | None:
        """The fewest atomic actions in which ``seat`` forces the win (``None``: over ``depth``)."""
        for bound in range(depth + 1):
            if self.wins(state, bound):
                return bound
        return None

    def winning_actions(self, state: State, depth: int) -> list[Action]:
        """The mover's (``seat``'s) first actions that force the win within ``depth``."""
        return [a for a in state.legal_actions() if self.wins(state.child(a), depth - 1)]

    def line(self, state: State, depth: int) -> list[Action]:
        """A solution line: the winner's quickest win, the defender's longest resistance.

        ``state`` must be won for ``seat`` within ``depth``. Ties go to the first
        action in the game's order, so the line is the same on every run.
        """
        actions: list[Action] = []
        while state.outcome is None:
            best: tuple[int, Action] | None = None
            for action in state.legal_actions():
                dist = self.distance(state.child(action), depth - 1)
                if state.to_move == self.seat:
                    if dist is not None and (best is None or dist < best[0]):
                        best = (dist, action)
                else:
                    assert dist is not None, "the defender escapes: the position is not won"
                    if best is None or dist > best[0]:
                        best = (dist, action)
            assert best is not None
            actions.append(best[1])
            state = state.child(best[1])
            depth -= 1
        assert state.outcome.winner == self.seat
        return actions
