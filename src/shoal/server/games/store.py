"""The queries: :class:`Store` reads and writes games and records (and nothing else does).

A write of a game is optimistic: :meth:`Store.save` updates the row only where
the version is still the one the change was made from (:class:`StaleVersionError`
otherwise). A new game may be stored together with other writes in one transaction
(:data:`Claim`: taking a seek, accepting a challenge, the correspondence clock), so a game
that two players agreed on is stored with its agreement or not at all, whatever crash or
cut comes in between; a claim that finds it was too late refuses the whole
(:class:`ClaimLostError`).
"""

from __future__ import annotations

import asyncio
import dataclasses
import datetime
import json
import logging
from collections.abc import Sequence
from typing import Any, cast

from sqlalchemy import Table, bindparam, create_engine, event, select
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from ..accounts.tables import SeatRow
from ..db.async_pool import AsyncPool, conninfo
from ..db.migrate import upgrade
from ..db.pool import OneThreadAtATime, ping_when_idle
from ..db.rows import as_data
from .models import Claim, ClaimLostError, GameData
from .tables import GameRow, RecordRow

log = logging.getLogger("shoal.server.games.store")

__all__ = ["Claim", "ClaimLostError", "StaleVersionError", "Store", "in_memory"]


def in_memory(url: str) -> bool:
    """True for a SQLite database in memory (``sqlite://``, ``sqlite:///:memory:``): one
    connection that every thread shares, gone when the process ends; for tests and the
    doctests, never a site (``shoal serve`` refuses it)."""
    return url.startswith("sqlite") and (":memory:" in url or url in ("sqlite://", "sqlite:///"))


class StaleVersionError(Exception):
    """The game changed since the version a change was made from."""


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC).replace(tzinfo=None)


