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

import contextlib
import json
import os
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import ClientConnection, connect

from shoal.server.affinity import slot_of
from shoal.server.limits import RULES

from ..pg import PostgresServer
from ._live import LiveServer, auth
from .ops_helpers import samples
from .test_worker_kill import workers


@pytest.fixture(scope="module")
def three_workers(
    postgres_server: PostgresServer, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    """One ``shoal serve --workers 3`` for the module's tests (a 3-worker start is the
    costly part); each test uses addresses of its own, so their limits do not meet."""
    url = postgres_server.new_database(migrated=True)
    log = tmp_path_factory.mktemp("three") / "serve.log"
    server = LiveServer(
        url,
        log,
        "--workers",
        "3",
        "--searches",
        "1",
        "--log-level",
        "info",
        "--metrics-allow",
        "127.0.0.1/32",
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


def holders(pids: list[int]) -> dict[int, int]:
    """Which of the processes ``pids`` holds the server end of each established TCP
    connection on the loopback, by the connection's client port (read from /proc: each
    process's socket descriptors, and the kernel's table of TCP sockets)."""
    inodes: dict[int, int] = {}
    for pid in pids:
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            with contextlib.suppress(OSError):
                target = os.readlink(fd)
                if target.startswith("socket:["):
                    inodes[int(target[8:-1])] = pid
    found: dict[int, int] = {}
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            remote, state, inode = fields[2], fields[3], int(fields[9])
            if state == "01" and inode in inodes:  # 01: established
                found[int(remote.rsplit(":", 1)[1], 16)] = inodes[inode]
    return found


def test_every_socket_of_a_game_is_served_by_the_one_worker_of_its_slot(
    three_workers: LiveServer,
) -> None:
    """Game affinity (docs/server.md): whichever worker accepts a game's socket, its chat
    socket or its deltas socket, the connection is served by the worker of the game's slot
    (looked up from outside, in /proc: the process that holds the connection's server end),
    the same worker for every game of one slot and a different one for each slot; a foreign
    page's socket is refused (403), passed on or not; a move made through any worker
    reaches them all."""
    server = three_workers
    assert server.process is not None
    pids = workers(server.process.pid)
    deadline = time.monotonic() + 60
    while server.log().count("game affinity: this worker serves slot") < 3:
        assert time.monotonic() < deadline, server.log()  # each takes its slot with a connection
        httpx.get(server.url + "/api/levels", timeout=30)  # a new connection: any worker
    games: list[dict[str, str]] = []
    while len({slot_of(made["id"], 3) for made in games}) < 3 or len(games) < 6:
        body = {"game": "connect4", "opponent": "local"}
        made = send(server, "/api/games", f"198.51.100.{len(games) + 1}", body)
        assert made.status_code == 201, made.text
        games.append(made.json())
    opened: list[tuple[dict[str, str], str, ClientConnection]] = []
    with ExitStack() as closing:
        for made in games:
            for path in ("ws", "ws?deltas=1", "social", "ws"):
                url = f"ws://127.0.0.1:{server.port}/api/games/{made['id']}/{path}"
                socket = closing.enter_context(connect(url, origin=server.url, open_timeout=30))
                opened.append((made, path, socket))
                if path == "social":
                    socket.send(json.dumps({"token": made["token"]}))
                assert json.loads(socket.recv(timeout=30))  # served: its first message
        holder = holders(pids)
        workers_of: dict[int, set[int]] = {}
        for made, _, socket in opened:
            port = socket.socket.getsockname()[1]
            workers_of.setdefault(slot_of(made["id"], 3), set()).add(holder[port])
        assert all(len(one) == 1 for one in workers_of.values()), workers_of
        assert len(set.union(*workers_of.values())) == 3, workers_of  # a worker a slot
        metrics = httpx.get(server.url + "/metrics", timeout=30)
        assert metrics.status_code == 200, metrics.text
        counted_by = samples(metrics.text)
        how = {
            key: counted_by.get(("shoal_affinity_connections_total", (("how", key),)), 0.0)
            for key in ("passed", "adopted", "kept")
        }
        # 24 sockets or more over 3 workers: some arrived at a worker not their slot's
        assert how["passed"] == how["adopted"] > 0 and how["kept"] == 0, how
        for made in games:  # passed on or not, a foreign page's socket is refused
            for path in ("ws", "social"):
                url = f"ws://127.0.0.1:{server.port}/api/games/{made['id']}/{path}"
                with pytest.raises(InvalidStatus) as refused:
                    connect(url, origin="http://evil.example", open_timeout=30)  # type: ignore[arg-type]
                assert refused.value.response.status_code == 403
        made = games[0]
        moved = send(
            server,
            f"/api/games/{made['id']}/actions",
            "198.51.100.200",
            {"version": 1, "action": 3},
            headers=auth(made["token"]),
        )
        assert moved.status_code == 200, moved.text
        for path, socket in [(p, s) for m, p, s in opened if m is made and p != "social"]:
            seen = json.loads(socket.recv(timeout=30))
            if path == "ws":
                assert (seen["type"], seen["view"]["version"]) == ("view", 2)
            else:
                assert (seen["type"], seen["base"], seen["set"]["version"]) == ("delta", 1, 2)
