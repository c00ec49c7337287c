"""Issue 39, the fifth step: a move's save on PostgreSQL runs on an asynchronous psycopg
connection of the event loop (:meth:`Store.save_in_loop
<shoal.server.games.store.Store.save_in_loop>`, :mod:`shoal.server.db.async_pool`), not in a
worker thread: stored once its call returns, the same 409 for a version that moved on, the
503's error for a database gone and one more try on a connection the database dropped."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator

import pytest
from sqlalchemy.exc import OperationalError

from shoal.server.db_down import DATABASE_ERRORS
from shoal.server.games.store import StaleVersionError, Store

from ..pg import PostgresServer
from .game_data import local_game, moved, read_back
from .outage_helpers import own_postgres_server, pg_ctl, sql
from .test_pool_ping import cut_backends

own_postgres = pytest.fixture(own_postgres_server)


@pytest.fixture
def store(postgres_server: PostgresServer) -> Iterator[tuple[Store, PostgresServer, str]]:
    url = postgres_server.new_database(migrated=True)
    made = Store(url)
    yield made, postgres_server, url
    made.close()
    postgres_server.drop_database(url)


def saver_connections(server: PostgresServer, url: str) -> int:
    """How many of the database's connections are a pool's of :mod:`async_pool` (by name)."""
    database = url.rsplit("/", 1)[1]
    rows = sql(
        server,
        url,
        "SELECT count(*) FROM pg_stat_activity WHERE datname = %s"
        " AND application_name LIKE 'shoal save %%'",
        database,
    )
    return int(rows[0][0])


def test_a_move_saved_on_the_loop_s_connection_is_stored_and_reads_back(
    store: tuple[Store, PostgresServer, str],
) -> None:
    """Rule: a move saved in the event loop on PostgreSQL is committed when the save returns
    (another store, as another process, reads it back) and used the loop's asynchronous
    connection; the pool's connections close with the app (close_in_loop)."""
    db, server, url = store
    assert db.saves_async
    first = local_game("looped")
    db.insert(first)
    seen: list[int] = []

    async def play() -> None:
        data = first
        for action in (3, 4, 3, 4, 2, 2, 5, 1):  # more than psycopg's 5 runs: prepared
            after = moved(data, action)
            await db.save_in_loop(after, data.version, data)
            data = after
        seen.append(saver_connections(server, url))
        await db.close_in_loop()
        seen.append(saver_connections(server, url))

    asyncio.run(play())
    assert seen == [1, 0]  # one connection served all eight saves, and was closed
    stored = read_back(url, "looped")
    assert stored is not None
    assert (stored.actions, stored.version) == ([3, 4, 3, 4, 2, 2, 5, 1], 9)


def test_concurrent_saves_of_one_version_store_exactly_one(
    store: tuple[Store, PostgresServer, str],
) -> None:
    """Rule: of saves made at once over the same version, on several connections of the
    loop's pool, exactly one is stored; every other one is refused (the 409) and wrote
    nothing."""
    db, _server, _url = store
    first = local_game("raced")
    db.insert(first)

    async def race() -> list[BaseException | bool]:
        tries = [db.save_in_loop(moved(first, action), 1, first) for action in range(4)]
        return list(await asyncio.gather(*tries, return_exceptions=True))

    outcomes = asyncio.run(race())
    assert outcomes.count(False) == 1, outcomes  # stored (no notice was given to send)
    assert sum(isinstance(o, StaleVersionError) for o in outcomes) == 3, outcomes
    winner = outcomes.index(False)
    stored = db.load("raced")
    assert stored is not None and (stored.actions, stored.version) == ([winner], 2)


def test_a_save_on_a_dropped_connection_tries_once_more(
    store: tuple[Store, PostgresServer, str], caplog: pytest.LogCaptureFixture
) -> None:
    """Rule: a pooled asynchronous connection the database dropped fails the save's first
    try; the pool is renewed and the save is stored on a fresh connection, once."""
    db, server, url = store
    first = local_game("dropped")
    db.insert(first)
    second = moved(first, 3)
    third = moved(second, 4)

    async def play() -> None:
        await db.save_in_loop(second, 1, first)
        assert cut_backends(server, url) >= 1  # the pool's idle connection is dead now
        with caplog.at_level(logging.WARNING, "shoal.server.games.store"):
            await db.save_in_loop(third, 2, second)
        await db.close_in_loop()

    asyncio.run(play())
    assert "saving once more on a fresh one" in caplog.text
    stored = read_back(url, "dropped")  # (the cut dropped the store's own pool's connection)
    assert stored is not None and (stored.actions, stored.version) == ([3, 4], 3)


def test_a_database_stopped_mid_game_answers_the_503_error_and_the_next_save_works(
    own_postgres: PostgresServer,
) -> None:
    """Rule: with the database stopped, a save in the loop raises the driver's error as
    SQLAlchemy's OperationalError (what the 503 answers) and writes nothing; once the
    database is back, the next save in the same loop is stored."""
    url = own_postgres.new_database()
    db = Store(url)
    first = local_game("stopped")
    db.insert(first)
    second = moved(first, 3)
    third = moved(second, 4)
    errors: list[BaseException] = []

    async def play() -> None:
        await db.save_in_loop(second, 1, first)
        pg_ctl(own_postgres, "-m", "immediate", "stop")
        try:
            await db.save_in_loop(third, 2, second)
        except Exception as error:
            errors.append(error)
        pg_ctl(own_postgres, "start")
        await db.save_in_loop(third, 2, second)  # the dead connection, then a fresh one
        await db.close_in_loop()

    try:
        asyncio.run(play())
        assert len(errors) == 1 and isinstance(errors[0], DATABASE_ERRORS), errors
        assert isinstance(errors[0], OperationalError)
        stored = read_back(url, "stopped")
        assert stored is not None and (stored.actions, stored.version) == ([3, 4], 3)
    finally:
        db.close()
