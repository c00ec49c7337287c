"""Alpha-beta search: negamax with iterative deepening and a transposition table.

* Values are from the point of view of the seat to move at each node. A child
  whose mover is the same seat (a multi-action turn) is searched with the same
  window and its value is not negated; only a change of seat negates.
* Depth counts atomic actions. At depth 0 a position is scored by
  ``game.evaluate(state, seat)`` in [-1, 1]; an ended game scores
  ``WIN - ply`` for a win (quicker wins score higher), ``-(WIN - ply)`` for a
  loss and 0 for a draw, so proofs are told apart from heuristics.
* Transposition table keyed by ``(state.key(), state.to_move)``; move ordering:
  the table's move, then two killer actions per ply, then the history
  heuristic (root ties broken by a seeded shuffle).
* Budgets: a depth and/or seconds; the result is the best action of the
  deepest completed iteration.
* Native path: when the game has a compiled engine covering the state, the
  whole search runs in C (``_alphabeta.c``) with the same rules, its table keyed
  by a hash of the packed state; ``native=False`` (or ``SHOAL_PURE=1``) keeps
  it in Python.

>>> from shoal.games import get
>>> game = get("connect4")
>>> state = game.load("......./......./......./......./......./xxx.oo. o")
>>> result = AlphaBeta(game, depth=4).search(state)
>>> state.action_text(result.action)
'd'
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Hashable, Sequence
from types import ModuleType
from typing import Any

from shoal.core import Action, Game, State

from .result import ChildStat, SearchResult

__all__ = ["WIN", "AlphaBeta"]

WIN = 1000.0
"""The value of a win at the root; a win ``n`` actions ahead scores ``WIN - n``."""

_PROVEN = WIN / 2
_EXACT, _LOWER, _UPPER = 0, 1, 2
_MAX_DEPTH = 128


def _load_native() -> ModuleType | None:
    try:
        return importlib.import_module("shoal.ai._alphabeta")
    except ImportError:
        return None


_NATIVE = _load_native()


class _Timeout(Exception):
    """Raised inside the search when the time budget runs out."""


class AlphaBeta:
    """A negamax searcher for one game; keeps its table and history between searches.

    ``depth`` and ``seconds`` are the default budgets of :meth:`search`; with
    neither, the depth is the profile's ``alphabeta_depth``.
    """

    def __init__(
        self,
        game: Game,
        *,
        depth: int | None = None,
        seconds: float | None = None,
        seed: int = 0,
        table_size: int = 500_000,
        native: bool = True,
    ) -> None:
        self.game = game
        self.depth = depth
        self.seconds = seconds
        self.rng = random.Random(seed)
        self.table_size = table_size
        self.table: dict[Hashable, tuple[int, float, int, Action]] = {}
        self.history = [0] * game.num_distinct_actions
        self.killers: list[list[Action]] = [[] for _ in range(_MAX_DEPTH + 1)]
        self.nodes = 0
        self._deadline = math.inf
        self._root_order: dict[Action, int] = {}
        self._native: Any = None
        self._engine = game.native_engine() if native and _NATIVE is not None else None
        if self._engine is not None and self._engine.has_evaluate:
            self._native = _NATIVE.Searcher(  # type: ignore[union-attr]
                self._engine.capsule,
                self.rng.getrandbits(64),
                game.num_distinct_actions,
                table_size,
            )

    @property
    def native(self) -> bool:
        """True when searches of covered states run in C."""
        return self._native is not None

    def search(
        self,
        state: State,
        *,
        depth: int | None = None,
        seconds: float | None = None,
        iterations: int | None = None,
    ) -> SearchResult:
        """Search ``state`` by iterative deepening within the budget and report.

        ``iterations`` is accepted for a uniform interface with MCTS and read
        as a node budget (checked between iterations).
        """
        if state.outcome is not None:
            raise ValueError("cannot search a finished game")
        if depth is None and seconds is None:
            depth, seconds = self.depth, self.seconds
            if depth is None and seconds is None:
                depth = self.game.ai_profile.alphabeta_depth
        max_depth = min(depth if depth is not None else _MAX_DEPTH, _MAX_DEPTH)
        seat = state.to_move
        assert seat is not None
        if self._native is not None and self._engine is not None:
            packed = self._engine.pack(state)
            if packed is not None:
                return self._native_search(state, seat, packed, max_depth, seconds, iterations)
        legal = list(state.legal_actions())
        self.rng.shuffle(legal)
        self._root_order = {a: i for i, a in enumerate(legal)}
        if len(self.table) > self.table_size:
            self.table.clear()
        self.history = [h >> 2 for h in self.history]
        for killers in self.killers:
            killers.clear()
        start = time.perf_counter()
        self._deadline = math.inf if seconds is None else start + seconds
        self.nodes = 0
        best_action, best_value, reached = legal[0], -math.inf, 0
        for d in range(1, max_depth + 1):
            try:
                value = self._negamax(state, d, -math.inf, math.inf, 0)
            except _Timeout:
                break
            entry = self.table.get((state.key(), seat))
            best_action = entry[3] if entry is not None else best_action
            best_value, reached = value, d
            if abs(value) > _PROVEN or (iterations is not None and self.nodes >= iterations):
                break
            if d >= self.game.max_game_length:
                break
        elapsed = time.perf_counter() - start
        pv = self._pv(state, best_action, reached)
        return _result(best_action, best_value, reached, seat, self.nodes, elapsed, pv)

    def _native_search(
        self,
        state: State,
        seat: int,
        packed: bytes,
        max_depth: int,
        seconds: float | None,
        iterations: int | None,
    ) -> SearchResult:
        best_action, best_value, reached, nodes, elapsed, pv = self._native.search(
            packed,
            max_depth,
            -1.0 if seconds is None else seconds,
            -1 if iterations is None else iterations,
            self.game.max_game_length,
        )
        self.nodes = nodes
        return _result(best_action, best_value, reached, seat, nodes, elapsed, tuple(pv))

    def _pv(self, state: State, first: Action, depth: int) -> tuple[Action, ...]:
        pv = [first]
        state = state.child(first)
        while state.outcome is None and len(pv) < max(depth, 1):
            entry = self.table.get((state.key(), state.to_move))
            if entry is None or entry[3] not in state.legal_actions():
                break
            pv.append(entry[3])
            state = state.child(entry[3])
        return tuple(pv)

    def _order(self, legal: Sequence[Action], tt_move: Action | None, ply: int) -> list[Action]:
        history = self.history
        if ply == 0:
            order = self._root_order
            moves = sorted(legal, key=lambda a: (-history[a], order.get(a, 0)))
        else:
            moves = sorted(legal, key=history.__getitem__, reverse=True)
        front = [k for k in self.killers[ply] if k in moves]
        if tt_move is not None and tt_move in moves:
            if tt_move in front:
                front.remove(tt_move)
            front.insert(0, tt_move)
        if front:
            moves = front + [a for a in moves if a not in front]
        return moves

    def _negamax(self, state: State, depth: int, alpha: float, beta: float, ply: int) -> float:
        """The value of ``state`` for its mover, searched ``depth`` actions deep."""
        self.nodes += 1
        if not self.nodes & 1023 and time.perf_counter() > self._deadline:
            raise _Timeout
        seat = state.to_move
        assert seat is not None
        if depth <= 0 or ply >= _MAX_DEPTH:
            return self.game.evaluate(state, seat)
        key = (state.key(), seat)
        entry = self.table.get(key)
        tt_move = None
        if entry is not None:
            e_depth, e_value, e_flag, tt_move = entry
            if e_depth >= depth and ply > 0:
                value = _from_table(e_value, ply)
                if (
                    e_flag == _EXACT
                    or (e_flag == _LOWER and value >= beta)
                    or (e_flag == _UPPER and value <= alpha)
                ):
                    return value
        alpha0 = alpha
        best = -math.inf
        moves = self._order(state.legal_actions(), tt_move, ply)
        best_move = moves[0]
        for action in moves:
            child = state.child(action)
            outcome = child.outcome
            if outcome is not None:
                result = outcome.returns()[seat]
                value = 0.0 if result == 0 else math.copysign(WIN - ply - 1, result)
            elif child.to_move == seat:
                value = self._negamax(child, depth - 1, alpha, beta, ply + 1)
            else:
                value = -self._negamax(child, depth - 1, -beta, -alpha, ply + 1)
            if value > best:
                best, best_move = value, action
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        killers = self.killers[ply]
                        if action not in killers:
                            killers.insert(0, action)
                            del killers[2:]
                        self.history[action] += depth * depth
                        break
        flag = _UPPER if best <= alpha0 else _LOWER if best >= beta else _EXACT
        self.table[key] = (depth, _to_table(best, ply), flag, best_move)
        return best


def _result(
    best_action: Action,
    best_value: float,
    reached: int,
    seat: int,
    nodes: int,
    elapsed: float,
    pv: tuple[Action, ...],
) -> SearchResult:
    """The search's report (the same for the pure and the native search)."""
    proven = None
    length = None
    if abs(best_value) > _PROVEN:
        proven = "win" if best_value > 0 else "loss"
        length = round(WIN - abs(best_value))
        shown = 1.0 if best_value > 0 else -1.0
    else:
        shown = max(-1.0, min(1.0, best_value)) if reached else 0.0
    return SearchResult(
        "alphabeta",
        best_action,
        seat,
        shown,
        nodes,
        elapsed,
        pv,
        proven=proven,
        proof_length=length,
        depth=reached,
        children=(ChildStat(best_action, 1, shown, proven),),
    )


def _to_table(value: float, ply: int) -> float:
    """A proof's value counted from this node (not the root) for the table."""
    if value > _PROVEN:
        return value + ply
    if value < -_PROVEN:
        return value - ply
    return value


def _from_table(value: float, ply: int) -> float:
    if value > _PROVEN:
        return value - ply
    if value < -_PROVEN:
        return value + ply
    return value
