"""A correspondence deadline of a few seconds, in real time, across a restart of a real server.

``shoal serve --correspondence-day 6`` makes a "day" six seconds (three were too few on a
loaded machine: the day could pass between Bob's move and the check that Alice has the move). Bob moves, the
server is killed (SIGKILL: nothing runs at shutdown) while Alice has the move, it
starts again and, with nobody connected, ends the game on time.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import httpx

from ._live import LiveServer, auth
from .accounts_helpers import PASSWORD


def _account(server: LiveServer, name: str) -> httpx.Client:
    client = httpx.Client(base_url=server.url, timeout=10)
    response = client.post("/api/auth/signup", json={"username": name, "password": PASSWORD})
    assert response.status_code == 201, response.text
    return client


def _move(client: httpx.Client, gid: str, token: str) -> None:
    view = client.get(f"/api/games/{gid}").json()
    response = client.post(
        f"/api/games/{gid}/actions",
        json={"version": view["version"], "action": view["legal"][0]["action"]},
        headers=auth(token),
    )
    assert response.status_code == 200, response.text


def test_a_deadline_of_seconds_ends_the_game_across_a_real_restart(
    live: Callable[..., LiveServer],
) -> None:
    server = live("--correspondence-day", "6", "--sweep-every", "0.2")
    alice, bob = _account(server, "alice"), _account(server, "bob")
    made = alice.post(
        "/api/games",
        json={"game": "connect4", "opponent": "friend", "seat": 0, "correspondence_days": 1},
    ).json()
    gid = made["id"]
    token = bob.post(f"/api/games/{gid}/claim", json={}, headers=auth(made["invite_token"])).json()[
        "token"
    ]
    assert bob.get(f"/api/games/{gid}").json()["you"] == [1]  # bob's account's from the claim
    _move(alice, gid, made["token"])
    _move(bob, gid, token)
    view = alice.get(f"/api/games/{gid}").json()
    assert view["to_move"] == 0 and view["correspondence"]["seat"] == 0
    deadline = view["correspondence"]["deadline"]
    assert 0 < deadline - time.time() <= 6.5
    for client in (alice, bob):
        client.close()
    server.kill()  # nobody connected, no shutdown code
    time.sleep(max(0.0, deadline - time.time()) + 0.5)  # the deadline passes while it is down
    server.start()
    ended = None
    until = time.monotonic() + 10
    while time.monotonic() < until:
        ended = httpx.get(f"{server.url}/api/games/{gid}", timeout=5).json()["result"]
        if ended is not None:
            break
        time.sleep(0.1)
    assert ended is not None, "the game did not end on time after the restart"
    assert ended["winner"] == 1 and "ran out of time" in ended["reason"]
    again = httpx.Client(base_url=server.url, timeout=10)
    again.post("/api/auth/login", json={"username": "bob", "password": PASSWORD})
    kinds = [n["kind"] for n in again.get("/api/notifications").json()["notifications"]]
    assert kinds.count("game_ended") == 1 and kinds.count("your_turn") == 1, kinds
    again.close()
