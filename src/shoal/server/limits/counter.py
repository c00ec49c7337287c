"""Counters of hits per key in windows, kept in the database so every process shares them.

:meth:`WindowCounter.hit` counts one hit against a key with one statement, an UPSERT
that SQLite and PostgreSQL both run atomically::

    INSERT INTO shoal_limits (key, hits, ends) VALUES (:key, 1, :now + :window)
    ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN shoal_limits.ends <= :now THEN 1 ELSE shoal_limits.hits + 1 END,
        ends = CASE WHEN shoal_limits.ends <= :now THEN :now + :window ELSE shoal_limits.ends END
    RETURNING hits, ends

A key's window opens with its first hit and lasts ``window`` seconds; the hit that comes
after it has ended opens the next. The answer is the key's count *with* this hit, so
of many processes hitting one key at the same moment, exactly ``count`` see a number
within the limit: PostgreSQL locks the row for the update, SQLite writes one at a time.
Nothing is read first, so nothing can race between a read and a write.

Rows of windows that ended are deleted now and then (:data:`SWEEP_EVERY`), by
whichever process counts then.
"""

from __future__ import annotations

import hashlib
import importlib
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import case, delete, update
from sqlalchemy.engine import Engine

from .tables import KEY_LENGTH, LimitRow

__all__ = ["SWEEP_EVERY", "WindowCounter", "stored_key"]

SWEEP_EVERY = 600.0
"""Seconds between two sweeps of ended windows (per process)."""


def stored_key(key: str) -> str:
    """``key`` as stored: itself, or its SHA-256 when longer than the column.

    >>> stored_key("games:10.0.0.1")
    'games:10.0.0.1'
    >>> len(stored_key("chat:" + "x" * 300))
    64
    """
    if len(key) <= KEY_LENGTH:
        return key
    return hashlib.sha256(key.encode()).hexdigest()


class WindowCounter:
    """Hits per key in windows opened by a key's first hit, in the table ``shoal_limits``."""

    def __init__(self, engine: Engine, clock: Callable[[], float] = time.time) -> None:
        self.engine = engine
        self.clock = clock
        dialect = engine.dialect.name
        if dialect not in ("postgresql", "sqlite"):
            raise ValueError(f"the limits need SQLite or PostgreSQL, not {dialect}")
        module = importlib.import_module(f"sqlalchemy.dialects.{dialect}")
        self._insert: Any = module.insert  # INSERT ... ON CONFLICT of either dialect
        self._sweep_at = 0.0

    def hit(self, key: str, window: float) -> tuple[int, float]:
        """Count one hit against ``key``: (the key's hits in its window, this one
        included; when the window ends, in epoch seconds)."""
        now = self.clock()
        table: Any = LimitRow.__table__
        ended = table.c.ends <= now
        statement = (
            self._insert(table)
            .values(key=stored_key(key), hits=1, ends=now + window)
            .on_conflict_do_update(
                index_elements=[table.c.key],
                set_={
                    "hits": case((ended, 1), else_=table.c.hits + 1),
                    "ends": case((ended, now + window), else_=table.c.ends),
                },
            )
            .returning(table.c.hits, table.c.ends)
        )
        with self.engine.begin() as connection:
            hits, ends = connection.execute(statement).one()
            if now >= self._sweep_at:
                self._sweep_at = now + SWEEP_EVERY
                connection.execute(delete(table).where(table.c.ends < now))
        return int(hits), float(ends)

    def give_back(self, key: str, ends: float) -> None:
        """Take back one hit of ``key`` in the window ending at ``ends`` (the thing counted
        was refused after all); nothing when that window is over."""
        table: Any = LimitRow.__table__
        with self.engine.begin() as connection:
            connection.execute(
                update(table)
                .where(table.c.key == stored_key(key), table.c.ends == ends, table.c.hits > 0)
                .values(hits=table.c.hits - 1)
            )

    def clear(self, key: str) -> None:
        """Forget ``key``'s window (the operator lifts a limit for it)."""
        table: Any = LimitRow.__table__
        with self.engine.begin() as connection:
            connection.execute(delete(table).where(table.c.key == stored_key(key)))
