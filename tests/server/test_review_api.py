"""The review API (issue 26): a finished game reviewed once in the background, with progress.

Each test runs on SQLite and on PostgreSQL (the ``client`` fixture).
"""

from __future__ import annotations

import time
from typing import Any

from shoal.games import get
from shoal.records import Record
from tests.clients import TestClient


def _local_game(client: TestClient, moves: list[str]) -> tuple[str, str]:
    made = client.post("/api/games", json={"game": "connect4", "opponent": "local"}).json()
    gid, token = made["id"], made["token"]
    version = made["view"]["version"] if "view" in made else made["version"]
    for text in moves:
        response = client.post(
            f"/api/games/{gid}/actions",
            json={"version": version, "text": text},
            headers={"X-Shoal-Token": token},
        )
        assert response.status_code == 200, response.text
        version = response.json()["version"]
    return gid, token


WIN = ["d", "c", "d", "c", "d", "a", "d"]  # four in column d: the first player wins


def _wait_done(client: TestClient, url: str) -> tuple[dict[str, Any], list[tuple[int, int]]]:
    seen: list[tuple[int, int]] = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        status = client.get(url).json()
        seen.append((status["done"], status["total"]))
        if status["status"] != "running":
            return status, seen
        time.sleep(0.02)
    raise AssertionError(f"the review did not end: {seen[-1]}")


def test_a_finished_game_is_reviewed_once_with_progress(client: TestClient) -> None:
    gid, _ = _local_game(client, WIN)
    url = f"/api/games/{gid}/review"
    assert client.get(url).json()["status"] == "none"
    started = client.post(url, json={})
    assert started.status_code == 200, started.text
    assert started.json()["status"] in ("running", "done")
    status, seen = _wait_done(client, url)
    assert status["status"] == "done", status
    review = status["review"]
    assert review["game"] == "connect4"
    assert [t["played"] for t in review["turns"]] == WIN
    assert len(review["graph"]) == len(WIN) + 1
    assert [p["turns"] for p in review["players"]] == [4, 3]
    assert status["done"] == status["total"] > 0
    assert all(done <= total for done, total in seen)
    # computed once: a second request returns the stored review at once
    again = client.post(url, json={}).json()
    assert again["status"] == "done"
    assert again["review"] == review


def test_an_unfinished_game_is_refused_in_words(client: TestClient) -> None:
    gid, _ = _local_game(client, WIN[:3])
    response = client.post(f"/api/games/{gid}/review", json={})
    assert response.status_code == 409
    assert "not over yet" in response.json()["detail"]
    assert client.get(f"/api/games/{gid}/review").json()["status"] == "none"


def test_a_resigned_game_is_reviewed(client: TestClient) -> None:
    gid, token = _local_game(client, WIN[:4])
    version = client.get(f"/api/games/{gid}").json()["version"]
    resigned = client.post(
        f"/api/games/{gid}/resign", json={"version": version}, headers={"X-Shoal-Token": token}
    )
    assert resigned.status_code == 200, resigned.text
    client.post(f"/api/games/{gid}/review", json={"level": "quick"})
    status, _ = _wait_done(client, f"/api/games/{gid}/review?level=quick")
    assert status["status"] == "done"
    assert len(status["review"]["turns"]) == 4


def test_unknown_games_records_and_levels_are_refused(client: TestClient) -> None:
    for method in ("get", "post"):
        response = getattr(client, method)("/api/games/nosuchgame/review")
        assert response.status_code == 404
        assert "nosuchgame" in response.json()["detail"]
        response = getattr(client, method)("/api/records/nosuchrecord/review")
        assert response.status_code == 404
    gid, _ = _local_game(client, WIN)
    response = client.post(f"/api/games/{gid}/review", json={"level": "forever"})
    assert response.status_code == 400
    assert "'forever' is unknown" in response.json()["detail"]
    assert client.get(f"/api/games/{gid}/review").json()["status"] == "none"


def test_an_uploaded_record_is_reviewed(client: TestClient) -> None:
    game = get("connect4")
    state, actions = game.initial(), []
    for text in WIN:
        action = state.parse_action(text)
        actions.append(action)
        state = state.child(action)
    text = Record.from_actions(game, actions).to_text()
    made = client.post("/api/records", json={"text": text}).json()
    url = f"/api/records/{made['id']}/review"
    client.post(url, json={})
    status, _ = _wait_done(client, url)
    assert status["status"] == "done"
    assert status["review"]["turns"][-1]["played"] == "d"
