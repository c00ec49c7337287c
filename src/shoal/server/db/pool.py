"""Pooled connections to a server database that may restart: checked only after a rest.

SQLAlchemy's ``pool_pre_ping`` costs a round trip to the database at every checkout,
a quarter of a move's write on PostgreSQL (issue 39). :func:`ping_when_idle` pings only a
connection that rested in the pool for :data:`IDLE_PING` seconds or more: a busy server
never pings, and a database restarted while the server was quiet (a restart takes longer
than that) is found out before a request uses a dead connection. A connection that still
meets the database gone raises a disconnect error in its statement; SQLAlchemy then
renews the whole pool, and the request answers 503 (:mod:`shoal.server.db_down`) or, for
a game's save, tries once more (:meth:`Store.save <shoal.server.games.store.Store.save>`).

The other end: a SQLite memory database (the tests' and the doctests') is one connection,
which :class:`OneThreadAtATime` lends to one thread at a time.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from sqlalchemy import event, exc
from sqlalchemy.engine import Engine
from sqlalchemy.pool import ConnectionPoolEntry, StaticPool

__all__ = ["IDLE_PING", "OneThreadAtATime", "ping_when_idle"]

IDLE_PING = 1.0
"""Seconds a pooled connection may rest before its next checkout pings the database."""

_RESTED = "shoal_checked_in"


def ping_when_idle(engine: Engine, idle: float = IDLE_PING) -> None:
    """Ping ``engine``'s pooled connections at checkout after ``idle`` seconds of rest; a
    failed ping makes the pool replace the connection (up to three times), as pre-ping did."""
    dialect = engine.dialect

    @event.listens_for(engine, "checkin")
    def checked_in(dbapi_connection: Any, record: Any) -> None:
        record.info[_RESTED] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def checked_out(dbapi_connection: Any, record: Any, proxy: Any) -> None:
        rested = record.info.pop(_RESTED, None)
        if rested is None or time.monotonic() - rested < idle:
            return  # a new connection, or one in use a moment ago
        try:
            dialect.do_ping(dbapi_connection)
        except dialect.loaded_dbapi.Error as error:  # gone: the pool connects afresh
            raise exc.DisconnectionError(str(error)) from error


class _Turn:
    """Held by one thread at a time; taken again by its holder, it is still held once."""

    def __init__(self) -> None:
        self._free = threading.Condition()
        self._owner: int | None = None

    def take(self) -> None:
        me = threading.get_ident()
        with self._free:
            while self._owner not in (None, me):
                self._free.wait()
            self._owner = me

    def give_back(self) -> None:
        with self._free:
            self._owner = None
            self._free.notify()


class OneThreadAtATime(StaticPool):
    """One connection (a SQLite memory database) that one thread at a time uses, from its
    checkout to its return.

    With :class:`~sqlalchemy.pool.StaticPool` alone, two threads shared the connection's
    transaction: a read's rollback at its return undid another thread's insert under way,
    whose commit then failed ("cannot rollback - no transaction is active"): a test's app
    answered 503 to 5 of 1,500 new games while its tournaments' tick read. The turn is
    taken before the pool hands the connection out, so each checkout is the record's only
    one and its return is always counted (a thread that checks out again while it holds the
    connection goes on, as before)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._turn = _Turn()

    def _do_get(self) -> ConnectionPoolEntry:
        self._turn.take()
        try:
            return super()._do_get()
        except BaseException:
            self._turn.give_back()
            raise

    def _do_return_conn(self, record: ConnectionPoolEntry) -> None:
        super()._do_return_conn(record)
        self._turn.give_back()
