"""Helpers shared by the subcommands: game options from ``key=value`` words."""

from __future__ import annotations

import argparse

from shoal import games
from shoal.core import Game, parse_option_words

__all__ = ["add_game_arguments", "game_from_args"]


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    """GAME and its options as ``name=value`` words."""
    parser.add_argument("game", help="game id (see 'shoal games')")
    parser.add_argument(
        "options", nargs="*", metavar="NAME=VALUE", help="game options (see 'shoal rules GAME')"
    )


def game_from_args(args: argparse.Namespace) -> Game:
    """The game named by the parsed GAME and NAME=VALUE arguments."""
    return games.REGISTRY.from_mapping(args.game, parse_option_words(args.options))
