"""Challenges (issue 22): by name, accepted, declined, withdrawn, expired after 7 days."""

from __future__ import annotations

import datetime
import time
from collections.abc import Iterator
from typing import Any

import pytest

from shoal.server import create_app
from shoal.server.accounts.models import utcnow
from shoal.server.challenges.models import Challenge
from tests.clients import TestClient

from .accounts_helpers import error, signup


@pytest.fixture
def two(db: str) -> Iterator[tuple[Any, TestClient, TestClient]]:
    app = create_app(db)
    with TestClient(app) as a, TestClient(app) as b:
        assert signup(a, "alice").status_code == 201
        assert signup(b, "bobby").status_code == 201
        yield app, a, b


def challenge(client: TestClient, **more: Any) -> Any:
    body = {"username": "bobby", "game": "syrtis", "colour": "first", "time_control": "2d", **more}
    return client.post("/api/challenges", json=body)


def test_a_challenge_is_seen_accepted_and_starts_the_game(two: Any) -> None:
    app, a, b = two
    seen: list[Challenge] = []
    app.state.context.lobby.challenge_hooks.append(seen.append)
    made = challenge(a, options={"variant": "minor"})
    assert made.status_code == 201, made.text
    assert [c.id for c in seen] == [made.json()["id"]]  # the hook of new challenges ran
    notices = b.get("/api/notifications").json()["notifications"]
    assert [n["kind"] for n in notices] == ["challenge"]
    assert "alice challenges you to Syrtis" in notices[0]["text"]
    incoming = b.get("/api/challenges").json()
    assert [(c["challenger"], c["options"]) for c in incoming["incoming"]] == [
        ("alice", {"variant": "minor"})
    ]
    assert incoming["outgoing"] == []
    assert a.get("/api/challenges").json()["outgoing"][0]["challenged"] == "bobby"
    cid = made.json()["id"]
    error(a.post(f"/api/challenges/{cid}/accept"), 403, "only the challenged")
    with a.websocket_connect("/api/lobby/ws") as ws:
        ws.receive_json()
        answer = b.post(f"/api/challenges/{cid}/accept").json()
        start = ws.receive_json()
    assert start["type"] == "start" and start["game"] == answer["game"]
    assert (answer["seat"], start["seat"]) == (1, 0)
    data = app.state.context.store.load(answer["game"])
    assert (data.players, data.time_control, data.options) == (
        ["alice", "bobby"],
        "2d",
        {"variant": "minor"},
    )
    assert a.get(f"/api/games/{answer['game']}").json()["you"] == [0]  # by the cookie
    error(b.post(f"/api/challenges/{cid}/accept"), 409, "not open any more (it was accepted)")
    assert b.get("/api/challenges").json() == {"incoming": [], "outgoing": []}


def test_the_answering_players_other_tabs_hear_of_it(two: Any) -> None:
    """Accepting, declining or withdrawing in one tab refreshes the player's other lobby and
    challenge pages: their lobby socket gets a "challenges" message, and the page's first
    message is its seeks (the two clients share the app's one loop and one relay, as two
    browsers of one server process do: no event of this process comes back as another's).
    """
    _, a, b = two
    for answer in ("accept", "decline", "withdraw"):
        cid = challenge(a).json()["id"]
        actor = a if answer == "withdraw" else b
        with actor.websocket_connect("/api/lobby/ws") as other_tab:
            assert other_tab.receive_json()["type"] == "seeks"
            if answer == "withdraw":
                done = actor.delete(f"/api/challenges/{cid}")
            else:
                done = actor.post(f"/api/challenges/{cid}/{answer}")
            assert done.status_code == 200, done.text
            assert other_tab.receive_json() == {"type": "challenges"}


def test_declined_and_withdrawn(two: Any) -> None:
    _, a, b = two
    cid = challenge(a).json()["id"]
    error(a.post(f"/api/challenges/{cid}/decline"), 403, "only the challenged")
    assert b.post(f"/api/challenges/{cid}/decline").json()["status"] == "declined"
    error(b.post(f"/api/challenges/{cid}/accept"), 409, "it was declined")
    cid = challenge(a).json()["id"]
    error(b.delete(f"/api/challenges/{cid}"), 403, "only the challenger")
    assert a.delete(f"/api/challenges/{cid}").json()["status"] == "cancelled"
    error(b.post(f"/api/challenges/{cid}/accept"), 409, "it was cancelled")


def test_a_challenge_expires_after_seven_days(two: Any) -> None:
    app, a, b = two
    store = app.state.context.challenges.store
    start = utcnow()
    store.now = lambda: start
    cid = challenge(a).json()["id"]
    store.now = lambda: start + datetime.timedelta(days=6, hours=23)
    assert len(b.get("/api/challenges").json()["incoming"]) == 1
    store.now = lambda: start + datetime.timedelta(days=7, seconds=1)
    assert b.get("/api/challenges").json()["incoming"] == []
    error(b.post(f"/api/challenges/{cid}/accept"), 409, "expired")
    assert store.challenge(cid).status == "expired"


def test_bad_challenges_are_refused_in_words(two: Any, db: str) -> None:
    _, a, b = two
    error(challenge(a, username="nobody"), 404, "no player 'nobody'")
    error(challenge(a, username="alice"), 400, "cannot challenge yourself")
    error(challenge(a, options={"bogus": 1}), 422, "unknown option 'bogus'")
    error(challenge(a, time_control="30d"), 422, "1 to 14 days")
    error(b.post("/api/challenges/999/accept"), 404, "no challenge 999")
    assert b.get("/api/challenges").json()["incoming"] == []
    for _ in range(10):
        assert challenge(a).status_code == 201
    error(challenge(a), 429, "10 open challenges")
    with TestClient(create_app(db)) as guest:
        error(challenge(guest), 401, "not signed in")


def test_a_tab_hears_each_change_once(two: Any) -> None:
    """A change is told to a lobby page once: the challenge's "challenges", then the next
    change's seeks, with no second copy of the first in between (on PostgreSQL too, where the
    relay must not hand this process's own events back to it)."""
    _, a, b = two
    with b.websocket_connect("/api/lobby/ws") as tab:
        assert tab.receive_json()["type"] == "seeks"
        assert challenge(a).status_code == 201
        assert tab.receive_json() == {"type": "challenges"}
        time.sleep(0.3)  # what a second relay would deliver arrives meanwhile
        body = {"game": "connect4", "colour": "first", "time_control": "3d"}
        assert a.post("/api/seeks", json=body).status_code == 201
        assert tab.receive_json()["type"] == "seeks"
