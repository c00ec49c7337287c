"""A few asynchronous psycopg connections of one event loop: a game's save without a thread.

On PostgreSQL a move's guarded ``UPDATE`` run through :func:`asyncio.to_thread` cost twice
the server CPU of the write itself (the thread's wake-up, the future, the loop's wake-up,
the GIL handed over twice; docs/server.md, issue 39). :class:`AsyncPool` holds up to
:data:`POOL_SIZE` psycopg ``AsyncConnection`` objects of the event loop that opened it,
made when first needed (none before the first save) and closed with the app
(:meth:`AsyncPool.close`). Its connections are in autocommit mode: a statement's commit has
returned when its ``execute`` has, so a save acknowledged after it is stored.

A connection the database dropped (a restart, ``pg_terminate_backend``) fails in its
statement; the caller then calls :meth:`AsyncPool.renew`, which closes the idle ones
(dropped as well, most likely), as SQLAlchemy renews its pool after a disconnect.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import AsyncIterator
from typing import Any

from sqlalchemy.engine import URL

from ..ops.metrics import DB_QUERY, labelled

__all__ = ["KEEPALIVES", "POOL_SIZE", "AsyncPool", "conninfo"]

POOL_SIZE = 4
"""The most connections of one pool: saves beyond wait for one (each is one round trip)."""

KEEPALIVES: dict[str, Any] = {
    "keepalives": 1,
    "keepalives_idle": 10,
    "keepalives_interval": 5,
    "keepalives_count": 3,
    "connect_timeout": 10,
}
"""libpq settings of the asynchronous connections: a dead peer is noticed, a connect gives up."""


def conninfo(url: URL) -> str:
    """The libpq connection string of a SQLAlchemy PostgreSQL URL (any driver)."""
    return url.set(drivername="postgresql").render_as_string(hide_password=False)


class AsyncPool:
    """Up to ``size`` autocommit psycopg connections to ``info``, for one event loop."""

    def __init__(self, info: str, size: int = POOL_SIZE, role: str = "save") -> None:
        self.info = info
        self.role = role
        self._idle: list[Any] = []
        self._free = asyncio.Semaphore(size)
        self._closed = False

    @contextlib.asynccontextmanager
    async def connection(self) -> AsyncIterator[Any]:
        """A connection of the pool (a new one when none is idle); given back afterwards,
        unless it broke, the pool was closed meanwhile, or its use was cancelled (a
        statement may still be under way on it): then it is closed."""
        async with self._free:
            conn = self._idle.pop() if self._idle else await self._connect()
            started = time.perf_counter()
            try:
                yield conn
            except Exception:
                await self._give_back(conn)
                raise
            except BaseException:  # cancelled midway
                await _close(conn)
                raise
            labelled(DB_QUERY, self.role).observe(time.perf_counter() - started)
            await self._give_back(conn)

    async def _give_back(self, conn: Any) -> None:
        if self._closed or conn.closed or conn.broken:
            await _close(conn)
        else:
            self._idle.append(conn)

    async def _connect(self) -> Any:
        import psycopg

        return await psycopg.AsyncConnection.connect(
            self.info,
            autocommit=True,
            application_name=f"shoal {self.role} {os.getpid()}",
            **KEEPALIVES,
        )

    async def renew(self) -> None:
        """Close the idle connections (after one of them met the database gone)."""
        idle, self._idle = self._idle, []
        for conn in idle:
            await _close(conn)

    async def close(self) -> None:
        """Close the idle connections; those in use are closed when given back."""
        self._closed = True
        await self.renew()


async def _close(conn: Any) -> None:
    with contextlib.suppress(Exception):  # a dead connection may fail its goodbye
        await conn.close()
