"""Schema migrations with Alembic: :func:`upgrade` brings a database to the newest revision.

A database made before migrations existed (tables present, no ``alembic_version``)
is the schema of revision ``0001``: it is stamped so, then upgraded like any other.
On PostgreSQL the upgrade holds a transaction-level advisory lock, so processes that
start together (``shoal serve --workers N`` on a fresh database) upgrade one at a
time: the first does the work, the others find the newest revision.
"""

from __future__ import annotations

import functools

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.script.revision import RevisionError
from alembic.util import CommandError
from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection, Engine

__all__ = ["FIRST", "current", "head", "known", "upgrade"]

LOCK = 0x5E0A1  # the advisory lock's key (any constant shared by every process)

FIRST = "0001"
"""The revision of the schema shipped before migrations (games and records)."""


def _config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", "shoal.server.db:migrations")
    config.attributes["connection"] = connection
    return config


@functools.cache
def head() -> str:
    """The newest revision (read once per process: the revisions ship with the package)."""
    revision = ScriptDirectory.from_config(_config()).get_current_head()
    assert revision is not None
    return revision


def known(revision: str) -> bool:
    """Whether ``revision`` is one of this shoal's migrations (a newer shoal's is not)."""
    try:
        return ScriptDirectory.from_config(_config()).get_revision(revision) is not None
    except (RevisionError, CommandError):  # no such revision here
        return False


def current(engine: Engine) -> str | None:
    """The database's revision (None: not under migrations)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine, revision: str = "head") -> tuple[str | None, str | None]:
    """Upgrade the database to ``revision``; returns (the revision before, the one after).

    The revision before is None for a database made before migrations (or empty).
    """
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK})
        before = MigrationContext.configure(connection).get_current_revision()
        if revision == "head" and before == head():
            return before, before  # newest already (a server's every start after its first)
        config = _config(connection)
        if before is None and inspect(connection).has_table("shoal_games"):
            command.stamp(config, FIRST)  # made before migrations: revision 1's schema
        command.upgrade(config, revision)
        after = MigrationContext.configure(connection).get_current_revision()
    return before, after
