"""Issue 39, PostgreSQL without a ping per checkout: pooled connections are pinged only
after a rest (:mod:`shoal.server.db.pool`), and a game's save that meets a connection the
database dropped tries once more on a fresh one. The database's backends are cut with
``pg_terminate_backend`` (as a restart cuts them), on the test's own database only."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterator

import pytest
from sqlalchemy.exc import DBAPIError

from shoal.server.db.pool import IDLE_PING
from shoal.server.games.models import GameData
from shoal.server.games.store import Store

from ..pg import PostgresServer
from .game_data import local_game
from .outage_helpers import sql


def cut_backends(server: PostgresServer, url: str) -> int:
    """Terminate every connection to the database of ``url`` (but the one asking)."""
    database = url.rsplit("/", 1)[1]
    rows = sql(
        server,
        url,
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
        " WHERE datname = %s AND pid <> pg_backend_pid()",
        database,
    )
    return len(rows)


def new_game() -> GameData:
    return local_game("pinged")


@pytest.fixture
def store(postgres_server: PostgresServer) -> Iterator[tuple[Store, PostgresServer, str]]:
    url = postgres_server.new_database(migrated=True)
    made = Store(url)
    yield made, postgres_server, url
    made.close()
    postgres_server.drop_database(url)


def test_a_connection_cut_while_it_rested_is_replaced_before_use(
    store: tuple[Store, PostgresServer, str],
) -> None:
    """Rule: a pooled connection that rested IDLE_PING seconds is pinged at its checkout, and
    one the database dropped meanwhile is replaced: the next request never sees it."""
    db, server, url = store
    db.insert(new_game())
    assert cut_backends(server, url) >= 1  # the pool's connection is dead now
    time.sleep(IDLE_PING + 0.2)
    assert db.load("pinged") is not None  # no retry in load: the ping found it dead


def test_a_busy_connection_is_not_pinged_and_a_save_tries_once_more(
    store: tuple[Store, PostgresServer, str],
) -> None:
    """Rule: a connection in use a moment ago goes out unpinged (no round trip per move); cut
    meanwhile, a read fails once (and the pool is renewed), a save tries again and is stored."""
    db, server, url = store
    first = new_game()
    db.insert(first)
    assert db.load("pinged") is not None
    cut_backends(server, url)
    with pytest.raises(DBAPIError):  # not pinged: the dead connection is found by its query
        db.load("pinged")
    assert db.load("pinged") is not None  # the pool renewed itself
    cut_backends(server, url)
    moved = dataclasses.replace(first, actions=[3], version=2)
    db.save(moved, 1, first)  # the dead connection, then a fresh one: stored once
    stored = db.load("pinged")
    assert stored is not None and (stored.actions, stored.version) == ([3], 2)
