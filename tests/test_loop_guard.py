"""The loop guard (tests/loop_guard.py) sees what it must: a statement, or a connection taken
from a pool, on a thread whose event loop is running; and nothing from a worker thread. It
cannot pass for want of looking: a deliberately blocking route of a real app is caught on both
databases, and a guarded server process reports a statement run in its loop."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, text

from shoal.server import create_app
from shoal.server.accounts.service import AccountsDep
from tests.clients import TestClient

from .loop_guard import GUARD, MARK
from .server._live import guarded_env


def test_a_statement_on_the_loops_thread_is_seen_and_one_in_a_thread_is_not(
    tmp_path: Path,
) -> None:
    engine = create_engine(f"sqlite:///{tmp_path / 'guard.sqlite3'}")

    def query() -> int:
        with engine.connect() as connection:
            return int(connection.execute(text("SELECT 41 + 1")).scalar_one())

    def raw() -> None:  # the driver's own cursor, as a game's save on SQLite was
        connection = engine.raw_connection()
        try:
            connection.cursor().execute("SELECT 1")
        finally:
            connection.close()

    async def in_the_loop() -> None:
        assert query() == 42

    async def raw_in_the_loop() -> None:
        raw()

    async def in_a_thread() -> None:
        assert await asyncio.to_thread(query) == 42
        await asyncio.to_thread(raw)

    try:
        assert query() == 42  # no loop at all: nothing to see
        assert GUARD.found == []
        asyncio.run(in_a_thread())
        assert GUARD.found == []
        asyncio.run(in_the_loop())
        statements = [statement for statement, _ in GUARD.found]
        assert "SELECT 41 + 1" in statements
        assert "(a connection taken from the pool)" in statements
        GUARD.found.clear()
        asyncio.run(raw_in_the_loop())
        assert [s for s, _ in GUARD.found] == ["(a connection taken from the pool)"]
    finally:
        GUARD.found.clear()  # seen on purpose: this test does not fail for them
        engine.dispose()


def test_a_blocking_async_route_of_the_app_is_caught_and_its_def_twin_is_not(db_url: str) -> None:
    async def build() -> Any:  # as uvicorn builds a worker's app: in its loop, before it serves
        return create_app(db_url)

    app = asyncio.run(build())
    assert GUARD.found == []

    @app.get("/test/blocking")
    async def blocking(accounts: AccountsDep) -> dict[str, int | None]:
        return {"id": accounts.user_id("nobody")}  # a query on the loop's thread: the defect

    @app.get("/test/threaded")
    def threaded(accounts: AccountsDep) -> dict[str, int | None]:
        return {"id": accounts.user_id("nobody")}  # the same query in the thread pool

    try:
        with TestClient(app) as client:
            GUARD.found.clear()  # the app's start-up
            assert client.get("/test/threaded").json() == {"id": None}
            assert GUARD.found == []
            assert client.get("/test/blocking").json() == {"id": None}
            assert GUARD.found, "the guard missed a query run by an async def route"
            statements = " ".join(statement for statement, _ in GUARD.found)
            assert "shoal_users" in statements
            assert any("accounts/service.py" in frame for _, frame in GUARD.found)
    finally:
        GUARD.found.clear()  # caught on purpose: this test does not fail for them


def test_a_guarded_server_process_reports_a_statement_on_its_loop(tmp_path: Path) -> None:
    """The environment tests/server/_live.py gives ``shoal serve`` installs the guard (its
    ``sitecustomize``), and a statement in a loop is written to the process's stderr."""
    script = f"""
import asyncio
from sqlalchemy import create_engine, text
engine = create_engine("sqlite:///{tmp_path / "p.sqlite3"}")
def query():
    with engine.connect() as connection:
        connection.execute(text("SELECT 7"))
async def main():
    await asyncio.to_thread(query)
    query()
asyncio.run(main())
"""
    done = subprocess.run(
        [sys.executable, "-c", script],
        env=guarded_env(),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    reported = [line for line in done.stderr.splitlines() if line.startswith(MARK)]
    assert f"{MARK} SELECT 7 at (no frame of shoal.server: a test's own code)" in reported
    assert len([line for line in reported if "SELECT 7" in line]) == 1  # not the thread's
