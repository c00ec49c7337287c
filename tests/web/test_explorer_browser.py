"""The opening explorer's panel beside the analysis board (issue 44), in Chromium on a real server.

A finished connect4 game is counted by the server as it ends; on the analysis board the
panel lists its first move with the game, a click on the move plays it (down the tree), the
panel then lists the reply, and Back goes up again. The book source lists Cyclix's shipped
book. Screenshots at 390x844 and 1280x800.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from .test_browser import DESKTOP, PHONE

pytestmark = pytest.mark.browser


def _finish_connect4(server: str) -> str:
    made = httpx.post(f"{server}/api/games", json={"game": "connect4", "opponent": "local"}).json()
    gid, token, version = made["id"], made["token"], 1
    for action in (3, 4, 3, 4, 3, 4, 3):
        reply = httpx.post(
            f"{server}/api/games/{gid}/actions",
            json={"version": version, "action": action},
            headers={"X-Shoal-Token": token},
        )
        assert reply.status_code == 200, reply.text
        version = reply.json()["version"]
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        moves = httpx.get(f"{server}/api/explorer/connect4?engine=false").json()["moves"]
        if any(m["last_game"] == gid for m in moves):
            return gid
        time.sleep(0.1)
    raise AssertionError("the finished game was not counted")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_explorer_panel_goes_down_and_up_the_tree(
    server: str, browser: Any, artifacts: Path, viewport: dict[str, int]
) -> None:
    _finish_connect4(server)
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.goto(f"{server}/analysis/connect4")
    first = page.locator('#explorer-moves tr[data-action="3"]')
    first.wait_for()
    assert first.locator("td.move").inner_text() == "d"
    assert int(first.locator("td.num").first.inner_text().replace(",", "")) >= 1
    first.click()
    page.wait_for_function("() => document.querySelector('#board').dataset.ply === '1'")
    page.locator('#explorer-moves tr[data-action="4"]').wait_for()
    page.click("#explorer-back")
    page.wait_for_function("() => document.querySelector('#board').dataset.ply === '0'")
    page.locator('#explorer-moves tr[data-action="3"]').wait_for()
    size = "phone" if viewport == PHONE else "desktop"
    page.locator("#explorer").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"explorer-site-{size}.png"), full_page=True)
    # the shipped book of Cyclix
    page.goto(f"{server}/analysis/cyclix")
    page.locator("#explorer-summary").wait_for()
    page.select_option("#explorer-source", "book")
    page.wait_for_function(
        "() => document.querySelectorAll('#explorer-moves tr').length > 0"
        " && document.querySelector('#explorer-summary').textContent.includes('games from here')"
    )
    page.locator("#explorer").scroll_into_view_if_needed()
    # the bar's colours are said once (issue 59), and no column is cut off: the table's
    # box scrolls when it is wider than its card
    assert "won" in page.locator("#explorer-legend").inner_text()
    overflow = "getComputedStyle(document.querySelector('.explorer-scroll')).overflowX"
    assert page.evaluate(overflow) == "auto"
    page.screenshot(path=str(artifacts / f"explorer-book-{size}.png"), full_page=True)
    context.close()
