"""``shoal db upgrade``: bring a database's schema to the newest revision (Alembic);
``shoal db export``: write the site's open data (docs/data.md)."""

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


def _export(args: argparse.Namespace) -> int:
    import sys
    from pathlib import Path

    from sqlalchemy import create_engine

    from shoal.server.opendata.service import export

    out = Path(args.out)
    engine = create_engine(args.database)
    try:
        if not 1 <= args.level <= 22:
            print("shoal db export: --level is a zstandard level from 1 to 22", file=sys.stderr)
            return 2
        manifest = export(
            engine, out, level=args.level, log=lambda text: print(f"shoal: {text}", flush=True)
        )
    finally:
        engine.dispose()
    files = manifest["files"]
    games = sum(f["count"] for f in files if f["kind"] == "games-jsonl")
    size = sum(f["bytes"] for f in files)
    print(f"shoal: {len(files)} files ({size:,} bytes, {games} games) in {out}; see manifest.json")
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
    ex = db_sub.add_parser(
        "export",
        help="write the open data: finished games, puzzles, books",
        description="Write the site's finished games by game and month (text records and JSON "
        "lines, zstandard-compressed), the puzzles with their ratings and themes, the opening "
        "books, and manifest.json (sizes, counts, SHA-256). No chat, no e-mail: accounts as "
        "names, closed accounts as 'anonymous', guests as 'guest' (docs/data.md). 'shoal serve "
        "--open-data DIR' publishes the folder at /database.",
    )
    ex.add_argument("--database", default=DEFAULT_DATABASE, metavar="URL", help="SQLAlchemy URL")
    ex.add_argument("--out", default="open-data", metavar="DIR", help="the folder (open-data)")
    ex.add_argument(
        "--level", type=int, default=19, help="zstandard level, 1 (fast) to 22 (small); 19"
    )
    ex.set_defaults(func=_export)
