"""Defects a newcomer met on the web app, each reproduced in Chromium (issue "The web app,
played as a newcomer"): a real 404 page, board styles that leave the page alone, no player
tools for spectators or after the end, play again, flipping the board, the computer's
thinking shown for its whole search, the turn alert in the tab title."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from .test_browser import DESKTOP, PHONE, _click_action, _open_new, _view, _wait_ready

pytestmark = pytest.mark.browser


def test_an_unknown_address_shows_a_page_not_found(
    server: str, browser: Any, artifacts: Path
) -> None:
    page = browser.new_page(viewport=PHONE)
    response = page.goto(f"{server}/no/such/page")
    assert response is not None and response.status == 404
    assert page.locator("h1").inner_text() == "Page not found"
    assert "detail" not in page.content()
    page.locator("a", has_text="All games").first.click()
    page.wait_for_url(f"{server}/")
    page.close()


def test_a_sirtet_board_does_not_shrink_the_page_status_line(server: str, browser: Any) -> None:
    """Sirtet's SVG used to carry `.status{font-size:13px}` unscoped."""
    page = browser.new_page(viewport=DESKTOP)
    sizes = {}
    for game in ("sytran", "sirtet"):
        _open_new(page, server, game)
        page.wait_for_selector("#board svg")
        sizes[game] = page.evaluate("getComputedStyle(document.querySelector('#status')).fontSize")
    assert sizes["sirtet"] == sizes["sytran"]
    page.close()


def test_spectators_get_no_player_tools(server: str, browser: Any) -> None:
    player = browser.new_page(viewport=DESKTOP)
    gid = _open_new(player, server, "sytran", opponent="friend")
    _wait_ready(player, server, gid)
    assert player.locator("#resign").is_visible()
    watcher = browser.new_context(viewport=DESKTOP).new_page()
    watcher.goto(f"{server}/game/{gid}")
    watcher.wait_for_selector("#board svg")
    assert watcher.locator("#status-sub").inner_text() == "You are watching"
    for tool in ("#resign", "#undo", "#hint", "#play-again"):
        assert not watcher.locator(tool).is_visible(), tool
    player.close()
    watcher.close()


