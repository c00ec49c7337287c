"""The native MCTS (``_mcts.c``) behind :class:`~shoal.ai.mcts.MCTS`.

When a game has a compiled engine that covers the searched state (see
:mod:`shoal.core.native`), :class:`MCTS` hands the whole search to
:class:`NativeTree`: the same UCT, solver, decisive moves, tree reuse and
cut-off playouts as the pure search, in C (each path with its own random
stream, so the two agree on proofs, not on every visit count). The result is
built exactly as the pure search builds it, so callers cannot tell the paths
apart except by speed. One difference: a native search also stops when its
tree holds about 768 MB of nodes, counting their states, children and untried
actions (a time budget on a fast game would otherwise grow it by hundreds of
megabytes a second).
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from shoal.core import Action, State
from shoal.core.native import NativeEngine

from .result import ChildStat, SearchResult

__all__ = ["NativeTree", "native_search_available"]


def _load() -> ModuleType | None:
    try:
        return importlib.import_module("shoal.ai._mcts")
    except ImportError:
        return None


_MCTS = _load()


def native_search_available() -> bool:
    """True when the native MCTS is built."""
    return _MCTS is not None


class NativeTree:
    """A native search tree over one game's engine (kept between searches for reuse)."""

    def __init__(
        self,
        engine: NativeEngine,
        *,
        c: float,
        cutoff: int | None,
        solver: bool,
        decisive: bool = False,
        seed: int,
        reuse: bool,
        reuse_depth: int,
    ) -> None:
        assert _MCTS is not None
        self.engine = engine
        self._searcher = _MCTS.Searcher(
            engine.capsule,
            c,
            -1 if cutoff is None else cutoff,
            solver,
            seed & (2**64 - 1),
            reuse,
            reuse_depth,
            decisive,
        )

    @property
    def tree_visits(self) -> int:
        """Simulations held by the current root."""
        visits: int = self._searcher.tree_visits
        return visits

    def reset(self) -> None:
        """Forget the tree."""
        self._searcher.reset()

    def search(
        self, state: State, packed: bytes, iterations: int | None, seconds: float | None
    ) -> SearchResult | None:
        """The search's result, or None when no iteration ran (the caller picks any action)."""
        done, elapsed, reused, root_proven, root_plen, children, pv = self._searcher.search(
            packed,
            -1 if iterations is None else iterations,
            -1.0 if seconds is None else seconds,
        )
        seat = state.to_move
        assert seat is not None
        if not children:
            return None
        sign = 1.0 if seat == 0 else -1.0
        first: Action = pv[0]
        best = next(c for c in children if c[0] == first)
        _, visits, total, proven, _ = best
        value = proven * sign if proven is not None else sign * total / visits
        label = _label(root_proven, sign)
        result = _NativeResult(
            "mcts",
            first,
            seat,
            value,
            done,
            elapsed,
            tuple(pv),
            proven=label,
            proof_length=root_plen if label is not None else None,
            depth=len(pv),
            reused=reused,
        )
        object.__setattr__(result, "_rows", (children, sign))
        return result


def _child_stats(
    rows: list[tuple[Action, int, float, float | None, int]], sign: float
) -> tuple[ChildStat, ...]:
    """The root's children as :class:`ChildStat` (values for the root seat) from the C rows."""
    return tuple(
        ChildStat(
            action,
            visits,
            sign * (proven if proven is not None else total / max(visits, 1)),
            _label(proven, sign),
        )
        for action, visits, total, proven, _plen in rows
    )


class _LazyChildren:
    """``children`` of a native result, built from the C search's rows when first read.

    Most callers never read them (a player wants only the action; a metric report plays
    thousands of games), and a root has a child per legal action tried: building them
    eagerly cost about a tenth of a Sytran game's trace. The descriptor takes the value
    ``SearchResult.__init__`` (or ``dataclasses.replace``) sets, unless rows wait.
    """

    def __get__(self, result: SearchResult | None, owner: type | None = None) -> Any:
        if result is None:
            return ()
        data = result.__dict__
        rows = data.pop("_rows", None)
        if rows is not None:
            data["_children"] = _child_stats(*rows)
        return data["_children"]

    def __set__(self, result: SearchResult, value: tuple[ChildStat, ...]) -> None:
        result.__dict__["_children"] = value


class _NativeResult(SearchResult):
    """A :class:`SearchResult` whose ``children`` are built on first read (same values)."""

    children = _LazyChildren()


def _label(proven: float | None, sign: float) -> str | None:
    if proven is None:
        return None
    value = proven * sign
    return "win" if value > 0 else "loss" if value < 0 else "draw"
