"""The apps of one process share their routes (shoal.server.app.routes), not their data."""

from __future__ import annotations

from pathlib import Path

from shoal.server import create_app
from shoal.server.app import routes
from tests.clients import TestClient

from ..conftest import sqlite_copy
from .accounts_helpers import signup


def test_two_apps_share_the_routes_and_keep_their_own_databases(
    tmp_path: Path, migrated_sqlite: Path
) -> None:
    """Rule: every app of a process holds the same route objects (FastAPI builds their
    models once), and each still answers from its own database: an account made through
    one app is unknown to the other."""
    first = create_app(sqlite_copy(migrated_sqlite, tmp_path / "first.sqlite3"))
    second = create_app(sqlite_copy(migrated_sqlite, tmp_path / "second.sqlite3"))
    shared = routes()
    assert len(shared) > 20
    for app in (first, second):
        assert all(any(r is s for r in app.routes) for s in shared)
    with TestClient(first) as a, TestClient(second) as b:
        assert signup(a, "alice").status_code == 201
        assert a.get("/api/users/alice").status_code == 200
        assert b.get("/api/users/alice").status_code == 404
        assert signup(b, "alice").status_code == 201  # the name is free in the other database
    assert first.openapi() == second.openapi()
