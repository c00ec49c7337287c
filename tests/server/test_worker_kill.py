"""SIGKILL of one worker of ``shoal serve --workers 3`` on PostgreSQL, in mid-play.

Players post moves on new connections (the kernel hands each to any worker) while one
worker process is killed with SIGKILL. Every acknowledged move must be in the stored
game, and the other workers go on serving every game, the computer's included.
"""

from __future__ import annotations

import os
import random
import signal
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from shoal.server.games.store import Store

from ..pg import PostgresServer
from ._live import LiveServer, auth


@pytest.fixture
def pg_workers(postgres_server: PostgresServer, tmp_path: Path) -> Iterator[LiveServer]:
    url = postgres_server.new_database()
    server = LiveServer(
        url, tmp_path / "serve.log", "--workers", "3", "--games-per-client", "0", "--searches", "1"
    )
    server.start()
    yield server
    server.stop()


def children(pid: int) -> list[int]:
    """The child processes of ``pid`` (Linux)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(child) for child in (task / "children").read_text().split()]
    return found


def workers(pid: int) -> list[int]:
    """uvicorn's worker processes under the ``shoal serve`` process ``pid``."""
    return [
        child
        for child in children(pid)
        if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes()
    ]


class Player(threading.Thread):
    """Plays random legal moves in one game, each request on a new connection, until told to
    stop. A request that fails in transit is not acknowledged: the player reads the game
    again and goes on; a 409 (another worker had not yet heard of a move) also reads again."""

    def __init__(self, url: str, made: dict[str, Any], seats: dict[int, str], seed: int) -> None:
        super().__init__(daemon=True)
        self.url, self.gid, self.seats = url, made["id"], seats
        self.view = made["view"]
        self.acked: list[tuple[float, int, int, int]] = []  # (time, version, index, action)
        self.lost_in_transit = 0
        self.rng = random.Random(seed)
        self.stop = threading.Event()
        self.failure: str | None = None

    def _read(self, http: httpx.Client) -> None:
        while not self.stop.is_set():
            try:
                self.view = http.get(f"/api/games/{self.gid}").json()
                return
            except httpx.HTTPError:
                self.lost_in_transit += 1
                time.sleep(0.05)

    def run(self) -> None:
        no_reuse = httpx.Limits(max_keepalive_connections=0)
        with httpx.Client(base_url=self.url, timeout=15, limits=no_reuse) as http:
            while not self.stop.is_set() and self.view["result"] is None:
                if self.view["to_move"] not in self.seats:  # the computer's turn
                    time.sleep(0.05)
                    self._read(http)
                    continue
                action = self.rng.choice(self.view["legal"])["action"]
                index, seat = self.view["ply"], self.view["to_move"]
                body = {"version": self.view["version"], "action": action}
                try:
                    response = http.post(
                        f"/api/games/{self.gid}/actions", json=body, headers=auth(self.seats[seat])
                    )
                except httpx.HTTPError:
                    self.lost_in_transit += 1  # not acknowledged: the move may or may not be in
                    self._read(http)
                    continue
                if response.status_code == 409:
                    time.sleep(0.05)
                    self._read(http)
                    continue
                if response.status_code != 200:
                    self.failure = f"{response.status_code} {response.text}"
                    return
                self.view = response.json()
                self.acked.append((time.monotonic(), self.view["version"], index, action))


def test_sigkill_of_one_worker_loses_no_acknowledged_move_and_the_others_serve_on(
    pg_workers: LiveServer,
) -> None:
    server = pg_workers
    assert server.process is not None
    deadline = time.monotonic() + 30
    while len(workers(server.process.pid)) < 3:  # every worker is up
        assert time.monotonic() < deadline, children(server.process.pid)
        time.sleep(0.1)
    players: list[Player] = []
    modes = ("friend", "local", "computer")
    with httpx.Client(base_url=server.url, timeout=30) as http:
        for n, game in enumerate(["connect4", "syrtis", "sirtet", "sytran", "cyclix", "sfirs"] * 2):
            mode = modes[n % 3]
            body = {"game": game, "opponent": mode, "seat": n % 2, "level": "beginner"}
            made = http.post("/api/games", json=body).json()
            seat = made["seats"][0]
            seats = {seat: made["token"]}
            if mode != "computer":
                seats[1 - seat] = made["invite_token"] if mode == "friend" else made["token"]
            players.append(Player(server.url, made, seats, seed=n))
    for p in players:
        p.start()

    def acked() -> int:
        return sum(len(p.acked) for p in players)

    deadline = time.monotonic() + 60
    while acked() < 3 * len(players):
        assert time.monotonic() < deadline, f"only {acked()} moves before the kill"
        time.sleep(0.05)
    victim = workers(server.process.pid)[0]
    os.kill(victim, signal.SIGKILL)  # in mid-play: requests are in flight on every worker
    killed_at = time.monotonic()
    before = acked()
    deadline = time.monotonic() + 90
    wanted: Callable[[], bool] = lambda: acked() >= before + 3 * len(players)  # noqa: E731
    while not wanted() and time.monotonic() < deadline:
        time.sleep(0.1)
    for p in players:
        p.stop.set()
    for p in players:
        p.join(timeout=30)
    assert not [p.failure for p in players if p.failure]
    assert wanted(), f"the other workers served only {acked() - before} moves after the kill"
    assert server.process.poll() is None  # the server itself is still up
    assert victim not in workers(server.process.pid)  # the victim is gone
    print(
        f"moves: {before} before the kill, {acked() - before} after; "
        f"{sum(p.lost_in_transit for p in players)} requests lost in transit"
    )
    after = [p for p in players if any(t > killed_at for t, *_ in p.acked)]
    finished = [p for p in players if p.view["result"] is not None]
    assert len(after) + len(finished) >= len(players) // 2, "most games went on after the kill"
    assert isinstance(server.database, str)
    store = Store(server.database)
    try:
        for p in players:
            data = store.load(p.gid)
            assert data is not None
            for _, version, index, action in p.acked:
                assert data.version >= version, (p.gid, version)
                assert data.actions[index] == action, (p.gid, index)
    finally:
        store.close()
    # Every game still answers, the computer's included.
    with httpx.Client(base_url=server.url, timeout=30) as http:
        for p in players:
            view = http.get(f"/api/games/{p.gid}").json()
            deadline = time.monotonic() + 30
            while view["result"] is None and view["to_move"] not in p.seats:
                assert time.monotonic() < deadline, f"{p.gid}: the computer never answered"
                time.sleep(0.1)
                view = http.get(f"/api/games/{p.gid}").json()
