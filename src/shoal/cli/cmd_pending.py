"""Subcommands whose implementation lands with later work: ``play``, ``analyze``."""

from __future__ import annotations

import argparse
import sys

__all__ = ["add_parser"]

_PENDING = {
    "play": "play a game in the terminal",
    "analyze": "self-play analysis of a game for designers",
}


def _pending(args: argparse.Namespace) -> int:
    print(f"shoal {args.command}: not available in this build yet", file=sys.stderr)
    return 3


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the subcommands that are not built yet (they say so and exit 3)."""
    for name, text in _PENDING.items():
        p = sub.add_parser(name, help=f"{text} (not built yet)", description=text)
        p.set_defaults(func=_pending)
