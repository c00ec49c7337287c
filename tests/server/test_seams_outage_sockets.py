"""Issue 38, the database going away: live pages and the events relay across an outage.

Two real ``shoal serve`` processes, A and B, on one PostgreSQL database; pages watch
through B (a game, the lobby, bobby's notifications) while things happen through A.

* B's ``LISTEN`` connection is cut again and again (``pg_terminate_backend``) while A
  stores a move, a seek and a challenge: the notifications sent meanwhile never reach B,
  yet once B listens again its pages show each of them, once.
* PostgreSQL itself stops (``pg_ctl stop -m immediate``) and starts again: pages already
  open stay open and answer their pings, a page opened meanwhile is closed with 1013 and
  words (the client reconnects), and afterwards a move made on A reaches the watcher on
  B exactly once, with nothing restarted.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from shoal.server.db_down import SOCKET_DOWN, TRY_AGAIN

from ..pg import PostgresServer
from ._live import LiveServer, auth
from .outage_helpers import own_postgres_server, pg_ctl, signed_up, sql

own_postgres = pytest.fixture(own_postgres_server)

GUEST = {"X-Shoal-Guest": "guest-key-of-g-000000"}
SEEK = {"game": "connect4", "colour": "first", "time_control": "5+3", "name": "Gil"}


def two_on(url: str, tmp_path: Path) -> tuple[LiveServer, LiveServer]:
    args = ("--log-level", "warning")
    a = LiveServer(url, tmp_path / "a.log", *args).start()  # A makes the schema first
    b = LiveServer(url, tmp_path / "b.log", *args).start()
    return a, b


@pytest.fixture
def servers(
    postgres_server: PostgresServer, tmp_path: Path
) -> Iterator[tuple[LiveServer, LiveServer, str]]:
    url = postgres_server.new_database()
    a, b = two_on(url, tmp_path)
    yield a, b, url
    a.stop()
    b.stop()


async def next_json(socket: Any, seconds: float = 20) -> Any:
    """The socket's next message (within ``seconds``)."""
    return json.loads(await asyncio.wait_for(socket.recv(), timeout=seconds))


async def until_message(socket: Any, wanted: Any, seconds: float = 30) -> list[Any]:
    """The socket's messages up to the first for which ``wanted(message)`` is true. (A
    page may be sent its whole state again, such as the seek list, after a reconnection.)"""
    seen: list[Any] = []
    deadline = time.monotonic() + seconds
    while not seen or not wanted(seen[-1]):
        seen.append(await next_json(socket, max(0.1, deadline - time.monotonic())))
    return seen


async def post(url: str, path: str, **kwargs: Any) -> httpx.Response:
    return await asyncio.to_thread(httpx.post, url + path, timeout=20, **kwargs)


def ws(live: LiveServer, path: str) -> str:
    return live.url.replace("http://", "ws://") + path


def new_game(live: LiveServer) -> dict[str, Any]:
    made = httpx.post(live.url + "/api/games", json={"game": "connect4", "opponent": "friend"})
    assert made.status_code == 201, made.text
    return dict(made.json())


class Cutter(threading.Thread):
    """Terminates B's ``LISTEN`` connection (found by its application_name) every 20 ms,
    so every notification sent meanwhile is lost to B."""

    def __init__(self, server: PostgresServer, url: str, pid: int) -> None:
        super().__init__(daemon=True)
        self.server, self.url = server, url
        self.name_of_b = f"shoal listen {pid}"
        self.cuts = 0
        self.halt = threading.Event()

    def run(self) -> None:
        while not self.halt.is_set():
            done = sql(
                self.server,
                self.url,
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE application_name = %s",
                self.name_of_b,
            )
            self.cuts += sum(1 for (ok,) in done if ok)
            time.sleep(0.02)


