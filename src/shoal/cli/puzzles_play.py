"""``shoal puzzles GAME``: the puzzles of a game solved in the terminal (issue 25)."""

from __future__ import annotations

import argparse

from shoal import games
from shoal.analysis.puzzle_play import find_puzzle, of_theme, puzzles_of, themes_of
from shoal.core import InvalidOptionError
from shoal.ratings.glicko2 import Rating

from .tui import PlainUI, RichUI, add_language_argument, chosen_language
from .tui.puzzles import PuzzleLoop
from .tui.screen import UI
from .tui.words import catalogue, help_words

__all__ = ["add_to_group"]


def _list(args: argparse.Namespace) -> int:
    words = catalogue(chosen_language(args))
    for game_id in games.ids():
        found = puzzles_of(game_id)
        if found:
            count = words.ngettext("{n} puzzle", "{n} puzzles", len(found)).format(n=len(found))
            print(f"{game_id:8} {count}")
            themes = ", ".join(f"{theme} {count}" for theme, count in themes_of(found))
            if themes:
                print(f"{'':8} " + words.gettext("themes: {themes}").format(themes=themes))
    command = 'shoal puzzles GAME [--theme "THEME"]'
    print(words.gettext("Solve them with: {command}").format(command=command))
    return 0


def _puzzles(args: argparse.Namespace) -> int:
    language = chosen_language(args)
    words = catalogue(language)
    game = games.get(args.game)
    found = puzzles_of(game.id)
    if not found:
        raise InvalidOptionError(words.gettext("{game} has no puzzles yet").format(game=game.title))
    theme = None
    if args.theme is not None:
        try:
            found = of_theme(found, args.theme)
        except InvalidOptionError:
            known = ", ".join(name for name, _count in themes_of(found))
            refusal = (
                words.gettext("{game}: no puzzles of the theme {theme}; the themes are: {themes}")
                if known
                else words.gettext(
                    "{game}: no puzzles of the theme {theme}; these puzzles name none"
                )
            )
            raise InvalidOptionError(
                refusal.format(game=game.title, theme=repr(args.theme), themes=known)
            ) from None
        theme = found[0].theme
    first = None
    if args.puzzle is not None:
        first = find_puzzle(args.puzzle)
        if first is None or first.game_id != game.id:
            raise InvalidOptionError(
                words.gettext("no {game} puzzle {puzzle}").format(
                    game=game.title, puzzle=repr(args.puzzle)
                )
            )
    if not 0 < args.rating < 5000:
        raise InvalidOptionError(words.gettext("--rating must be between 0 and 5000"))
    ui: UI = PlainUI(language=language) if args.plain else RichUI(language=language)
    loop = PuzzleLoop(
        game, found, ui, rating=Rating(args.rating), first=first, theme=theme, language=language
    )
    return loop.run()


def add_to_group(
    group: argparse._SubParsersAction[argparse.ArgumentParser], parent: argparse.ArgumentParser
) -> None:
    """``shoal puzzles GAME`` for each game id, and ``shoal puzzles`` alone (the list); the
    help in the terminal's language (:func:`help_words`)."""
    words = help_words()
    parent.set_defaults(func=_list)
    for game_id in games.ids():
        p = group.add_parser(
            game_id,
            help=words.gettext("solve {game} puzzles in the terminal").format(
                game=games.get(game_id).title
            ),
            description=words.gettext(
                "Find the winning action; the other side answers by itself; a wrong action "
                "is refuted at once. Type an action or a turn, or: solution, skip, ? (legal "
                "actions), quit."
            ),
        )
        _arguments(p, game_id)


def _arguments(p: argparse.ArgumentParser, game_id: str) -> None:
    words = help_words()
    p.set_defaults(game=game_id)
    p.add_argument(
        "--puzzle",
        metavar="ID",
        help=words.gettext("start with this puzzle (e.g. {example})").format(example="cyclix-0007"),
    )
    p.add_argument(
        "--theme",
        metavar="THEME",
        help=words.gettext(
            'only puzzles of this theme (e.g. "mate in two"; `shoal puzzles` lists them)'
        ),
    )
    p.add_argument(
        "--rating",
        type=float,
        default=1500.0,
        help=words.gettext("your puzzle rating to start from (1500)"),
    )
    p.add_argument("--plain", action="store_true", help=words.gettext("plain text: no colour"))
    add_language_argument(p)
    p.set_defaults(func=_puzzles)
