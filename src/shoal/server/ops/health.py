"""Is this process alive, and can it serve? The answers of ``/healthz`` and ``/readyz``.

``GET /healthz`` answers 200 whenever the process answers at all: it touches nothing (a
service manager's liveness check: restart the process when it stops answering).

``GET /readyz`` answers 200 only when the database answers and its schema is at the
migrations' head, else 503 with the reason (a proxy's or a load balancer's check: send
players elsewhere meanwhile). It costs one short query (``SELECT version_num FROM
alembic_version``) on a pooled connection, in a worker thread: the head is read from the
package once per process, never by running Alembic per request. Checks that come while one
is under way wait for that one's answer, and an answer waits at most :data:`TIMEOUT`
seconds, so a database that hangs does not pile up threads or hold the prober.
"""

from __future__ import annotations

import asyncio
import dataclasses

from sqlalchemy import text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import InterfaceError, OperationalError, SQLAlchemyError

from ..db.migrate import head

__all__ = ["TIMEOUT", "Readiness", "Ready"]

TIMEOUT = 3.0
"""Seconds ``/readyz`` waits for the database before it answers 503."""


@dataclasses.dataclass(frozen=True)
class Ready:
    """What a readiness check found."""

    ready: bool
    revision: str | None
    head: str
    reason: str | None = None


class Readiness:
    """The readiness check of one app's database (one query at a time, shared)."""

    def __init__(self, engine: Engine, timeout: float = TIMEOUT) -> None:
        self.engine = engine
        self.timeout = timeout
        self.head = head()
        self._running: asyncio.Future[Ready] | None = None

    def _query(self) -> Ready:
        try:
            with self.engine.connect() as connection:
                try:
                    revision = connection.execute(
                        text("SELECT version_num FROM alembic_version")
                    ).scalar()
                except SQLAlchemyError as error:
                    if getattr(error, "connection_invalidated", False):
                        raise  # the database went away mid-query
                    reason = f"the database has no schema revision ({type(error).__name__})"
                    return Ready(False, None, self.head, reason)
        except (OperationalError, InterfaceError) as error:
            reason = f"the database is not answering ({type(error).__name__})"
            return Ready(False, None, self.head, reason)
        if revision != self.head:
            return Ready(
                False,
                revision,
                self.head,
                f"the database's schema is at {revision}, not at {self.head}: run "
                "shoal db upgrade (or restart shoal serve, which upgrades)",
            )
        return Ready(True, revision, self.head)

    async def check(self) -> Ready:
        """The database's answer, or not ready after :attr:`timeout` seconds."""
        if self._running is None or self._running.done():
            self._running = asyncio.ensure_future(asyncio.to_thread(self._query))
        try:
            return await asyncio.wait_for(asyncio.shield(self._running), self.timeout)
        except TimeoutError:
            reason = f"the database did not answer within {self.timeout:g} s"
            return Ready(False, None, self.head, reason)
