"""Helpers of the tournament tests: make an event, play its games through the API."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from tests.clients import TestClient


def make(client: Any, **body: Any) -> int:
    """POST /api/tournaments; the new event's id."""
    response = client.post("/api/tournaments", json=body)
    assert response.status_code == 201, response.text
    return int(response.json()["id"])


def event(client: Any, tid: int) -> dict[str, Any]:
    """GET /api/tournaments/{id}."""
    response = client.get(f"/api/tournaments/{tid}")
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


def resign(client: Any, game_id: str) -> bool:
    """Resign ``game_id`` for the signed-in player when the game is on; True if done."""
    game = client.get(f"/api/games/{game_id}").json()
    if game.get("result") is not None or game.get("over"):
        return False
    response = client.post(f"/api/games/{game_id}/resign", json={"version": game["version"]})
    return response.status_code == 200


def play_out(
    tid: int,
    players: Sequence[Any],
    decide: Callable[[Any, str, dict[str, Any]], None],
    *,
    timeout: float = 120.0,
) -> dict[str, Any]:
    """Until the event is finished: each player's current game goes to ``decide``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        view = event(players[0], tid)
        if view["status"] == "finished":
            return view
        for client in players:
            mine = event(client, tid)
            if mine["your_game"]:
                decide(client, mine["your_game"], mine)
        time.sleep(0.1)
    view = event(players[0], tid)
    open_games = {}  # what each unfinished game shows: who is to move, is the computer on it
    for pairing in (p for r in view["rounds"] for p in r["pairings"] if p["result"] is None):
        if pairing["game"]:
            game = players[0].get(f"/api/games/{pairing['game']}").json()
            keys = ("version", "to_move", "thinking", "mode", "level", "result", "clock")
            open_games[pairing["game"]] = {k: game.get(k) for k in keys}
    raise AssertionError(f"the event did not finish: {open_games} in {view}")


class As:
    """One account on a shared app client: each request goes with the account's cookie.

    The tournament tests run one ``TestClient`` (one event loop, one lifespan, one set of
    background tasks) for everybody, as a server process does: several clients of one app
    would each run the app's background work on a loop of their own.
    """

    def __init__(self, client: TestClient, name: str) -> None:
        self.client = client
        self.name = name
        client.cookies.clear()
        response = client.post(
            "/api/auth/signup", json={"username": name, "password": "correct horse"}
        )
        assert response.status_code == 201, response.text
        self.cookie = client.cookies.get("shoal_session")

    def _as(self) -> TestClient:
        self.client.cookies.clear()
        if self.cookie:
            self.client.cookies.set("shoal_session", self.cookie)
        return self.client

    def get(self, url: str, **more: Any) -> Any:
        return self._as().get(url, **more)

    def post(self, url: str, **more: Any) -> Any:
        return self._as().post(url, **more)

    def put(self, url: str, **more: Any) -> Any:
        return self._as().put(url, **more)
