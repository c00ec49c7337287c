"""The ``shoal`` command: one subcommand per module of this package.

Each module ``shoal.cli.cmd_NAME`` listed in :data:`COMMAND_MODULES` defines
``add_parser(subparsers)``, which adds its subcommand(s) and sets ``func`` (a
callable taking the parsed arguments and returning an exit code).

A subcommand with game options (an ``options`` list of ``NAME=VALUE`` words)
takes them anywhere on the line, also after its flags:
``shoal play sytran --vs human base=8``.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from shoal import __version__
from shoal.core import ShoalError
from shoal.i18n import SOURCE

from .tui.words import argv_language, help_language, help_words, refusal

__all__ = ["COMMAND_MODULES", "build_parser", "main", "parse_args"]

COMMAND_MODULES: tuple[str, ...] = (
    "info",
    "engine",
    "bench",
    "analyze",
    "play",
    "serve",
    "db",
    "admin",
    "arena",
    "learn",
    "review",
    "bot",
    "puzzles",
    "tournament",
    "explorer",
    "fairplay",
    "ladder",
    "i18n",
)


def build_parser(language: str = SOURCE) -> argparse.ArgumentParser:
    """The argument parser with every subcommand; the help of the commands that speak to
    players (``play``, ``learn``, ``puzzles``) in ``language`` (:func:`help_language`)."""
    with help_language(language):
        return _build_parser()


def _build_parser() -> argparse.ArgumentParser:
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


def _option_word(word: str) -> bool:
    """A game option ``name=value`` (not a flag)."""
    name, sep, _value = word.partition("=")
    return bool(sep) and bool(name) and not word.startswith("-")


def parse_args(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """Parse ``argv``; game options after the flags join the subcommand's ``options``.

    argparse takes positional words only together, so ``GAME --vs human base=8``
    leaves ``base=8`` over: it is added to ``options`` when the subcommand has
    them; any other leftover word is the usual "unrecognized arguments" error.

    >>> args = parse_args(build_parser(), ["play", "sytran", "--vs", "human", "base=8"])
    >>> args.game, args.vs, args.options
    ('sytran', 'human', ['base=8'])
    """
    args, extra = parser.parse_known_args(argv)
    options = getattr(args, "options", None)
    if extra and isinstance(options, list) and all(_option_word(word) for word in extra):
        args.options = [*options, *extra]
    elif extra:
        parser.error(help_words().gettext("unrecognized arguments: %s") % " ".join(extra))
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``shoal`` command; returns the exit code."""
    typed = list(sys.argv[1:] if argv is None else argv)
    language = argv_language(typed)  # the help's and argparse's words: play, learn, puzzles
    with help_language(language):
        parser = build_parser(language)
        args = parse_args(parser, argv)
    args.argv = typed  # the command line, as typed
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        code: int = args.func(args)
    except ShoalError as error:
        print(f"shoal: {refusal(error, args)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # the reader went away (``shoal puzzles export GAME | head``): stop quietly, and
        # point stdout at nothing so the interpreter's final flush raises no second error
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    return code


if __name__ == "__main__":
    raise SystemExit(main())
