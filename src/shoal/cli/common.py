"""Helpers shared by the subcommands: game options from ``key=value`` words."""

from __future__ import annotations

import argparse

from shoal import games
from shoal.core import Game, InvalidOptionError

__all__ = ["add_game_arguments", "game_from_args", "parse_keyvalues"]


def parse_keyvalues(words: list[str]) -> dict[str, str]:
    """``["base=8", "penalty=6"]`` as a dict (raises InvalidOptionError)."""
    out: dict[str, str] = {}
    for word in words:
        key, sep, value = word.partition("=")
        if not sep or not key:
            raise InvalidOptionError(f"{word!r} is not an option of the form name=value")
        out[key] = value
    return out


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    """GAME and its options as ``name=value`` words."""
    parser.add_argument("game", help="game id (see 'shoal games')")
    parser.add_argument(
        "options", nargs="*", metavar="NAME=VALUE", help="game options (see 'shoal rules GAME')"
    )


def game_from_args(args: argparse.Namespace) -> Game:
    """The game named by the parsed GAME and NAME=VALUE arguments."""
    return games.REGISTRY.from_mapping(args.game, parse_keyvalues(args.options))
