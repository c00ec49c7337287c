"""Offers and chat in Chromium (issue 23): two players and a spectator on a real server.

A draw offer declined, a chat exchange (an XSS attempt shown as text), the spectators'
own room, a resignation with its confirmation; screenshots at 390x844 and 1280x800.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from .test_browser import DESKTOP, GAME_IDS, PHONE, _click_action, _open_new, _view, _wait_ready

pytestmark = pytest.mark.browser

XSS = '<img src=x onerror="window.__xss = 1"><script>window.__xss = 2</script>'


def _chat(page: Any, text: str) -> None:
    page.fill("#chat-input", text)
    page.locator("#chat-send").click()


def _log_has(page: Any, text: str) -> None:
    page.wait_for_function(
        "(t) => document.querySelector('#chat-log').innerText.includes(t)", arg=text
    )


def test_draw_declined_chat_and_resignation(server: str, browser: Any, artifacts: Path) -> None:
    game_id = GAME_IDS[0]
    rng = random.Random(23)
    host_ctx = browser.new_context(viewport=DESKTOP)
    friend_ctx = browser.new_context(viewport=PHONE)
    watch_ctx = browser.new_context(viewport=DESKTOP)
    host = host_ctx.new_page()
    gid = _open_new(host, server, game_id, opponent="friend")
    friend = friend_ctx.new_page()
    friend.goto(host.locator("#invite-link").input_value())
    friend.fill("#join-name", "Ann")
    friend.locator("#join").click()
    friend.wait_for_function("() => document.querySelector('#players').innerText.includes('Ann')")
    watcher = watch_ctx.new_page()
    watcher.goto(host.locator("#watch-link").input_value())
    watcher.wait_for_selector("#chat-card:not([hidden])")

    # at the start a player may abort; after two turns no longer
    host.wait_for_selector("#abort")
    pages = {0: host, 1: friend}
    for _ in range(2):
        view = _view(server, gid)
        page = pages[view["to_move"]]
        _wait_ready(page, server, gid)
        _click_action(page, rng.choice(view["legal"]))
        seen = "() => Number(document.querySelector('#board').dataset.version) > "
        for p in (host, friend):
            p.wait_for_function(seen + str(view["version"]))
    host.wait_for_selector("#abort", state="detached")

    # a draw offer, confirmed, shown to the opponent, declined: the game goes on
    host.locator("#offer-draw").click()
    host.locator("#offer-yes").click()
    host.wait_for_selector("#draw-pending")
    friend.wait_for_selector("#incoming-draw")
    assert "offers a draw" in friend.locator("#incoming-draw").inner_text()
    friend.locator("#incoming-draw").scroll_into_view_if_needed()
    friend.screenshot(path=str(artifacts / "offer-draw-phone.png"))
    assert watcher.locator("#incoming-draw").count() == 0  # spectators get no tools
    assert watcher.locator("#offers-card").is_hidden()
    friend.locator("#decline-draw").click()
    host.wait_for_selector("#offer-draw")
    friend.wait_for_selector("#incoming-draw", state="detached")
    assert _view(server, gid)["result"] is None

    # chat: the players' room, live both ways; markup is shown as text, never run
    _chat(host, XSS)
    _log_has(friend, "<img src=x")
    _chat(friend, "nice try, good luck")
    _log_has(host, "nice try")
    for page in (host, friend):
        assert page.locator("#chat-log img, #chat-log script").count() == 0
        assert page.evaluate("() => window.__xss") is None
    assert friend.locator("#chat-title").text_content() == "Chat"
    host.screenshot(path=str(artifacts / "chat-desktop.png"))
    friend.locator("#chat-input").scroll_into_view_if_needed()
    friend.screenshot(path=str(artifacts / "chat-phone.png"))

    # the spectators talk in their own room, which the players' chat does not show
    assert watcher.locator("#chat-title").text_content() == "Spectators' chat"
    assert "nice try" not in watcher.locator("#chat-log").inner_text()
    _chat(watcher, "what a game")
    _log_has(watcher, "what a game")
    assert "what a game" not in host.locator("#chat-log").inner_text()
    watcher.screenshot(path=str(artifacts / "chat-spectator-desktop.png"))

    # resignation asks first; keeping on changes nothing, confirming ends the game
    host.locator("#resign").click()
    host.get_by_text("Keep playing").click()
    assert _view(server, gid)["result"] is None
    host.locator("#resign").click()
    host.locator("#resign-yes").click()
    friend.wait_for_selector("#status.over")
    assert friend.locator("#status-main").inner_text() == "You won"
    assert friend.locator("#offers-card").is_hidden()
    friend.screenshot(path=str(artifacts / "chat-over-phone.png"), full_page=True)
    for ctx in (host_ctx, friend_ctx, watch_ctx):
        ctx.close()


def test_takeback_accepted_and_abort_with_confirmation(
    server: str, browser: Any, artifacts: Path
) -> None:
    game_id = GAME_IDS[0]
    host_ctx = browser.new_context(viewport=PHONE)
    friend_ctx = browser.new_context(viewport=DESKTOP)
    host = host_ctx.new_page()
    gid = _open_new(host, server, game_id, opponent="friend")
    friend = friend_ctx.new_page()
    friend.goto(host.locator("#invite-link").input_value())
    friend.locator("#join").click()
    friend.wait_for_selector("#offers-card:not([hidden])")
    view = _view(server, gid)
    mover, waiter = (host, friend) if view["to_move"] == 0 else (friend, host)
    _wait_ready(mover, server, gid)
    _click_action(mover, view["legal"][0])
    waiter.wait_for_function(
        "(v) => Number(document.querySelector('#board').dataset.version) > v", arg=view["version"]
    )

    # the mover asks to take the turn back; the other accepts; the board is as before
    mover.locator("#ask-takeback").click()
    mover.locator("#offer-yes").click()
    waiter.wait_for_selector("#incoming-takeback")
    waiter.locator("#incoming-takeback").scroll_into_view_if_needed()
    waiter.screenshot(path=str(artifacts / "offer-takeback.png"))
    waiter.locator("#accept-takeback").click()
    mover.wait_for_selector("#takeback-pending", state="detached")
    after = _view(server, gid)
    assert after["ply"] == 0 and after["result"] is None

    # abort asks first: Cancel keeps the game, confirming ends it without a result
    host.locator("#abort").click()
    host.get_by_text("Cancel").click()
    assert _view(server, gid)["result"] is None
    host.locator("#abort").click()
    host.locator("#offer-yes").click()
    friend.wait_for_selector("#status.over")
    result = _view(server, gid)["result"]
    assert result["result"] == "*" and "aborted" in result["reason"]
    assert "borted" in friend.locator("#status").inner_text()
    host.wait_for_selector("#status.over")
    host.screenshot(path=str(artifacts / "offer-aborted-phone.png"))
    for ctx in (host_ctx, friend_ctx):
        ctx.close()
