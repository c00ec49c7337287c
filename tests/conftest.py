"""Shared fixtures: the games of the registry, the databases (SQLite and PostgreSQL).

Passwords are hashed at Argon2id's lowest cost in this process (the hashes stay Argon2id;
only the cost is lowered, which no rule of the accounts depends on); the real servers the
tests start as processes hash at the production cost, and tests/server/test_accounts_live.py
checks that they do. A test that times the hash asks for ``production_hash_cost``.

The databases the tests get are at the newest revision already, with the computer bots a
server makes on its first start: copies of one database prepared once per test process (a
SQLite file copied, a PostgreSQL ``TEMPLATE``; tests/template.py). The
migrations themselves are tested on empty and legacy databases (tests/server/test_migrations.py,
tests/server/test_upgrade_race.py).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from shoal import games

from .loop_guard import fails_the_test
from .pg import PostgresServer, postgres_server
from .template import prepare

__all__ = [
    "fails_the_test",  # no statement on an event loop's thread (tests/loop_guard.py)
    "postgres_server",  # the session's private PostgreSQL server
]


TEST_HASH_COST = {"time_cost": 1, "memory_cost": 8, "parallelism": 1}
"""Argon2id's lowest cost (8 KiB, one pass), for the hashes made in the tests' own process."""


@pytest.fixture(scope="session", autouse=True)
def cheap_password_hashes() -> Iterator[dict[str, int]]:
    """Lower Argon2id's cost in this process for the session (restored at its end); the
    production cost is the value."""
    from shoal.server.accounts.service import HASH_COST

    production = dict(HASH_COST)
    HASH_COST.update(TEST_HASH_COST)
    yield production
    HASH_COST.update(production)


@pytest.fixture
def production_hash_cost(cheap_password_hashes: dict[str, int]) -> Iterator[None]:
    """Argon2id at the production cost for one test, one that times the hash (ask for it
    before the app's fixtures: the cost is read when an app is made)."""
    from shoal.server.accounts.service import HASH_COST

    HASH_COST.update(cheap_password_hashes)
    yield
    HASH_COST.update(TEST_HASH_COST)


def all_game_ids() -> tuple[str, ...]:
    """Every registered game, the calibration game included."""
    return games.ids(all=True)


@pytest.fixture(params=all_game_ids())
def any_game_id(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file at the newest revision with the computer bots (tests/template.py), made
    once per test process (copy it, never use it)."""
    path = tmp_path_factory.mktemp("template") / "shoal.sqlite3"
    prepare(f"sqlite:///{path}")  # migrated as the server does, WAL mode included
    # the last connection closed, so the write-ahead log is folded into the file
    assert not path.with_name(path.name + "-wal").exists()
    return path


def sqlite_copy(template: Path, path: Path) -> str:
    """The URL of ``path``, a copy of the migrated ``template`` file."""
    shutil.copyfile(template, path)
    return f"sqlite:///{path}"


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database's URL: a SQLite file, then a database on the private PostgreSQL.

    Both are at the newest revision (copies of a migrated database); the PostgreSQL one is
    dropped after the test (tests/pg.py says why). A test that only makes
    sense on one of them says so with ``@pytest.mark.parametrize("db_url", ["sqlite"],
    indirect=True)``.
    """
    if request.param == "postgres":
        server: PostgresServer = request.getfixturevalue("postgres_server")
        url = server.new_database(migrated=True)
        request.addfinalizer(lambda: server.drop_database(url))  # after the test's own fixtures
        return url
    template: Path = request.getfixturevalue("migrated_sqlite")
    return sqlite_copy(template, tmp_path / "shoal.sqlite3")
