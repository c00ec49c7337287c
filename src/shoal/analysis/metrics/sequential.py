"""Sequential stopping: play games until a rate is known to a precision, or a budget ends.

``--until "first=±2"`` asks for the first player's score rate with a 95%
Wilson half-width of at most 2 points. Games are played in batches (seeds in
order, so a run is reproducible and a longer run extends a shorter one); after
each batch the interval is checked, and the run stops when it is narrow
enough, when the game budget is spent or when the time budget is spent. Along
the way Wald's SPRT (:class:`~.intervals.SPRT`) asks "is the first player
favoured?" (H0: score 50%, H1: 50% + delta), fed game by game in seed order.

>>> from shoal.games import get
>>> run = play_until(get("connect4"), "random", target=("first", 0.25), max_games=40, batch=10)
>>> run.reason, len(run.traces) <= 40
('precision reached', True)
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Callable
from typing import Any

from shoal.core import Game, InvalidOptionError

from .intervals import SPRT, Interval, rate_interval
from .trace import CLARITY_CHILDREN, GameTrace, run_traces

__all__ = ["SequentialRun", "play_until", "target_interval"]


@dataclasses.dataclass
class SequentialRun:
    """The games a sequential run played, why it stopped, and its SPRT."""

    traces: list[GameTrace]
    target: tuple[str, float]
    reason: str
    """``"precision reached"``, ``"game budget spent"`` or ``"time budget spent"``."""
    interval: Interval
    sprt: SPRT
    seconds: float
    checks: list[dict[str, float]] = dataclasses.field(default_factory=list)
    """After each batch: games so far, the rate and its half-width."""

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready (without the traces)."""
        name, half = self.target
        return {
            "target": {"rate": name, "half_width": half},
            "reason": self.reason,
            "games": len(self.traces),
            "interval": self.interval.as_dict(),
            "sprt": self.sprt.as_dict(),
            "seconds": self.seconds,
            "checks": self.checks,
        }


def target_interval(traces: list[GameTrace], name: str) -> Interval:
    """The rate ``name`` (``first``: the first player's score; ``draw``) over ``traces``."""
    if name == "first":
        return rate_interval(math.fsum(t.first_score for t in traces), len(traces))
    if name == "draw":
        return rate_interval(sum(1 for t in traces if t.winner is None), len(traces))
    raise InvalidOptionError(f"unknown target {name!r}")


def play_until(
    game: Game,
    level: str,
    *,
    target: tuple[str, float],
    max_games: int,
    max_seconds: float | None = None,
    first_seed: int = 0,
    workers: int = 1,
    batch: int | None = None,
    opponent: str | None = None,
    sprt: SPRT | None = None,
    clarity_children: int = CLARITY_CHILDREN,
    progress: Callable[[int, float], None] | None = None,
) -> SequentialRun:
    """Play ``level`` (seat 0) against ``opponent`` (default the same level) until done.

    ``batch`` defaults to 10 games per worker (at least 20). ``progress`` hears
    the games so far and the current half-width after each batch.
    """
    if max_games < 1:
        raise InvalidOptionError("the game budget must be at least one game")
    name, half_width = target
    test = sprt or SPRT()
    size = batch or max(20, 10 * workers)
    traces: list[GameTrace] = []
    checks: list[dict[str, float]] = []
    start = time.perf_counter()
    reason = "game budget spent"
    while len(traces) < max_games:
        count = min(size, max_games - len(traces))
        seeds = range(first_seed + len(traces), first_seed + len(traces) + count)
        new = run_traces(
            game,
            level,
            opponent or level,
            seeds,
            workers=workers,
            clarity_children=clarity_children,
        )
        for trace in new:
            test.add(trace.first_score)
        traces.extend(new)
        current = target_interval(traces, name)
        checks.append(
            {"games": len(traces), "rate": current.value, "half_width": current.half_width}
        )
        if progress:
            progress(len(traces), current.half_width)
        if current.half_width <= half_width:
            reason = "precision reached"
            break
        if max_seconds is not None and time.perf_counter() - start >= max_seconds:
            reason = "time budget spent"
            break
    return SequentialRun(
        traces=traces,
        target=target,
        reason=reason,
        interval=target_interval(traces, name),
        sprt=test,
        seconds=time.perf_counter() - start,
        checks=checks,
    )
