"""The installable app in Chromium (issue 43): no installability error (read through the
DevTools protocol), a push event delivered through the DevTools protocol shows the service
worker's notification, the shell (rules pages) works offline and any other page falls back
to the offline page. Screenshots at 390x844 and 1280x800 go to ``test-artifacts/``.
"""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Any

import httpx
import pytest

from .conftest import CHROMIUM, CHROMIUM_ARGS
from .test_browser import DESKTOP, PHONE

pytestmark = pytest.mark.browser

PASSWORD = "correct horse battery"

READY = """async () => {
  const registration = await navigator.serviceWorker.ready;
  for (let i = 0; i < 200 && !navigator.serviceWorker.controller; i++)
    await new Promise((r) => setTimeout(r, 50));
  return registration.scope;
}"""


def _signed_in(server: str, context: Any) -> str:
    """A new account signed in in ``context``; its name."""
    name = f"pat{secrets.token_hex(3)}"
    client = httpx.Client(base_url=server, timeout=10)
    made = client.post("/api/auth/signup", json={"username": name, "password": PASSWORD})
    assert made.status_code == 201, made.text
    cookie = client.cookies.get("shoal_session")
    context.add_cookies([{"name": "shoal_session", "value": cookie, "url": server}])
    return name


def test_chromium_reports_no_installability_error(
    server: str, browser: Any, tmp_path: Path
) -> None:
    # a profile on disk: Playwright's other contexts are incognito, never installable
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS
    )
    page = context.new_page()
    page.goto(server + "/")
    assert page.evaluate(READY) == server + "/"
    cdp = context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == [], errors
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"] == server + "/manifest.webmanifest" and manifest["errors"] == []
    context.close()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_push_event_shows_the_notification_and_settings_subscribe(
    server: str, browser: Any, artifacts: Path, viewport: dict[str, int]
) -> None:
    context = browser.new_context(viewport=viewport)
    context.grant_permissions(["notifications"], origin=server)
    _signed_in(server, context)
    page = context.new_page()
    page.goto(server + "/settings")
    page.wait_for_selector("#push-kinds input")
    page.evaluate(READY)
    assert page.is_checked("#push-your_turn") and page.is_checked("#push-offer")
    page.uncheck("#push-offer")  # saved at once
    for _ in range(100):
        if not page.evaluate("fetch('/api/push/settings').then(r => r.json())")["kinds"]["offer"]:
            break
        page.wait_for_timeout(50)
    else:
        raise AssertionError("the switch was not saved")
    page.locator("#push").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"push-settings-{viewport['width']}.png"), full_page=True)

    cdp = context.new_cdp_session(page)
    registrations: list[dict[str, Any]] = []
    versions: list[dict[str, Any]] = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda e: registrations.extend(e["registrations"]),
    )
    cdp.on("ServiceWorker.workerVersionUpdated", lambda e: versions.extend(e["versions"]))
    cdp.send("ServiceWorker.enable")
    # a push goes only to an activated worker: wait for ours to be so (its install fetches the
    # offline assets, which takes seconds on a loaded machine)
    registration = None
    for _ in range(300):
        ours = [r for r in registrations if r["scopeURL"] == server + "/" and not r["isDeleted"]]
        if ours:
            registration = ours[-1]
            ids = {registration["registrationId"]}
            if any(v["registrationId"] in ids and v["status"] == "activated" for v in versions):
                break
        page.wait_for_timeout(50)
    else:
        raise AssertionError(f"no activated service worker: {registrations} {versions}")
    message = {
        "title": "Your turn",
        "body": "Your turn in Syrtis against alice (2 days per move)",
        "url": "/game/abc",
        "tag": "your_turn:abc",
        "kind": "your_turn",
        "turns": 1,
    }
    push = {
        "origin": server,
        "registrationId": registration["registrationId"],
        "data": json.dumps(message),
    }
    shown = None
    for tick in range(300):  # the push event runs in the service worker: wait for its notification
        if tick % 100 == 0:
            # delivered again after 5 s without a notification, as a push service retries: a
            # worker that Chromium was still starting or replacing dropped the first one (seen
            # once in a fresh-clone run); the same tag replaces, so one notification is expected
            cdp.send("ServiceWorker.deliverPushMessage", push)
        shown = page.evaluate(
            """async () => {
              const found = await (await navigator.serviceWorker.ready).getNotifications();
              return found.map((n) => ({title: n.title, body: n.body, tag: n.tag, data: n.data}));
            }"""
        )
        if shown:
            break
        page.wait_for_timeout(50)
    assert shown == [
        {
            "title": "Your turn",
            "body": "Your turn in Syrtis against alice (2 days per move)",
            "tag": "your_turn:abc",
            "data": {"url": "/game/abc", "kind": "your_turn"},
        }
    ]
    # the notification as the system shows it is outside the page: drawn here for the screenshot
    page.goto(server + "/notifications")
    page.wait_for_selector("#push-kinds input")
    page.evaluate(
        """(n) => {
          const box = document.createElement("div");
          box.id = "shown-notification";
          box.className = "card";
          box.innerHTML = "<strong></strong><p></p>";
          box.querySelector("strong").textContent = "Notification shown: " + n.title;
          box.querySelector("p").textContent = n.body;
          document.querySelector("main").prepend(box);
        }""",
        shown[0],
    )
    page.screenshot(path=str(artifacts / f"push-notification-{viewport['width']}.png"))
    context.close()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_offline_the_rules_work_and_other_pages_fall_back(
    server: str, browser: Any, artifacts: Path, viewport: dict[str, int]
) -> None:
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.goto(server + "/")
    page.evaluate(READY)
    for _ in range(200):  # the install step fills the shell's cache
        if page.evaluate(
            """async () => {
              const cache = await caches.open("shoal-shell-v1");
              return (await cache.keys()).some((r) => r.url.endsWith("/api/catalog/syrtis"));
            }"""
        ):
            break
        page.wait_for_timeout(50)
    context.set_offline(True)
    page.goto(server + "/rules/syrtis")
    page.wait_for_selector("h1:has-text('Syrtis')")
    page.goto(server + "/leaderboard")
    page.wait_for_selector("#works-offline")
    assert "Play the computer" in page.text_content("#works-offline")
    shot = artifacts / f"offline-fallback-{viewport['width']}.png"
    page.screenshot(path=str(shot), full_page=True)
    context.close()


