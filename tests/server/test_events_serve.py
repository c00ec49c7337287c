"""The one events bus between two real ``shoal serve`` processes on a private PostgreSQL.

The lobby (seeks, a member's messages) and notifications cross processes as events of
``context.events`` (channels ``lobby`` and ``notices``), on the same single ``LISTEN``
connection per process as the games' updates. Needs the private PostgreSQL of tests/pg.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
import websockets

from ..pg import PostgresServer
from ._live import LiveServer

GUEST = {"X-Shoal-Guest": "guest-key-of-g-000000"}


@pytest.fixture
def two_servers(
    postgres_server: PostgresServer, tmp_path: Path
) -> Iterator[tuple[LiveServer, LiveServer, str]]:
    """Processes A and B on one fresh database, and that database's URL."""
    url = postgres_server.new_database()
    servers: list[LiveServer] = []
    try:
        for name in ("a", "b"):  # one after the other: A makes the schema first
            servers.append(LiveServer(url, tmp_path / f"{name}.log", "--log-level", "warning"))
            servers[-1].start()
        yield servers[0], servers[1], url
    finally:
        for server in servers:
            server.stop()


def listening(postgres_server: PostgresServer, url: str) -> list[tuple[str, ...]]:
    """The ``LISTEN`` connections on the database of ``url``: their last statement."""
    database = url.rsplit("/", 1)[1]
    with psycopg.connect(
        f"host=127.0.0.1 port={postgres_server.port} user=shoal dbname=postgres"
    ) as conn:
        rows = conn.execute(
            "SELECT query FROM pg_stat_activity WHERE datname = %s AND query ILIKE 'listen%%'",
            (database,),
        ).fetchall()
    return sorted(tuple(row) for row in rows)


def signed_up(server: LiveServer, name: str) -> str:
    """A new account made through ``server``: its session cookie header."""
    response = httpx.post(
        server.url + "/api/auth/signup", json={"username": name, "password": "correct horse"}
    )
    assert response.status_code == 201, response.text
    return f"shoal_session={response.cookies['shoal_session']}"


async def next_json(socket: Any) -> Any:
    """The socket's next message (within 20 s)."""
    return json.loads(await asyncio.wait_for(socket.recv(), timeout=20))


def test_lobby_and_notifications_cross_processes_on_the_one_events_connection(
    two_servers: tuple[LiveServer, LiveServer, str], postgres_server: PostgresServer
) -> None:
    a, b, url = two_servers
    # One LISTEN connection per process carries games, lobby and notifications.
    assert listening(postgres_server, url) == [("LISTEN shoal_events",)] * 2
    alice, bob = signed_up(a, "alice"), signed_up(b, "bob")
    ws_b, ws_a = (s.url.replace("http://", "ws://") for s in (b, a))

    async def play() -> None:
        headers = {"Cookie": bob}
        async with contextlib.AsyncExitStack() as stack:

            async def page(ws: str) -> Any:
                socket = websockets.connect(ws, additional_headers=headers)
                return await stack.enter_async_context(socket)

            lobby = await page(ws_b + "/api/lobby/ws")
            assert await next_json(lobby) == {"type": "seeks", "seeks": []}
            on_a = await page(ws_a + "/api/notifications/ws")
            assert await next_json(on_a) == {"type": "notification", "unread": 0}
            # lobby "seeks": a guest's seek made through A is listed on B's socket (and
            # A's events arrive in order: its page's count event was handled before it)
            body = {"game": "syrtis", "colour": "first", "time_control": "5+3", "name": "Gil"}
            made = await asyncio.to_thread(
                httpx.post, a.url + "/api/seeks", json=body, headers=GUEST
            )
            assert made.status_code == 201, made.text
            listed = (await next_json(lobby))["seeks"]
            assert [(s["id"], s["creator"], s["mine"]) for s in listed] == [
                (made.json()["id"], "Gil", False)
            ]
            # notices: a page opened on B sends its count to bob's page on A too
            on_b = await page(ws_b + "/api/notifications/ws")
            assert await next_json(on_b) == {"type": "notification", "unread": 0}
            assert await next_json(on_a) == {"type": "notification", "unread": 0}
            # notices and lobby "tell": alice (on A) challenges bob, whose pages are on B
            challenge = {"username": "bob", "game": "cyclix", "time_control": "3d"}
            sent = await asyncio.to_thread(
                httpx.post, a.url + "/api/challenges", json=challenge, headers={"Cookie": alice}
            )
            assert sent.status_code == 201, sent.text
            pushed = await next_json(on_b)
            assert pushed["unread"] == 1
            assert pushed["notification"]["text"] == "alice challenges you to Cyclix"
            assert await next_json(lobby) == {"type": "challenges"}
            assert (await next_json(on_a))["notification"]["kind"] == "challenge"  # A's own
            # back the other way: bob reads everything through B; his page on A is told
            read = await asyncio.to_thread(
                httpx.post, b.url + "/api/notifications/read", headers={"Cookie": bob}
            )
            assert read.json()["marked"] == 1
            assert await next_json(on_a) == {"type": "notification", "unread": 0}
            # each event arrived once: the next message on B's page is the read mark's
            # count, the next on the lobby socket the withdrawn seek (nothing twice between)
            assert await next_json(on_b) == {"type": "notification", "unread": 0}
            gone = await asyncio.to_thread(
                httpx.delete, f"{a.url}/api/seeks/{made.json()['id']}", headers=GUEST
            )
            assert gone.status_code == 200, gone.text
            assert await next_json(lobby) == {"type": "seeks", "seeks": []}

    asyncio.run(play())
    for server in (a, b):
        assert "Traceback" not in server.log(), server.log()


