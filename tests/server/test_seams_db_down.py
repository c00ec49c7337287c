"""Issue 38, the database going away: PostgreSQL stopped mid-play and started again.

On a private PostgreSQL of its own (stopping the shared one would break other tests), a
game is played, the server is stopped with ``pg_ctl stop -m immediate``, requests keep
coming (each answered 503 with words and ``Retry-After``, never 500, never a hang), then
PostgreSQL starts again: the same app goes on by itself, and no acknowledged move is lost.
"""

from __future__ import annotations

import time

import pytest

from shoal.server import create_app
from shoal.server.db_down import DATABASE_DOWN
from tests.clients import TestClient

from ..pg import PostgresServer
from .outage_helpers import own_postgres_server, pg_ctl

own_postgres = pytest.fixture(own_postgres_server)


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
