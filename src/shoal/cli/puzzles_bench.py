"""``shoal bench --puzzles [GAME...]``: the share of shipped puzzles each level solves."""

from __future__ import annotations

import argparse
import json

from shoal import games
from shoal.analysis.puzzles.bench import BENCH_LEVELS, PuzzleScore, bench_puzzles
from shoal.core import InvalidOptionError

__all__ = ["add_puzzle_arguments", "puzzle_bench"]

PUZZLE_GAMES = ("syrtis", "sirtet", "sytran", "cyclix", "sfirs")


def add_puzzle_arguments(p: argparse.ArgumentParser) -> None:
    """The flags of the puzzle bench, added to ``shoal bench``."""
    p.add_argument(
        "--puzzles", action="store_true", help="each level on the shipped puzzles (share solved)"
    )
    p.add_argument("--time", type=float, default=1.0, help="seconds per puzzle (default 1)")
    p.add_argument("--limit", type=int, help="only the first N puzzles of each game")


def puzzle_bench(args: argparse.Namespace) -> int:
    """Run the puzzle bench and print a table (or JSON)."""
    ids = list(args.games) or list(PUZZLE_GAMES)
    for game_id in ids:
        games.REGISTRY.entry(game_id)
    if args.time <= 0:
        raise InvalidOptionError(f"--time must be above 0 seconds, not {args.time}")
    if args.limit is not None and args.limit < 1:
        raise InvalidOptionError(f"--limit must be at least 1, not {args.limit}")
    rows: list[PuzzleScore] = []
    if not args.json:
        print(f"{'game':8} {'level':9} solved  share  ({args.time:g} s a puzzle)", flush=True)

    def show(score: PuzzleScore) -> None:
        if not args.json:
            print(
                f"{score.game:8} {score.level:9} {score.solved:3}/{score.total:<3} "
                f"{100 * score.share:5.1f}%"
                + (f"  ({score.other_wins} by a slower proven win)" if score.other_wins else ""),
                flush=True,
            )

    for game_id in ids:
        rows.extend(bench_puzzles(game_id, BENCH_LEVELS, args.time, args.limit, show))
    if args.json:
        out = [
            {
                "game": r.game,
                "level": r.level,
                "solved": r.solved,
                "total": r.total,
                "share": r.share,
                "missed": list(r.missed),
                "other_wins": r.other_wins,
            }
            for r in rows
        ]
        print(json.dumps(out, indent=1))
    return 0
