"""Skill curves: the first player's score and the draw rate per pair of levels, weakest
to strongest, with intervals, plotted; and the proven value where the prover settles it.

Each pair ``(a, b)`` plays ``a`` at seat 0 against ``b`` at seat 1 over the same
seeds (the same set-ups) as every other pair. The same-level pairs trace how
balance moves with strength; the mixed pairs (neighbouring levels, both ways
round) show how much strength outweighs the first move. Where the bounded
prover (:mod:`shoal.ai.prove`) settles the start within its node budget, the
curve ends at that value: what perfect play gives the first player.

>>> from shoal.games import get
>>> curve = skill_curve(get("connect4"), ["random"], games=4, mixed=False, prove_nodes=0)
>>> [(p.levels, p.first.n) for p in curve.pairs], curve.proven is None
([(('random', 'random'), 4)], True)
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from shoal.ai.players import LEVELS
from shoal.ai.prove import ProofBudgetExceeded, Prover
from shoal.core import Game, InvalidOptionError, State

from .intervals import Interval, rate_interval
from .trace import GameTrace, run_traces

NO_CAP_SECONDS = 1e9
"""The turn cap given to a level played without its time cap (``time_caps=False``): far
beyond any search, so the level's iteration budget (or depth) alone ends each search."""

MAX_PROOF_DEPTH = 1000
"""The deepest bound the prover takes (its C search refuses more); a game that may last
longer is settled only by a forced win found within it, never as a draw."""

__all__ = [
    "PairResult",
    "SkillCurve",
    "plot_skill",
    "prove_start",
    "skill_curve",
    "uncapped",
]


@dataclasses.dataclass(frozen=True)
class PairResult:
    """One level pair's games: the first player's score, draws, seat 0's score."""

    levels: tuple[str, str]
    first: Interval
    draws: Interval
    seat0: Interval
    seconds: float
    time_caps: bool = True
    """False when the levels played by their iteration budgets alone (``time_caps=False``)."""

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "levels": list(self.levels),
            "first": self.first.as_dict(),
            "draws": self.draws.as_dict(),
            "seat0": self.seat0.as_dict(),
            "seconds": self.seconds,
            "time_caps": self.time_caps,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PairResult:
        """A pair read back from a report's JSON (:meth:`as_dict`)."""
        first, second = data["levels"]
        return cls(
            levels=(str(first), str(second)),
            first=Interval(**data["first"]),
            draws=Interval(**data["draws"]),
            seat0=Interval(**data["seat0"]),
            seconds=float(data["seconds"]),
            time_caps=bool(data.get("time_caps", True)),
        )


@dataclasses.dataclass(frozen=True)
class SkillCurve:
    """The pairs in order (same-level first, weakest to strongest; then the mixed ones)."""

    pairs: tuple[PairResult, ...]
    proven: dict[str, Any] | None
    """``{"value", "positions", "nodes"}``: the first player's proven score, or None."""
    late: dict[str, Any] | None = None
    """The late game of the strongest same-level pair, where the prover settles it:
    ``{"depth", "positions", "proven", "played", "games"}`` (see :func:`late_game`)."""

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SkillCurve:
        """A curve read back from a report's JSON (:meth:`as_dict`), e.g. to plot it again."""
        pairs = tuple(PairResult.from_dict(p) for p in data["pairs"])
        return cls(pairs, data.get("proven"), data.get("late"))

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "pairs": [p.as_dict() for p in self.pairs],
            "proven": self.proven,
            "late": self.late,
        }


def pair_result(
    levels: tuple[str, str],
    traces: Sequence[GameTrace],
    seconds: float,
    *,
    time_caps: bool = True,
) -> PairResult:
    """The rates of one pair's traces."""
    n = len(traces)
    seat0 = math.fsum(1.0 if t.winner == 0 else 0.5 if t.winner is None else 0.0 for t in traces)
    return PairResult(
        levels=levels,
        first=rate_interval(math.fsum(t.first_score for t in traces), n),
        draws=rate_interval(sum(1 for t in traces if t.winner is None), n),
        seat0=rate_interval(seat0, n),
        seconds=seconds,
        time_caps=time_caps,
    )


