"""The site's limits hold for the site: ``shoal serve --workers 3`` on PostgreSQL (issue 56).

Before, each worker counted new games in its own memory: 77 went through from one address
on 3 workers before the first 429, then 429 and 201 alternated. Here every request goes on
a new connection (the kernel hands each to any worker), from one client address (sent as a
proxy would, in ``X-Forwarded-For``, which the server trusts from the loopback), and each
limit lets through exactly its documented number, the rest 429 with ``Retry-After``. One
server for every limit checked (new games, chat, events; sign-in failures racing in two
processes: test_attempts.py).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from shoal.server.limits import RULES

from ..pg import PostgresServer
from ._live import LiveServer
from .test_worker_kill import workers


@pytest.fixture
def three_workers(postgres_server: PostgresServer, tmp_path: Path) -> Iterator[LiveServer]:
    url = postgres_server.new_database(migrated=True)
    server = LiveServer(
        url, tmp_path / "serve.log", "--workers", "3", "--searches", "1", "--log-level", "info"
    )
    try:
        server.start(timeout=180)  # three workers import the app at once: slow on a busy machine
        assert server.process is not None
        deadline = time.monotonic() + 180
        while server.log().count("Application startup complete") < 3:  # every worker serves
            assert time.monotonic() < deadline, server.log()
            time.sleep(0.1)
        assert len(workers(server.process.pid)) == 3
        yield server
    finally:
        server.stop()  # also when it did not start: its workers never outlive the test
        postgres_server.drop_database(url)


def send(
    server: LiveServer,
    path: str,
    address: str,
    body: dict[str, object],
    headers: dict[str, str] | None = None,
    cookies: dict[str, str] | None = None,
) -> httpx.Response:
    """One POST on a new connection, from ``address`` as a proxy says it."""
    return httpx.post(
        server.url + path,
        json=body,
        headers={"X-Forwarded-For": address, **(headers or {})},
        cookies=cookies,
        timeout=30,
    )


def counted(responses: list[httpx.Response]) -> dict[int, int]:
    out: dict[int, int] = {}
    for response in responses:
        out[response.status_code] = out.get(response.status_code, 0) + 1
    return out


def test_the_limits_hold_for_the_site_on_three_workers(three_workers: LiveServer) -> None:
    """One server for every limit (a 3-worker start is the costly part): sixty new games
    from one address get exactly thirty 201s; a chat burst and a day's events likewise."""
    assert (RULES["games"].count, RULES["games"].window) == (30, 60.0)  # docs/server.md
    game = {"game": "connect4", "opponent": "local"}
    answers = [send(three_workers, "/api/games", "203.0.113.7", game) for _ in range(60)]
    assert counted(answers) == {201: 30, 429: 30}
    assert [a.status_code for a in answers[:30]] == [201] * 30  # never a 201 after a 429
    for refused in answers[30:]:
        assert 0 < int(refused.headers["Retry-After"]) <= 60
        assert "at most 30 per 60 s" in refused.json()["detail"]
    assert send(three_workers, "/api/games", "203.0.113.8", game).status_code == 201
    address = "192.0.2.44"
    made = send(three_workers, "/api/games", address, {"game": "connect4", "opponent": "friend"})
    assert made.status_code == 201, made.text
    gid, token = made.json()["id"], made.json()["token"]
    chat = [
        send(
            three_workers,
            f"/api/games/{gid}/chat",
            address,
            {"room": "players", "text": f"line {n}"},
            headers={"X-Shoal-Token": token},
        )
        for n in range(8)
    ]
    assert counted(chat) == {201: 5, 429: 3}  # 5 per 10 s per writer and game
    signed = send(
        three_workers,
        "/api/auth/signup",
        address,
        {"username": "organiser", "password": "correct horse"},
    )
    assert signed.status_code == 201, signed.text
    cookies = {"shoal_session": signed.cookies["shoal_session"]}
    event = {"game": "connect4", "format": "swiss", "rounds": 3, "clock": "3+2"}
    events = [
        send(three_workers, "/api/tournaments", address, event, cookies=cookies) for _ in range(13)
    ]
    assert counted(events) == {201: 10, 429: 3}  # 10 a day per account
