"""The server's own shoal-LEVEL bots accept a challenge at once and the computer plays them;
a rated game against one changes both ratings, and allows no undo and no hint."""

from __future__ import annotations

import time
from typing import Any

from tests.clients import TestClient

from .accounts_helpers import error, signup


def _wait_for_turn(client: TestClient, gid: str, seat: int) -> dict[str, Any]:
    deadline = time.monotonic() + 30
    while True:
        view: dict[str, Any] = client.get(f"/api/games/{gid}").json()
        if view["to_move"] == seat or view["result"] or time.monotonic() > deadline:
            return view
        time.sleep(0.05)


def test_a_challenge_to_a_computer_bot_starts_a_rated_game_the_computer_plays(
    client: TestClient,
) -> None:
    assert signup(client, "carol").status_code == 201
    made = client.post(
        "/api/challenges",
        json={"username": "shoal-random", "game": "cyclix", "colour": "second", "rated": True},
    )
    assert made.status_code == 201, made.text
    answer = made.json()
    assert answer["status"] == "accepted" and answer["url"] == f"/game/{answer['game']}"
    gid, seat = answer["game"], answer["seat"]
    assert seat == 1
    # the computer (the bot's seat) moves first, by itself
    view = _wait_for_turn(client, gid, seat)
    assert view["to_move"] == seat and len(view["turns"]) == 1
    assert view["players"] == ["shoal-random", "carol"]
    # a rated game: no undo, no hint
    version = view["version"]
    error(client.post(f"/api/games/{gid}/undo", json={"version": version}), 403, "rated")
    error(client.post(f"/api/games/{gid}/hint", json={"version": version}), 403, "rated")
    assert client.get(f"/api/games/{gid}").json()["version"] == version
    # the challenge is not left open for anyone to answer
    assert client.get("/api/challenges").json()["outgoing"] == []
    resigned = client.post(f"/api/games/{gid}/resign", json={"version": version})
    assert resigned.status_code == 200, resigned.text
    ratings = client.get(f"/api/games/{gid}/ratings").json()
    carol = client.get("/api/users/carol").json()["ratings"]["cyclix"]
    bot = client.get("/api/users/shoal-random").json()["ratings"]["cyclix"]
    assert carol["rating"] < 1500 < bot["rating"], ratings
    assert carol["games"] == bot["games"] == 1