def prove_start(state: State, max_nodes: int) -> tuple[float, int] | None:
    """The proven score of the seat to move at ``state`` and the nodes it took, or None.

    1 when the mover forces a win, 0 when the other seat does, 0.5 when neither
    can force a win within the game's maximum length (so neither can at all).
    None when a proof needs more than ``max_nodes`` positions.

    >>> from shoal.games import get
    >>> late = get("connect4").load("......./......./......./......./......./xxx.ooo x")
    >>> prove_start(late, 1000)[0]
    1.0
    """
    mover = state.to_move
    if mover is None or max_nodes <= 0:
        return None
    whole = state.game.max_game_length
    answer = _late_answer(state, min(whole, MAX_PROOF_DEPTH), max_nodes)
    if answer is None:
        return None
    return answer if answer[0] != 0.5 or whole <= MAX_PROOF_DEPTH else None


def late_game(
    game: Game, traces: Sequence[GameTrace], depth: int, max_nodes: int
) -> dict[str, Any] | None:
    """The first player's proven score ``depth`` atomic actions before each game's end.

    Each game is replayed from ``initial(seed)`` to ``depth`` actions before its
    end; where the prover shows that one side forces a win within ``depth`` (or
    that neither can before the game's maximum length), that position counts.
    ``proven`` is the first player's mean score with perfect play from those
    positions, ``played`` the mean score the games actually gave from them (the
    gap is what the level still throws away in the late game). None when no
    position is settled.
    """
    proven: list[float] = []
    played: list[float] = []
    nodes = 0
    for trace in traces:
        if depth <= 0 or len(trace.moves) <= depth:
            continue
        state = game.initial(trace.seed)
        for action in trace.moves[:-depth]:
            state = state.child(action)
        mover = state.to_move
        if mover is None:
            continue
        answer = _late_answer(state, depth, max_nodes)
        if answer is None or answer[0] == 0.5:  # neither wins within depth: not settled
            continue
        value, used = answer
        nodes += used
        first_is_mover = state.sides()[mover] == trace.first_side
        proven.append(value if first_is_mover else 1 - value)
        played.append(trace.first_score)
    if not proven:
        return None
    return {
        "depth": depth,
        "positions": len(proven),
        "games": len(traces),
        "proven": math.fsum(proven) / len(proven),
        "played": math.fsum(played) / len(played),
        "nodes": nodes,
    }


def _late_answer(state: State, depth: int, max_nodes: int) -> tuple[float, int] | None:
    """(1, nodes) when the mover forces a win within ``depth``, (0, nodes) when the other
    seat does, (0.5, nodes) when neither does; None when the proof needs more nodes."""
    mover = state.to_move
    assert mover is not None
    nodes = 0
    try:
        for seat, value in ((mover, 1.0), (1 - mover, 0.0)):
            prover = Prover(seat, max_nodes=max_nodes)
            won = prover.wins(state, depth)
            nodes += prover.nodes
            if won:
                return value, nodes
    except ProofBudgetExceeded:
        return None
    return 0.5, nodes


def _proven(game: Game, seeds: Sequence[int], max_nodes: int) -> dict[str, Any] | None:
    starts: dict[str, State] = {}
    for seed in seeds if game.random_setup else seeds[:1]:
        state = game.initial(seed)
        starts.setdefault(state.position(), state)
    values, nodes = [], 0
    for state in starts.values():
        answer = prove_start(state, max_nodes)
        if answer is None:
            return None
        values.append(answer[0])
        nodes += answer[1]
    return {"value": math.fsum(values) / len(values), "positions": len(values), "nodes": nodes}


