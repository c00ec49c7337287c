"""Alembic migrations of shoal's schema (package data: ``env.py`` and ``versions/``).

Revision ``0001`` is the schema shipped before accounts (``shoal_games``,
``shoal_records``); each later revision adds to it. They are written with
Alembic's portable operations only, so they run on SQLite and PostgreSQL alike.
Run them with ``shoal db upgrade`` (``shoal serve`` does it on start).
"""
