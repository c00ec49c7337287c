"""``shoal puzzles``: the puzzle commands (generate, export)."""

from __future__ import annotations

import argparse

from .puzzles_generate import add_export_parser, add_generate_parser

__all__ = ["add_parser"]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``puzzles`` group and its subcommands."""
    p = sub.add_parser("puzzles", help="puzzles: make them, export them")
    group = p.add_subparsers(dest="puzzles_command", metavar="SUBCOMMAND")
    add_generate_parser(group)
    add_export_parser(group)
