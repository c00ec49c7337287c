"""``shoal puzzles``: the puzzles group. ``shoal puzzles GAME`` solves them in the terminal
(:mod:`shoal.cli.puzzles_play`); other subcommands add themselves with
:func:`add_puzzle_commands` hooks listed in :data:`PUZZLE_MODULES`."""

from __future__ import annotations

import argparse
import importlib

__all__ = ["PUZZLE_MODULES", "add_parser"]

PUZZLE_MODULES: tuple[str, ...] = ("puzzles_play",)
"""Modules of ``shoal.cli`` that add to the group: each defines ``add_to_group(parser)``."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``puzzles``."""
    p = sub.add_parser(
        "puzzles",
        help="solve puzzles: positions where the side to move wins by force",
        description=(
            "Solve a game's puzzles in the terminal: find the winning action, the other side "
            "answers by itself, a wrong action is refuted at once. Type an action or a turn, "
            "or: solution, skip, ? (legal actions), quit. Without GAME, list the games."
        ),
    )
    for name in PUZZLE_MODULES:
        importlib.import_module(f"shoal.cli.{name}").add_to_group(p)
