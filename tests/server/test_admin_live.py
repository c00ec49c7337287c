"""The operator's commands reach a running server (issues 56, 57): a real ``shoal serve`` and
``shoal admin`` in another process (this one), on SQLite and on PostgreSQL.

The server learns of each change from a note in the database: on PostgreSQL at once
(``NOTIFY`` through its relay), on SQLite on its tick (2 s). Before, a deleted game was
still served from the server's memory after its row was gone.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from tests.cli.inproc import shoal

from ..pg import PostgresServer
from ._live import LiveServer

WAIT = 15.0
"""Seconds a change has to reach the server (its tick is 2 s; PostgreSQL is immediate)."""


@pytest.fixture(params=["sqlite", "postgres"])
def server(
    request: pytest.FixtureRequest, tmp_path: Path, live: Callable[..., LiveServer]
) -> Iterator[LiveServer]:
    if request.param == "sqlite":
        yield live("--log-level", "warning")
        return
    postgres: PostgresServer = request.getfixturevalue("postgres_server")
    url = postgres.new_database(migrated=True)
    started = LiveServer(url, tmp_path / "serve.log", "--log-level", "warning")
    try:
        yield started.start()
    finally:
        started.stop()  # also when it did not start
        postgres.drop_database(url)


def admin(server: LiveServer, *args: str) -> str:
    """``shoal admin ARGS`` on the server's database, in this process: its output."""
    done = shoal("admin", "--database", server.database, *args)
    assert done.returncode == 0, done.stderr
    return done.stdout


def until(check: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not check():
        assert time.monotonic() < deadline, f"the server never saw it: {what}"
        time.sleep(0.1)


async def closed_code(socket: Any) -> int | None:
    """The close code the server sends (within the wait), the messages before it skipped."""
    try:
        async with asyncio.timeout(WAIT):
            async for _message in socket:
                pass
    except websockets.ConnectionClosed:
        pass
    return socket.close_code  # type: ignore[no-any-return]


def test_a_deleted_game_a_closed_account_and_a_ban_reach_the_running_server(
    server: LiveServer,
) -> None:
    url, ws = server.url, server.url.replace("http://", "ws://")
    made = httpx.post(url + "/api/games", json={"game": "connect4", "opponent": "local"}).json()
    gid = made["id"]
    signed = httpx.post(
        url + "/api/auth/signup", json={"username": "alice", "password": "correct horse"}
    )
    cookie = {"Cookie": f"shoal_session={signed.cookies['shoal_session']}"}

    async def watch() -> tuple[int | None, int | None]:
        async with (
            websockets.connect(f"{ws}/api/games/{gid}/ws") as game,
            websockets.connect(f"{ws}/api/lobby/ws", additional_headers=cookie) as lobby,
        ):
            assert json.loads(await game.recv())["type"] == "view"  # the game is in memory
            assert json.loads(await lobby.recv())["type"] == "seeks"
            deleted = await asyncio.to_thread(admin, server, "delete-game", gid)
            assert f"game {gid} deleted" in deleted
            game_closed = await closed_code(game)
            closed = await asyncio.to_thread(admin, server, "close-user", "alice")
            assert "alice's account closed: 1 sessions ended" in closed
            return game_closed, await closed_code(lobby)

    assert asyncio.run(watch()) == (4410, 4410)  # both pages closed by the server
    assert httpx.get(f"{url}/api/games/{gid}").status_code == 404  # not served from memory
    assert httpx.get(url + "/api/me", headers=cookie).status_code == 401
    game = {"game": "connect4", "opponent": "local"}
    admin(server, "ban-address", "127.0.0.1")
    until(lambda: httpx.post(url + "/api/games", json=game).status_code == 403, "the ban")
    refused = httpx.post(url + "/api/games", json=game)
    assert refused.json()["detail"] == "your address is banned from changing anything on this site"
    assert httpx.get(url + "/api/catalog").status_code == 200  # reading goes on
    admin(server, "unban-address", "127.0.0.1/32")
    until(lambda: httpx.post(url + "/api/games", json=game).status_code == 201, "the unban")
