"""Notifications in Chromium (issue 22): the unread count in the navigation updates live.

Bob has the notifications page open, hidden in the background, with system notifications
allowed; Alice (a program, over HTTP) moves in their correspondence game. Without a
reload Bob's badge shows 1, the list shows the turn and a system notification is made
(the page's ``Notification`` is recorded: a headless browser shows none). Then he marks
all read, and sets an email address on the settings page (a bad one refused in words).
Screenshots at 390x844 and 1280x800 go to ``test-artifacts/``.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import httpx
import pytest

from .sockets_heard import HEARD, wait_heard
from .test_browser import DESKTOP, PHONE

pytestmark = pytest.mark.browser

PASSWORD = "correct horse battery"

RECORD_NOTIFICATIONS = """
Object.defineProperty(document, "hidden", { get: () => window.__hidden === true });
window.__shown = [];
class FakeNotification {
  static permission = "granted";
  static requestPermission() { return Promise.resolve("granted"); }
  constructor(title, options) { window.__shown.push({ title, body: options.body }); }
}
window.Notification = FakeNotification;
"""


def _account(server: str, name: str) -> httpx.Client:
    client = httpx.Client(base_url=server, timeout=10)
    made = client.post("/api/auth/signup", json={"username": name, "password": PASSWORD})
    assert made.status_code == 201, made.text
    return client


def _move(client: httpx.Client, gid: str, token: str) -> None:
    view = client.get(f"/api/games/{gid}").json()
    moved = client.post(
        f"/api/games/{gid}/actions",
        json={"version": view["version"], "action": view["legal"][0]["action"]},
        headers={"X-Shoal-Token": token},
    )
    assert moved.status_code == 200, moved.text


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_badge_and_list_update_live_and_a_hidden_page_notifies(
    server: str, browser: Any, artifacts: Path, viewport: dict[str, int]
) -> None:
    tag = secrets.token_hex(3)
    alice, bob = _account(server, f"alice{tag}"), _account(server, f"bob{tag}")
    made = alice.post(
        "/api/games",
        json={"game": "connect4", "opponent": "friend", "seat": 0, "correspondence_days": 3},
    ).json()
    gid = made["id"]
    token = bob.post(
        f"/api/games/{gid}/claim", json={}, headers={"X-Shoal-Token": made["invite_token"]}
    ).json()["token"]
    bob.post("/api/me/claims", json={"games": [{"id": gid, "token": token}]})

    context = browser.new_context(viewport=viewport)
    host = server.split("//")[1].split(":")[0]
    context.add_cookies(
        [
            {
                "name": "shoal_session",
                "value": bob.cookies["shoal_session"],
                "domain": host,
                "path": "/",
            }
        ]
    )
    context.add_init_script(RECORD_NOTIFICATIONS)
    context.add_init_script(HEARD)
    page = context.new_page()
    page.goto(f"{server}/notifications")
    page.wait_for_selector("#no-notifications, #no-notices")
    assert page.locator("#notification-count").is_hidden()
    assert page.locator("#notify-allowed").count() == 1  # allowed: no button to ask
    wait_heard(page, "/api/notifications/ws")  # the server watches the page's socket
    page.evaluate("window.__hidden = true")  # the tab goes to the background

    _move(alice, gid, made["token"])
    page.wait_for_function(
        "() => document.querySelector('#notification-count').textContent === '1'"
    )
    assert page.locator("#notification-count").is_visible()
    page.wait_for_selector("#notices .notice.unread")
    text = page.locator("#notices .notice").first.inner_text()
    assert f"Your turn in Connect Four against alice{tag}" in text
    shown = page.evaluate("window.__shown")
    assert shown == [
        {
            "title": "shoal — Your turn",
            "body": f"Your turn in Connect Four against alice{tag} (3 days per move)",
        }
    ]
    name = "phone" if viewport == PHONE else "desktop"
    page.screenshot(path=str(artifacts / f"notifications-{name}.png"))

    page.click("#mark-all-read")
    page.wait_for_function("() => document.querySelector('#notification-count').hidden")
    page.wait_for_function("() => !document.querySelector('#notices .notice.unread')")
    assert page.locator("#notices .notice").count() == 1  # read, still listed

    page.goto(f"{server}/game/{gid}")  # the game shows the time left to move
    page.wait_for_selector("#corr-deadline")
    line = page.locator("#corr-deadline").inner_text()
    assert line.startswith("3 days per move · 2 days 23 h left to move (until "), line
    page.screenshot(path=str(artifacts / f"correspondence-game-{name}.png"))

    page.goto(f"{server}/settings")
    page.wait_for_selector("#mail #email")
    page.fill("#email", "not an address")
    page.click("#save-mail")
    page.wait_for_selector(".toast:has-text('is not an email address')")
    page.fill("#email", f"bob{tag}@example.org")
    page.click("#save-mail")
    page.wait_for_selector(".toast:has-text('Saved')")
    assert bob.get("/api/notifications/settings").json()["email"] == f"bob{tag}@example.org"
    page.locator("#mail").screenshot(path=str(artifacts / f"notifications-settings-{name}.png"))
    for client in (alice, bob):
        client.close()
    context.close()
