"""Which database a command works on: ``--database URL``, else the environment variable
:data:`DATABASE_ENV`, else :data:`DEFAULT_DATABASE` (a file in the working directory).

``shoal serve`` and ``shoal db upgrade`` make the database when there is none. The
commands that read or change a site (``shoal admin ...``, ``shoal db current``) never
make one: :func:`existing_database` refuses, in words, a database that is not there
(so a typo or a wrong directory never leaves a fresh ``./shoal.sqlite3`` behind), one
that holds no shoal tables, and one at another revision than this shoal's.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

__all__ = [
    "DATABASE_ENV",
    "DEFAULT_DATABASE",
    "add_database_option",
    "database_url",
    "existing_database",
]

DATABASE_ENV = "SHOAL_DATABASE"
"""The environment variable with the database's URL (read by every command that takes
``--database``, ``shoal serve`` included)."""

DEFAULT_DATABASE = "sqlite:///shoal.sqlite3"
"""The database when none is given: a SQLite file in the working directory (the same as
``shoal.server.DEFAULT_DATABASE``, kept here so ``shoal --help`` stays fast)."""


def add_database_option(parser: argparse.ArgumentParser, what: str = "the database") -> None:
    """``--database URL`` (default: :data:`DATABASE_ENV`, else :data:`DEFAULT_DATABASE`)."""
    parser.add_argument(
        "--database",
        default=None,
        metavar="URL",
        help=f"{what}: a SQLAlchemy URL, e.g. postgresql+psycopg://user@host/shoal (default: "
        f"the environment variable {DATABASE_ENV}, else {DEFAULT_DATABASE}: a file in the "
        "working directory)",
    )


def database_url(args: argparse.Namespace) -> str:
    """The URL the command works on (the option, the environment, the default)."""
    given = getattr(args, "database", None) or os.environ.get(DATABASE_ENV, "").strip()
    return given or DEFAULT_DATABASE


def existing_database(args: argparse.Namespace, *, at_head: bool = True) -> tuple[str | None, str]:
    """(the URL, "") of a database that exists (with ``at_head``: at this shoal's newest
    revision), else (None, why in words)."""
    from sqlalchemy import create_engine, inspect
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import SQLAlchemyError

    from shoal.server.db import migrate

    url = database_url(args)
    chosen = bool(getattr(args, "database", None) or os.environ.get(DATABASE_ENV, "").strip())
    try:
        parsed = make_url(url)
    except Exception:
        return None, f"{url!r} is not a database URL (sqlite:///FILE, postgresql+psycopg://...)"
    if parsed.get_backend_name() == "sqlite":
        path = parsed.database or ""
        if path in ("", ":memory:") or not Path(path).is_file():
            if not chosen:
                return None, (
                    f"no database given, and there is no {path} here (where shoal serve "
                    f"would make one): give --database URL, or set {DATABASE_ENV}, to the "
                    "server's database"
                )
            return None, f"there is no database file {path!r}: give the server's database"
    engine = create_engine(url)
    try:
        revision = migrate.current(engine)
        tables = inspect(engine).has_table("shoal_games")
    except SQLAlchemyError as error:
        return None, f"cannot open the database {_shown(url)}: {str(error).splitlines()[0]}"
    finally:
        engine.dispose()
    if revision is None and not tables:
        return None, (
            f"{_shown(url)} holds no shoal tables: give the server's database (or make one "
            "with shoal db upgrade)"
        )
    if at_head and revision != migrate.head():
        return None, (
            f"{_shown(url)} is at revision {revision or 'none'}, this shoal's is "
            f"{migrate.head()}: run shoal db upgrade first"
        )
    return url, ""


def _shown(url: str) -> str:
    """The URL without its password."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