class Store:
    """Games and records in a SQL database given by a SQLAlchemy URL."""

    def __init__(self, url: str) -> None:
        kwargs: dict[str, Any] = {}
        self.in_memory = in_memory(url)
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False}
            if self.in_memory:
                kwargs["poolclass"] = OneThreadAtATime  # one connection: the memory database
        self.url = url
        self.sqlite_file = url.startswith("sqlite") and not self.in_memory
        """True for a SQLite file: :meth:`save_in_loop` writes a move with the driver itself
        (:meth:`_save_sqlite`), in a worker thread. (Issue 39 wrote it in the event loop, a
        fraction of a millisecond of CPU cheaper than the hop; but a write of another thread
        or process in progress, or a checkpoint of the log that a commit runs now and then,
        held every game of the loop until it ended: issue 58, nothing waits in the loop.)"""
        self.engine: Engine = create_engine(url, **kwargs)
        if url.startswith("sqlite") and not self.in_memory:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        if not url.startswith("sqlite"):  # a server database may restart meanwhile
            ping_when_idle(self.engine)
        self.saves_async = self.engine.dialect.name == "postgresql" and (
            self.engine.dialect.driver == "psycopg"
        )
        """True on PostgreSQL through psycopg: :meth:`save_in_loop` writes a move on an
        asynchronous connection of the event loop, not in a worker thread."""
        self._async_pools: dict[asyncio.AbstractEventLoop, AsyncPool] = {}
        self._statements: dict[tuple[str, ...], Any] = {}
        self._positions: dict[str, tuple[str, ...]] = {}
        upgrade(self.engine)  # the schema is Alembic's: any older database is brought up to date

    def close(self) -> None:
        """Release the database connections (an in-memory database is kept: it would vanish)."""
        if not self.in_memory:
            self.engine.dispose()

    # -- games ----------------------------------------------------------------
    def insert(self, data: GameData, claims: Sequence[Claim] = ()) -> None:
        """Store a new game, with ``claims`` in the same transaction (first): when one of
        them answers False nothing is stored and :class:`ClaimLostError` is raised."""
        if self.insert_many([(data, claims)]) != [True]:
            raise ClaimLostError(data.id)

    def insert_many(self, games: Sequence[tuple[GameData, Sequence[Claim]]]) -> list[bool]:
        """Store new games in one transaction, each after its ``claims``; which were stored.
        A game one of whose claims answers False is not stored, and the others are: the
        transaction is rolled back and tried again without it (issue 59: an arena of 500
        starts with 250 games, one commit each took most of a second)."""
        left = list(range(len(games)))
        while left:
            now = _now()
            with Session(self.engine) as session:
                lost = {i for i in left if not all(claim(session) for claim in games[i][1])}
                if lost:
                    session.rollback()
                    left = [i for i in left if i not in lost]
                    continue
                for i in left:
                    session.add(GameRow(created=now, updated=now, **_columns(games[i][0])))
                session.flush()
                for i in left:
                    _sync_seats(session, games[i][0])
                session.commit()
            break
        stored = set(left)
        return [i in stored for i in range(len(games))]

    def load(self, game_id: str) -> GameData | None:
        """The stored game ``game_id``, or None."""
        with Session(self.engine) as session:
            row = session.get(GameRow, game_id)
            if row is None:
                return None
            return as_data(GameData, row)

    def versions(self, game_ids: list[str]) -> dict[str, int]:
        """The stored version of each of ``game_ids`` that exists (a few queries)."""
        found: dict[str, int] = {}
        with Session(self.engine) as session:
            for start in range(0, len(game_ids), 500):
                chunk = game_ids[start : start + 500]
                rows = session.execute(
                    select(GameRow.id, GameRow.version).where(GameRow.id.in_(chunk))
                )
                found.update({row[0]: row[1] for row in rows})
        return found

    def save(self, data: GameData, expected_version: int, before: GameData | None = None) -> None:
        """Write ``data`` (whose version is already the new one) over ``expected_version``.

        ``before``: the data at ``expected_version``, when known: only the columns that
        differ from it are written (a move: the actions, the clock, the version). One
        transaction of SQLAlchemy Core statements: the guarded update of the game's row,
        and the seats' index only where the accounts changed. Raises StaleVersionError
        (and writes nothing) when the stored version is not ``expected_version``.

        A connection that the database dropped since its last use (a restart: the pool
        pings only connections idle for :data:`~shoal.server.db.pool.IDLE_PING` seconds)
        fails before anything is written, and the pool is then renewed: the save is tried
        once more on a fresh connection. Should the first try's commit have been stored
        after all, the second finds the version moved on (StaleVersionError, a 409 whose
        reload shows the move).
        """
        values = _save_values(data, expected_version, before)
        for attempt in (1, 2):
            try:
                with self.engine.begin() as connection:  # commits at the end; rolls back on a raise
                    _check_saved(connection.execute(_GUARDED_UPDATE, values).rowcount, data)
                    if _seats_change(data, before):
                        _write_seats(connection, data)
                return
            except DBAPIError as error:  # a connection the database dropped: once more, afresh
                if attempt == 2 or not error.connection_invalidated:
                    raise
                _log_retry(data, error.orig)

    async def save_in_loop(
        self,
        data: GameData,
        expected_version: int,
        before: GameData | None = None,
        notice: tuple[str, str] | None = None,
    ) -> bool:
        """:meth:`save` for the event loop, as cheap as the database allows; whether
        ``notice`` went with it.

        A SQLite file is written in a worker thread (:attr:`sqlite_file`). On PostgreSQL (psycopg),
        a save that is the guarded update alone (a move, a clock, an end: the seats unchanged)
        runs on an asynchronous connection of this loop's pool (:mod:`~shoal.server.db.async_pool`),
        with the statement and parameters of :meth:`save`, its errors raised as SQLAlchemy's
        (a dropped database: the 503 of :mod:`shoal.server.db_down`), and its one retry on a
        connection the database dropped. Anything else goes to :meth:`save` in a worker thread.
        The update's commit has returned when this returns.

        ``notice``: a PostgreSQL notification ``(channel, payload)`` that the asynchronous
        update sends in its own statement (:data:`_WITH_NOTICE`), so that it goes out
        exactly when the update commits, with no round trip of its own (issue 56: the
        relay's separate ``pg_notify`` of each move was a tenth of a worker's CPU). The
        other ways of saving send none (False): the caller announces the change itself.
        """
        if self.sqlite_file and not _seats_change(data, before):
            await asyncio.to_thread(self._save_sqlite, data, expected_version, before)
        elif self.saves_async and not _seats_change(data, before):
            await self._save_async(data, expected_version, before, notice)
            return notice is not None
        else:
            await asyncio.to_thread(self.save, data, expected_version, before)
        return False

    async def _save_async(
        self,
        data: GameData,
        expected_version: int,
        before: GameData | None,
        notice: tuple[str, str] | None = None,
    ) -> None:
        import psycopg

        values = _save_values(data, expected_version, before)
        statement, parameters = self._compiled(values)
        if notice is not None:  # one row back (the notification sent) or none (stale)
            statement = _WITH_NOTICE.format(update=statement)
            parameters = {**parameters, "notice_channel": notice[0], "notice": notice[1]}
        pool = self._async_pool()
        for attempt in (1, 2):
            conn: Any = None
            try:
                async with pool.connection() as conn:
                    cursor = await conn.execute(statement, parameters)
                _check_saved(cursor.rowcount, data)
                return
            except psycopg.Error as orig:
                dropped = self.engine.dialect.is_disconnect(cast(Any, orig), conn, None)
                error = DBAPIError.instance(
                    statement, parameters, orig, psycopg.Error, connection_invalidated=dropped
                )
                if dropped:
                    await pool.renew()
                if attempt == 2 or not dropped:
                    raise error from orig
                _log_retry(data, orig)

    def _save_sqlite(self, data: GameData, expected_version: int, before: GameData | None) -> None:
        """:meth:`save` of a SQLite file without the seats: the same statement and parameters
        on a pooled connection of the driver itself, one transaction committed before this
        returns (issue 39: SQLAlchemy's connection and transaction around it cost as much as
        the write). The driver's errors are raised as SQLAlchemy's, as :meth:`save` does."""
        import sqlite3

        values = _save_values(data, expected_version, before)
        statement, named = self._compiled(values)
        parameters = tuple(named[key] for key in self._positions[statement])
        connection = self.engine.raw_connection()
        try:
            cursor = connection.cursor()
            try:
                cursor.execute(statement, parameters)
                if cursor.rowcount != 1:
                    connection.rollback()
                    raise StaleVersionError(data.id)
                connection.commit()
            finally:
                cursor.close()
        except sqlite3.Error as orig:
            dropped = self.engine.dialect.is_disconnect(cast(Any, orig), connection, None)
            if dropped:
                connection.invalidate(orig)
            raise DBAPIError.instance(
                statement, parameters, orig, sqlite3.Error, connection_invalidated=dropped
            ) from orig
        finally:
            connection.close()  # back to the pool (rolled back there if anything is left)

    def _compiled(self, values: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        """The driver's text of :data:`_GUARDED_UPDATE` setting ``values``' columns (compiled
        once per set of columns) and its parameters by name, converted as SQLAlchemy converts
        them (a driver with positional parameters takes them in :attr:`_positions`' order)."""
        keys = tuple(sorted(values))
        compiled = self._statements.get(keys)
        if compiled is None:
            compiled = _GUARDED_UPDATE.compile(dialect=self.engine.dialect, column_keys=list(keys))
            self._statements[keys] = compiled
            self._positions[compiled.string] = tuple(compiled.positiontup or ())
        processors = cast(dict[str, Any], compiled._bind_processors)  # as SQLAlchemy's execute
        parameters = {
            key: processors[key](value) if key in processors else value
            for key, value in compiled.construct_params(values).items()
        }
        return compiled.string, parameters

    def _async_pool(self) -> AsyncPool:
        """The asynchronous connections of the running event loop (made at its first save)."""
        loop = asyncio.get_running_loop()
        pool = self._async_pools.get(loop)
        if pool is None:
            pool = self._async_pools[loop] = AsyncPool(conninfo(self.engine.url))
        return pool

    async def close_in_loop(self) -> None:
        """Close the running event loop's asynchronous connections (at the app's shutdown)."""
        pool = self._async_pools.pop(asyncio.get_running_loop(), None)
        if pool is not None:
            await pool.close()

    def list_ids(self, limit: int = 50) -> list[str]:
        """The most recently changed games, newest first."""
        with Session(self.engine) as session:
            rows = session.execute(select(GameRow.id).order_by(GameRow.updated.desc()).limit(limit))
            return [r[0] for r in rows]

    # -- uploaded records ----------------------------------------------------------
    def insert_record(self, record_id: str, text: str) -> None:
        """Store an uploaded record's text."""
        with Session(self.engine) as session:
            session.add(RecordRow(id=record_id, text=text, created=_now()))
            session.commit()

    def load_record(self, record_id: str) -> str | None:
        """An uploaded record's text, or None."""
        with Session(self.engine) as session:
            row = session.get(RecordRow, record_id)
            return None if row is None else row.text


def _save_values(data: GameData, expected_version: int, before: GameData | None) -> dict[str, Any]:
    """The parameters of :data:`_GUARDED_UPDATE` for :meth:`Store.save`: the columns of
    ``data`` (those that differ from ``before``, when given), ``updated`` and the guard."""
    if before is None:
        values = _columns(data)
    else:
        values = {
            name: getattr(data, name)
            for name in _FIELDS
            if getattr(data, name) != getattr(before, name)
        }
    values.pop("id", None)
    values["updated"] = _now()
    values["where_id"], values["where_version"] = data.id, expected_version
    return values


def _check_saved(rowcount: int, data: GameData) -> None:
    """The guard of a save: the row was updated, else its version moved on (nothing written)."""
    if rowcount != 1:
        raise StaleVersionError(data.id)


def _seats_change(data: GameData, before: GameData | None) -> bool:
    """Whether a save must write the seats' index too (the accounts changed, or unknown)."""
    return before is None or before.accounts != data.accounts


def _log_retry(data: GameData, orig: BaseException | None) -> None:
    log.warning(
        "game %s: the database dropped the connection of its save (%s); "
        "saving once more on a fresh one",
        data.id,
        type(orig).__name__,
    )


def _sqlite_pragmas(connection: Any, record: Any) -> None:
    """A SQLite file in WAL mode: readers never wait for the writer, commits are cheap.

    ``synchronous=NORMAL`` keeps every commit through a crash or a kill of the
    process (the write-ahead log is in the operating system's hands once the
    commit returns); only a power cut may lose the last commits. For that, use
    PostgreSQL (docs/server.md).
    """
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()


def _sync_seats(session: Session, data: GameData) -> None:
    """Keep ``shoal_seats`` (the index of the accounts' games) as ``data.accounts`` says."""
    for seat, user_id in enumerate(data.accounts or ()):
        row = session.get(SeatRow, (data.id, seat))
        if user_id is None and row is not None:
            session.delete(row)
        elif user_id is not None and row is None:
            session.add(SeatRow(game_id=data.id, seat=seat, user_id=user_id))
        elif row is not None and user_id is not None:
            row.user_id = user_id


def _write_seats(connection: Connection, data: GameData) -> None:
    """:func:`_sync_seats` in Core statements, on ``connection``'s transaction."""
    seats = _SEATS
    rows = connection.execute(
        select(seats.c.seat, seats.c.user_id).where(seats.c.game_id == data.id)
    )
    held = {int(seat): user_id for seat, user_id in rows}
    for seat, user_id in enumerate(data.accounts or ()):
        where = (seats.c.game_id == data.id) & (seats.c.seat == seat)
        if user_id is None and seat in held:
            connection.execute(seats.delete().where(where))
        elif user_id is not None and seat not in held:
            connection.execute(seats.insert().values(game_id=data.id, seat=seat, user_id=user_id))
        elif user_id is not None and held[seat] != user_id:
            connection.execute(seats.update().where(where).values(user_id=user_id))


_FIELDS = tuple(f.name for f in dataclasses.fields(GameData))
_GAMES = cast(Table, GameRow.__table__)
_SEATS = cast(Table, SeatRow.__table__)
_GUARDED_UPDATE = _GAMES.update().where(
    _GAMES.c.id == bindparam("where_id"), _GAMES.c.version == bindparam("where_version")
)
"""The guarded update of a game's row, built once: the columns it sets are the keys of the
parameters it runs with, so SQLAlchemy compiles each set of columns once and reuses it."""

_WITH_NOTICE = (
    "WITH saved AS ({update} RETURNING 1) "
    "SELECT pg_notify(%(notice_channel)s, %(notice)s) FROM saved"
)
"""PostgreSQL's guarded update (psycopg's text) that also sends a notification: only when
the guard let it update the row, delivered when it commits. Its row count is the update's."""


def _columns(data: GameData) -> dict[str, Any]:
    values = dataclasses.asdict(data)
    # JSON columns get fresh copies, so later edits of ``data`` never alias stored values.
    return {k: json.loads(json.dumps(v)) for k, v in values.items()}
