"""Helpers of the tournament tests: make an event, play its games through the API."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from fastapi.testclient import TestClient


def make(client: TestClient, **body: Any) -> int:
    """POST /api/tournaments; the new event's id."""
    response = client.post("/api/tournaments", json=body)
    assert response.status_code == 201, response.text
    return int(response.json()["id"])


def event(client: TestClient, tid: int) -> dict[str, Any]:
    """GET /api/tournaments/{id}."""
    response = client.get(f"/api/tournaments/{tid}")
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


def resign(client: TestClient, game_id: str) -> bool:
    """Resign ``game_id`` for the signed-in player when the game is on; True if done."""
    game = client.get(f"/api/games/{game_id}").json()
    if game.get("result") is not None or game.get("over"):
        return False
    response = client.post(f"/api/games/{game_id}/resign", json={"version": game["version"]})
    return response.status_code == 200


def play_out(
    tid: int,
    players: Sequence[TestClient],
    decide: Callable[[TestClient, str, dict[str, Any]], None],
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
    raise AssertionError(f"the event did not finish: {event(players[0], tid)}")
