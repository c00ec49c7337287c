"""Accounts in Chromium (issue 21): one game played from two browsers of one account.

Alice signs up in one browser context and starts a game against the computer;
she signs in from a second context and finishes the same game there; a third
context, signed out, sees it as a spectator. Screenshots of the account pages at
390x844 and 1280x800 go to ``test-artifacts/``.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import httpx
import pytest

from .test_browser import DESKTOP, PHONE, _click_action, _start, _view, _wait_ready

pytestmark = pytest.mark.browser

PASSWORD = "correct horse battery"


def _sign_up(page: Any, server: str, name: str, password: str = PASSWORD) -> None:
    page.goto(f"{server}/signup")
    page.fill("#username", name)
    page.fill("#password", password)
    page.click("#submit")


def _sign_in(page: Any, server: str, name: str, password: str = PASSWORD) -> None:
    page.goto(f"{server}/login")
    page.fill("#username", name)
    page.fill("#password", password)
    page.click("#submit")


def _signed_in(context: Any, server: str, name: str, sign_up: bool = False) -> None:
    """Sign ``context`` in (sign the account up first when told) over the API, as the forms
    do: for the tests of what an account sees; the forms are tested above and below."""
    route = "/api/auth/signup" if sign_up else "/api/auth/login"
    with httpx.Client(base_url=server, timeout=30) as client:
        response = client.post(route, json={"username": name, "password": PASSWORD})
        assert response.status_code == (201 if sign_up else 200), response.text
        cookies = [
            {"name": c.name, "value": c.value or "", "url": server} for c in client.cookies.jar
        ]
    context.add_cookies(cookies)


def test_one_game_from_two_browsers_and_a_spectator(
    server: str, browser: Any, artifacts: Path
) -> None:
    name = f"alice{secrets.token_hex(3)}"
    first = browser.new_context(viewport=DESKTOP)
    home = first.new_page()
    _sign_up(home, server, name)
    home.wait_for_url(f"{server}/@/{name}")
    assert home.locator("h1").inner_text() == name
    gid = _start(home, server, "connect4")
    view = _wait_ready(home, server, gid)
    assert view["players"][0] == name or view["players"][1] == name
    _click_action(home, view["legal"][0])
    home.wait_for_function("() => document.querySelector('#board').dataset.ready === 'yes'")

    second = browser.new_context(viewport=PHONE)
    phone = second.new_page()
    _sign_in(phone, server, name)
    phone.wait_for_url(f"{server}/@/{name}")
    phone.goto(f"{server}/me/games")
    phone.wait_for_selector(".games-table tr.your-turn")
    assert phone.locator("#turn-count").inner_text() == "1"
    assert phone.title().startswith("(1) ")
    phone.screenshot(path=str(artifacts / "accounts-my-games-phone.png"))
    phone.locator(".games-table a").first.click()
    phone.wait_for_url(f"{server}/game/{gid}")
    assert phone.evaluate(f"localStorage.getItem('shoal.token.{gid}')") is None  # no token here
    for _ in range(60):
        view = _wait_ready(phone, server, gid)
        if view["result"]:
            break
        _click_action(phone, view["legal"][0])
        phone.wait_for_function(
            f"() => Number(document.querySelector('#board').dataset.version) > {view['version']}"
        )
    phone.wait_for_selector("#status.over")
    assert _view(server, gid)["result"] is not None
    assert phone.locator("#status-main").inner_text() in ("You won", "You lost", "Draw")

    third = browser.new_context(viewport=DESKTOP)
    watcher = third.new_page()
    watcher.goto(f"{server}/game/{gid}")
    watcher.wait_for_selector("#status.over")
    assert not watcher.locator("#resign").is_visible()
    assert watcher.locator("#nav-login").is_visible()
    assert "You" not in watcher.locator("#status-main").inner_text()
    watcher.goto(f"{server}/@/{name}")
    watcher.wait_for_selector(".games-table")
    assert watcher.locator(f'.games-table a[href="/game/{gid}"]').count() == 1
    for context in (first, second, third):
        context.close()


def test_sign_up_errors_are_shown_in_words_and_pages_screenshot(
    server: str, browser: Any, artifacts: Path
) -> None:
    name = f"bob{secrets.token_hex(3)}"
    for viewport, tag in ((PHONE, "phone"), (DESKTOP, "desktop")):
        context = browser.new_context(viewport=viewport)
        page = context.new_page()
        _sign_up(page, server, "x!", "short")
        page.wait_for_selector("#form-error:not([hidden])")
        assert "3 to 20 characters" in page.locator("#form-error").inner_text()
        page.screenshot(path=str(artifacts / f"accounts-signup-error-{tag}.png"))
        _sign_in(page, server, name, "wrong password")
        page.wait_for_selector("#form-error:not([hidden])")
        assert page.locator("#form-error").inner_text() == "wrong username or password"
        page.screenshot(path=str(artifacts / f"accounts-signin-error-{tag}.png"))
        if tag == "phone":
            _sign_up(page, server, name)
            page.wait_for_url(f"{server}/@/{name}")
        else:
            _sign_in(page, server, name)
            page.wait_for_url(f"{server}/@/{name}")
        page.screenshot(path=str(artifacts / f"accounts-profile-{tag}.png"))
        page.goto(f"{server}/settings")
        page.wait_for_selector("#delete-account")
        page.screenshot(path=str(artifacts / f"accounts-settings-{tag}.png"), full_page=True)
        page.click("#logout")
        page.wait_for_url(f"{server}/")
        page.wait_for_selector("#nav-login")
        context.close()
    taken = httpx.post(
        f"{server}/api/auth/signup", json={"username": name.upper(), "password": PASSWORD}
    )
    assert taken.status_code == 409 and "is taken" in taken.json()["detail"]


def test_a_signed_in_player_opening_an_invite_link_gets_the_seat_on_the_account(
    server: str, browser: Any, artifacts: Path
) -> None:
    made = httpx.post(f"{server}/api/games", json={"game": "connect4", "opponent": "friend"})
    gid, invite = made.json()["id"], made.json()["invite_token"]
    name = f"carol{secrets.token_hex(3)}"
    context = browser.new_context(viewport=DESKTOP)
    _signed_in(context, server, name, sign_up=True)
    page = context.new_page()
    page.goto(f"{server}/game/{gid}#t={invite}")
    assert name in page.locator("#join-account").inner_text()  # no name asked: the account's
    assert page.locator("#join-name").count() == 0
    page.screenshot(path=str(artifacts / "invite-signed-in-desktop.png"))
    page.locator("#join").click()  # the invite's dialog: take the seat
    page.wait_for_function(
        f"() => [...document.querySelectorAll('.name')].some(e => e.textContent.includes('{name}'))"
    )
    view = _view(server, gid)
    seat = 1 - made.json()["seats"][0]
    assert view["players"][seat] == name
    other = browser.new_context(viewport=PHONE)
    _signed_in(other, server, name)
    phone = other.new_page()
    phone.goto(f"{server}/me/games")  # the game is among the account's games
    assert phone.evaluate(f"fetch('/api/games/{gid}').then(r => r.json())")["you"] == [seat]
    phone.locator(f'a[href="/game/{gid}"]').first.wait_for()
    phone.screenshot(path=str(artifacts / "invite-my-games-phone.png"))
    context.close()
    other.close()


def test_board_preferences_from_settings_apply_to_every_board(
    server: str, browser: Any, artifacts: Path
) -> None:
    """Coordinates off and grey colours, saved in settings, apply on the game and replay pages
    of that account in a new browser; a guest's boards keep coordinates and colours."""
    name = f"bea{secrets.token_hex(3)}"
    context = browser.new_context(viewport=DESKTOP)
    _signed_in(context, server, name, sign_up=True)
    page = context.new_page()
    page.goto(f"{server}/settings")
    page.uncheck("#coordinates")
    page.select_option("#board-theme", "grey")
    page.click("#save-prefs")
    page.wait_for_selector(".toast:has-text('Saved')")
    gid = _start(page, server, "syrtis")
    _wait_ready(page, server, gid)

    def shown(p: Any) -> tuple[int, str]:
        coords = p.locator("#board svg .coord")
        assert coords.count() > 0
        visible = sum(1 for i in range(coords.count()) if coords.nth(i).is_visible())
        svg_filter = p.evaluate("getComputedStyle(document.querySelector('#board svg')).filter")
        return visible, str(svg_filter)

    other = browser.new_context(viewport=PHONE)  # the same account in another browser
    _signed_in(other, server, name)
    phone = other.new_page()
    phone.goto(f"{server}/game/{gid}")
    phone.wait_for_selector("#board svg .coord", state="attached")
    phone.wait_for_function("() => document.documentElement.dataset.coords === 'off'")
    visible, svg_filter = shown(phone)
    assert visible == 0 and "grayscale" in svg_filter
    phone.screenshot(path=str(artifacts / "prefs-game-phone.png"))
    phone.goto(f"{server}/replay/game/{gid}")
    phone.wait_for_selector("#board svg .coord", state="attached")
    phone.wait_for_function("() => document.documentElement.dataset.boardTheme === 'grey'")
    assert shown(phone)[0] == 0

    guest = browser.new_context(viewport=DESKTOP).new_page()
    guest.goto(f"{server}/game/{gid}")
    guest.wait_for_selector("#board svg .coord", state="attached")
    visible, svg_filter = shown(guest)
    assert visible > 0 and svg_filter == "none"
    context.close()
    other.close()
