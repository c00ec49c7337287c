"""``shoal db upgrade``: bring a database's schema to the newest revision (Alembic)."""

from __future__ import annotations

import argparse

from .cmd_serve import DEFAULT_DATABASE

__all__ = ["add_parser"]


def _upgrade(args: argparse.Namespace) -> int:
    from sqlalchemy import create_engine

    from shoal.server.db import migrate

    engine = create_engine(args.database)
    try:
        before, after = migrate.upgrade(engine, args.revision)
    finally:
        engine.dispose()
    if before == after:
        print(f"shoal: database {args.database} is at revision {after}: nothing to do")
    else:
        print(
            f"shoal: database {args.database} upgraded from revision {before or 'none'} to {after}"
        )
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``db`` (with ``upgrade``)."""
    p = sub.add_parser(
        "db",
        help="database schema migrations",
        description="Schema migrations of the server's database (shoal serve upgrades on start).",
    )
    db_sub = p.add_subparsers(dest="db_command", metavar="ACTION", required=True)
    up = db_sub.add_parser(
        "upgrade",
        help="upgrade the schema to the newest revision",
        description="Upgrade the database's schema (a database made before migrations is "
        "revision 0001). Games, moves, tokens and records are kept.",
    )
    up.add_argument("--database", default=DEFAULT_DATABASE, metavar="URL", help="SQLAlchemy URL")
    up.add_argument("--revision", default="head", help="target revision (default: the newest)")
    up.set_defaults(func=_upgrade)
