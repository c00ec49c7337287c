"""Shared fixtures: the games of the registry, the databases (SQLite and PostgreSQL)."""

from __future__ import annotations

from pathlib import Path

import pytest

from shoal import games

from .pg import PostgresServer, postgres_server

__all__ = ["postgres_server"]  # the session's private PostgreSQL server


def all_game_ids() -> tuple[str, ...]:
    """Every registered game, the calibration game included."""
    return games.ids(all=True)


@pytest.fixture(params=all_game_ids())
def any_game_id(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database's URL: a SQLite file, then a database on the private PostgreSQL.

    A test that only makes sense on one of them says so with
    ``@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)``.
    """
    if request.param == "postgres":
        server: PostgresServer = request.getfixturevalue("postgres_server")
        return server.new_database()
    return f"sqlite:///{tmp_path / 'shoal.sqlite3'}"
