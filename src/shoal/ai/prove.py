"""A bounded exhaustive prover: does a seat force a win within ``depth`` atomic actions?

Unlike the searches' estimates, every answer here is a proof over the whole game
tree up to the bound: a win means that whatever the defender does, the winner
ends the game won within the bound; no win means the defender has a way to hold
out past the bound (or to draw or win). A transposition table keyed by
``(state.key(), to_move)`` stores, per position, the shortest bound proven to win
and the longest bound proven not to. A node budget keeps each question finite:
:class:`ProofBudgetExceeded` says the answer is not known.

When the game has a compiled engine covering the position (docs/native.md), the
search itself runs in C (``_prove.c``): the same children order and the same
table of bounds, keyed there by a 128-bit hash of the packed state, so the
answers are the same and the node counts may differ (the packed state can tell
apart positions that ``state.key()`` merges). ``native=False`` or
``SHOAL_PURE=1`` keeps everything in Python, the reference the tests compare with.

>>> from shoal.games import get
>>> state = get("connect4").load("......./......./......./......./......./xxx.ooo x")
>>> prover = Prover(state.to_move)
>>> prover.wins(state, 1), [state.action_text(a) for a in prover.winning_actions(state, 1)]
(True, ['d'])
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from shoal.core import Action, Seat, State
from shoal.core.native import NativeEngine, load_extension

__all__ = ["ProofBudgetExceeded", "Prover", "native_prover_available"]


class ProofBudgetExceeded(Exception):
    """The prover ran out of nodes before it could answer."""


_NATIVE = load_extension("shoal.ai", "_prove")


def native_prover_available() -> bool:
    """True when the native prover is built."""
    return _NATIVE is not None


class Prover:
    """Proves forced wins for ``seat`` within bounds of atomic actions."""

    def __init__(self, seat: Seat, max_nodes: int = 200_000, *, native: bool = True) -> None:
        self.seat = seat
        self.max_nodes = max_nodes
        self.native = native and _NATIVE is not None
        self._pure_nodes = 0
        self._win_at: dict[Hashable, int] = {}
        self._fail_at: dict[Hashable, int] = {}
        self._searcher: Any = None
        self._capsule: object = None

    @property
    def nodes(self) -> int:
        """Positions expanded so far (in Python and in C)."""
        return self._pure_nodes + (self._searcher.nodes if self._searcher is not None else 0)

    def _packed(self, state: State) -> tuple[NativeEngine, bytes] | None:
        """The engine and packed state for the C search, or None when it does not cover it."""
        if not self.native:
            return None
        engine = state.game.native_engine()
        if engine is None:
            return None
        if self._searcher is None:
            self._searcher = _NATIVE.Prover(  # type: ignore[union-attr]
                engine.capsule, self.seat, self.max_nodes
            )
            self._capsule = engine.capsule
        elif engine.capsule is not self._capsule:
            raise ValueError("one prover answers for one game")
        packed = engine.pack(state)
        return None if packed is None else (engine, packed)

    def _native_answer(self, packed: bytes, depth: int) -> bool:
        result: int = self._searcher.wins(packed, depth)
        if result < 0:
            raise ProofBudgetExceeded(f"more than {self.max_nodes} positions")
        return result == 1

    def wins(self, state: State, depth: int) -> bool:
        """True when ``seat`` wins by force within ``depth`` atomic actions from ``state``."""
        if state.outcome is None and depth > 0:
            covered = self._packed(state)
            if covered is not None:
                return self._native_answer(covered[1], depth)
        return self._pure_wins(state, depth)

    def _pure_wins(self, state: State, depth: int) -> bool:
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
        self._pure_nodes += 1
        if self._pure_nodes > self.max_nodes:
            raise ProofBudgetExceeded(f"more than {self.max_nodes} positions")
        children = [state.child(a) for a in state.legal_actions()]
        if state.to_move == self.seat:
            # an immediate win first, then the rest in the game's order
            children.sort(key=lambda c: 0 if c.outcome is not None else 1)
            result = any(self._pure_wins(c, depth - 1) for c in children)
        else:
            children.sort(key=lambda c: 0 if c.outcome is None else 1)
            result = all(self._pure_wins(c, depth - 1) for c in children)
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
        covered = self._packed(state) if state.outcome is None else None
        if covered is not None:  # the children made in C: no packing of each in Python
            engine, packed = covered
            return [
                action
                for action in engine.legal_actions(packed)
                if self._native_answer(engine.apply(packed, action), depth - 1)
            ]
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
