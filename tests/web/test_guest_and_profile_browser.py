"""Issue 40's defect 11, two parts measured in Chromium on a real server: a signed-out
visitor's pages answer no request with 401 (they ask ``/api/session``, which says "guest"
with 200), and a profile's list of games played says each game's ending, speed and
whether it was rated."""

from __future__ import annotations

import uuid
from typing import Any

import httpx
import pytest

from .test_browser import DESKTOP

pytestmark = pytest.mark.browser

GUEST_PAGES = ["/", "/new", "/lobby", "/learn", "/puzzles", "/notifications", "/me/games"]


def test_a_guests_pages_ask_nothing_that_answers_401(browser: Any, server: str) -> None:
    """No page a guest opens logs a 401 (before: ``/api/me`` on every page)."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    refused: list[str] = []
    page.on("response", lambda r: refused.append(r.url) if r.status == 401 else None)
    try:
        for path in GUEST_PAGES:
            page.goto(server + path)
            page.wait_for_load_state("networkidle")
        assert refused == []
        assert page.url.startswith(server + "/login")  # /me/games still sends a guest to sign in
    finally:
        context.close()


def test_a_profile_lists_each_games_ending_speed_and_rating(browser: Any, server: str) -> None:
    """The profile's "Games played" table has an ending, a speed and a rated column."""
    name = "p" + uuid.uuid4().hex[:8]
    with httpx.Client(base_url=server, timeout=30) as client:
        made = client.post("/api/auth/signup", json={"username": name, "password": "a long one!"})
        assert made.status_code == 201, made.text
        game = client.post("/api/games", json={"game": "cyclix", "opponent": "local"}).json()
        ended = client.post(f"/api/games/{game['id']}/resign", json={"version": 1})
        assert ended.status_code == 200, ended.text
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    try:
        page.goto(f"{server}/@/{name}")
        page.wait_for_selector(".games-table tbody tr")
        heads = page.locator(".games-table th").all_inner_texts()
        assert heads == ["Game", "Opponent", "State", "Ending", "Speed", "Rated", "Length"]
        row = page.locator(".games-table tbody tr").first
        assert "resign" in row.locator("td.ending").inner_text()
        assert row.locator("td.speed").inner_text() == "untimed"
        assert row.locator("td.rated").inner_text() == "casual"
    finally:
        context.close()


def test_the_syrtis_game_page_says_what_my_side_plays_with(browser: Any, server: str) -> None:
    """Defect 8: after the side choice the game page says which side is mine and what it
    plays with (towers, colour and shape), under my name."""
    import time

    made = httpx.post(
        f"{server}/api/games",
        json={"game": "syrtis", "opponent": "computer", "level": "random", "seat": 0},
        timeout=30,
    ).json()
    gid, token, view = made["id"], made["token"], made["view"]
    deadline = time.monotonic() + 60
    while "light" not in view["sides"] and time.monotonic() < deadline:
        if view["to_move"] == 0 and view["legal"]:
            body = {"version": view["version"], "action": view["legal"][0]["action"]}
            headers = {"X-Shoal-Token": token}
            httpx.post(f"{server}/api/games/{gid}/actions", json=body, headers=headers, timeout=30)
        time.sleep(0.05)
        view = httpx.get(f"{server}/api/games/{gid}", timeout=30).json()
    mine = view["sides"][0]
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(f"localStorage.setItem('shoal.token.{gid}', '{token}')")
    page = context.new_page()
    try:
        page.goto(f"{server}/game/{gid}")
        words = page.locator(".player .side-words")
        words.wait_for()
        text = words.inner_text()
        assert text.startswith(f"you play {mine}:")
        assert ("circle" if mine == "light" else "square") in text
        assert page.locator(".side-words").count() == 1  # mine only, not the computer's
    finally:
        context.close()
