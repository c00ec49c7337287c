"""Markdown rows for docs/ai.md from the JSON of ``shoal arena ... --json`` runs.

Usage: ``python scripts/arena_rows.py TARGET FILE.json [FILE.json ...]`` where
TARGET is the score the pair must reach (0.95 against random, 0.65 between
levels). Each file gives one row: the pair, games, A's W/D/L, the score with its
95% Wilson interval, the Elo difference, whether the target is met (on the
interval, only on the point estimate, or short), A's results from each seat and
the command that reproduces the run. With ``--pool`` it adds one row for all the
files together (they must be the same pair).
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import Any

from shoal.analysis.arena import elo_difference, score_interval


def _elo(score: float) -> str:
    value = elo_difference(score)
    return ("+∞" if value > 0 else "-∞") if math.isinf(value) else f"{value:+.0f}"


def _by_seat(results: list[dict[str, Any]]) -> str:
    parts = []
    for seat in (0, 1):
        w = d = losses = 0
        for r in results:
            if r["a_seat"] != seat:
                continue
            if r["winner"] is None:
                d += 1
            elif r["winner"] == seat:
                w += 1
            else:
                losses += 1
        parts.append(f"seat {seat}: {w}/{d}/{losses}")
    return "; ".join(parts)


def row(game: str, a: str, b: str, results: list[dict[str, Any]], target: float, cmd: str) -> str:
    """One table row for a list of game results of A against B."""
    n = len(results)
    wins = sum(1 for r in results if r["winner"] is not None and r["winner"] == r["a_seat"])
    draws = sum(1 for r in results if r["winner"] is None)
    losses = n - wins - draws
    score, low, high = score_interval(wins, draws, losses)
    if low >= target:
        verdict = f"{target:.0%}: met"
    elif score >= target:
        verdict = f"{target:.0%}: met on the point estimate, not the CI"
    else:
        verdict = f"{target:.0%}: **short**"
    return (
        f"| {game} | {a} v {b} | {n} | {wins}/{draws}/{losses} | {score:.3f} "
        f"({low:.3f}–{high:.3f}) | {_elo(score)} | {_by_seat(results)} | {verdict} | {cmd} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("target", type=float)
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--pool", action="store_true", help="add a row for all files together")
    args = parser.parse_args()
    pooled: list[dict[str, Any]] = []
    for path in args.files:
        data = json.loads(path.read_text())
        results = data["results"]
        seed = results[0]["setup_seed"]
        game, a, b = data["game"], data["a"], data["b"]
        cmd = f"`shoal arena {game} {a} {b} --games {len(results)} --seed {seed}`"
        print(row(game, a, b, results, args.target, cmd))
        pooled.extend(results)
    if args.pool and len(args.files) > 1:
        print(row(game, a, b, pooled, args.target, "the rows above, pooled"))


if __name__ == "__main__":
    main()
