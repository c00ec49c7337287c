"""Ludii's metric suite, computed from traces: every rate with its Wilson interval,
every mean with its seeded bootstrap interval.

The definitions, with their formulas, are in docs/metrics.md; each metric's
one-line definition is in :data:`DEFINITIONS`. "First player" is the side that
made the first turn once the sides were named (Syrtis: Light after the set-up;
Sytran: White, even after a swap), as in the balance reports. Evaluations are
the game's own (``game.evaluate``), in [-1, 1], taken as zero-sum: the winner's
value ``u`` is seat 0's value with the sign of the seat that plays the winner's
side, and the loser's value is ``-u``.

>>> from shoal.analysis.metrics.trace import trace_game
>>> from shoal.games import get
>>> traces = [trace_game(get("connect4"), "random", "random", s) for s in range(4)]
>>> report = compute(traces)
>>> report["AdvantageP1"].method, report["Duration"].method
('wilson', 'bootstrap')
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence

from .intervals import Interval, bootstrap_statistic, mean_interval, rate_interval
from .trace import GameTrace

__all__ = ["DEFINITIONS", "METRIC_NAMES", "compute", "per_game"]

DEFINITIONS: dict[str, str] = {
    "Balance": "1 - |first player's win rate - second player's win rate| (draws count for neither)",
    "AdvantageP1": "the first player's score rate: wins plus half the draws, over all games",
    "Drawishness": "the share of games drawn by the rules (timeouts not counted)",
    "Completion": "the share of games with a winner",
    "Timeouts": "the share of games ended by a safety limit or not ended in the maximum length",
    "Duration": "the mean number of turns per game",
    "DurationActions": "the mean number of atomic actions per game",
    "Decisiveness": (
        "mean over decided games of the share of turns played after the winner's evaluation "
        "first rose above the loser's best evaluation of the game"
    ),
    "LeadChange": (
        "mean over games of the share of turns after which the leader (the sign of the "
        "evaluation) changed"
    ),
    "Clarity": "mean variance of the evaluations of the mover's alternatives (sampled)",
    "ClarityNarrowness": (
        "mean share of the mover's sampled alternatives valued above mean + 0.75 (max - mean)"
    ),
    "Stability": "mean over games of the variance of the evaluation along the game",
    "Drama": (
        "mean over decided games of how far the winner trailed (loser's minus winner's "
        "evaluation), averaged over the turns where the winner trailed"
    ),
    "BranchingFactor": "mean over games of the mean number of legal actions per decision",
    "DecisionMoves": "mean over games of the share of decisions with more than one legal action",
    "BoardCoverage": "mean over games of the share of board cells that played actions touched",
    "GameTreeComplexity": (
        "log10 of the game tree's size: mean over games of the sum of log10(legal actions) "
        "over its decisions"
    ),
    "StateSpaceComplexity": (
        "log10 estimate of the positions: the larger of the sum over position-string "
        "characters of log10(the distinct values seen there) and log10(distinct positions seen)"
    ),
}

METRIC_NAMES: tuple[str, ...] = tuple(DEFINITIONS)
"""The metrics in report order."""


def _winner_values(trace: GameTrace) -> list[float]:
    """The winner's evaluation after every turn (the start first, the end last)."""
    return [
        v if seat == 0 else -v
        for v, seat in zip(trace.evaluations, trace.winner_view_seats, strict=True)
    ]


def decisiveness(trace: GameTrace) -> float | None:
    """The share of turns after the winner passed the loser's best value (None: no winner)."""
    if trace.winner is None or len(trace.evaluations) < 2:
        return None
    u = _winner_values(trace)
    threshold = max(-x for x in u[:-1])
    turns = len(u) - 1
    first = next((t for t, x in enumerate(u) if x > threshold), turns)
    return (turns - first) / turns


def lead_change(trace: GameTrace) -> float:
    """The share of turns after which the sign of the evaluation changed (zeros keep it)."""
    values = trace.evaluations[:-1] if trace.winner is not None else trace.evaluations
    leader = 0
    changes = 0
    for v in values:
        sign = (v > 0) - (v < 0)
        if sign and leader and sign != leader:
            changes += 1
        if sign:
            leader = sign
    return changes / max(1, len(values) - 1)


def drama(trace: GameTrace) -> float | None:
    """How far the winner trailed, on average over the turns it trailed (None: no winner)."""
    if trace.winner is None:
        return None
    behind = [-2 * x for x in _winner_values(trace)[:-1] if x < 0]
    return statistics.fmean(behind) if behind else 0.0


