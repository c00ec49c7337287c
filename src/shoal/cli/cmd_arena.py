"""``shoal arena GAME A B --games N``: a match between two players, with statistics.

A and B are level names (random, beginner, casual, club, strong, max) or specs
such as ``mcts:iterations=500`` or ``alphabeta:depth=4,seconds=1``. Seats
alternate; random set-ups come from ``--seed``. Progress shows as a bar on a
terminal (not with ``--json``).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from shoal import games
from shoal.ai import get_player
from shoal.analysis.arena import ArenaGame, arena
from shoal.core import InvalidOptionError, parse_option_words
from shoal.core.options import options_to_strings

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Any) -> None:
    """Add the ``arena`` subcommand to ``subparsers`` (sets ``func=run``)."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "arena",
        help="play a match between two AI players and rate them",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("game", help="game id (see 'shoal games')")
    parser.add_argument("a", help="player A: a level or a spec like mcts:iterations=500")
    parser.add_argument("b", help="player B")
    parser.add_argument(
        "options", nargs="*", metavar="NAME=VALUE", help="game options (see 'shoal rules GAME')"
    )
    parser.add_argument("--games", "-n", type=int, default=20, help="number of games (20)")
    parser.add_argument("--seed", type=int, default=0, help="seed of set-ups and players (0)")
    parser.add_argument("--jobs", "-j", type=int, default=1, help="worker processes (1)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Play the match the parsed arguments describe and print the result."""
    if args.games < 1:
        raise InvalidOptionError("--games must be at least 1")
    game = games.REGISTRY.from_mapping(args.game, parse_option_words(args.options))
    for spec in (args.a, args.b):
        get_player(spec, game, 0)  # unknown players fail before any game
    show_bar = not args.json and sys.stdout.isatty()
    if show_bar:
        from rich.progress import Progress

        with Progress(transient=True) as bar:
            task = bar.add_task(f"{args.a} vs {args.b}", total=args.games)

            def progress(played: ArenaGame, done: int, total: int) -> None:
                bar.update(task, completed=done)

            result = arena(
                game,
                args.a,
                args.b,
                games=args.games,
                seed=args.seed,
                progress=progress,
                processes=args.jobs,
            )
    else:
        result = arena(game, args.a, args.b, games=args.games, seed=args.seed, processes=args.jobs)
    options = options_to_strings(game.options)
    if args.json:
        print(json.dumps({**result.as_dict(), "options": options}, indent=1))
    else:
        named = ", ".join(f"{name}={value}" for name, value in options.items())
        print(f"{game.title}{f' ({named})' if named else ''}: {result.summary()}")
    return 0
