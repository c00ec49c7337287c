"""Issue 38, the database going away: PostgreSQL stopped mid-play and started again.

On a private PostgreSQL of its own (stopping the shared one would break other tests), a
game is played, the server is stopped with ``pg_ctl stop -m immediate``, requests keep
coming (each answered 503 with words and ``Retry-After``, never 500, never a hang), then
PostgreSQL starts again: the same app goes on by itself, and no acknowledged move is lost.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from shoal.server import create_app
from shoal.server.db_down import DATABASE_DOWN

from ..pg import PostgresServer, find_bin_dir


@pytest.fixture
def own_postgres() -> Iterator[PostgresServer]:
    bin_dir = find_bin_dir()
    if bin_dir is None:
        pytest.skip("PostgreSQL is not installed")
    server = PostgresServer(bin_dir).start()
    yield server
    with contextlib.suppress(RuntimeError):  # a test that failed midway left it stopped
        server.stop()


def pg_ctl(server: PostgresServer, *args: str) -> None:
    options = (
        f"-p {server.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={server.root}"
        " -c fsync=off -c full_page_writes=off -c max_connections=200"
    )
    command = [str(server.bin_dir / "pg_ctl"), "-D", str(server.data)]
    if args[0] == "start":
        command += ["-l", str(server.root / "log"), "-o", options, "-w"]
    server._run(*command, *args)


def test_postgresql_stopped_mid_play_answers_503_and_recovers_by_itself(
    own_postgres: PostgresServer,
) -> None:
    """Rule: while the database is down every request that needs it gets 503 with words and
    Retry-After (never 500, within seconds); once it is back the same server answers again,
    and every acknowledged move is there."""
    url = own_postgres.new_database()
    with TestClient(create_app(url)) as client:
        made = client.post("/api/games", json={"game": "connect4", "opponent": "local"}).json()
        gid, headers = made["id"], {"X-Shoal-Token": made["token"]}
        done = client.post(
            f"/api/games/{gid}/actions", json={"version": 1, "action": 3}, headers=headers
        )
        assert done.status_code == 200, done.text  # acknowledged
        pg_ctl(own_postgres, "-m", "immediate", "stop")
        for attempt in (
            lambda: client.post("/api/games", json={"game": "connect4", "opponent": "local"}),
            lambda: client.post(
                f"/api/games/{gid}/actions", json={"version": 2, "action": 4}, headers=headers
            ),
            lambda: client.post("/api/auth/login", json={"username": "ann", "password": "x" * 9}),
        ):
            began = time.monotonic()
            answer = attempt()
            assert time.monotonic() - began < 30
            assert answer.status_code == 503, answer.text
            assert answer.json()["detail"] == DATABASE_DOWN
            assert int(answer.headers["Retry-After"]) > 0
        pg_ctl(own_postgres, "start")
        deadline = time.monotonic() + 30
        while True:  # the same app, no restart: back as soon as the database is
            again = client.post("/api/games", json={"game": "connect4", "opponent": "local"})
            if again.status_code == 201 or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert again.status_code == 201, again.text
        view = client.get(f"/api/games/{gid}").json()
        assert (view["version"], [t["text"] for t in view["turns"]]) == (2, ["d"])  # no change
        moved = client.post(
            f"/api/games/{gid}/actions",
            json={"version": view["version"], "action": 4},
            headers=headers,
        )
        assert moved.status_code == 200, moved.text
    with TestClient(create_app(url)) as fresh:  # and it is stored: a new process sees both
        stored = fresh.get(f"/api/games/{gid}").json()
        assert [t["text"] for t in stored["turns"]] == ["d", "e"]
