"""``shoal db``: the schema of the server's database (Alembic migrations), and its open data.

* ``shoal db upgrade``: bring a database's schema to the newest revision (made when there is
  none).
* ``shoal db current``: the database's revision, and whether it is this shoal's newest
  (exit 0 when it is, 1 when it is behind, unknown or not there).
* ``shoal db export``: write the site's open data (docs/data.md).
"""

from __future__ import annotations

import argparse
import sys

from .database import add_database_option, database_url, existing_database

__all__ = ["add_parser"]


def _upgrade(args: argparse.Namespace) -> int:
    from sqlalchemy import create_engine

    from shoal.server.db import migrate

    url = database_url(args)
    engine = create_engine(url)
    try:
        before, after = migrate.upgrade(engine, args.revision)
    finally:
        engine.dispose()
    if before == after:
        print(f"shoal: database {url} is at revision {after}: nothing to do")
    else:
        print(f"shoal: database {url} upgraded from revision {before or 'none'} to {after}")
    return 0


def _export(args: argparse.Namespace) -> int:
    from pathlib import Path

    from sqlalchemy import create_engine

    from shoal.server.opendata.service import export

    if not 1 <= args.level <= 22:
        print("shoal db export: --level is a zstandard level from 1 to 22", file=sys.stderr)
        return 2
    url, why = existing_database(args)
    if url is None:
        print(f"shoal db export: {why}", file=sys.stderr)
        return 1
    out = Path(args.out)
    engine = create_engine(url)
    try:
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


def _current(args: argparse.Namespace) -> int:
    from sqlalchemy import create_engine
    from sqlalchemy.exc import SQLAlchemyError

    from shoal.server.db import migrate

    url, why = existing_database(args, at_head=False)
    if url is None:
        print(f"shoal db current: {why}", file=sys.stderr)
        return 1
    engine = create_engine(url)
    try:
        revision = migrate.current(engine)
    except SQLAlchemyError as error:
        print(f"shoal db current: {str(error).splitlines()[0]}", file=sys.stderr)
        return 1
    finally:
        engine.dispose()
    head = migrate.head()
    if revision == head:
        print(f"{revision} (head)")
        return 0
    known = revision is None or migrate.known(revision)
    where = "behind: run shoal db upgrade" if known else "unknown to this shoal (a newer one?)"
    print(f"{revision or 'none'} ({where}; head is {head})")
    return 1


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``db`` (``upgrade``, ``current``, ``export``)."""
    p = sub.add_parser(
        "db",
        help="database schema migrations and the open data export",
        description="Schema migrations of the server's database (shoal serve upgrades on start).",
    )
    db_sub = p.add_subparsers(dest="db_command", metavar="ACTION", required=True)
    up = db_sub.add_parser(
        "upgrade",
        help="upgrade the schema to the newest revision",
        description="Upgrade the database's schema (a database made before migrations is "
        "revision 0001; none there: one is made). Games, moves, tokens and records are kept.",
    )
    add_database_option(up)
    up.add_argument("--revision", default="head", help="target revision (default: the newest)")
    up.set_defaults(func=_upgrade)
    current = db_sub.add_parser(
        "current",
        help="the database's revision, and whether it is the newest",
        description="Print the database's migration revision and whether it is this shoal's "
        "newest (head). Exit 0 at head; 1 behind, unknown, or when there is no database "
        "(none is made).",
    )
    add_database_option(current)
    current.set_defaults(func=_current)
    ex = db_sub.add_parser(
        "export",
        help="write the open data: finished games, puzzles, books",
        description="Write the site's finished games by game and month (text records and JSON "
        "lines, zstandard-compressed), the puzzles with their ratings and themes, the opening "
        "books, and manifest.json (sizes, counts, SHA-256). No chat, no e-mail: accounts as "
        "names, closed accounts as 'anonymous', guests as 'guest' (docs/data.md). 'shoal serve "
        "--open-data DIR' publishes the folder at /database.",
    )
    add_database_option(
        ex, "the site's database (never made: it must exist, at the newest revision)"
    )
    ex.add_argument("--out", default="open-data", metavar="DIR", help="the folder (open-data)")
    ex.add_argument(
        "--level", type=int, default=19, help="zstandard level, 1 (fast) to 22 (small); 19"
    )
    ex.set_defaults(func=_export)