def test_what_a_process_missed_while_its_listener_was_cut_reaches_its_pages_once(
    servers: tuple[LiveServer, LiveServer, str], postgres_server: PostgresServer
) -> None:
    """Rule: events lost while a process was not listening are read back from the
    database when it listens again: the game's new view, the seek list and the unread
    count reach B's pages, each once, and later events flow as before."""
    a, b, url = servers
    assert b.process is not None
    alice, bobby = signed_up(a, "alice"), signed_up(b, "bobby")
    game = new_game(a)
    gid = game["id"]

    async def play() -> None:
        async with contextlib.AsyncExitStack() as stack:
            watcher = await stack.enter_async_context(
                websockets.connect(ws(b, f"/api/games/{gid}/ws"))
            )
            lobby = await stack.enter_async_context(websockets.connect(ws(b, "/api/lobby/ws")))
            notices = await stack.enter_async_context(
                websockets.connect(
                    ws(b, "/api/notifications/ws"),
                    additional_headers={
                        "Cookie": f"shoal_session={bobby.cookies['shoal_session']}"
                    },
                )
            )
            version = (await next_json(watcher))["view"]["version"]
            assert (await next_json(lobby))["seeks"] == []
            assert (await next_json(notices))["unread"] == 0
            cutter = Cutter(postgres_server, url, b.process.pid)
            cutter.start()
            try:
                deadline = time.monotonic() + 20
                while cutter.cuts < 2:  # B is cut off
                    assert time.monotonic() < deadline, "B's listener was never cut"
                    await asyncio.sleep(0.02)
                moved = await post(
                    a.url,
                    f"/api/games/{gid}/actions",
                    json={"version": version, "action": 3},
                    headers=auth(game["token"]),
                )
                assert moved.status_code == 200, moved.text
                seek = await post(a.url, "/api/seeks", json=SEEK, headers=GUEST)
                assert seek.status_code == 201, seek.text
                challenge = {"username": "bobby", "game": "connect4", "time_control": "3d"}
                sent = await asyncio.to_thread(alice.post, "/api/challenges", json=challenge)
                assert sent.status_code == 201, sent.text
                cuts, deadline = cutter.cuts, time.monotonic() + 20
                while cutter.cuts < cuts + 2:  # still cut off after all three were sent
                    assert time.monotonic() < deadline, "B's listener was not cut again"
                    await asyncio.sleep(0.02)
            finally:
                cutter.halt.set()
                cutter.join(10)
            # B listens again and reads back what it missed: each page gets it, the
            # game's view once (a view is sent only for a newer version).
            views = await until_message(watcher, lambda m: m["view"]["version"] == version + 1)
            assert [m["view"]["version"] for m in views] == [version + 1]
            assert [t["text"] for t in views[-1]["view"]["turns"]] == ["d"]
            await until_message(lobby, lambda m: [s["creator"] for s in m["seeks"]] == ["Gil"])
            await until_message(notices, lambda m: m == {"type": "notification", "unread": 1})
            # later events flow as before, and the game's view never came twice
            again = await post(
                a.url,
                f"/api/games/{gid}/actions",
                json={"version": version + 1, "action": 3},
                headers=auth(game["invite_token"]),
            )
            assert again.status_code == 200, again.text
            assert (await next_json(watcher))["view"]["version"] == version + 2
            other = {"X-Shoal-Guest": "guest-key-of-h-000000"}
            second = await post(a.url, "/api/seeks", json={**SEEK, "name": "Hal"}, headers=other)
            assert second.status_code == 201, second.text
            names = lambda m: [s["creator"] for s in m["seeks"]]  # noqa: E731
            await until_message(lobby, lambda m: names(m) == ["Gil", "Hal"])

    asyncio.run(play())
    log = b.log()
    assert "listening again; refreshing the pages" in log, log
    for server in (a, b):
        assert "Exception in ASGI application" not in server.log(), server.log()


def test_pages_across_a_postgresql_restart_stay_open_or_reconnect_and_miss_nothing(
    own_postgres: PostgresServer, tmp_path: Path
) -> None:
    """Rule: while the database is down, open pages stay open (pings answered), a page
    opened meanwhile is closed with 1013 and words; once it is back, with no restart, a
    move made on A reaches B's watcher once and the pages open again."""
    url = own_postgres.new_database()
    a, b = two_on(url, tmp_path)
    try:
        watched, unwatched = new_game(a), new_game(a)
        gid = watched["id"]

        async def play() -> None:
            async with contextlib.AsyncExitStack() as stack:
                watcher = await stack.enter_async_context(
                    websockets.connect(ws(b, f"/api/games/{gid}/ws"))
                )
                lobby = await stack.enter_async_context(websockets.connect(ws(b, "/api/lobby/ws")))
                version = (await next_json(watcher))["view"]["version"]
                assert (await next_json(lobby))["seeks"] == []
                await asyncio.to_thread(pg_ctl, own_postgres, "-m", "immediate", "stop")
                for page in (watcher, lobby):  # open pages stay usable
                    await page.send("ping")
                    assert await next_json(page) == {"type": "pong"}
                late = await websockets.connect(ws(b, f"/api/games/{unwatched['id']}/ws"))
                with pytest.raises(websockets.ConnectionClosed) as closed:
                    await asyncio.wait_for(late.recv(), 20)
                assert closed.value.rcvd is not None
                assert (closed.value.rcvd.code, closed.value.rcvd.reason) == (
                    TRY_AGAIN,
                    SOCKET_DOWN,
                )
                down = await post(b.url, "/api/seeks", json=SEEK, headers=GUEST)
                assert down.status_code == 503, down.text
                await asyncio.to_thread(pg_ctl, own_postgres, "start")
                deadline = time.monotonic() + 30
                while True:  # A takes the move as soon as the database answers
                    moved = await post(
                        a.url,
                        f"/api/games/{gid}/actions",
                        json={"version": version, "action": 3},
                        headers=auth(watched["token"]),
                    )
                    if moved.status_code != 503 or time.monotonic() > deadline:
                        break
                    await asyncio.sleep(0.2)
                assert moved.status_code == 200, moved.text
                view = (await next_json(watcher, 30))["view"]
                assert view["version"] == version + 1
                again = await post(
                    a.url,
                    f"/api/games/{gid}/actions",
                    json={"version": version + 1, "action": 4},
                    headers=auth(watched["invite_token"]),
                )
                assert again.status_code == 200, again.text
                assert (await next_json(watcher))["view"]["version"] == version + 2  # once
                seek = await post(a.url, "/api/seeks", json=SEEK, headers=GUEST)
                assert seek.status_code == 201, seek.text
                await until_message(lobby, lambda m: [s["creator"] for s in m["seeks"]] == ["Gil"])
                reopened = await stack.enter_async_context(
                    websockets.connect(ws(b, f"/api/games/{unwatched['id']}/ws"))
                )
                assert (await next_json(reopened))["type"] == "view"

        asyncio.run(play())
        for server in (a, b):
            assert "Exception in ASGI application" not in server.log(), server.log()
    finally:
        a.stop()
        b.stop()


