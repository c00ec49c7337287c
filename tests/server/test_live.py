"""Against real ``shoal serve`` processes: races, SIGKILL in mid-play, the load test's short form.

Every test talks HTTP and WebSocket to a uvicorn process on 127.0.0.1, so what
is proven holds for the server as deployed, not only for the in-process client.
"""

from __future__ import annotations

import random
import sqlite3
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from shoal import games

from ._live import LiveServer, auth, script

ROOT = Path(__file__).resolve().parents[2]
Start = Callable[..., LiveServer]


def _post(http: httpx.Client, path: str, body: dict[str, Any], token: str) -> httpx.Response:
    return http.post(path, json=body, headers=auth(token))


# -- races ---------------------------------------------------------------------------------------
def _race(urls: tuple[str, str], rounds: int) -> None:
    """Two actions on one version at the same moment, ``rounds`` times: one wins, one gets 409."""
    barrier = threading.Barrier(2)
    clients = [httpx.Client(base_url=url, timeout=30) for url in urls]
    rng = random.Random(7)
    game_ids = ["connect4", *games.ids()]

    def send(i: int, gid: str, token: str, version: int, action: int) -> httpx.Response:
        barrier.wait()
        return _post(
            clients[i], f"/api/games/{gid}/actions", {"version": version, "action": action}, token
        )

    try:
        with ThreadPoolExecutor(2) as pool:
            view: dict[str, Any] = {"result": "none yet"}
            gid = token = ""
            for n in range(rounds):
                if view["result"] is not None:
                    made = (
                        clients[0]
                        .post(
                            "/api/games",
                            json={"game": game_ids[n % len(game_ids)], "opponent": "local"},
                        )
                        .json()
                    )
                    gid, token, view = made["id"], made["token"], made["view"]
                version = view["version"]
                actions = [rng.choice(view["legal"])["action"] for _ in range(2)]
                futures = [pool.submit(send, i, gid, token, version, actions[i]) for i in range(2)]
                responses = [f.result() for f in futures]
                codes = sorted(r.status_code for r in responses)
                assert codes == [200, 409], [r.text for r in responses]
                winner = next(r for r in responses if r.status_code == 200)
                loser = next(r for r in responses if r.status_code == 409)
                detail = loser.json()["detail"]
                assert "changed" in detail or detail == "the game is over"  # the winner ended it
                view = clients[0].get(f"/api/games/{gid}").json()
                assert view["version"] == version + 1 == winner.json()["version"]
                assert view["ply"] == winner.json()["ply"]
    finally:
        for c in clients:
            c.close()


def test_two_actions_on_one_version_one_process(live: Start) -> None:
    server = live("--log-level", "warning", "--games-per-client", "0")
    _race((server.url, server.url), rounds=60)


def test_two_actions_on_one_version_two_processes(live: Start) -> None:
    """Two processes on one SQLite file: the database's version check decides."""
    first = live("--log-level", "warning", "--games-per-client", "0")
    second = live("--log-level", "warning", "--games-per-client", "0")
    _race((first.url, second.url), rounds=40)


# -- SIGKILL in mid-play --------------------------------------------------------------------------
class Player(threading.Thread):
    """Plays random legal actions in one game until the server dies; remembers what was acked."""

    def __init__(self, url: str, made: dict[str, Any], seats: dict[int, str], seed: int) -> None:
        super().__init__(daemon=True)
        self.url, self.gid, self.seats = url, made["id"], seats
        self.view = made["view"]
        self.acked: list[tuple[int, int, int]] = []  # (version after, index, action)
        self.rng = random.Random(seed)
        self.stop = threading.Event()
        self.failure: str | None = None

    def run(self) -> None:
        with httpx.Client(base_url=self.url, timeout=10) as http:
            while not self.stop.is_set() and self.view["result"] is None:
                try:
                    if self.view["to_move"] not in self.seats:  # the computer's turn
                        time.sleep(0.02)
                        self.view = http.get(f"/api/games/{self.gid}").json()
                        continue
                    action = self.rng.choice(self.view["legal"])["action"]
                    index = self.view["ply"]
                    token = self.seats[self.view["to_move"]]
                    body = {"version": self.view["version"], "action": action}
                    response = _post(http, f"/api/games/{self.gid}/actions", body, token)
                except httpx.HTTPError:
                    return  # the server is gone: whatever was acknowledged is in self.acked
                if response.status_code != 200:
                    self.failure = response.text
                    return
                self.view = response.json()
                self.acked.append((self.view["version"], index, action))


def _stored_actions(db: Path, gid: str) -> tuple[int, list[int]]:
    import json

    with sqlite3.connect(db) as conn:
        version, actions = conn.execute(
            "select version, actions from shoal_games where id = ?", (gid,)
        ).fetchone()
    return int(version), list(json.loads(actions))


