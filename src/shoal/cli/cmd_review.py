"""``shoal review``: a finished game's turns judged by the engine, with a summary per player."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from shoal.analysis.review import (
    LEVEL_FACTORS,
    REVIEW_SIMULATIONS,
    THRESHOLDS,
    Review,
    review_record,
)
from shoal.records import read

__all__ = ["add_parser", "format_review"]

PLURALS = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}


def format_review(review: Review) -> str:
    """The review as a table of turns (marks and the engine's turn) and a summary."""
    lines = [
        f"{'turn':>4}  {'side':<6} {'played':<14} {'mark':<4} {'chance':>13}  engine",
    ]
    for t in review.turns:
        engine = "" if t.engine_choice or t.forced else t.best
        chance = f"{t.before:5.1f} -> {t.after:5.1f}"
        lines.append(
            f"{t.number:>4}  {t.side:<6} {t.played:<14} {t.symbol:<4} {chance:>13}  {engine}"
        )
    lines.append("")
    lines.append(f"budget: {review.budget} per position, seed {review.seed}")
    for p in review.players:
        who = f"{p.side} ({p.name})" if p.name else p.side
        counts = ", ".join(
            f"{n} {PLURALS[name] if n != 1 else name}" for name, n in reversed(p.counts.items())
        )
        lines.append(f"{who}: accuracy {p.accuracy:.0f}%, {counts}")
    return "\n".join(lines)


def _review(args: argparse.Namespace) -> int:
    path = Path(args.record).expanduser()
    if not path.is_file():
        print(f"shoal: {args.record}: no such record file", file=sys.stderr)
        return 2
    record = read(path.read_text())
    show = not args.json and sys.stderr.isatty()

    def progress(done: int, total: int) -> None:
        if show:
            print(f"\rsearching {done}/{total}", end="", file=sys.stderr, flush=True)

    review = review_record(record, level=args.level, seed=args.seed, progress=progress)
    if show:
        print(file=sys.stderr)
    if args.json:
        print(json.dumps(review.to_json_dict(), indent=1))
    else:
        print(format_review(review))
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``shoal review``."""
    marks = ", ".join(f"{name} from {least:.0f}" for name, least in reversed(THRESHOLDS))
    p = sub.add_parser(
        "review",
        help="judge every turn of a finished game with the engine",
        description=(
            "Search every turn of a record (text or JSON) and print each turn's winning "
            f"chance for its mover before and after, the mark ({marks} points lost: "
            "?! inaccuracy, ? mistake, ?? blunder), the engine's preferred turn beside each "
            f"turn it would not have played, and each player's accuracy. Budget: "
            f"{REVIEW_SIMULATIONS} MCTS simulations per position at level normal, times "
            "the game's level scale; for a game searched by alpha-beta (Cyclix), its depth "
            "plus one."
        ),
    )
    p.add_argument("record", help="record file (text or JSON)")
    p.add_argument(
        "--level",
        choices=list(LEVEL_FACTORS),
        default="normal",
        help="search budget: quick x0.25, normal x1, deep x4 (alpha-beta: depth +0, +1, +2; "
        "default normal)",
    )
    p.add_argument("--seed", type=int, default=0, help="search seed (default 0)")
    p.add_argument("--json", action="store_true", help="print the review as JSON")
    p.set_defaults(func=_review)