def stability(trace: GameTrace) -> float:
    """The variance of the evaluation along the game, the end's value left out."""
    values = trace.evaluations[:-1] if len(trace.evaluations) > 1 else trace.evaluations
    mean = math.fsum(values) / len(values)
    return math.fsum((v - mean) ** 2 for v in values) / len(values)


def _mean(values: Sequence[int]) -> float:
    return statistics.fmean(values) if values else 0.0


def per_game(trace: GameTrace) -> dict[str, float | None]:
    """The per-game values that the mean metrics average (None where a game has none)."""
    clarity = trace.clarity
    return {
        "Duration": float(trace.turns),
        "DurationActions": float(trace.actions),
        "Decisiveness": decisiveness(trace),
        "LeadChange": lead_change(trace),
        "Clarity": statistics.fmean(c[0] for c in clarity) if clarity else None,
        "ClarityNarrowness": statistics.fmean(c[1] for c in clarity) if clarity else None,
        "Stability": stability(trace),
        "Drama": drama(trace),
        "BranchingFactor": _mean(trace.branching) if trace.branching else None,
        "DecisionMoves": (
            sum(1 for b in trace.branching if b > 1) / len(trace.branching)
            if trace.branching
            else None
        ),
        "BoardCoverage": trace.cells_touched / trace.board_cells if trace.board_cells else None,
        "GameTreeComplexity": math.fsum(math.log10(b) for b in trace.branching if b > 0),
    }


def _balance(traces: Sequence[object]) -> float:
    first = second = 0
    for t in traces:
        assert isinstance(t, GameTrace)
        if t.winner is not None:
            if t.winner_side == t.first_side:
                first += 1
            else:
                second += 1
    return 1 - abs(first - second) / len(traces) if traces else 0.0


def state_space(traces: Sequence[GameTrace]) -> Interval:
    """The log10 upper bound on positions from the characters seen at each index."""
    if not traces:
        return Interval(0.0, 0.0, 0.0, 0, "none")
    slots = [set(s) for s in traces[0].slots]
    for trace in traces[1:]:
        for index, chars in enumerate(trace.slots[: len(slots)]):
            slots[index].update(chars)
    bound = math.fsum(math.log10(len(s)) for s in slots if s)
    distinct = len({p for t in traces for p in t.positions})
    lower = math.log10(distinct)
    # where the string's length varies the slots see few positions: never below the count
    value = max(bound, lower)
    return Interval(value, lower, value, distinct, "none")


def compute(traces: Sequence[GameTrace], *, seed: int = 0) -> dict[str, Interval]:
    """Every metric of :data:`METRIC_NAMES` over ``traces`` (those without data left out).

    Rates use Wilson intervals; means a percentile bootstrap from ``seed``.
    StateSpaceComplexity is an estimate, not a sample: its interval runs from
    log10(distinct positions seen) (a lower bound) to the value, the larger of that
    and the bound from the characters seen at each index of the position strings.
    """
    n = len(traces)
    out: dict[str, Interval] = {}
    balance_low, balance_high = bootstrap_statistic(list(traces), _balance, seed=seed)
    out["Balance"] = Interval(_balance(list(traces)), balance_low, balance_high, n, "bootstrap")
    out["AdvantageP1"] = rate_interval(math.fsum(t.first_score for t in traces), n)
    out["Drawishness"] = rate_interval(
        sum(1 for t in traces if t.winner is None and not t.timeout), n
    )
    out["Completion"] = rate_interval(sum(1 for t in traces if t.winner is not None), n)
    out["Timeouts"] = rate_interval(sum(1 for t in traces if t.timeout), n)
    rows = [per_game(t) for t in traces]
    for offset, name in enumerate(METRIC_NAMES):
        if name in out or name == "StateSpaceComplexity":
            continue
        values = [v for row in rows if (v := row.get(name)) is not None]
        if values or name in ("Duration", "DurationActions"):
            out[name] = mean_interval(values, seed=seed + offset)
    out["StateSpaceComplexity"] = state_space(traces)
    return {name: out[name] for name in METRIC_NAMES if name in out}


def by_group(
    traces: Sequence[GameTrace], key: Callable[[GameTrace], str], *, seed: int = 0
) -> dict[str, dict[str, Interval]]:
    """:func:`compute` for each group of traces (e.g. by level pair)."""
    groups: dict[str, list[GameTrace]] = {}
    for trace in traces:
        groups.setdefault(key(trace), []).append(trace)
    return {name: compute(group, seed=seed) for name, group in groups.items()}
