"""A seat is a seat on every browser (issue 56, item 2), in Chromium against a real server.

Alice plays an online game from her account (her first "browser" is a program here); she
opens it on a second browser where she is signed in and holds no seat token. Before, its
chat read "No messages yet" while the API listed the messages (the chat socket knew seat
tokens only). Now that page shows the players' chat, gets a new message, an offer and a
move live, answers the offer and moves, with her account's cookie alone.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import httpx
import pytest

from .test_browser import DESKTOP, PHONE, _click_action, _view, _wait_ready

pytestmark = pytest.mark.browser


def _say(client: httpx.Client, gid: str, text: str, token: str | None = None) -> None:
    headers = {"X-Shoal-Token": token} if token else {}
    said = client.post(
        f"/api/games/{gid}/chat", json={"room": "players", "text": text}, headers=headers
    )
    assert said.status_code == 201, said.text


def test_a_signed_in_player_on_a_second_browser_has_the_chat_offers_and_moves(
    server: str, browser: Any, artifacts: Path
) -> None:
    name = f"alice{secrets.token_hex(3)}"
    alice = httpx.Client(base_url=server, timeout=10)
    made = alice.post("/api/auth/signup", json={"username": name, "password": "correct horse b"})
    assert made.status_code == 201, made.text
    game = alice.post("/api/games", json={"game": "cyclix", "opponent": "friend", "seat": 1})
    gid, invite = game.json()["id"], game.json()["invite_token"]
    ben = httpx.Client(base_url=server, timeout=10)  # the friend, a guest
    claimed = ben.post(
        f"/api/games/{gid}/claim", json={"name": "Ben"}, headers={"X-Shoal-Token": invite}
    )
    token = claimed.json()["token"]
    _say(ben, gid, "hi Alice", token)
    _say(alice, gid, "hi Ben")  # the API lists two messages
    assert len(alice.get(f"/api/games/{gid}/chat?room=players").json()) == 2

    # the second browser: signed in (the cookie alone), no seat token in its storage
    context = browser.new_context(viewport=PHONE)
    host = server.split("//")[1].split(":")[0]
    context.add_cookies(
        [
            {
                "name": "shoal_session",
                "value": alice.cookies["shoal_session"],
                "domain": host,
                "path": "/",
            }
        ]
    )
    page = context.new_page()
    page.goto(f"{server}/game/{gid}")
    page.wait_for_function(
        "() => document.querySelector('#chat-log')?.innerText.includes('hi Ben')"
    )
    log = page.locator("#chat-log").inner_text()
    assert "hi Alice" in log and "No messages yet" not in log
    assert page.evaluate(f"localStorage.getItem('shoal.token.{gid}')") is None
    assert page.locator("#mute-label").is_visible()  # she may mute: the seat is hers here

    # live: Ben's message, his draw offer (declined here), his move (answered here)
    _say(ben, gid, "your move soon", token)
    page.wait_for_function(
        "() => document.querySelector('#chat-log').innerText.includes('your move soon')"
    )
    view = _view(server, gid, token)
    offered = ben.post(
        f"/api/games/{gid}/draw",
        json={"version": view["version"], "action": "offer"},
        headers={"X-Shoal-Token": token},
    )
    assert offered.status_code == 200, offered.text
    page.wait_for_selector("#incoming-draw")
    page.screenshot(path=str(artifacts / "second-browser-offer-phone.png"), full_page=True)
    page.locator("#decline-draw").click()
    page.wait_for_selector("#incoming-draw", state="detached")
    moved = ben.post(
        f"/api/games/{gid}/actions",
        json={"version": view["version"], "action": view["legal"][0]["action"]},
        headers={"X-Shoal-Token": token},
    )
    assert moved.status_code == 200, moved.text
    page.set_viewport_size(DESKTOP)
    view = _wait_ready(page, server, gid)  # Ben's move arrived: her turn, on this browser
    assert page.locator("#status-main").inner_text() == "Your turn"
    _click_action(page, view["legal"][0])
    page.wait_for_function(
        f"() => Number(document.querySelector('#board').dataset.version) > {view['version']}"
    )
    assert _view(server, gid)["version"] == view["version"] + 1  # her move, by her cookie
    page.screenshot(path=str(artifacts / "second-browser-desktop.png"))
    context.close()
