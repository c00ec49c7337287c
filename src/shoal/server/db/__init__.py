"""The database shared by every domain: the migrations and the shared tables.

* ``tables``: the declarative ``Base`` every domain's tables use, and the tables of games,
  records, offers and chat (``shoal_games`` is referenced by several domains).
* ``migrate``: :func:`~shoal.server.db.migrate.upgrade`, Alembic migrations (the revisions
  in ``db/migrations/versions``, one per schema change since the first).
"""
