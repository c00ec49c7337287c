"""Notifications that keep pages live (issue 40, defects 5 and 6), on SQLite and PostgreSQL.

An accepted challenge tells the challenger, on the notifications' socket every page of hers
holds, with the game's link (her pages go there); a draw offer answered or withdrawn is
marked read in the bell of the player it was made to.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from shoal.server import create_app
from tests.clients import TestClient

from .accounts_helpers import signup


@pytest.fixture
def two(db: str) -> Iterator[tuple[Any, TestClient, TestClient]]:
    app = create_app(db)
    with TestClient(app) as a, TestClient(app) as b:
        assert signup(a, "alice").status_code == 201
        assert signup(b, "bobby").status_code == 201
        yield app, a, b


def _game(a: TestClient, b: TestClient) -> str:
    body = {"username": "bobby", "game": "cyclix", "colour": "first", "time_control": "2d"}
    cid = a.post("/api/challenges", json=body).json()["id"]
    accepted = b.post(f"/api/challenges/{cid}/accept")
    assert accepted.status_code == 200, accepted.text
    game: str = accepted.json()["game"]
    return game


def test_an_accepted_challenge_tells_the_challenger_on_every_page(two: Any) -> None:
    _, a, b = two
    body = {"username": "bobby", "game": "cyclix", "colour": "first", "time_control": "2d"}
    cid = a.post("/api/challenges", json=body).json()["id"]
    with a.websocket_connect("/api/notifications/ws") as bell:
        bell.receive_json()  # the unread count on opening
        game = b.post(f"/api/challenges/{cid}/accept").json()["game"]
        stored = a.get("/api/notifications").json()["notifications"]
        assert [n["kind"] for n in stored] == ["challenge"]  # (so the socket has it to send)
        message = bell.receive_json()
        for _ in range(3):  # a count alone may come first
            if "notification" in message:
                break
            message = bell.receive_json()
    notice = message["notification"]
    assert notice["kind"] == "challenge" and notice["game"] == game
    assert notice["data"] == {"accepted": True, "by": "bobby", "link": f"/game/{game}"}
    assert notice["text"] == "bobby accepted your challenge: Cyclix"
    assert message["unread"] == 1


@pytest.mark.parametrize("answer", ["decline", "accept"])
def test_an_answered_draw_offer_is_read(two: Any, answer: str) -> None:
    _, a, b = two
    game = _game(a, b)
    view = a.get(f"/api/games/{game}").json()
    played = a.post(
        f"/api/games/{game}/actions",
        json={"version": view["version"], "action": view["legal"][0]["action"]},
    )
    assert played.status_code == 200, played.text
    version = played.json()["version"]
    offered = a.post(f"/api/games/{game}/draw", json={"version": version, "action": "offer"})
    assert offered.status_code == 200, offered.text
    offers = lambda: [  # noqa: E731
        n for n in b.get("/api/notifications").json()["notifications"] if n["kind"] == "offer"
    ]
    assert [n["read"] for n in offers()] == [False]
    version = b.get(f"/api/games/{game}").json()["version"]
    done = b.post(f"/api/games/{game}/draw", json={"version": version, "action": answer})
    assert done.status_code == 200, done.text
    assert [n["read"] for n in offers()] == [True]


def test_a_withdrawn_draw_offer_is_read(two: Any) -> None:
    _, a, b = two
    game = _game(a, b)
    view = a.get(f"/api/games/{game}").json()
    version = a.post(
        f"/api/games/{game}/actions",
        json={"version": view["version"], "action": view["legal"][0]["action"]},
    ).json()["version"]
    a.post(f"/api/games/{game}/draw", json={"version": version, "action": "offer"})
    version = a.get(f"/api/games/{game}").json()["version"]
    done = a.post(f"/api/games/{game}/draw", json={"version": version, "action": "withdraw"})
    assert done.status_code == 200, done.text
    offers = [
        n for n in b.get("/api/notifications").json()["notifications"] if n["kind"] == "offer"
    ]
    assert offers and all(n["read"] for n in offers)
