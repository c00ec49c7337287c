"""``shoal analyze``: self-play reports for game designers."""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from pathlib import Path
from typing import Any

from shoal import games
from shoal.analysis.report import figures, write_report, write_sweep
from shoal.analysis.selfplay import run_games
from shoal.core import Game, InvalidOptionError, options_to_strings, parse_option_words

from .analyze_metrics import add_metric_arguments, run_metrics, wants_metrics
from .common import add_game_arguments

__all__ = ["add_parser", "analyze_game"]


def analyze_game(
    game: Game,
    args: argparse.Namespace,
    out: Path,
    command: str,
) -> dict[str, Any]:
    """Self-play ``game`` as ``args`` say, write its report into ``out``; the figures."""
    seeds = range(args.seed, args.seed + args.games)
    quiet = args.quiet or not sys.stderr.isatty()
    if quiet:
        summaries = run_games(
            game,
            args.level,
            args.level,
            seeds,
            workers=args.workers,
            use_ray=args.ray,
            ray_address=args.ray_address,
        )
    else:
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        with Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TextColumn("ETA"),
            TimeRemainingColumn(),
            transient=True,
        ) as progress:
            task = progress.add_task(f"{game.title} self-play", total=args.games)
            summaries = run_games(
                game,
                args.level,
                args.level,
                seeds,
                workers=args.workers,
                progress=lambda done, total: progress.update(task, completed=done),
                use_ray=args.ray,
                ray_address=args.ray_address,
            )
    meta = {
        "game": game.id,
        "title": game.title,
        "rules_version": game.rules_version,
        "options": options_to_strings(game.options),
        "players": [args.level, args.level],
        "seeds": [args.seed, args.seed + args.games - 1],
        "random_setup": game.random_setup,
        "command": command,
    }
    data = figures(summaries, meta)
    write_report(data, out)
    return data


def _analyze(args: argparse.Namespace) -> int:
    options = parse_option_words(args.options)
    out = Path(args.out or f"analysis-{args.game}")
    command = "shoal " + " ".join(shlex.quote(a) for a in sys.argv[1:]) if sys.argv else ""
    if wants_metrics(args):
        return run_metrics(args, command)
    if args.sweep:
        name, sep, values = args.sweep.partition("=")
        if not sep or not values:
            raise InvalidOptionError(f"--sweep {args.sweep!r}: expected NAME=V1,V2,...")
        results = []
        for value in values.split(","):
            game = games.REGISTRY.from_mapping(args.game, {**options, name: value})
            data = analyze_game(game, args, out / f"{name}-{value}", command)
            results.append((value, data))
            _print_summary(data, f"{name}={value}")
        write_sweep(name, results, out)
        print(f"sweep report: {out / 'sweep.html'}")
        return 0
    game = games.REGISTRY.from_mapping(args.game, options)
    data = analyze_game(game, args, out, command)
    _print_summary(data, game.title)
    print(f"report: {out / 'report.html'} (figures in {out / 'report.json'})")
    return 0


def _print_summary(data: dict[str, Any], label: str) -> None:
    s, d, m = data["seat0_score"], data["draw_rate"], data["first_mover"]
    print(
        f"{label}: {data['games']} games; seat 0 scores {s['rate']:.1%} "
        f"[{s['low']:.1%}, {s['high']:.1%}]; first mover {m['rate']:.1%}; draws {d['rate']:.1%}; "
        f"mean length {data['length_turns']['mean']:.1f} turns"
    )


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``analyze``."""
    p = sub.add_parser(
        "analyze",
        help="self-play a game and write a balance report",
        description=(
            "Self-play a game between two AI players of one level, in parallel, and write an "
            "HTML report with plots (report.html) and its figures (report.json): win rates "
            "with 95%% intervals, draws, lengths, branching, endings, openings, choices, "
            "set-ups. With --sweep NAME=V1,V2 one report per value and a comparison page."
        ),
    )
    add_game_arguments(p)
    p.add_argument("--games", type=int, default=200, help="games to play (default 200)")
    p.add_argument("--level", default="random", help="AI level of both players (default random)")
    p.add_argument(
        "--workers",
        type=int,
        default=os.cpu_count() or 1,
        help="parallel processes (default: the machine's cores)",
    )
    p.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    p.add_argument("--out", help="output folder (default analysis-GAME)")
    p.add_argument("--sweep", help="vary one option: NAME=V1,V2,...")
    p.add_argument("--ray", action="store_true", help="run the games on Ray (optional extra)")
    p.add_argument("--ray-address", help="Ray cluster address (default: a local Ray)")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    add_metric_arguments(p)
    p.set_defaults(func=_analyze)
