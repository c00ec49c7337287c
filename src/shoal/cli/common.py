"""Helpers shared by the subcommands: game options from ``key=value`` words; the language
of a course's and a puzzle's texts (``--language``)."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable

from shoal import games
from shoal.core import Game, parse_option_words
from shoal.i18n import LANGUAGES, catalogue, from_environment

__all__ = ["add_game_arguments", "add_language_argument", "game_from_args", "words_of_args"]


def add_language_argument(parser: argparse.ArgumentParser) -> None:
    """``--language CODE``: the texts' language (default: the environment's, as gettext)."""
    parser.add_argument(
        "--language",
        choices=list(LANGUAGES),
        help="the course's and the puzzles' texts in this language (default: the one "
        "LANGUAGE, LC_ALL, LC_MESSAGES or LANG names, as gettext reads them; else English)",
    )


def words_of_args(args: argparse.Namespace) -> Callable[[str], str]:
    """The ``gettext`` of the language ``--language`` or the environment chose."""
    language = getattr(args, "language", None) or from_environment(os.environ)
    return catalogue(language).gettext


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    """GAME and its options as ``name=value`` words."""
    parser.add_argument("game", help="game id (see 'shoal games')")
    parser.add_argument(
        "options", nargs="*", metavar="NAME=VALUE", help="game options (see 'shoal rules GAME')"
    )


def game_from_args(args: argparse.Namespace) -> Game:
    """The game named by the parsed GAME and NAME=VALUE arguments."""
    return games.REGISTRY.from_mapping(args.game, parse_option_words(args.options))