def test_after_a_resignation_undo_is_gone_and_play_again_swaps_sides(
    server: str, browser: Any, artifacts: Path
) -> None:
    page = browser.new_page(viewport=DESKTOP)
    gid = _open_new(page, server, "cyclix")
    view = _wait_ready(page, server, gid)
    _click_action(page, view["legal"][0])
    page.wait_for_function("() => document.querySelector('#board').dataset.ready === 'yes'")
    page.locator("#resign").click()
    page.locator("#resign-yes").click()
    page.wait_for_selector("#status.over")
    assert page.locator("#status-main").inner_text() == "You lost"
    assert page.locator("#status-sub").inner_text() == "White resigned: Black wins."
    # the board's own caption no longer says whose move it is
    captions = page.locator("#board svg text").all_text_contents()
    assert not [c for c in captions if "to move" in c]
    assert page.locator("#board svg text.caption-over").text_content() == "Black wins"
    assert not page.locator("#undo").is_visible() and not page.locator("#resign").is_visible()
    assert page.locator("#play-again").is_visible()
    page.screenshot(path=str(artifacts / "game-over-play-again-desktop.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(artifacts / "game-over-play-again-phone.png"), full_page=True)
    page.set_viewport_size(DESKTOP)
    page.locator("#play-again").click()
    page.wait_for_url(lambda url: "/game/" in url and not url.endswith(gid))
    new_gid = page.url.rsplit("/", 1)[1]
    token = page.evaluate(f"localStorage.getItem('shoal.token.{new_gid}')")
    again = _view(server, new_gid, token)
    assert again["you"] == [1] and again["computer_seat"] == 0
    assert again["level"] == "random" and again["game"]["id"] == "cyclix"
    # a Cyclix player of Black sees the board from Black's side at first; the keyboard is on
    # the new game's board (issue 60)
    page.wait_for_selector("#board.flipped svg")
    page.wait_for_function("() => document.activeElement.classList.contains('cell')")
    page.screenshot(path=str(artifacts / "cyclix-black-flipped-desktop.png"))
    page.locator("#flip").click()
    assert "flipped" not in (page.locator("#board").get_attribute("class") or "")
    page.reload()
    page.wait_for_selector("#board svg")
    assert "flipped" not in (page.locator("#board").get_attribute("class") or "")
    page.close()


def test_the_computer_is_shown_thinking_for_its_whole_search(server: str, browser: Any) -> None:
    """Against `strong`, the computer's reply takes a while: after our move the page says it is
    thinking (and Undo waits) until the computer's move arrives."""
    page = browser.new_page(viewport=DESKTOP)
    page.goto(f"{server}/new?game=sytran")
    page.select_option("#level", "strong")
    page.locator("#start").click()
    page.wait_for_url(f"{server}/game/*")
    gid = page.url.rsplit("/", 1)[1]
    view = _wait_ready(page, server, gid)
    entry = next(e for e in view["legal"] if e["text"] == "j10")
    # What the page shows while the search runs, read the moment the sign appears (an
    # observer, not a poll: on a loaded machine a poll can miss a short search).
    page.evaluate(
        """() => {
          const thinking = document.querySelector('#thinking');
          new MutationObserver(() => {
            if (thinking.hidden || window.shownThinking) return;
            window.shownThinking = {status: document.querySelector('#status-main').innerText,
                                    undo: document.querySelector('#undo').disabled};
          }).observe(thinking, {attributes: true, attributeFilter: ['hidden']});
        }"""
    )
    _click_action(page, entry)
    shown = page.wait_for_function("() => window.shownThinking", timeout=30_000).json_value()
    assert shown == {"status": "The computer is thinking…", "undo": True}
    page.wait_for_function(
        "() => document.querySelector('#board').dataset.ready === 'yes'", timeout=90_000
    )
    assert page.locator("#thinking").is_hidden()
    page.close()


def test_the_tab_title_tells_a_player_in_the_background_it_is_their_turn(
    server: str, browser: Any
) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    gid = _open_new(page, server, "sytran", opponent="friend")
    _wait_ready(page, server, gid)
    invite = page.evaluate(f"localStorage.getItem('shoal.invite.{gid}')")
    # the page goes to the background; the friend moves
    page.evaluate(
        "Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});"
        "document.dispatchEvent(new Event('visibilitychange'))"
    )
    view = _view(server, gid)
    httpx.post(
        f"{server}/api/games/{gid}/actions",
        json={"version": view["version"], "text": "j10"},
        headers={"X-Shoal-Token": page.evaluate(f"localStorage.getItem('shoal.token.{gid}')")},
        timeout=10,
    ).raise_for_status()
    friend_view = _view(server, gid, invite)
    httpx.post(
        f"{server}/api/games/{gid}/actions",
        json={"version": friend_view["version"], "text": "swap"},
        headers={"X-Shoal-Token": invite},
        timeout=10,
    ).raise_for_status()
    page.wait_for_function("() => document.title.startsWith('(1) Your turn')")
    page.evaluate(
        "Object.defineProperty(document, 'hidden', {configurable: true, get: () => false});"
        "document.dispatchEvent(new Event('visibilitychange'))"
    )
    page.wait_for_function("() => !document.title.startsWith('(1)')")
    context.close()


def _friend_game(page: Any, server: str) -> tuple[str, str]:
    gid = _open_new(page, server, "sytran", opponent="friend")
    _wait_ready(page, server, gid)
    return gid, page.locator("#invite-link").input_value()


def test_opening_your_own_invite_keeps_your_seat(
    server: str, browser: Any, artifacts: Path
) -> None:
    """New game -> Friend online -> the invite link in another tab of the same browser: the
    browser asks instead of overwriting; the first tab keeps its seat after a reload."""
    context = browser.new_context(viewport=DESKTOP)
    host = context.new_page()
    gid, invite = _friend_game(host, server)
    token = host.evaluate(f"localStorage.getItem('shoal.token.{gid}')")
    tab = context.new_page()
    tab.goto(invite)
    tab.wait_for_selector("#keep-seat")
    tab.screenshot(path=str(artifacts / "own-invite-desktop.png"))
    tab.locator("#keep-seat").click()
    host.reload()
    _wait_ready(host, server, gid)
    assert host.locator("#status-main").inner_text() == "Your turn"
    assert host.evaluate(f"localStorage.getItem('shoal.token.{gid}')") == token
    context.close()


def test_an_invite_is_claimed_once_and_then_only_watches(server: str, browser: Any) -> None:
    host = browser.new_context(viewport=DESKTOP).new_page()
    gid, invite = _friend_game(host, server)
    friend = browser.new_context(viewport=PHONE).new_page()
    friend.goto(invite)
    friend.fill("#join-name", "Ann")
    friend.locator("#join").click()
    friend.wait_for_function("() => document.querySelector('#players').innerText.includes('Ann')")
    assert _view(server, gid)["players"][1] == "Ann"
    third = browser.new_context(viewport=DESKTOP).new_page()
    third.goto(invite)
    toast = third.locator(".toast")
    toast.wait_for()
    assert "already been taken" in toast.inner_text()
    assert third.locator("#status-sub").inner_text() == "You are watching"


def test_a_damaged_link_never_drops_a_good_seat(server: str, browser: Any) -> None:
    context = browser.new_context(viewport=DESKTOP)
    host = context.new_page()
    gid, invite = _friend_game(host, server)
    token = host.evaluate(f"localStorage.getItem('shoal.token.{gid}')")
    host.goto("about:blank")
    host.goto(invite[:-5])  # the link cut short, as a chat app may do
    toast = host.locator(".toast")
    toast.wait_for()
    assert "not valid" in toast.inner_text()
    assert host.evaluate(f"localStorage.getItem('shoal.token.{gid}')") == token
    _wait_ready(host, server, gid)
    assert host.locator("#status-main").inner_text() == "Your turn"
    context.close()


@pytest.mark.parametrize("game", ["syrtis", "sirtet", "sytran", "cyclix", "sfirs"])
def test_a_rules_page_is_never_wider_than_a_phone(game: str, server: str, browser: Any) -> None:
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{server}/rules/{game}")
    page.wait_for_selector(".prose h2")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width
    page.close()


def test_the_syrtis_set_up_menu_says_what_each_choice_means(
    server: str, browser: Any, artifacts: Path
) -> None:
    """Clicking a tile where both towers may go used to offer "L@a1 / D@a1"."""
    made = httpx.post(
        f"{server}/api/games",
        json={
            "game": "syrtis",
            "options": {"variant": "minor"},
            "start": "ScCs/cSsC/sCcS/CsSc place - 0 - 0,0 3",
            "opponent": "local",
        },
        timeout=10,
    ).json()
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{server}/game/{made['id']}")
    page.evaluate(f"localStorage.setItem('shoal.token.{made['id']}', '{made['token']}')")
    page.reload()
    _wait_ready(page, server, made["id"])
    page.locator('#board svg .cell[data-cell="a1"]').first.click(force=True)
    menu = page.locator("#choice-menu")
    menu.wait_for()
    labels = sorted(menu.locator("button[data-action]").all_inner_texts())
    assert labels == ["Dark tower on a1", "Light tower on a1"]
    page.screenshot(path=str(artifacts / "syrtis-tower-menu-phone.png"))
    menu.get_by_text("Light tower on a1").click()
    page.wait_for_function("() => document.querySelector('#board').dataset.version === '2'")
    assert _view(server, made["id"])["position"].split()[0].startswith("ScCs/cSsC/sCcS/CLsSc")


@pytest.mark.parametrize("game", ["syrtis", "sirtet", "sytran", "cyclix", "sfirs"])
def test_a_player_reads_the_rules_before_the_programmers_material(
    game: str, server: str, browser: Any
) -> None:
    page = browser.new_page(viewport=DESKTOP)
    page.goto(f"{server}/rules/{game}")
    page.wait_for_selector(".prose h2")
    top = page.locator(".prose > h2").all_inner_texts()
    assert not [t for t in top if t.lower().startswith(("position string", "action ", "perft"))]
    folded = page.locator("#for-programmers > h2").evaluate_all(
        "els => els.map(e => e.textContent)"
    )
    assert any(t.lower().startswith("position string") for t in folded), folded
    assert not page.locator("#for-programmers").evaluate("d => d.open")
    page.close()


def _smallest_target(page: Any) -> float:
    """The smallest clickable cell of the board, in CSS pixels (its shorter side)."""
    return float(
        page.evaluate(
            "Math.min(...[...document.querySelectorAll('#board svg .cell')]"
            ".map(c => c.getBoundingClientRect()).filter(r => r.width > 0)"
            ".map(r => Math.min(r.width, r.height)))"
        )
    )


@pytest.mark.parametrize("game", ["syrtis", "sirtet", "sytran", "cyclix", "sfirs"])
def test_on_a_phone_the_board_zooms_to_40_px_targets(
    game: str, server: str, browser: Any, artifacts: Path
) -> None:
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, has_touch=True)
    page = context.new_page()
    gid = _open_new(page, server, game)
    _wait_ready(page, server, gid)
    sizes = [_smallest_target(page)]
    while page.locator("#zoom-in").is_enabled() and sizes[-1] < 40:
        page.locator("#zoom-in").click()
        sizes.append(_smallest_target(page))
    print(
        f"{game}: smallest target {sizes[0]:.0f} px, "
        f"{sizes[-1]:.0f} px at zoom step {len(sizes) - 1}"
    )
    assert sizes[-1] >= 40, sizes
    # a zoomed board still plays by clicking
    view = _view(server, gid)
    _click_action(page, view["legal"][0])
    page.wait_for_function(
        f"() => Number(document.querySelector('#board').dataset.version) > {view['version']}"
    )
    page.screenshot(path=str(artifacts / f"{game}-zoomed-phone.png"))
    context.close()


def test_an_online_rematch_is_offered_and_accepted(
    server: str, browser: Any, artifacts: Path
) -> None:
    host = browser.new_context(viewport=DESKTOP).new_page()
    gid, invite = _friend_game(host, server)
    friend = browser.new_context(viewport=PHONE).new_page()
    friend.goto(invite)
    friend.fill("#join-name", "Ann")
    friend.locator("#join").click()
    friend.wait_for_function("() => document.querySelector('#players').innerText.includes('Ann')")
    host.locator("#resign").click()
    host.locator("#resign-yes").click()
    host.wait_for_selector("#status.over")
    host.locator("#rematch").click()
    host.wait_for_selector("#rematch-withdraw")
    friend.wait_for_selector("#rematch-accept")
    friend.screenshot(path=str(artifacts / "rematch-offer-phone.png"))
    friend.locator("#rematch-accept").click()
    for page in (host, friend):
        page.wait_for_url(lambda url: "/game/" in url and not url.endswith(gid))
    new_gid = host.url.rsplit("/", 1)[1]
    assert friend.url.endswith(new_gid)
    host_token = host.evaluate(f"localStorage.getItem('shoal.token.{new_gid}')")
    friend_token = friend.evaluate(f"localStorage.getItem('shoal.token.{new_gid}')")
    assert _view(server, new_gid, host_token)["you"] == [1]
    assert _view(server, new_gid, friend_token)["you"] == [0]
    friend.wait_for_selector("#board svg")
    assert friend.locator("#status-main").inner_text() == "Your turn"


@pytest.mark.parametrize("game", ["sytran", "sirtet"])
def test_after_a_resignation_no_board_caption_says_who_is_to_move(
    game: str, server: str, browser: Any
) -> None:
    """Sytran's caption ('White to move') and Sirtet's ('First player picks ...') give way to
    the result once a player resigns; the board itself is left as it was."""
    page = browser.new_page(viewport=DESKTOP)
    gid = _open_new(page, server, game)
    _wait_ready(page, server, gid)
    before = page.locator("#board svg text").all_text_contents()
    page.locator("#resign").click()
    page.locator("#resign-yes").click()
    page.wait_for_selector("#status.over")
    page.wait_for_selector("#board svg text.caption-over")
    after = page.locator("#board svg text").all_text_contents()
    assert not [c for c in after if "to move" in c or "picks" in c]
    winner = page.locator("#board svg text.caption-over").text_content()
    assert winner in ("White wins", "Black wins", "Second player wins", "First player wins")
    assert len(after) == len(before)  # coordinates and labels untouched
    page.close()


@pytest.mark.parametrize("game", ["syrtis", "sirtet", "sytran", "cyclix", "sfirs"])
def test_a_game_page_speaks_without_seat_numbers(game: str, server: str, browser: Any) -> None:
    """No jargon for players: no "seat 0", no "1 tiles", no "Setup to move" (board captions
    included: the SVG's text is part of the page)."""
    import re

    page = browser.new_page(viewport=DESKTOP)
    gid = _open_new(page, server, game)
    _wait_ready(page, server, gid)
    text = page.evaluate(
        "document.body.innerText + ' ' + document.querySelector('#board svg').textContent"
    )
    assert not re.search(r"\bseat \d|\b1 tiles\b|Setup to move", text, re.I), text[:400]
    page.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_home_cards_keep_their_buttons_inside_their_padding(
    server: str, browser: Any, viewport: dict[str, int]
) -> None:
    """At four cards a row the Play, Rules and Learn buttons were wider than a card's body:
    Learn ran into the card's edge (its right padding gone, the rest cut by the card)."""
    page = browser.new_page(viewport=viewport)
    page.goto(f"{server}/")
    page.wait_for_selector(".game-card .actions a")
    overruns = page.evaluate(
        """() => [...document.querySelectorAll('.game-card .body')].flatMap(body => {
            const box = body.getBoundingClientRect();
            const right = box.right - parseFloat(getComputedStyle(body).paddingRight);
            return [...body.querySelectorAll('.actions a')]
              .filter(a => a.getBoundingClientRect().right > right + 0.5)
              .map(a => `${body.closest('.game-card').dataset.game}: ${a.textContent}`);
        })"""
    )
    assert overruns == []
    page.close()
