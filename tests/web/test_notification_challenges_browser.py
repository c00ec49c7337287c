"""Answering challenges from /notifications in Chromium (a real ``shoal serve``).

Alice (a program, over HTTP) challenges Bob; Bob, signed in, has /notifications open.
Two more challenges arrive live; he declines one from the page (it then reads "Declined");
Alice withdraws the other (the open page reads "Withdrawn" at once); a fourth is withdrawn
just as Bob clicks Accept (the request is held until Alice's withdrawal is in): refused in
words on the row, nothing started. He accepts the first: he lands in the game, playing
his seat. Back on the page it reads "Accepted" with the game's link. At 390x844 and
1280x800, with screenshots in ``test-artifacts/``.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import httpx
import pytest

from .sockets_heard import HEARD, wait_heard
from .test_browser import DESKTOP, PHONE, _view

pytestmark = pytest.mark.browser

PASSWORD = "correct horse battery"


def _account(server: str, name: str) -> httpx.Client:
    client = httpx.Client(base_url=server, timeout=10)
    made = client.post("/api/auth/signup", json={"username": name, "password": PASSWORD})
    assert made.status_code == 201, made.text
    return client


def _challenge(alice: httpx.Client, bob: str) -> int:
    body = {"username": bob, "game": "syrtis", "colour": "first", "time_control": None}
    made = alice.post("/api/challenges", json=body)
    assert made.status_code == 201, made.text
    cid: int = made.json()["id"]
    return cid


def _status(bob: httpx.Client, cid: int) -> Any:
    for n in bob.get("/api/notifications").json()["notifications"]:
        if n["kind"] == "challenge" and n["data"]["challenge"] == str(cid):
            return n["challenge"]
    raise AssertionError(f"no notification of challenge {cid}")


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_accept_and_decline_challenges_from_the_notifications_page(
    server: str, browser: Any, artifacts: Path, viewport: dict[str, int]
) -> None:
    tag = secrets.token_hex(3)
    alice_name, bob_name = f"alice{tag}", f"bob{tag}"
    alice, bob = _account(server, alice_name), _account(server, bob_name)
    first = _challenge(alice, bob_name)

    context = browser.new_context(viewport=viewport)
    host = server.split("//")[1].split(":")[0]
    cookie = bob.cookies["shoal_session"]
    context.add_cookies([{"name": "shoal_session", "value": cookie, "domain": host, "path": "/"}])
    context.add_init_script(HEARD)
    page = context.new_page()
    page.goto(f"{server}/notifications")
    row = lambda cid: page.locator(f'#notices li[data-challenge="{cid}"]')  # noqa: E731
    row(first).locator("[data-accept-challenge]").wait_for()
    assert row(first).locator("[data-decline-challenge]").is_visible()
    terms = row(first).locator(".challenge-terms").inner_text()
    assert terms == "No clock · casual · you play second", terms
    wait_heard(page, "/api/notifications/ws")  # the server watches the page's socket

    declined, withdrawn = _challenge(alice, bob_name), _challenge(alice, bob_name)
    row(withdrawn).locator("[data-accept-challenge]").wait_for()  # arrived without a reload
    assert page.locator("#notices [data-accept-challenge]").count() == 3
    name = "phone" if viewport == PHONE else "desktop"
    page.screenshot(path=str(artifacts / f"notification-challenges-{name}.png"), full_page=True)

    # Decline from the page: the row says so, the challenge is declined
    row(declined).locator("[data-decline-challenge]").click()
    row(declined).locator(".challenge-state").filter(has_text="Declined.").wait_for()
    assert row(declined).locator("button").count() == 0
    assert _status(bob, declined)["status"] == "declined"

    # Alice withdraws one: the open page says so at once, with no button left
    assert alice.delete(f"/api/challenges/{withdrawn}").status_code == 200
    row(withdrawn).locator(".challenge-state").filter(has_text="Withdrawn by").wait_for()
    assert f"Withdrawn by {alice_name}." in row(withdrawn).inner_text()
    assert row(withdrawn).locator("button").count() == 0

    # ... and one more just as Bob clicks Accept on it: refused in words, nothing started
    raced = _challenge(alice, bob_name)
    row(raced).locator("[data-accept-challenge]").wait_for()

    def withdraw_first(route: Any) -> None:
        assert alice.delete(f"/api/challenges/{raced}").status_code == 200
        route.continue_()

    page.route(f"**/api/challenges/{raced}/accept", withdraw_first)
    row(raced).locator("[data-accept-challenge]").click()
    alert = row(raced).locator("[role=alert]")
    alert.filter(has_text="not open any more (it was cancelled)").wait_for()
    assert f"Withdrawn by {alice_name}." in row(raced).inner_text()
    assert _status(bob, raced)["status"] == "cancelled"
    assert _status(bob, raced)["game"] is None  # nothing started
    page.wait_for_timeout(300)  # a refill of the list keeps the refusal shown
    assert alert.is_visible() and page.url.endswith("/notifications")
    page.screenshot(path=str(artifacts / f"notification-challenges-answered-{name}.png"))

    # Accept the first: Bob lands in the game, on his seat
    row(first).locator("[data-accept-challenge]").click()
    page.wait_for_url("**/game/*")
    page.wait_for_selector("#board svg")
    gid = page.url.rsplit("/", 1)[1]
    token = page.evaluate(f"localStorage.getItem('shoal.token.{gid}')")
    view = _view(server, gid, token)
    assert view["you"] == [1] and view["players"] == [alice_name, bob_name]
    assert alice.get(f"/api/games/{gid}").json()["you"] == [0]
    assert bob.get(f"/api/games/{gid}").json()["you"] == [1]
    page.screenshot(path=str(artifacts / f"notification-challenge-game-{name}.png"))

    page.goto(f"{server}/notifications")
    row(first).locator(".challenge-state").filter(has_text="Accepted.").wait_for()
    link = row(first).locator(".challenge-state a")
    assert link.get_attribute("href") == f"/game/{gid}"
    assert page.locator("#notices [data-accept-challenge]").count() == 0
    context.close()
