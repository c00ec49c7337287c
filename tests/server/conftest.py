"""Fixtures for the server tests: a database file, an app client, real server processes."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from shoal.server import create_app
from tests.clients import TestClient

from ..conftest import sqlite_copy
from ._live import LiveServer
from .accounts_helpers import signup
from .schema_lazily import install as build_schema_tests_lazily

if importlib.util.find_spec("schemathesis") is not None:
    build_schema_tests_lazily()  # each schemathesis test is built when it runs (see there)


@pytest.fixture
def db(db_url: str) -> str:
    """A fresh database's URL: SQLite and PostgreSQL in turn (``db_url``)."""
    return db_url


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    """The app on a fresh database."""
    with TestClient(create_app(db)) as c:
        yield c


@pytest.fixture
def three(db: str) -> Iterator[tuple[Any, TestClient, TestClient, TestClient]]:
    """An app and three players signed in on it: alice, bobby and carol."""
    app = create_app(db)
    with TestClient(app) as a, TestClient(app) as b, TestClient(app) as c:
        for client, name in ((a, "alice"), (b, "bobby"), (c, "carol")):
            assert signup(client, name).status_code == 201
        yield app, a, b, c


@pytest.fixture
def live(tmp_path: Path, migrated_sqlite: Path) -> Iterator[Callable[..., LiveServer]]:
    """Start real ``shoal serve`` processes (``live(*args)``); all are stopped at the end.

    They share one SQLite file, a copy of the migrated one (a server starting on an empty or
    old file is tested in test_migrations.py).
    """
    servers: list[LiveServer] = []
    database = tmp_path / "live.sqlite3"
    sqlite_copy(migrated_sqlite, database)

    def start(*args: str) -> LiveServer:
        n = len(servers)
        server = LiveServer(database, tmp_path / f"serve{n}.log", *args)
        servers.append(server)
        return server.start()

    yield start
    for server in servers:
        server.stop()
