"""``shoal puzzles GAME``: the puzzles of a game solved in the terminal (issue 25)."""

from __future__ import annotations

import argparse

from shoal import games
from shoal.analysis.puzzle_play import find_puzzle, of_theme, puzzles_of, themes_of
from shoal.core import InvalidOptionError
from shoal.ratings.glicko2 import Rating

from .tui import PlainUI, RichUI
from .tui.puzzles import PuzzleLoop
from .tui.screen import UI

__all__ = ["add_to_group"]


def _list(args: argparse.Namespace) -> int:
    for game_id in games.ids():
        found = puzzles_of(game_id)
        if found:
            print(f"{game_id:8} {len(found)} puzzles")
            themes = ", ".join(f"{theme} {count}" for theme, count in themes_of(found))
            if themes:
                print(f"{'':8} themes: {themes}")
    print('Solve them with: shoal puzzles GAME [--theme "THEME"]')
    return 0


def _puzzles(args: argparse.Namespace) -> int:
    game = games.get(args.game)
    found = puzzles_of(game.id)
    if not found:
        raise InvalidOptionError(f"{game.title} has no puzzles yet")
    theme = None
    if args.theme is not None:
        try:
            found = of_theme(found, args.theme)
        except InvalidOptionError as error:
            raise InvalidOptionError(f"{game.title}: {error}") from None
        theme = found[0].theme
    first = None
    if args.puzzle is not None:
        first = find_puzzle(args.puzzle)
        if first is None or first.game_id != game.id:
            raise InvalidOptionError(f"no {game.title} puzzle {args.puzzle!r}")
    if not 0 < args.rating < 5000:
        raise InvalidOptionError("--rating must be between 0 and 5000")
    ui: UI = PlainUI() if args.plain else RichUI()
    loop = PuzzleLoop(game, found, ui, rating=Rating(args.rating), first=first, theme=theme)
    return loop.run()


def add_to_group(
    group: argparse._SubParsersAction[argparse.ArgumentParser], parent: argparse.ArgumentParser
) -> None:
    """``shoal puzzles GAME`` for each game id, and ``shoal puzzles`` alone (the list)."""
    parent.set_defaults(func=_list)
    for game_id in games.ids():
        p = group.add_parser(
            game_id,
            help=f"solve {games.get(game_id).title} puzzles in the terminal",
            description=(
                "Find the winning action; the other side answers by itself; a wrong action "
                "is refuted at once. Type an action or a turn, or: solution, skip, ? (legal "
                "actions), quit."
            ),
        )
        _arguments(p, game_id)


def _arguments(p: argparse.ArgumentParser, game_id: str) -> None:
    p.set_defaults(game=game_id)
    p.add_argument("--puzzle", metavar="ID", help="start with this puzzle (e.g. cyclix-0007)")
    p.add_argument(
        "--theme",
        metavar="THEME",
        help='only puzzles of this theme (e.g. "mate in two"; `shoal puzzles` lists them)',
    )
    p.add_argument(
        "--rating", type=float, default=1500.0, help="your puzzle rating to start from (1500)"
    )
    p.add_argument("--plain", action="store_true", help="plain text: no colour")
    p.set_defaults(func=_puzzles)