def skill_curve(
    game: Game,
    levels: Sequence[str] = LEVELS,
    *,
    games: int,
    mixed: bool = True,
    first_seed: int = 0,
    workers: int = 1,
    prove_nodes: int = 200_000,
    late_depth: int = 0,
    clarity_children: int = 0,
    progress: Callable[[tuple[str, str], PairResult], None] | None = None,
    previous: Sequence[PairResult] = (),
    time_caps: bool = True,
) -> SkillCurve:
    """Play ``games`` per pair: each level against itself, then neighbours both ways round.

    ``previous`` pairs (an earlier run's, e.g. read from its report) are kept as they are
    and not played again: a curve is extended to stronger levels with fewer games per
    pair where games are slow, the intervals saying how little each pair's games show.
    Levels named only by ``previous`` count as levels of the curve (their neighbours get
    mixed pairs with the new levels). The curve ends at the start's proven value where
    the prover settles it within ``prove_nodes``; with ``late_depth`` > 0 the strongest
    same-level pair's games are also settled ``late_depth`` actions before their end
    (:func:`late_game`). With ``time_caps=False`` the levels play by their iteration
    budgets alone (:func:`uncapped`): at full strength and the same games whatever the
    machine's load, however long a search takes.
    """
    unknown = [level for level in levels if level not in LEVELS]
    if unknown:
        raise InvalidOptionError(f"unknown level {unknown[0]!r} (levels: {', '.join(LEVELS)})")
    if games < 1:
        raise InvalidOptionError("a skill curve needs at least one game per pair")
    if not 0 <= late_depth <= MAX_PROOF_DEPTH:
        raise InvalidOptionError(f"the late-game depth must lie in 0..{MAX_PROOF_DEPTH}")
    kept = {p.levels: p for p in previous}
    named = [level for pair in kept for level in pair]
    ordered = sorted(dict.fromkeys([*levels, *named]), key=LEVELS.index)
    pairs: list[tuple[str, str]] = [(level, level) for level in ordered]
    if mixed:
        for weak, strong in itertools.pairwise(ordered):
            pairs += [(strong, weak), (weak, strong)]
    pairs += [pair for pair in kept if pair not in pairs]
    pairs.sort(key=_pair_order)
    seeds = range(first_seed, first_seed + games)
    results = []
    late = None
    for pair in pairs:
        if pair in kept:
            results.append(kept[pair])
            continue
        start = time.perf_counter()
        players = pair if time_caps else (uncapped(pair[0]), uncapped(pair[1]))
        traces = run_traces(
            game, *players, seeds, workers=workers, clarity_children=clarity_children
        )
        if pair == (ordered[-1], ordered[-1]) and late_depth > 0:
            late = late_game(game, traces, late_depth, prove_nodes)
            if late is not None:
                late["levels"] = list(pair)
        result = pair_result(pair, traces, time.perf_counter() - start, time_caps=time_caps)
        results.append(result)
        if progress:
            progress(pair, result)
    return SkillCurve(tuple(results), _proven(game, list(seeds), prove_nodes), late)


def uncapped(level: str) -> str:
    """The player spec of ``level`` without its wall-clock cap per turn (random has none).

    >>> uncapped("max"), uncapped("random")
    ('max:turn_seconds=1000000000.0', 'random')
    """
    return level if level == "random" else f"{level}:turn_seconds={NO_CAP_SECONDS}"


def _pair_order(pair: tuple[str, str]) -> tuple[int, int, int, int]:
    """Same-level pairs first, weakest to strongest; then mixed pairs by their levels."""
    a, b = (LEVELS.index(level) for level in pair)
    return (a != b, max(a, b), min(a, b), a < b)


def _err(values: Sequence[Interval]) -> list[list[float]]:
    """Error bar lengths below and above (never negative: Wilson's 1.0 may be 0.9999...)."""
    return [
        [max(0.0, v.value - v.low) for v in values],
        [max(0.0, v.high - v.value) for v in values],
    ]


