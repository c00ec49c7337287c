"""Several real server processes on one PostgreSQL: shared data, live updates, one winner.

Needs the private PostgreSQL of tests/pg.py (skipped with the reason without it).
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from shoal.server.games.store import Store

from ..pg import PostgresServer
from ._live import SRC, LiveServer, auth, free_port
from .test_live import _race


@pytest.fixture
def pg_live(postgres_server: PostgresServer, tmp_path: Path) -> Iterator[Callable[..., LiveServer]]:
    """Start real ``shoal serve`` processes on one fresh PostgreSQL database."""
    url = postgres_server.new_database()
    servers: list[LiveServer] = []

    def start(*args: str) -> LiveServer:
        server = LiveServer(url, tmp_path / f"serve{len(servers)}.log", *args)
        servers.append(server)
        return server.start()

    yield start
    for server in servers:
        server.stop()


async def _receive_move(ws_url: str, post: Callable[[], httpx.Response]) -> dict[str, Any]:
    """Watch a game over WebSocket, make ``post`` happen, return the first newer view."""
    async with websockets.connect(ws_url) as socket:
        first = json.loads(await socket.recv())
        assert first["type"] == "view"
        response = await asyncio.to_thread(post)
        assert response.status_code == 200, response.text
        while True:
            message = json.loads(await asyncio.wait_for(socket.recv(), timeout=20))
            if message["type"] == "view" and message["view"]["version"] > first["view"]["version"]:
                view: dict[str, Any] = message["view"]
                return view


def test_a_move_posted_to_one_process_reaches_a_watcher_on_another(
    pg_live: Callable[..., LiveServer],
) -> None:
    a = pg_live("--log-level", "warning")
    b = pg_live("--log-level", "warning")
    made = httpx.post(a.url + "/api/games", json={"game": "connect4", "opponent": "friend"}).json()
    gid, host = made["id"], made["token"]
    assert httpx.get(f"{b.url}/api/games/{gid}").json()["version"] == 1  # B serves it too

    def post() -> httpx.Response:
        return httpx.post(
            f"{a.url}/api/games/{gid}/actions", json={"version": 1, "action": 3}, headers=auth(host)
        )

    ws_url = b.url.replace("http://", "ws://") + f"/api/games/{gid}/ws"
    view = asyncio.run(_receive_move(ws_url, post))
    assert view["version"] == 2 and view["ply"] == 1
    assert [t["text"] for t in view["turns"]] == ["d"]


def test_two_actions_on_one_version_two_processes_on_postgres(
    pg_live: Callable[..., LiveServer],
) -> None:
    """The database's conditional update on the version decides, across processes."""
    first = pg_live("--log-level", "warning", "--games-per-client", "0")
    second = pg_live("--log-level", "warning", "--games-per-client", "0")
    _race((first.url, second.url), rounds=30)


def test_workers_above_one_are_refused_on_sqlite(tmp_path: Path) -> None:
    result = subprocess.run(
        [
            *(sys.executable, "-m", "shoal.cli", "serve", "--workers", "2"),
            *("--database", f"sqlite:///{tmp_path / 'x.sqlite3'}", "--port", str(free_port())),
        ],
        capture_output=True,
        text=True,
        timeout=60,
        env={"PYTHONPATH": SRC, "PATH": "/usr/bin:/bin"},
        check=False,
    )
    assert result.returncode == 2
    assert "needs PostgreSQL" in result.stderr and "LISTEN/NOTIFY" in result.stderr
    assert not (tmp_path / "x.sqlite3").exists()  # nothing was started or created


def test_serve_with_two_workers_on_postgres(pg_live: Callable[..., LiveServer]) -> None:
    """``--workers 2``: two processes on one port; a game made through one plays on."""
    server = pg_live("--log-level", "warning", "--workers", "2")
    made = httpx.post(server.url + "/api/games", json={"game": "connect4", "opponent": "local"})
    gid, token = made.json()["id"], made.json()["token"]
    with httpx.Client(base_url=server.url) as http:  # new connections: either worker answers
        for version in range(1, 9):
            response = httpx.post(
                f"{server.url}/api/games/{gid}/actions",
                json={"version": version, "action": version % 7},
                headers=auth(token),
            )
            assert response.status_code == 200, response.text
        # A read on another worker shows the last move once its notification arrived.
        deadline = time.monotonic() + 10
        while http.get(f"/api/games/{gid}").json()["version"] != 9:
            assert time.monotonic() < deadline, "the last move never reached every worker"
            time.sleep(0.02)
    assert "Traceback" not in server.log()


def test_a_fallen_flag_is_stored_once_across_processes(
    pg_live: Callable[..., LiveServer],
) -> None:
    """Both processes have the game loaded and a flag timer: one stores the flag, once."""
    a = pg_live("--log-level", "warning")
    b = pg_live("--log-level", "warning")
    made = httpx.post(
        a.url + "/api/games",
        json={"game": "connect4", "opponent": "friend", "clock": {"base": 2.0, "increment": 0}},
    ).json()
    gid, host, friend = made["id"], made["token"], made["invite_token"]
    for version, (url, token) in enumerate([(a.url, host), (b.url, friend)], start=1):
        response = httpx.post(
            f"{url}/api/games/{gid}/actions",
            json={"version": version, "action": version},
            headers=auth(token),
        )
        assert response.status_code == 200, response.text
    for server in (a, b):  # both have it loaded (and a flag timer), whatever the load
        assert httpx.get(f"{server.url}/api/games/{gid}").json()["version"] >= 3
    deadline = time.monotonic() + 20
    views: list[dict[str, Any]] = []
    while time.monotonic() < deadline:
        views = [httpx.get(f"{s.url}/api/games/{gid}").json() for s in (a, b)]
        if all(v["result"] is not None for v in views):
            break
        time.sleep(0.1)
    for view in views:
        assert view["result"]["winner"] == 1 and "ran out of time" in view["result"]["reason"]
        assert view["version"] == 4  # two moves, then one flag: never two
    store = Store(a.database)
    stored = store.load(gid)
    store.close()
    assert stored is not None and stored.version == 4
    assert "Traceback" not in a.log() + b.log()


def test_the_computer_replies_once_when_two_processes_have_the_game(
    pg_live: Callable[..., LiveServer],
) -> None:
    """The process that stored the human move plays the reply; the other only shows it."""
    a = pg_live("--log-level", "warning")
    b = pg_live("--log-level", "warning")
    made = httpx.post(a.url + "/api/games", json={"game": "connect4", "level": "random"}).json()
    gid, token = made["id"], made["token"]
    version = made["view"]["version"]
    assert made["view"]["you"] == [0]
    for turn in range(4):
        assert httpx.get(f"{b.url}/api/games/{gid}").json()["version"] == version
        url = (a.url, b.url)[turn % 2]
        response = httpx.post(
            f"{url}/api/games/{gid}/actions",
            json={"version": version, "action": (0, 6)[turn % 2]},  # never four in a row
            headers=auth(token),
        )
        assert response.status_code == 200, response.text
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            views = [httpx.get(f"{s.url}/api/games/{gid}").json() for s in (a, b)]
            if all(v["version"] == version + 2 for v in views):
                break
            time.sleep(0.05)
        assert [v["version"] for v in views] == [version + 2] * 2  # the move and one reply
        assert views[0]["turns"] == views[1]["turns"]
        version += 2
    assert "Traceback" not in a.log() + b.log()
