"""Pages that update without a reload (issue 40, defects 5 and 6), in Chromium against a
real ``shoal serve``: Alice is signed in in the browser, Bob is a program over HTTP.

* Defect 6: Alice challenges Bob and waits on Bob's profile page; when Bob accepts, her
  page goes to the game by itself.
* Defect 5: Alice has My games open in a correspondence game where Bob moves first. When Bob
  moves, the row reads "your turn · 1 move", the tab's title gains "(1)" and the My games
  badge reads 1, all without a reload. A draw offer Bob makes raises the bell's count;
  declining it marks it read, and the count falls back. When Bob resigns, the badge and
  the "(1)" go, and the game leaves the list.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import httpx
import pytest

from .test_browser import DESKTOP

pytestmark = pytest.mark.browser

PASSWORD = "correct horse battery"


def _account(server: str, name: str) -> httpx.Client:
    client = httpx.Client(base_url=server, timeout=10)
    made = client.post("/api/auth/signup", json={"username": name, "password": PASSWORD})
    assert made.status_code == 201, made.text
    return client


def _signed_in_page(browser: Any, server: str, client: httpx.Client) -> tuple[Any, Any]:
    context = browser.new_context(viewport=DESKTOP)
    host = server.split("//")[1].split(":")[0]
    cookie = client.cookies["shoal_session"]
    context.add_cookies([{"name": "shoal_session", "value": cookie, "domain": host, "path": "/"}])
    return context, context.new_page()


def _challenge(alice: httpx.Client, bob: str, colour: str, time_control: str | None) -> int:
    body = {"username": bob, "game": "cyclix", "colour": colour, "time_control": time_control}
    made = alice.post("/api/challenges", json=body)
    assert made.status_code == 201, made.text
    cid: int = made.json()["id"]
    return cid


def _accept(bob: httpx.Client, cid: int) -> str:
    done = bob.post(f"/api/challenges/{cid}/accept")
    assert done.status_code == 200, done.text
    game: str = done.json()["game"]
    return game


def _bell_ready(page: Any) -> None:
    """Wait for the top bar's bell (its socket opens with it) and a moment for the socket."""
    page.wait_for_selector("#nav-notifications")
    page.wait_for_timeout(400)


def test_the_challenger_is_taken_to_the_game_from_another_page(
    server: str, browser: Any, artifacts: Path
) -> None:
    tag = secrets.token_hex(3)
    alice_name, bob_name = f"alice{tag}", f"bob{tag}"
    alice, bob = _account(server, alice_name), _account(server, bob_name)
    cid = _challenge(alice, bob_name, "first", "1d")
    context, page = _signed_in_page(browser, server, alice)
    page.goto(f"{server}/@/{bob_name}")
    _bell_ready(page)
    gid = _accept(bob, cid)
    page.wait_for_url(f"{server}/game/{gid}", timeout=10_000)
    page.wait_for_selector("#board .cell")
    view = alice.get(f"/api/games/{gid}").json()
    assert alice_name in view["players"]
    page.screenshot(path=str(artifacts / "challenger-taken-to-the-game-desktop.png"))
    context.close()


def test_my_games_the_title_the_badge_and_the_bell_follow_the_game_live(
    server: str, browser: Any, artifacts: Path
) -> None:
    tag = secrets.token_hex(3)
    alice_name, bob_name = f"alice{tag}", f"bob{tag}"
    alice, bob = _account(server, alice_name), _account(server, bob_name)
    gid = _accept(bob, _challenge(alice, bob_name, "second", "1d"))  # Bob moves first
    context, page = _signed_in_page(browser, server, alice)
    page.goto(f"{server}/me/games")
    row = page.locator(f'.games-table tr:has(a[href="/game/{gid}"])')
    row.wait_for()
    assert "waiting" in row.inner_text() and "0 moves" in row.inner_text()
    _bell_ready(page)
    assert not page.title().startswith("(")

    view = bob.get(f"/api/games/{gid}").json()
    moved = bob.post(
        f"/api/games/{gid}/actions",
        json={"version": view["version"], "action": view["legal"][0]["action"]},
    )
    assert moved.status_code == 200, moved.text
    page.wait_for_function(
        f"() => document.querySelector('.games-table tr.your-turn a[href=\"/game/{gid}\"]')"
    )
    cells = row.locator("td").all_inner_texts()
    assert (cells[2], cells[-1]) == ("your turn", "1 move")  # the state and the length
    assert page.locator("#turn-count").inner_text() == "1"
    assert page.title().startswith("(1) ")
    page.screenshot(path=str(artifacts / "my-games-live-desktop.png"))

    # a draw offer: the bell counts it; declined, it is read and the count falls back
    count = lambda: page.evaluate(  # noqa: E731
        "() => { const b = document.querySelector('#notification-count');"
        " return b.hidden ? 0 : Number(b.textContent); }"
    )
    page.wait_for_function("() => !document.querySelector('#notification-count').hidden")
    before = count()
    view = bob.get(f"/api/games/{gid}").json()
    offered = bob.post(
        f"/api/games/{gid}/draw", json={"version": view["version"], "action": "offer"}
    )
    assert offered.status_code == 200, offered.text
    page.wait_for_function(
        f"() => Number(document.querySelector('#notification-count').textContent) === {before + 1}"
    )
    view = alice.get(f"/api/games/{gid}").json()
    declined = alice.post(
        f"/api/games/{gid}/draw", json={"version": view["version"], "action": "decline"}
    )
    assert declined.status_code == 200, declined.text
    page.wait_for_function(
        "() => { const b = document.querySelector('#notification-count');"
        f" return (b.hidden ? 0 : Number(b.textContent)) === {before}; }}"
    )
    offers = [
        n for n in alice.get("/api/notifications").json()["notifications"] if n["kind"] == "offer"
    ]
    assert offers and all(n["read"] for n in offers)

    # Bob resigns: the game leaves the list, the badge and the "(1)" go
    view = bob.get(f"/api/games/{gid}").json()
    resigned = bob.post(f"/api/games/{gid}/resign", json={"version": view["version"]})
    assert resigned.status_code == 200, resigned.text
    page.wait_for_function(f"() => !document.querySelector('a[href=\"/game/{gid}\"]')")
    assert page.locator("#turn-count").is_hidden()
    assert not page.title().startswith("(")
    context.close()
