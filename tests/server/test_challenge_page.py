"""A challenge's own page, ``/challenges/ID`` (the link of its notification and mail), and
``GET /api/challenges/ID`` behind it: its two players only, what became of it. (The mail's
link, received by a real SMTP server: ``test_mail.py``.)"""

from __future__ import annotations

import datetime
from typing import Any

from shoal.server import create_app
from shoal.server.accounts.models import utcnow
from tests.clients import TestClient

from .accounts_helpers import error

PAGE = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"}
"""What a browser asks for."""


def challenge(client: TestClient, **more: Any) -> int:
    body = {"username": "bobby", "game": "syrtis", "colour": "first", "time_control": "2d", **more}
    made = client.post("/api/challenges", json=body)
    assert made.status_code == 201, made.text
    cid: int = made.json()["id"]
    return cid


def test_both_players_see_the_page_and_the_challenge(three: Any) -> None:
    _, a, b, _ = three
    cid = challenge(a, options={"variant": "minor"}, rated=True)
    for client in (a, b):
        page = client.get(f"/challenges/{cid}", headers=PAGE)
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        assert "/static/challenge-page.js" in page.text
    seen = b.get(f"/api/challenges/{cid}").json()
    assert {k: seen[k] for k in ("challenger", "challenged", "you", "status", "url")} == {
        "challenger": "alice",
        "challenged": "bobby",
        "you": "challenged",
        "status": "open",
        "url": None,
    }
    assert (seen["title"], seen["options"], seen["time_control"]) == (
        "Syrtis",
        {"variant": "minor"},
        "2d",
    )
    assert (seen["colour"], seen["rated"]) == ("first", True)
    created = datetime.datetime.fromisoformat(seen["created"].rstrip("Z"))
    expires = datetime.datetime.fromisoformat(seen["expires"].rstrip("Z"))
    assert expires - created == datetime.timedelta(days=7)
    assert a.get(f"/api/challenges/{cid}").json()["you"] == "challenger"


def test_the_notification_links_to_the_page(three: Any) -> None:
    _, a, b, _ = three
    cid = challenge(a)
    [notice] = b.get("/api/notifications").json()["notifications"]
    assert notice["data"]["link"] == f"/challenges/{cid}"


def test_a_stranger_is_refused_in_words(three: Any) -> None:
    _, a, _, c = three
    cid = challenge(a)
    page = c.get(f"/challenges/{cid}", headers=PAGE)
    assert page.status_code == 403 and page.headers["content-type"].startswith("text/html")
    assert f"Challenge {cid} is between two other players" in page.text
    assert "signed in as carol" in page.text and "challenge-page.js" not in page.text
    error(c.get(f"/api/challenges/{cid}"), 403, "between two other players")


def test_unknown_bad_and_signed_out(three: Any, db: str) -> None:
    _, a, _, _ = three
    cid = challenge(a)
    page = a.get("/challenges/999", headers=PAGE)
    assert page.status_code == 404 and "There is no challenge 999" in page.text
    error(a.get("/api/challenges/999"), 404, "no challenge 999")
    for bad, words in (("0", "at least 1"), ("abc", "a whole number"), (str(2**63), "smaller")):
        page = a.get(f"/challenges/{bad}", headers=PAGE)
        assert page.status_code == 422 and words in page.text, page.text
        error(a.get(f"/api/challenges/{bad}"), 422, words)
    with TestClient(create_app(db), follow_redirects=False) as guest:
        page = guest.get(f"/challenges/{cid}", headers=PAGE)
        assert page.status_code == 303
        assert page.headers["location"] == f"/login?next=/challenges/{cid}"
        error(guest.get(f"/api/challenges/{cid}"), 401, "not signed in")


def test_what_became_of_it(three: Any) -> None:
    app, a, b, _ = three
    accepted, declined, cancelled, expired = (challenge(a) for _ in range(4))
    answer = b.post(f"/api/challenges/{accepted}/accept").json()
    assert b.post(f"/api/challenges/{declined}/decline").status_code == 200
    assert a.delete(f"/api/challenges/{cancelled}").status_code == 200
    store = app.state.context.challenges.store
    store.now = lambda: utcnow() + datetime.timedelta(days=7, seconds=1)
    for client in (a, b):
        seen = client.get(f"/api/challenges/{accepted}").json()
        assert (seen["status"], seen["game_id"]) == ("accepted", answer["game"])
        assert seen["url"] == f"/game/{answer['game']}" == answer["url"]
        assert client.get(f"/challenges/{accepted}", headers=PAGE).status_code == 200
        for cid, status in ((declined, "declined"), (cancelled, "cancelled"), (expired, "expired")):
            seen = client.get(f"/api/challenges/{cid}").json()
            assert (seen["status"], seen["url"]) == (status, None)