def backends(postgres_server: PostgresServer, url: str, sql: str) -> list[Any]:
    """Rows of ``sql`` about the database of ``url`` (its name is the parameter)."""
    with psycopg.connect(
        f"host=127.0.0.1 port={postgres_server.port} user=shoal dbname=postgres", autocommit=True
    ) as conn:
        return conn.execute(sql, (url.rsplit("/", 1)[1],)).fetchall()


def test_the_bus_survives_its_connections_being_cut(
    two_servers: tuple[LiveServer, LiveServer, str], postgres_server: PostgresServer
) -> None:
    """The one LISTEN connection of each process, and A's sending one, are terminated by
    the database: the relay listens again, A resends on a new connection, and the next
    event still reaches B."""
    a, b, url = two_servers
    body = {"game": "syrtis", "colour": "first", "time_control": "5+3", "name": "Gil"}

    async def play() -> None:
        ws = b.url.replace("http://", "ws://") + "/api/lobby/ws"
        async with websockets.connect(ws) as lobby:
            assert (await next_json(lobby))["seeks"] == []
            first = await asyncio.to_thread(
                httpx.post, a.url + "/api/seeks", json=body, headers=GUEST
            )
            assert len((await next_json(lobby))["seeks"]) == 1, first.text
            cut = backends(
                postgres_server,
                url,
                "SELECT pid, left(query, 6), pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = %s AND (query ILIKE 'listen%%' OR query ILIKE '%%pg_notify%%')",
            )
            assert all(done for _, _, done in cut)
            assert sorted(kind for _, kind, _ in cut)[:3] == ["LISTEN", "LISTEN", "SELECT"]
            old = {pid for pid, _, _ in cut}
            deadline = time.monotonic() + 30
            while True:  # both relays listen again (they retry after 1 s)
                again = backends(
                    postgres_server,
                    url,
                    "SELECT pid FROM pg_stat_activity WHERE datname = %s"
                    " AND query ILIKE 'listen%%' AND state = 'idle'",
                )
                if len({pid for (pid,) in again} - old) == 2:
                    break
                assert time.monotonic() < deadline, again
                await asyncio.sleep(0.1)
            other = {"X-Shoal-Guest": "guest-key-of-h-000000"}
            second = await asyncio.to_thread(
                httpx.post, a.url + "/api/seeks", json={**body, "name": "Hal"}, headers=other
            )
            assert second.status_code == 201, second.text
            listed = (await next_json(lobby))["seeks"]
            assert sorted(s["creator"] for s in listed) == ["Gil", "Hal"]

    asyncio.run(play())
    assert "shoal relay: notify failed" in a.log()
    for server in (a, b):
        assert "shoal relay: listening failed" in server.log()