def test_sigkill_in_mid_play_loses_no_acknowledged_action(live: Start, tmp_path: Path) -> None:
    server = live("--log-level", "warning", "--games-per-client", "0", "--searches", "2")
    game_ids = ["connect4", *games.ids()]
    players: list[Player] = []
    with httpx.Client(base_url=server.url, timeout=30) as http:
        for n, game in enumerate(game_ids * 2):
            mode = ("friend", "local", "computer")[n % 3]
            body = {"game": game, "opponent": mode, "seat": n % 2, "level": "beginner"}
            made = http.post("/api/games", json=body).json()
            seat = made["seats"][0]
            seats = {seat: made["token"]}
            if mode == "friend":
                seats[1 - seat] = made["invite_token"]
            elif mode == "local":
                seats[1 - seat] = made["token"]
            players.append(Player(server.url, made, seats, seed=n))
    kill_in_mid_play(server, players)
    db = tmp_path / "live.sqlite3"
    for p in players:
        version, actions = _stored_actions(db, p.gid)
        for acked_version, index, action in p.acked:
            assert version >= acked_version
            assert actions[index] == action, (p.gid, index)
    # The same database, a new process: every game goes on, the computer's too.
    server.start()
    with httpx.Client(base_url=server.url, timeout=30) as http:
        for p in players:
            # stored actions first: the computer may resume and add more before the view
            _, actions = _stored_actions(db, p.gid)
            view = http.get(f"/api/games/{p.gid}").json()
            assert view["ply"] >= len(actions)  # the reloaded game has every stored action
            deadline = time.monotonic() + 30
            moves = 0
            while view["result"] is None and moves < 2 and time.monotonic() < deadline:
                if view["to_move"] not in p.seats:
                    time.sleep(0.05)  # the computer resumes by itself
                    view = http.get(f"/api/games/{p.gid}").json()
                    continue
                action = p.rng.choice(view["legal"])["action"]
                body = {"version": view["version"], "action": action}
                response = _post(
                    http, f"/api/games/{p.gid}/actions", body, p.seats[view["to_move"]]
                )
                assert response.status_code == 200, response.text
                view = response.json()
                moves += 1
            assert view["result"] is not None or moves == 2, view["to_move"]
        computer = [p for p in players if len(p.seats) == 1]
        for p in computer:  # the computer answers after the restart
            view = http.get(f"/api/games/{p.gid}").json()
            deadline = time.monotonic() + 30
            while view["result"] is None and view["to_move"] not in p.seats:
                assert time.monotonic() < deadline, "the computer did not resume"
                time.sleep(0.05)
                view = http.get(f"/api/games/{p.gid}").json()


# -- limits on a real process ------------------------------------------------------------------
def test_more_computer_turns_than_the_cap_all_complete(live: Start) -> None:
    """With --searches 1, many computer turns and hints at once queue up and all finish."""
    server = live("--log-level", "warning", "--games-per-client", "0", "--searches", "1")
    with httpx.Client(base_url=server.url, timeout=60) as http:
        made = [
            http.post("/api/games", json={"game": game, "seat": 1, "level": "beginner"}).json()
            for game in ["connect4", *games.ids()] * 2
        ]
        local = http.post("/api/games", json={"game": "connect4", "opponent": "local"}).json()

        def hint(_: int) -> int:
            r = _post(http, f"/api/games/{local['id']}/hint", {"version": 1}, local["token"])
            return r.status_code

        with ThreadPoolExecutor(4) as pool:
            assert list(pool.map(hint, range(4))) == [200] * 4
        deadline = time.monotonic() + 60
        for m in made:
            view = m["view"]
            while view["to_move"] == 0 or view["ply"] == 0:
                if view["result"] is not None:
                    break
                assert time.monotonic() < deadline, "a computer turn never came"
                time.sleep(0.05)
                view = http.get(f"/api/games/{m['id']}").json()
            assert view["ply"] >= 1


def test_the_creation_cap_answers_429(live: Start) -> None:
    server = live("--log-level", "warning", "--games-per-client", "3", "--client-window", "60")
    with httpx.Client(base_url=server.url, timeout=30) as http:
        codes = [
            http.post("/api/games", json={"game": "connect4", "opponent": "local"}).status_code
            for _ in range(4)
        ]
        assert codes == [201, 201, 201, 429]
        refused = http.post("/api/games", json={"game": "connect4", "opponent": "local"})
        assert "too many new games" in refused.json()["detail"]
        assert int(refused.headers["Retry-After"]) > 0


def test_an_oversized_body_answers_413(live: Start) -> None:
    server = live("--log-level", "warning", "--max-body", "4096")
    with httpx.Client(base_url=server.url, timeout=30) as http:
        response = http.post("/api/records", json={"text": "x" * 5000})
        assert response.status_code == 413
        assert "larger than the limit of 4096 bytes" in response.json()["detail"]
        assert http.get("/api/levels").status_code == 200  # still serving


# -- load, short form --------------------------------------------------------------------------
def _loadtest_module() -> Any:
    return script("loadtest")


@pytest.mark.parametrize("games_at_once", [20])
def test_load_short_form(games_at_once: int) -> None:
    """scripts/loadtest.py on its own server: 20 games (humans and computer), no errors."""
    summary = _loadtest_module().load_test(games_at_once, 4.0, computer_share=0.25, level="random")
    assert summary["errors"] == {}
    assert summary["human_actions"] > 0 and summary["computer_actions"] > 0
    assert summary["round_trip_ms"]["n"] > 0 and summary["round_trip_ms"]["p50"] > 0
    assert summary["games_started"] >= games_at_once


def kill_in_mid_play(server: LiveServer, players: list[Any]) -> None:
    """Start the player threads, SIGKILL the server once each has about four acked moves
    (moves are in flight then), and check that every player ended without a failure."""
    for p in players:
        p.start()
    deadline = time.monotonic() + 30
    while sum(len(p.acked) for p in players) < 4 * len(players) and time.monotonic() < deadline:
        time.sleep(0.02)
    server.kill()
    for p in players:
        p.join(timeout=20)
    assert not [p.failure for p in players if p.failure]
    assert sum(len(p.acked) for p in players) >= 4 * len(players)
