"""The prelude every change goes through (``shoal.server.games.changes.change``), pinned
by its order.

Actions, undo, resignation and hints share one prelude: the token, then (except for an
undo) whether the game is over, then the version the client saw. When a request is wrong
in two ways, the first check in that order answers, and nothing changes.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from shoal.server import create_app
from tests.clients import TestClient

from ._live import auth

CHANGES = ("actions", "undo", "resign", "hint")


# a SQLite file, as a server has (the in-memory database's one shared connection answered
# 503 once in a CI run and once in a -n 2 run: issue 37's note)
pytestmark = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, games_per_client=0)) as c:
        yield c


def new_game(client: TestClient, opponent: str) -> dict[str, Any]:
    response = client.post("/api/games", json={"game": "connect4", "opponent": opponent})
    assert response.status_code == 201, response.text
    made: dict[str, Any] = response.json()
    return made


def send(client: TestClient, gid: str, change: str, token: str, version: int) -> Any:
    body: dict[str, Any] = {"version": version}
    if change == "actions":
        body["action"] = 3
    return client.post(f"/api/games/{gid}/{change}", json=body, headers=auth(token))


def refused(response: Any, status: int, detail: str) -> None:
    assert response.status_code == status, response.text
    assert response.json()["detail"] == detail


def version_of(client: TestClient, gid: str) -> int:
    version: int = client.get(f"/api/games/{gid}").json()["version"]
    return version


@pytest.mark.parametrize("change", CHANGES)
def test_a_wrong_token_is_refused_before_a_stale_version(client: TestClient, change: str) -> None:
    made = new_game(client, "local")
    response = send(client, made["id"], change, "not-a-token", version=99)
    refused(response, 403, "this token does not play in this game")
    assert version_of(client, made["id"]) == 1


@pytest.mark.parametrize("change", ["actions", "resign", "hint"])
def test_an_ended_game_is_refused_before_a_stale_version(client: TestClient, change: str) -> None:
    made = new_game(client, "local")
    gid, token = made["id"], made["token"]
    assert send(client, gid, "resign", token, version=1).status_code == 200
    response = send(client, gid, change, token, version=1)
    refused(response, 409, "the game is over")
    assert version_of(client, gid) == 2


def test_an_undo_checks_the_version_even_when_the_game_is_over(client: TestClient) -> None:
    made = new_game(client, "local")
    gid, token = made["id"], made["token"]
    assert send(client, gid, "resign", token, version=1).status_code == 200
    refused(
        send(client, gid, "undo", token, version=1),
        409,
        "the game has changed (version 2, you sent 1): reload and try again",
    )
    refused(
        send(client, gid, "undo", token, version=2),
        409,
        "the game is over: there is nothing to undo",
    )
    assert version_of(client, gid) == 2


def test_online_hints_are_refused_before_the_version_and_undo_after(client: TestClient) -> None:
    made = new_game(client, "friend")
    gid, token = made["id"], made["token"]
    refused(
        send(client, gid, "hint", token, version=7),
        403,
        "hints are off in games between people online",
    )
    refused(
        send(client, gid, "undo", token, version=7),
        409,
        "the game has changed (version 1, you sent 7): reload and try again",
    )
    refused(
        send(client, gid, "undo", token, version=1),
        403,
        "undo is only for games against the computer or at one screen",
    )
    assert version_of(client, gid) == 1


@pytest.mark.parametrize("change", CHANGES)
def test_the_other_players_token_is_not_your_turn(client: TestClient, change: str) -> None:
    made = new_game(client, "friend")
    gid, invite = made["id"], made["invite_token"]
    response = send(client, gid, change, invite, version=1)
    if change == "resign":  # a resignation resigns the token's own seat, whoever is to move
        assert response.status_code == 200 and response.json()["result"]["winner"] == 0
    elif change == "undo":
        refused(response, 403, "undo is only for games against the computer or at one screen")
    elif change == "hint":
        refused(response, 403, "hints are off in games between people online")
    else:
        refused(response, 409, "it is not your turn: your opponent is to move")
