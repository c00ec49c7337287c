"""Helpers of the outage tests (issue 38, the database going away): a private PostgreSQL to
stop and start, SQL on a test's database, row locks that hold a server's transaction in
place, and cutting the backends that wait on them (``pg_terminate_backend``)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any

import httpx
import psycopg
import pytest

from ..pg import PostgresServer, find_bin_dir
from ._live import LiveServer, until

PASSWORD = "correct horse"


def own_postgres_server() -> Iterator[PostgresServer]:
    """A private PostgreSQL server of one test (stopping the session's would break others)."""
    bin_dir = find_bin_dir()
    if bin_dir is None:
        pytest.skip("PostgreSQL is not installed")
    server = PostgresServer(bin_dir).start()
    yield server
    with contextlib.suppress(RuntimeError):  # a test that failed midway left it stopped
        server.stop()


def pg_ctl(server: PostgresServer, *args: str) -> None:
    """``pg_ctl start`` (on the same port and settings) or ``pg_ctl -m MODE stop``."""
    options = (
        f"-p {server.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={server.root}"
        " -c fsync=off -c full_page_writes=off -c max_connections=200"
    )
    command = [str(server.bin_dir / "pg_ctl"), "-D", str(server.data)]
    if args[0] == "start":
        command += ["-l", str(server.root / "log"), "-o", options, "-w"]
    server._run(*command, *args)


def connect(server: PostgresServer, url: str, **kwargs: Any) -> psycopg.Connection[Any]:
    """A psycopg connection to the database of ``url`` on ``server``."""
    database = url.rsplit("/", 1)[1]
    return psycopg.connect(
        f"host=127.0.0.1 port={server.port} user=shoal dbname={database}", **kwargs
    )


def sql(server: PostgresServer, url: str, query: str, *params: Any) -> list[tuple[Any, ...]]:
    """The rows of ``query`` on the database of ``url`` (committed at once)."""
    with connect(server, url, autocommit=True) as conn:
        cursor = conn.execute(query, params)  # type: ignore[arg-type]
        return cursor.fetchall() if cursor.description else []


def logged(server: LiveServer, line: str) -> str | None:
    """The server's log once it holds ``line`` (a line written just after a commit that a
    test saw), else None."""
    text = server.log()
    return text if line in text else None


class RowLock:
    """A statement that takes row locks (``SELECT ... FOR UPDATE``, or an ``INSERT`` of a
    key the server will write), held in an open transaction: a server's write of those
    rows waits for it, in the middle of its own transaction, until :meth:`release`."""

    def __init__(self, server: PostgresServer, url: str, query: str, *params: Any) -> None:
        self.conn = connect(server, url)
        cursor = self.conn.execute(query, params)  # type: ignore[arg-type]
        assert cursor.rowcount >= 1, f"nothing to lock: {query}"

    def release(self) -> None:
        """Roll back: the waiting writes go on."""
        with contextlib.suppress(psycopg.Error):
            self.conn.rollback()
        self.conn.close()


def cut_waiters(
    server: PostgresServer, url: str, seconds: float = 25.0, table: str | None = None
) -> list[int]:
    """Wait until some backend of the database of ``url`` waits for a lock (a server's
    transaction held by a :class:`RowLock`), then terminate every such backend: the
    server's connection breaks in the middle of its transaction. Their pids, each gone
    when this returns (``pg_terminate_backend`` waits up to 5 s for it: were it only
    signalled, a next call could find the same backend still waiting, and cut it "again").
    ``table``: only a backend whose statement names it (on a slow machine, a statement
    released just before may still show as waiting, and be cut in place of the one meant)."""
    database = url.rsplit("/", 1)[1]
    named = "" if table is None else f" AND query LIKE '%%{table}%%'"

    def waiting() -> list[int]:
        rows = sql(
            server,
            url,
            "SELECT pid FROM pg_stat_activity WHERE datname = %s AND wait_event_type = 'Lock'"
            + named,
            database,
        )
        return [pid for (pid,) in rows]

    pids = until(waiting, "a server transaction waiting for the lock", seconds)
    for pid in pids:
        [(gone,)] = sql(server, url, "SELECT pg_terminate_backend(%s, 5000)", pid)
        assert gone, f"backend {pid} still there 5 s after it was told to end"
    return pids


def ended(server: PostgresServer, url: str, game_id: str) -> tuple[int, dict[str, Any] | None]:
    """The stored version and end (None: still on) of ``game_id``."""
    [(version, end)] = sql(
        server, url, "SELECT version, ended FROM shoal_games WHERE id = %s", game_id
    )
    if isinstance(end, str):
        end = json.loads(end)
    return int(version), end or None


def signed_up(live: LiveServer, name: str) -> httpx.Client:
    """An httpx client signed in as a new account ``name`` made through ``live``."""
    client = httpx.Client(base_url=live.url, timeout=20)
    made = client.post("/api/auth/signup", json={"username": name, "password": PASSWORD})
    assert made.status_code == 201, made.text
    return client