FALLBACK_CACHED = """async (title) => {
  const cache = await caches.open("shoal-shell-v1");
  const page = await cache.match("/offline-fallback");
  return page ? (await page.text()).includes(title) : false;
}"""


def test_the_offline_fallback_speaks_the_reader_s_language(
    server: str, browser: Any, artifacts: Path
) -> None:
    """The fallback is cached as the server makes it for the reader (German here), and made
    again when the pages read online change language (French after the reader's choice)."""
    context = browser.new_context(viewport=PHONE, locale="de-DE")
    page = context.new_page()
    page.goto(server + "/")
    page.evaluate(READY)
    _offline_fallback_says(page, context, server, "Du bist offline", "Gegen den Computer spielen")
    assert page.get_attribute("html", "lang") == "de"
    page.screenshot(path=str(artifacts / "offline-fallback-de.png"), full_page=True)
    context.set_offline(False)
    page.goto(server + "/")
    page.evaluate(
        """() => fetch("/api/language", {method: "PUT", headers: {"Content-Type":
        "application/json"}, body: JSON.stringify({language: "fr"})})"""
    )
    page.goto(server + "/lobby")  # a page read in French: the fallback follows
    _offline_fallback_says(page, context, server, "Tu es hors ligne", "Jouer contre l'ordinateur")
    context.close()


RECORD_BADGE = """
window.__badges = [];
navigator.setAppBadge = (n) => { window.__badges.push(n); return Promise.resolve(); };
navigator.clearAppBadge = () => { window.__badges.push(0); return Promise.resolve(); };
"""


