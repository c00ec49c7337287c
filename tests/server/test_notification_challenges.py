"""A challenge's notification carries the challenge's state now (SQLite and PostgreSQL),
so /notifications answers an open one in place: accepted (the game starts), declined,
withdrawn, expired, gone. Answering one not open, or another's, is refused in words and
changes nothing."""

from __future__ import annotations

import datetime
from typing import Any

from shoal.server.accounts.models import utcnow
from tests.clients import TestClient

from .accounts_helpers import error, rows


def challenge(client: TestClient, username: str = "bobby") -> int:
    body = {"username": username, "game": "syrtis", "colour": "first", "time_control": "3d"}
    made = client.post("/api/challenges", json=body)
    assert made.status_code == 201, made.text
    cid: int = made.json()["id"]
    return cid


def states(client: TestClient) -> dict[int, Any]:
    """Each challenge notification's challenge (id, status, game), by challenge id."""
    got = client.get("/api/notifications")
    assert got.status_code == 200, got.text
    out = {}
    for n in got.json()["notifications"]:
        assert n["kind"] == "challenge"
        c = n["challenge"]
        out[int(n["data"]["challenge"])] = c and {k: c[k] for k in ("id", "status", "game")}
    return out


def test_an_open_challenge_is_accepted_from_its_notification(three: Any, db: str) -> None:
    _, a, b, _ = three
    cid = challenge(a)
    assert states(b) == {cid: {"id": cid, "status": "open", "game": None}}
    (notice,) = b.get("/api/notifications").json()["notifications"]
    terms = {k: notice["challenge"][k] for k in ("time_control", "rated", "colour")}
    assert terms == {"time_control": "3d", "rated": False, "colour": "first"}  # what is offered
    answer = b.post(f"/api/challenges/{cid}/accept")
    assert answer.status_code == 200, answer.text
    game = answer.json()["game"]
    assert answer.json()["url"] == f"/game/{game}"
    assert b.get(answer.json()["url"]).status_code == 200  # the page it lands on
    assert b.get(f"/api/games/{game}").json()["you"] == [1]  # bobby plays by his cookie
    assert states(b) == {cid: {"id": cid, "status": "accepted", "game": game}}


def test_declined_withdrawn_and_expired_read_as_such(three: Any) -> None:
    app, a, b, _ = three
    store = app.state.context.challenges.store
    start = utcnow()
    store.now = lambda: start
    declined, withdrawn, expired = challenge(a), challenge(a), challenge(a)
    assert b.post(f"/api/challenges/{declined}/decline").json()["status"] == "declined"
    assert a.delete(f"/api/challenges/{withdrawn}").status_code == 200
    store.now = lambda: start + datetime.timedelta(days=7, seconds=1)
    assert states(b) == {
        declined: {"id": declined, "status": "declined", "game": None},
        withdrawn: {"id": withdrawn, "status": "cancelled", "game": None},
        expired: {"id": expired, "status": "expired", "game": None},
    }


def test_answers_that_cannot_be_are_refused_and_change_nothing(three: Any, db: str) -> None:
    _, a, b, c = three
    taken = challenge(a)
    game = b.post(f"/api/challenges/{taken}/accept").json()["game"]
    games_before = rows(db, "SELECT count(*) FROM shoal_games")
    # already taken: a second accept (another tab), a decline after it
    error(b.post(f"/api/challenges/{taken}/accept"), 409, "not open any more (it was accepted)")
    error(b.post(f"/api/challenges/{taken}/decline"), 409, "not open any more (it was accepted)")
    # someone else's: carol answers the challenge alice sent bobby
    other = challenge(a)
    error(c.post(f"/api/challenges/{other}/accept"), 403, "only the challenged player")
    error(c.post(f"/api/challenges/{other}/decline"), 403, "only the challenged player")
    error(c.post("/api/challenges/99999/accept"), 404, "no challenge 99999")
    assert rows(db, "SELECT count(*) FROM shoal_games") == games_before
    assert states(b) == {
        other: {"id": other, "status": "open", "game": None},
        taken: {"id": taken, "status": "accepted", "game": game},
    }
    assert states(c) == {}  # carol's list has none of it


def test_a_notification_whose_challenge_is_gone_says_so(three: Any) -> None:
    app, a, b, _ = three
    cid = challenge(a)
    store = app.state.context.challenges.store
    with store.engine.begin() as connection:
        connection.exec_driver_sql(f"DELETE FROM shoal_challenges WHERE id = {int(cid)}")
    assert states(b) == {cid: None}
    error(b.post(f"/api/challenges/{cid}/accept"), 404, f"no challenge {cid}")


def test_the_challenged_pages_hear_of_each_answer(three: Any) -> None:
    _, a, b, _ = three
    withdrawn, declined, accepted = challenge(a), challenge(a), challenge(a)
    with b.websocket_connect("/api/notifications/ws") as ws:
        assert ws.receive_json() == {"type": "notification", "unread": 3}
        assert a.delete(f"/api/challenges/{withdrawn}").status_code == 200
        assert ws.receive_json() == {"type": "notification", "unread": 3}  # list again
        assert b.post(f"/api/challenges/{declined}/decline").status_code == 200
        assert ws.receive_json() == {"type": "notification", "unread": 3}
        assert b.post(f"/api/challenges/{accepted}/accept").status_code == 200
        assert ws.receive_json() == {"type": "notification", "unread": 3}
    assert [c["status"] for c in states(b).values()] == ["accepted", "declined", "cancelled"]
