"""``shoal puzzles generate GAME`` and ``shoal puzzles export GAME``: make and print puzzles.

``generate`` plays self-play games and writes the proven puzzles as JSON lines
(to ``--out``, or to the terminal); ``export`` prints the puzzles shipped in the
game's package, one JSON object a line, for outside checks.
"""

from __future__ import annotations

import argparse
import json
import sys
from importlib import resources
from pathlib import Path

from shoal import games
from shoal.analysis.puzzles.generate import generate
from shoal.core import InvalidOptionError, ShoalError, parse_option_words

__all__ = ["add_export_parser", "add_generate_parser", "add_to_group", "shipped_lines"]


def shipped_lines(game_id: str) -> list[str]:
    """The JSON lines of the puzzles shipped with ``game_id`` (raises ShoalError when none)."""
    games.get(game_id)  # an unknown game is a clear error
    data = resources.files("shoal.games").joinpath(game_id, "puzzles.jsonl")
    if not data.is_file():
        raise ShoalError(f"{game_id} ships no puzzles")
    return [line for line in data.read_text(encoding="utf-8").splitlines() if line.strip()]


def _generate(args: argparse.Namespace) -> int:
    game = games.REGISTRY.from_mapping(args.game, parse_option_words(args.options))
    if args.count < 1:
        raise InvalidOptionError(f"--count must be at least 1, not {args.count}")
    out = open(args.out, "w", encoding="utf-8") if args.out else sys.stdout  # noqa: SIM115
    try:

        def progress(puzzle: object, report: object) -> None:
            out.write(json.dumps(puzzle.as_dict()) + "\n")  # type: ignore[attr-defined]
            out.flush()
            if args.out:
                print(f"{puzzle.id}: {report.text()}", file=sys.stderr)  # type: ignore[attr-defined]

        _, report = generate(
            game,
            args.count,
            level=args.level,
            seed=args.seed,
            require_miss=not args.no_miss_check,
            per_game=args.per_game,
            max_games=args.max_games,
            progress=progress,
        )
    finally:
        if args.out:
            out.close()
    print(f"{game.id}: {report.text()}", file=sys.stderr)
    return 0


def _export(args: argparse.Namespace) -> int:
    for line in shipped_lines(args.game):
        print(json.dumps(json.loads(line)))
    return 0


def add_generate_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``generate`` to the ``shoal puzzles`` group."""
    p = sub.add_parser(
        "generate",
        help="make proven puzzles from self-play",
        description="Self-play games; keep positions with one proven forced win.",
    )
    p.add_argument("game", help="game id")
    p.add_argument("options", nargs="*", help="game options name=value")
    p.add_argument("--count", type=int, default=10, help="puzzles to make (default 10)")
    p.add_argument("--level", default="casual", help="self-play level (default casual)")
    p.add_argument("--seed", type=int, default=0, help="first self-play seed (default 0)")
    p.add_argument("--out", type=Path, help="write JSON lines here (default: the terminal)")
    p.add_argument("--per-game", type=int, default=2, help="puzzles per self-play game (2)")
    p.add_argument("--max-games", type=int, help="stop after this many self-play games")
    p.add_argument(
        "--no-miss-check",
        action="store_true",
        help="keep puzzles the weaker levels solve too",
    )
    p.set_defaults(func=_generate)


def add_export_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``export`` to the ``shoal puzzles`` group."""
    p = sub.add_parser(
        "export",
        help="print the shipped puzzles as JSON lines",
        description="Print a game's shipped puzzles, one JSON object a line.",
    )
    p.add_argument("game", help="game id")
    p.set_defaults(func=_export)


def add_to_group(
    group: argparse._SubParsersAction[argparse.ArgumentParser], parser: argparse.ArgumentParser
) -> None:
    """``shoal puzzles generate`` and ``export`` (see :mod:`shoal.cli.cmd_puzzles`)."""
    add_generate_parser(group)
    add_export_parser(group)
