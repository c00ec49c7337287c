"""``shoal fairplay measure``: the fair-play measurement of docs/fairplay.md (issue 61)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

__all__ = ["add_parser"]


def _measure(args: argparse.Namespace) -> int:
    from shoal.server.fairplay_measure import Config, measure, table

    config = Config(
        game=args.game,
        honest=args.honest,
        cheats=args.cheats,
        switch=args.switch,
        rounds=args.rounds,
        noise=args.noise,
        seed=args.seed,
        resamples=args.resamples,
    )
    if not (1 <= config.honest <= 200 and 0 <= config.cheats <= 50 and 1 <= config.rounds <= 200):
        print("shoal fairplay: --honest 1..200, --cheats 0..50, --rounds 1..200", file=sys.stderr)
        return 2
    if not 0 <= config.noise < 1:
        print("shoal fairplay: --noise is a share from 0 to below 1", file=sys.stderr)
        return 2
    say = (lambda line: print(line, file=sys.stderr, flush=True)) if args.json else print
    try:
        results = measure(config, Path(args.state), say)
    except ValueError as error:
        print(f"shoal fairplay: {error}", file=sys.stderr)
        return 2
    print(json.dumps(results, indent=2) if args.json else table(results))
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``fairplay measure``."""
    p = sub.add_parser(
        "fairplay",
        help="measure the fair-play checks on simulated players",
        description="Fair play (docs/fairplay.md).",
    )
    actions = p.add_subparsers(dest="fairplay_command", metavar="ACTION", required=True)
    m = actions.add_parser(
        "measure",
        help="honest accounts and cheats play rated games on the server; who is reported",
        description="Honest accounts play rated games at the levels beginner to strong with "
        "a human's noise (sometimes the second-best move); cheats switch to the max engine "
        "after --switch games. Every game goes through the server in this process, whose "
        "fair-play checks report what they find. Resumable (--state), CPU-heavy: run it with "
        "nice -n 19.",
    )
    m.add_argument("--game", default="cyclix", help="the game (default cyclix)")
    m.add_argument("--honest", type=int, default=20, help="honest accounts (default 20)")
    m.add_argument("--cheats", type=int, default=3, help="cheating accounts (default 3)")
    m.add_argument(
        "--switch", type=int, default=10, help="games a cheat plays fair first (default 10)"
    )
    m.add_argument("--rounds", type=int, default=24, help="rounds of one game each (default 24)")
    m.add_argument(
        "--noise",
        type=float,
        default=0.15,
        help="share of an honest player's decisions given to the second-best move (0.15)",
    )
    m.add_argument("--seed", type=int, default=61, help="the pairings' seed (default 61)")
    m.add_argument(
        "--resamples",
        type=int,
        default=2000,
        help="random windows drawn from each honest account's games (default 2000)",
    )
    m.add_argument(
        "--state",
        default="fairplay-measure",
        metavar="DIR",
        help="the folder of the run's database and progress, to resume it (default "
        "./fairplay-measure)",
    )
    m.add_argument("--json", action="store_true", help="the results as JSON")
    m.set_defaults(func=_measure)