def plot_skill(curve: SkillCurve, path: Path, title: str = "") -> Path:
    """The curve as a PNG: same-level pairs left to right, mixed pairs beside them."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    same = [p for p in curve.pairs if p.levels[0] == p.levels[1]]
    mixed = [p for p in curve.pairs if p.levels[0] != p.levels[1]]
    fig, axes = plt.subplots(
        1,
        2 if mixed else 1,
        figsize=(12 if mixed else 7, 4.8),
        squeeze=False,
        gridspec_kw={"width_ratios": [1.5, 1]} if mixed else None,
    )
    ax = axes[0][0]
    xs = list(range(len(same)))
    uneven = len({p.first.n for p in curve.pairs}) > 1
    labels = [
        (f"{p.levels[0]}\n(n={p.first.n})" if uneven else p.levels[0])
        + ("" if p.time_caps else "\nno cap")
        for p in same
    ]
    for key, colour, name in (
        ("first", "tab:blue", "first player"),
        ("draws", "tab:grey", "draws"),
    ):
        values = [getattr(p, key) for p in same]
        ax.errorbar(
            xs,
            [v.value for v in values],
            yerr=_err(values),
            marker="o",
            capsize=4,
            color=colour,
            label=name,
        )
    if curve.proven is not None:
        x = len(same)
        ax.plot(
            [x],
            [curve.proven["value"]],
            marker="*",
            markersize=14,
            color="tab:red",
            linestyle="none",
            label="proven (perfect play)",
        )
        ax.plot(
            [xs[-1], x] if xs else [x],
            [same[-1].first.value, curve.proven["value"]] if same else [curve.proven["value"]],
            linestyle=":",
            color="tab:red",
        )
        labels.append("proof")
        xs.append(x)
    late = curve.late
    if late is not None:
        x = len(xs)
        ax.plot(
            [x],
            [late["proven"]],
            marker="*",
            markersize=12,
            color="tab:purple",
            linestyle="none",
            label=f"late game proven ({late['positions']} positions)",
        )
        ax.plot(
            [x],
            [late["played"]],
            marker="x",
            markersize=9,
            color="tab:purple",
            linestyle="none",
            label="late game as played",
        )
        labels.append(f"last {late['depth']}")
        xs.append(x)
    ax.axhline(0.5, color="black", linewidth=0.6, linestyle="--")
    ax.set_xticks(xs, labels, fontsize=8)
    ax.set_ylim(-0.05, 1.05)  # a proven 0 or 1 (the curve's end) shows whole, not clipped
    ax.set_ylabel("rate (95% Wilson interval)")
    ax.set_title("same level both sides")
    # below the axes: inside, it hid the markers at 1 (where a proof often ends the curve)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.22), ncol=2, fontsize=8)
    if mixed:
        ax2 = axes[0][1]
        ys = list(range(len(mixed)))
        ax2.errorbar(
            [p.seat0.value for p in mixed],
            ys,
            xerr=_err([p.seat0 for p in mixed]),
            marker="o",
            capsize=4,
            linestyle="none",
            color="tab:green",
            label="seat 0 score",
        )
        ax2.errorbar(
            [p.first.value for p in mixed],
            [y + 0.15 for y in ys],
            xerr=_err([p.first for p in mixed]),
            marker="s",
            capsize=4,
            linestyle="none",
            color="tab:blue",
            label="first player",
        )
        ax2.set_yticks(
            ys,
            [
                f"{p.levels[0]} (seat 0) v {p.levels[1]}" + (f" (n={p.first.n})" if uneven else "")
                for p in mixed
            ],
        )
        ax2.axvline(0.5, color="black", linewidth=0.6, linestyle="--")
        ax2.set_xlim(-0.05, 1.05)
        ax2.set_ylim(-0.5, len(mixed) - 0.3)
        ax2.set_title("mixed levels")
        ax2.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=2, fontsize=8)
    if title:
        fig.suptitle(title)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return path
