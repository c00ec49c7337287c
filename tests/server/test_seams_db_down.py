"""Issue 38, the database going away: PostgreSQL stopped mid-play and started again.

On a private PostgreSQL of its own (stopping the shared one would break other tests), a
game is played, the server is stopped with ``pg_ctl stop -m immediate``, requests keep
coming (each answered 503 with words and ``Retry-After``, never 500, never a hang), then
PostgreSQL starts again: the same app goes on by itself, and no acknowledged move is lost.
"""

from __future__ import annotations

import logging
import re
import time

import pytest

from shoal.server import create_app
from shoal.server.db_down import DATABASE_DOWN
from tests.clients import TestClient

from ..pg import PostgresServer
from .accounts_helpers import signup
from .outage_helpers import own_postgres_server, pg_ctl

own_postgres = pytest.fixture(own_postgres_server)


def messages(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [record.getMessage() for record in caplog.records]


def until_logged(caplog: pytest.LogCaptureFixture, start: str, seconds: float = 30) -> str:
    """The first message logged that starts with ``start`` (waiting up to ``seconds``)."""
    deadline = time.monotonic() + seconds
    while True:
        found = [m for m in messages(caplog) if m.startswith(start)]
        if found:
            return found[0]
        assert time.monotonic() < deadline, f"nothing logged like {start!r}: {messages(caplog)}"
        time.sleep(0.1)


def test_postgresql_stopped_mid_play_answers_503_and_recovers_by_itself(
    own_postgres: PostgresServer, caplog: pytest.LogCaptureFixture
) -> None:
    """Rule: while the database is down every request that needs it gets 503 with words and
    Retry-After (never 500, within seconds); once it is back the same server answers again,
    and every acknowledged move is there. The background tasks that failed meanwhile (the
    tournaments' tick, the correspondence sweep, the relay's listener) each said so once
    when they started failing and once when they worked again (issue 56), not once a try."""
    url = own_postgres.new_database()
    app = create_app(url, tournament_tick=0.2, sweep_every=0.2)
    with TestClient(app) as client, caplog.at_level(logging.WARNING, "shoal.server"):
        # an event upcoming: the tournaments' tick reads every tick (an idle site's does not)
        assert signup(client, "tim").status_code == 201
        event = {"game": "connect4", "format": "swiss", "rounds": 3, "clock": "3+2"}
        assert client.post("/api/tournaments", json=event).status_code == 201
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
        events, portal = app.state.context.events, client.portal
        assert portal is not None
        for _ in range(3):  # events sent meanwhile (a heartbeat, a worker's moves): all fail
            portal.call(events.publish, "ops.heartbeat", {"t": time.time()})
        time.sleep(1)  # a few ticks and sweeps fail meanwhile
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
        for what, tries in (
            ("the tournaments' tick", 2),  # every 0.2 s: several tries failed
            ("the correspondence sweep", 2),
            ("shoal relay: listening", 1),  # after 1 s, then 2 s...
            ("shoal relay: sending an event", 1),  # the move after it sends one that works
        ):
            recovered = until_logged(caplog, f"{what} works again after ")
            count = re.fullmatch(r".* after (\d+) failed tr(?:y|ies) in \d+ s", recovered)
            assert count is not None and int(count.group(1)) >= tries, recovered
            failed = [m for m in messages(caplog) if m.startswith(f"{what} failed (")]
            assert len(failed) == 1, failed  # once, with the error, not once a try
            assert "quietly until it works" in failed[0], failed
        assert not [r for r in caplog.records if r.exc_info], "no traceback for an outage"
    with TestClient(create_app(url)) as fresh:  # and it is stored: a new process sees both
        stored = fresh.get(f"/api/games/{gid}").json()
        assert [t["text"] for t in stored["turns"]] == ["d", "e"]