def test_the_games_waiting_for_you_are_on_the_app_badge_and_in_the_title(
    server: str, browser: Any
) -> None:
    alice = httpx.Client(base_url=server, timeout=10)
    name = f"al{secrets.token_hex(3)}"
    made = alice.post("/api/auth/signup", json={"username": name, "password": PASSWORD})
    assert made.status_code == 201
    game = alice.post(
        "/api/games",
        json={"game": "connect4", "opponent": "friend", "seat": 0, "correspondence_days": 3},
    ).json()
    context = browser.new_context()
    context.add_cookies(
        [{"name": "shoal_session", "value": alice.cookies["shoal_session"], "url": server}]
    )
    context.add_init_script(RECORD_BADGE)
    page = context.new_page()
    page.goto(server + "/learn")  # any page
    page.wait_for_function("() => window.__badges.length > 0")
    assert page.evaluate("window.__badges") == [1]
    assert page.title().startswith("(1) ")
    bob = httpx.Client(base_url=server, timeout=10)
    bob.post("/api/auth/signup", json={"username": f"b{name}", "password": PASSWORD})
    token = bob.post(
        f"/api/games/{game['id']}/claim", json={}, headers={"X-Shoal-Token": game["invite_token"]}
    ).json()["token"]
    view = alice.get(f"/api/games/{game['id']}").json()
    moved = alice.post(
        f"/api/games/{game['id']}/actions",
        json={"version": view["version"], "action": view["legal"][0]["action"]},
        headers={"X-Shoal-Token": game["token"]},
    )
    assert moved.status_code == 200 and token
    page.reload()  # bob's turn now: no game waits for alice
    page.wait_for_function("() => window.__badges.length > 0")
    assert page.evaluate("window.__badges") == [0]
    assert not page.title().startswith("(")
    context.close()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_settings_start_and_end_a_vacation(
    server: str, browser: Any, artifacts: Path, viewport: dict[str, int]
) -> None:
    context = browser.new_context(viewport=viewport)
    _signed_in(server, context)
    page = context.new_page()
    page.goto(server + "/settings")
    page.wait_for_selector("#vacation-toggle:has-text('Start a vacation')")
    assert "14 of 14 vacation days left" in page.text_content("#vacation-state")
    page.fill("#vacation-days", "20")
    page.click("#vacation-toggle")
    page.wait_for_selector("#vacation-said:has-text('1 to 14 whole days')")
    page.fill("#vacation-days", "3")
    page.click("#vacation-toggle")
    page.wait_for_selector("#vacation-toggle:has-text('Come back now')")
    assert "11 of 14 days left" in page.text_content("#vacation-state")
    page.locator("#vacation").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"vacation-settings-{viewport['width']}.png"))
    page.select_option("#digest-mode", "digest")
    page.fill("#digest-hours", "8")
    page.click("#save-digest")
    page.wait_for_selector("#digest-said:has-text('Saved')")
    assert page.evaluate("fetch('/api/mail/digest').then(r => r.json())") == {
        "mode": "digest",
        "hours": 8,
    }
    page.click("#vacation-toggle")  # back the same day: one whole day spent
    page.wait_for_selector("#vacation-toggle:has-text('Start a vacation')")
    assert "13 of 14 vacation days left" in page.text_content("#vacation-state")
    context.close()


def _offline_fallback_says(page: Any, context: Any, server: str, cached: str, said: str) -> None:
    """Once the service worker holds the fallback saying ``cached``, an uncached page opened
    offline is that fallback, and it says ``said``."""
    for _ in range(200):
        if page.evaluate(FALLBACK_CACHED, cached):
            break
        page.wait_for_timeout(50)
    context.set_offline(True)
    page.goto(server + "/leaderboard")
    page.wait_for_selector("#works-offline")
    assert said in (page.text_content("#works-offline") or "")
