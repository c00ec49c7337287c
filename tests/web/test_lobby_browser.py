"""The lobby in Chromium (issue 22): a seek seen live, accepted, played, resigned, rematched.

Player A (one browser context) creates a seek; player B (another context, already on the
lobby page) sees it appear without reloading and accepts; both land in the game; A's page
shows B's move live; B resigns, asks for a rematch, A accepts: both land in the rematch
with the sides swapped. Screenshots of the lobby at 390x844 and 1280x800.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from .test_browser import DESKTOP, PHONE, _click_action, _view, _wait_ready, choose

pytestmark = pytest.mark.browser


def _version_above(page: Any, version: int) -> None:
    page.wait_for_function(
        f"() => Number(document.querySelector('#board').dataset.version) > {version}"
    )


def test_seek_seen_live_accepted_played_and_rematched(
    server: str, browser: Any, artifacts: Path
) -> None:
    rng = random.Random(22)
    a = browser.new_context(viewport=DESKTOP).new_page()
    b = browser.new_context(viewport=PHONE, device_scale_factor=2).new_page()
    b.goto(f"{server}/lobby")
    b.wait_for_selector("#lobby-live.on")
    b.evaluate("window.__sameLoad = 'yes'")
    a.goto(f"{server}/lobby")
    a.wait_for_selector("#lobby-live.on")
    a.select_option("#seek-game", "syrtis")
    a.select_option("#seek-time", "")
    choose(a, "#seek-colour", "first")
    a.fill("#seek-name", "Ann")
    a.locator("#seek-create").click()
    a.wait_for_selector("#seeks tr.mine [data-cancel]")
    b.wait_for_selector("#seeks [data-accept]")
    assert b.evaluate("window.__sameLoad") == "yes"  # it appeared without a reload
    assert "Ann" in b.locator("#seeks").inner_text()
    a.screenshot(path=str(artifacts / "lobby-desktop.png"), full_page=True)
    b.screenshot(path=str(artifacts / "lobby-phone.png"))
    b.locator("#seeks [data-accept]").click()
    for page in (a, b):
        page.wait_for_url("**/game/*")
        page.wait_for_selector("#board svg")
    gid = a.url.rsplit("/", 1)[1]
    assert b.url.endswith(gid)
    token_a = a.evaluate(f"localStorage.getItem('shoal.token.{gid}')")
    token_b = b.evaluate(f"localStorage.getItem('shoal.token.{gid}')")
    assert _view(server, gid, token_a)["you"] == [0]
    assert _view(server, gid, token_b)["you"] == [1]

    pages = {0: a, 1: b}
    movers = []
    while 1 not in movers:  # play until B has moved once: A's page shows B's move live
        view = _view(server, gid)
        mover = view["to_move"]
        _wait_ready(pages[mover], server, gid)
        _click_action(pages[mover], rng.choice(view["legal"]))
        _version_above(pages[1 - mover], view["version"])
        movers.append(mover)
    assert _view(server, gid)["version"] == int(
        a.locator("#board").get_attribute("data-version") or 0
    )
    b.locator("#resign").click()
    b.locator("#resign-yes").click()
    for page in (a, b):
        page.wait_for_selector("#status.over")
    b.locator("#rematch").click()
    a.wait_for_selector("#rematch-accept")
    b.wait_for_selector("#rematch-withdraw")  # the offer came back on the social socket
    a.locator("#rematch-box").scroll_into_view_if_needed()
    a.screenshot(path=str(artifacts / "rematch-offered-desktop.png"))
    b.locator("#rematch-box").scroll_into_view_if_needed()
    b.screenshot(path=str(artifacts / "rematch-offered-phone.png"))
    a.locator("#rematch-accept").click()
    for page in (a, b):
        page.wait_for_url(lambda url: "/game/" in url and not url.endswith(gid))
    new_gid = a.url.rsplit("/", 1)[1]
    assert b.url.endswith(new_gid)
    new_a = a.evaluate(f"localStorage.getItem('shoal.token.{new_gid}')")
    new_b = b.evaluate(f"localStorage.getItem('shoal.token.{new_gid}')")
    assert _view(server, new_gid, new_a)["you"] == [1]  # sides swapped
    assert _view(server, new_gid, new_b)["you"] == [0]


def test_lobby_errors_in_words_and_home_section(server: str, browser: Any, artifacts: Path) -> None:
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.goto(f"{server}/lobby")
    page.wait_for_selector("#lobby-live.on")
    page.evaluate("localStorage.setItem('shoal.guest', 'x')")  # a broken key: refused in words
    page.locator("#seek-create").click()
    page.wait_for_selector("#seek-error:not([hidden])")
    assert "16 to 100" in page.locator("#seek-error").inner_text()
    page.screenshot(path=str(artifacts / "lobby-error-desktop.png"))
    # a guest is asked to sign in for challenges; the link brings them back to the lobby
    prompt = page.locator("#challenges-signin")
    assert "Sign in to send and receive challenges." in prompt.inner_text()
    assert prompt.locator("a").get_attribute("href") == "/login?next=/lobby"
    assert page.locator("#challenge-list").count() == 0
    page.goto(f"{server}/")
    page.wait_for_selector("#home-lobby #lobby-live.on")
    page.screenshot(path=str(artifacts / "home-lobby-desktop.png"))
    phone = browser.new_context(viewport=PHONE, device_scale_factor=2).new_page()
    phone.goto(f"{server}/")
    phone.wait_for_selector("#home-lobby #lobby-live.on")
    phone.screenshot(path=str(artifacts / "home-lobby-phone.png"))


def _signed_up(browser: Any, server: str, name: str, viewport: dict[str, int]) -> Any:
    context = browser.new_context(viewport=viewport)
    answer = context.request.post(
        f"{server}/api/auth/signup", data={"username": name, "password": "correct horse"}
    )
    assert answer.status == 201, answer.text()
    return context.new_page()


def test_a_challenge_from_a_profile_is_accepted_in_the_lobby(
    server: str, browser: Any, artifacts: Path
) -> None:
    carol = _signed_up(browser, server, "carol", DESKTOP)
    dave = _signed_up(browser, server, "dave", PHONE)
    dave.goto(f"{server}/lobby")
    dave.wait_for_selector("#lobby-live.on")
    dave.wait_for_selector("#challenge-list")
    assert dave.locator("#challenges-signin").count() == 0
    carol.goto(f"{server}/lobby")  # carol waits in the lobby: the game's start reaches her there
    carol.wait_for_selector("#lobby-live.on")
    profile = carol.context.new_page()
    profile.goto(f"{server}/@/dave")
    profile.wait_for_selector("#challenge-send")
    profile.select_option("#challenge-time", "3d")
    profile.select_option("#challenge-colour", "second")
    profile.screenshot(path=str(artifacts / "challenge-profile-desktop.png"), full_page=True)
    profile.locator("#challenge-send").click()
    profile.wait_for_selector("#challenge-sent:not([hidden])")
    dave.wait_for_selector("[data-accept-challenge]")  # live, without a reload
    assert "carol" in dave.locator("#challenge-list").inner_text()
    dave.screenshot(path=str(artifacts / "challenge-incoming-phone.png"), full_page=True)
    dave.locator("[data-accept-challenge]").click()
    for page in (carol, dave):
        page.wait_for_url("**/game/*")
        page.wait_for_selector("#board svg")
    gid = dave.url.rsplit("/", 1)[1]
    assert carol.url.endswith(gid)
    view = _view(server, gid)
    assert view["players"] == ["dave", "carol"]


def test_the_challenged_follows_the_link_to_the_challenge_page_and_accepts(
    server: str, browser: Any, artifacts: Path
) -> None:
    """The notification's link (as the mail's) leads to /challenges/ID: the challenger
    waits there, the challenged reads the terms there and accepts; both land in the game."""
    tag = f"{random.randrange(16**4):04x}"
    erin, fred = f"erin{tag}", f"fred{tag}"
    waiting = _signed_up(browser, server, erin, DESKTOP)
    answering = _signed_up(browser, server, fred, PHONE)
    body = {"username": fred, "game": "syrtis", "colour": "first", "time_control": "3d"}
    made = waiting.context.request.post(f"{server}/api/challenges", data=body)
    assert made.status == 201, made.text()
    cid = made.json()["id"]
    waiting.goto(f"{server}/challenges/{cid}")
    waiting.wait_for_selector("#challenge-cancel")
    assert waiting.locator("#challenge-who").inner_text() == f"You challenge {fred} to Syrtis"
    answering.goto(f"{server}/notifications")
    answering.locator(f'#notices li[data-challenge="{cid}"] a[href="/challenges/{cid}"]').click()
    answering.wait_for_url(f"**/challenges/{cid}")
    answering.wait_for_selector("#challenge-accept")
    assert answering.locator("#challenge-who").inner_text() == f"{erin} challenges you to Syrtis"
    terms = answering.locator("#challenge-terms").inner_text()
    assert "Correspondence: 3 days / move" in terms and "You play second" in terms, terms
    assert answering.locator("#challenge-decline").is_visible()
    answering.screenshot(path=str(artifacts / "challenge-page-phone.png"), full_page=True)
    answering.locator("#challenge-accept").click()
    for page in (waiting, answering):  # the challenger is taken from the challenge's page
        page.wait_for_url("**/game/*")
        page.wait_for_selector("#board svg")
    gid = answering.url.rsplit("/", 1)[1]
    assert waiting.url.endswith(gid) and _view(server, gid)["players"] == [erin, fred]
    answering.goto(f"{server}/challenges/{cid}")  # afterwards: what became of it
    answering.locator("#challenge-outcome").filter(has_text="Accepted").wait_for()
    assert answering.locator("#challenge-game").get_attribute("href") == f"/game/{gid}"
    assert answering.locator("#challenge-accept").count() == 0
    answering.screenshot(path=str(artifacts / "challenge-page-accepted-phone.png"))

    # straight from the mail's link: the page marks the challenge's notification read
    again = waiting.context.request.post(f"{server}/api/challenges", data=body).json()["id"]
    count = f"{server}/api/notifications/count"
    assert answering.context.request.get(count).json()["unread"] == 1
    answering.goto(f"{server}/challenges/{again}")
    answering.wait_for_selector("#challenge-accept")
    for _ in range(50):  # the page marks it after showing the challenge
        if answering.context.request.get(count).json()["unread"] == 0:
            break
        answering.wait_for_timeout(100)
    assert answering.context.request.get(count).json()["unread"] == 0
    answering.locator("#notification-count").wait_for(state="hidden")  # the bell, live