def socket_routes(routes: list[Any]) -> list[Any]:
    """Every WebSocket route in ``routes``, included routers walked through."""
    from fastapi.routing import APIWebSocketRoute

    found = []
    for route in routes:
        if isinstance(route, APIWebSocketRoute):
            found.append(route)
        inner = getattr(route, "original_router", None)  # FastAPI's included router
        if inner is not None:
            found += socket_routes(inner.routes)
    return found


def test_every_websocket_route_closes_with_try_again_when_the_database_is_gone(
    migrated_sqlite: Path, tmp_path: Path
) -> None:
    """Rule: every WebSocket route that reads the database, opened while it is gone, is
    closed with 1013 and words (the pages retry); the analysis socket, which reads none,
    serves on. Every route of the app has its case here, so a new route cannot be missed.
    (In process, on a SQLite file whose folder is taken away: no server process to stop.)"""
    from starlette.websockets import WebSocketDisconnect

    from shoal.server import create_app
    from tests.clients import TestClient

    from ..conftest import sqlite_copy
    from .accounts_helpers import signup

    home = tmp_path / "db"
    home.mkdir()
    url = sqlite_copy(migrated_sqlite, home / "shoal.sqlite3")
    with TestClient(create_app(url)) as setup:  # another process made these
        assert signup(setup, "alice").status_code == 201
        cookie = dict(setup.cookies)
        game = setup.post("/api/games", json={"game": "connect4", "opponent": "friend"})
        study = setup.post(
            "/api/studies", json={"title": "Ideas", "chapters": [{"game": "connect4"}]}
        )
        event = setup.post(
            "/api/tournaments",
            json={"game": "connect4", "format": "round_robin", "clock": "1d", "max_players": 4},
        )
        assert game.status_code == 201 and study.status_code == 201, (game.text, study.text)
        assert event.status_code == 201, event.text
    gid, sid, tid = game.json()["id"], study.json()["id"], event.json()["id"]
    closing = {
        "/api/games/{game_id}/ws": f"/api/games/{gid}/ws",
        "/api/games/{game_id}/social": f"/api/games/{gid}/social",
        "/api/lobby/ws": "/api/lobby/ws",
        "/api/notifications/ws": "/api/notifications/ws",
        "/api/studies/{study_id}/ws": f"/api/studies/{sid}/ws",
        "/api/tournaments/{tournament_id}/ws": f"/api/tournaments/{tid}/ws",
    }
    app = create_app(url)
    routes = socket_routes(app.routes)
    assert sorted(r.path for r in routes) == sorted([*closing, "/api/analysis/ws"])
    assert all(getattr(r.endpoint, "survives_database", False) for r in routes)
    with TestClient(app) as client:
        client.cookies.update(cookie)
        # the file gone first, so that no connection opens on it after the pool is emptied
        # (a background read between the two kept one open: the database answered again,
        # and a socket waited for its hello instead of closing)
        home.rename(tmp_path / "gone")
        app.state.context.store.engine.dispose()  # the connections open are closed
        for path in closing.values():
            with (
                pytest.raises(WebSocketDisconnect) as closed,
                client.websocket_connect(path) as socket,
            ):
                socket.receive_text()
            assert (closed.value.code, closed.value.reason) == (TRY_AGAIN, SOCKET_DOWN), path
        with client.websocket_connect("/api/analysis/ws") as socket:
            socket.send_json({"id": 1, "game": "nope"})
            assert socket.receive_json()["type"] == "error"
