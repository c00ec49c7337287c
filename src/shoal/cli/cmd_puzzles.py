"""``shoal puzzles``: the puzzles group.

``shoal puzzles GAME`` solves a game's puzzles in the terminal and ``shoal puzzles`` lists
them (:mod:`shoal.cli.puzzles_play`: one sub-command per game id). Other sub-commands
(``generate``, ``export``) join the group from their own modules, listed in
:data:`PUZZLE_MODULES`: each defines ``add_to_group(group, parser)``, where ``group`` is the
group's sub-parsers and ``parser`` the ``puzzles`` parser itself.
"""

from __future__ import annotations

import argparse
import importlib

from .tui.words import help_words

__all__ = ["PUZZLE_MODULES", "add_parser"]

PUZZLE_MODULES: tuple[str, ...] = ("puzzles_play", "puzzles_generate")
"""Modules of ``shoal.cli`` that add sub-commands to ``shoal puzzles``."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``puzzles`` and its sub-commands (the help in the terminal's language)."""
    words = help_words()
    p = sub.add_parser(
        "puzzles",
        help=words.gettext("puzzles: positions where the side to move wins by force"),
        description=words.gettext(
            "shoal puzzles GAME: solve a game's puzzles in the terminal (find the winning "
            "action, the other side answers by itself, a wrong action is refuted at once). "
            "Without GAME, list the games with puzzles."
        ),
    )
    group = p.add_subparsers(dest="puzzles_command", metavar="GAME|COMMAND")
    for name in PUZZLE_MODULES:
        importlib.import_module(f"shoal.cli.{name}").add_to_group(group, p)
