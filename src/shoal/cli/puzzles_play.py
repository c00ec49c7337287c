"""``shoal puzzles GAME``: the puzzles of a game solved in the terminal (issue 25)."""

from __future__ import annotations

import argparse

from shoal import games
from shoal.analysis.puzzle_play import find_puzzle, puzzles_of
from shoal.core import InvalidOptionError
from shoal.ratings.glicko2 import Rating

from .tui import PlainUI, RichUI
from .tui.puzzles import PuzzleLoop
from .tui.screen import UI

__all__ = ["add_to_group"]


def _puzzles(args: argparse.Namespace) -> int:
    if args.game is None:
        for game_id in games.ids():
            found = puzzles_of(game_id)
            if found:
                print(f"{game_id:8} {len(found)} puzzles")
        print("Solve them with: shoal puzzles GAME")
        return 0
    game = games.get(args.game)
    found = puzzles_of(game.id)
    if not found:
        raise InvalidOptionError(f"{game.title} has no puzzles yet")
    first = None
    if args.puzzle is not None:
        first = find_puzzle(args.puzzle)
        if first is None or first.game_id != game.id:
            raise InvalidOptionError(f"no {game.title} puzzle {args.puzzle!r}")
    if not 0 < args.rating < 5000:
        raise InvalidOptionError("--rating must be between 0 and 5000")
    ui: UI = PlainUI() if args.plain else RichUI()
    return PuzzleLoop(game, found, ui, rating=Rating(args.rating), first=first).run()


def add_to_group(p: argparse.ArgumentParser) -> None:
    """The arguments of ``shoal puzzles [GAME]``."""
    p.add_argument("game", nargs="?", help="game id (see 'shoal games'); omit to list")
    p.add_argument("--puzzle", metavar="ID", help="start with this puzzle (e.g. cyclix-0007)")
    p.add_argument(
        "--rating", type=float, default=1500.0, help="your puzzle rating to start from (1500)"
    )
    p.add_argument("--plain", action="store_true", help="plain text: no colour")
    p.set_defaults(func=_puzzles)
