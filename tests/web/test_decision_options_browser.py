"""The readings of unclear rules in the new-game form, and another start position, in Chromium
(a real uvicorn from conftest.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
OTHER_START = "...rnbk/......./......./......./......./......./KBNR... w - - 0 0"


def view(server: str, gid: str) -> dict[str, Any]:
    response = httpx.get(f"{server}/api/games/{gid}", timeout=10)
    response.raise_for_status()
    data: dict[str, Any] = response.json()
    return data


@pytest.mark.parametrize(
    ("game", "name", "values"),
    [
        ("sytran", "shortage", ["flow", "strands", "literal"]),
        ("cyclix", "king_sight", ["always", "free"]),
        ("sfirs", "crossing", ["all", "outside"]),
        ("sfirs", "start_chain", ["yes", "no"]),
        ("syrtis", "first_ending", ["race", "island"]),
    ],
)
def test_each_reading_is_offered_with_a_line_on_what_it_means(
    game: str, name: str, values: list[str], server: str, browser: Any
) -> None:
    page = browser.new_page(viewport=DESKTOP)
    page.goto(f"{server}/new?game={game}")
    page.locator("#options summary").click()  # the rule options wait folded (issue 40)
    select = page.locator(f'#options [data-option="{name}"]')
    select.wait_for()
    assert select.locator("option").all_inner_texts() == values
    field = page.locator("#options .field", has=page.locator(f'[data-option="{name}"]'))
    assert field.locator(".tag").inner_text() == "rules reading"
    assert values[1] in field.locator(".help").inner_text()
    page.close()


def test_a_game_started_with_a_reading_plays_by_it(
    server: str, browser: Any, artifacts: Path
) -> None:
    for label, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page = browser.new_page(viewport=viewport)
        page.goto(f"{server}/new?game=cyclix")
        page.locator("#options summary").click()
        page.select_option('#options [data-option="king_sight"]', "free")
        page.locator("#options").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"new-cyclix-reading-{label}.png"), full_page=True)
        page.select_option("#level", "random")
        page.locator("#start").click()
        page.wait_for_url(f"{server}/game/*")
        gid = page.url.rsplit("/", 1)[1]
        assert view(server, gid)["options"]["king_sight"] == "free"
        page.close()


def test_another_start_position_from_the_form(server: str, browser: Any, artifacts: Path) -> None:
    """The Cyclix start position is provisional: a player can start from another one."""
    page = browser.new_page(viewport=DESKTOP)
    page.goto(f"{server}/new?game=cyclix")
    page.locator("details:not(#options) summary").click()
    page.fill("#start-position", "not a position")
    page.locator("#start").click()
    toast = page.locator(".toast")
    toast.wait_for()
    assert "expected six fields" in toast.inner_text()
    assert page.url.endswith("/new?game=cyclix")  # nothing was created
    page.fill("#start-position", OTHER_START)
    page.screenshot(path=str(artifacts / "new-start-position-desktop.png"), full_page=True)
    page.locator("#start").click()
    page.wait_for_url(f"{server}/game/*")
    gid = page.url.rsplit("/", 1)[1]
    assert view(server, gid)["position"].split()[0] == OTHER_START.split()[0]
    page.close()
