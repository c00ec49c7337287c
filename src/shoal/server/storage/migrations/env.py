"""Alembic's environment: migrations run on the connection that shoal hands over.

:func:`shoal.server.storage.migrate.upgrade` puts an open connection in
``config.attributes["connection"]``; no URL, logging or ini file is read here.
"""

from __future__ import annotations

from alembic import context

from shoal.server.storage.account_tables import Base  # every table, accounts included

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=True,  # ALTER TABLE on SQLite goes through a copy of the table
)
with context.begin_transaction():
    context.run_migrations()
