"""Alembic's environment: migrations run on the connection that shoal hands over.

:func:`shoal.server.db.migrate.upgrade` puts an open connection in
``config.attributes["connection"]``; no URL, logging or ini file is read here.
"""

from __future__ import annotations

from typing import Any

from alembic import context

from shoal.server.accounts.tables import Base  # every table, accounts included


def run(config: Any) -> None:
    """Run the migrations Alembic asked for on shoal's connection."""
    context.configure(
        connection=config.attributes["connection"],
        target_metadata=Base.metadata,
        render_as_batch=True,  # ALTER TABLE on SQLite goes through a copy of the table
    )
    with context.begin_transaction():
        context.run_migrations()


_config: Any
try:
    _config = context.config
except AttributeError:  # imported outside a migration (pytest collects modules): nothing to run
    _config = None
if _config is not None:
    run(_config)
