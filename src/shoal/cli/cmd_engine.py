"""``shoal engine``: the line protocol for outside programs."""

from __future__ import annotations

import argparse

from shoal.engine.protocol import COMMANDS, serve

__all__ = ["add_parser"]


def _engine(args: argparse.Namespace) -> int:
    return serve()


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``engine``."""
    p = sub.add_parser(
        "engine",
        help="speak the engine protocol on stdin/stdout",
        description=(
            "Speak the engine protocol on stdin/stdout: replies start with '= ' or '? ' "
            "and end with an empty line. Commands: " + ", ".join(COMMANDS) + "."
        ),
    )
    p.set_defaults(func=_engine)
