"""The ``shoal`` command: one subcommand per module of this package.

Each module ``shoal.cli.cmd_NAME`` listed in :data:`COMMAND_MODULES` defines
``add_parser(subparsers)``, which adds its subcommand(s) and sets ``func`` (a
callable taking the parsed arguments and returning an exit code).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from shoal import __version__
from shoal.core import ShoalError

__all__ = ["COMMAND_MODULES", "build_parser", "main"]

COMMAND_MODULES: tuple[str, ...] = (
    "info",
    "engine",
    "bench",
    "analyze",
    "play",
    "serve",
    "arena",
)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="shoal",
        description=(
            "Five two-player abstract games (Syrtis, Sirtet, Sytran, Cyclix, SFIRS): "
            "play them, study them, connect programs to them."
        ),
    )
    parser.add_argument("--version", action="version", version=f"shoal {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        module = importlib.import_module(f"shoal.cli.cmd_{name}")
        module.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``shoal`` command; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        code: int = args.func(args)
    except ShoalError as error:
        print(f"shoal: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return code


if __name__ == "__main__":
    raise SystemExit(main())
