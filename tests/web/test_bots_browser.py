"""The bots page in Chromium (issue 23): a signed-in player starts a game against
``shoal-random`` from ``/bots`` and plays it on the usual game page; signed out, the page
says to sign in. Screenshots at 390x844 and 1280x800 go to ``test-artifacts/``."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import pytest

from .test_accounts_browser import _sign_up
from .test_browser import DESKTOP, PHONE, _click_action, _wait_ready

pytestmark = pytest.mark.browser


def test_a_player_plays_shoal_random_from_the_bots_page(
    server: str, browser: Any, artifacts: Path
) -> None:
    guest = browser.new_context(viewport=PHONE)
    page = guest.new_page()
    page.goto(f"{server}/bots")
    page.wait_for_selector('#bot-list li[data-bot="shoal-max"]')
    assert "sign in" in page.locator("#bots-signin").inner_text()
    assert page.locator('li[data-bot="shoal-club"] button').is_disabled()
    page.screenshot(path=str(artifacts / "bots-guest-390.png"), full_page=True)
    guest.close()

    name = f"bea{secrets.token_hex(3)}"
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    _sign_up(page, server, name)
    page.wait_for_url(f"{server}/@/{name}")
    page.goto(f"{server}/bots")
    page.wait_for_selector('#bot-list li[data-bot="shoal-random"]')
    assert page.locator("#bots-signin").count() == 0
    page.screenshot(path=str(artifacts / "bots-1280.png"), full_page=True)
    page.select_option("#bot-game", "sfirs")
    page.select_option("#bot-seat", "1")
    page.locator('li[data-bot="shoal-random"] button').click()
    page.wait_for_url(f"{server}/game/*")
    gid = page.url.rsplit("/", 1)[1]
    view = _wait_ready(page, server, gid)  # shoal-random moved first; now it is our turn
    assert view["players"] == ["shoal-random", name]
    assert view["to_move"] == 1 and view["ply"] >= 1
    for _ in range(3):  # three turns of ours, each answered by the bot
        if view["result"] is not None:
            break
        before = view["version"]
        _click_action(page, view["legal"][0])
        page.wait_for_function(
            f"() => Number(document.querySelector('#board').dataset.version) > {before}"
        )
        view = _wait_ready(page, server, gid)
        assert view["version"] > before
    assert len({t["seat"] for t in view["turns"]}) == 2
    page.screenshot(path=str(artifacts / "bots-game-1280.png"))
    context.close()
