"""Moderation in Chromium on a real ``shoal serve`` (issue 61), one story:

Bob challenges Carol to a rated game; Carol accepts on the challenge's page and both land
in the game. Bob writes an insult; Carol reports the line with the flag beside it (the
report dialog: a reason, a text). During the game Carol opens the analysis board on the
game's position in a second tab of the same browser: her game page tells the server, which
reports the game for the moderators. Mona, a moderator, opens /mod: Bob's report with the
chat around the line, Carol's fair-play signal with its tool; she hides the line, and it
leaves both players' open pages; /mod/log has her action. Screenshots at 390x844 and
1280x800 in ``test-artifacts/``; axe finds nothing serious on the queue, the log, the block
list or the open dialog.
"""

from __future__ import annotations

import secrets
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest

from .test_axe_browser import _violations, axe_source  # noqa: F401 (a fixture)
from .test_browser import DESKTOP, PHONE

pytestmark = pytest.mark.browser

PASSWORD = "correct horse battery"


def _account(server: str, name: str) -> httpx.Client:
    client = httpx.Client(base_url=server, timeout=20)
    made = client.post("/api/auth/signup", json={"username": name, "password": PASSWORD})
    assert made.status_code == 201, made.text
    return client


def _page(
    browser: Any, server: str, client: httpx.Client, viewport: dict[str, int], axe: str
) -> Any:
    context = browser.new_context(viewport=viewport)
    context.add_cookies(
        [{"name": c.name, "value": c.value or "", "url": server} for c in client.cookies.jar]
    )
    context.add_init_script(axe)
    return context.new_page()


def _shoot(page: Any, artifacts: Path, name: str) -> None:
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)


def test_report_a_chat_line_the_tab_signal_and_the_queue(
    served: tuple[str, str],
    browser: Any,
    artifacts: Path,
    axe_source: str,  # noqa: F811
) -> None:
    server, database = served
    tag = secrets.token_hex(3)
    names = {who: f"{who}{tag}" for who in ("bob", "carol", "mona")}
    clients = {who: _account(server, name) for who, name in names.items()}
    subprocess.run(
        [
            sys.executable,
            "-m",
            "shoal.cli",
            "admin",
            "--database",
            database,
            "grant",
            "moderator",
            names["mona"],
        ],
        check=True,
        capture_output=True,
    )
    body = {"username": names["carol"], "game": "connect4", "time_control": None, "rated": True}
    made = clients["bob"].post("/api/challenges", json=body)
    assert made.status_code == 201, made.text
    challenge = f"/challenges/{made.json()['id']}"

    bob = _page(browser, server, clients["bob"], DESKTOP, axe_source)
    carol = _page(browser, server, clients["carol"], PHONE, axe_source)
    bob.goto(server + challenge)
    carol.goto(server + challenge)
    carol.locator("#challenge-accept").click()
    for page in (bob, carol):
        page.wait_for_url("**/game/**")
        page.wait_for_selector("#chat-input")
    gid = carol.url.rsplit("/", 1)[-1]

    # Bob's insult; Carol reports it from the game page
    bob.fill("#chat-input", "you play like a potato")
    bob.locator("#chat-send").click()
    carol.wait_for_function(
        "() => document.querySelector('#chat-log').innerText.includes('potato')"
    )
    line = carol.locator("#chat-log li", has_text="potato")
    line.scroll_into_view_if_needed()
    carol.screenshot(path=str(artifacts / "game-chat-flag-phone.png"))
    line.locator(".chat-report").click()
    dialog = carol.locator("#report-dialog")
    dialog.wait_for()
    assert "Report a message of" in dialog.locator("h2").inner_text()
    carol.locator("#report-dialog input[value='abuse']").check()
    carol.fill("#report-text", "an insult in the players' chat")
    carol.screenshot(path=str(artifacts / "report-dialog-phone.png"))
    assert not _violations(carol), _violations(carol)
    carol.locator("#report-send").click()
    dialog.wait_for(state="detached")
    mine = clients["carol"].get("/api/reports").json()
    assert [(r["kind"], r["about"], r["state"]) for r in mine] == [("chat", names["bob"], "open")]

    # the analysis board on the game's position in a second tab: the game page tells the server
    position = clients["carol"].get(f"/api/games/{gid}").json()["position"]
    analysis = carol.context.new_page()
    analysis.add_init_script("localStorage.setItem('shoal.engine', 'on')")
    analysis.goto(f"{server}/analysis/connect4#position={quote(position)}")
    analysis.wait_for_function("() => document.querySelector('#engine-lines')?.children.length > 0")

    mona = _page(browser, server, clients["mona"], DESKTOP, axe_source)
    for _ in range(100):  # the signal goes from tab to tab, then to the server
        queue = clients["mona"].get("/api/mod/queue").json()
        kinds = {  # this test's accounts only: the server is shared with the other browser tests
            (g["player"]["username"], r["kind"], r["reason"])
            for g in queue["groups"]
            for r in g["reports"]
            if g["player"]["username"].endswith(tag)
        }
        if (names["carol"], "fairplay", "tab") in kinds:
            break
        mona.wait_for_timeout(100)
    assert kinds == {(names["bob"], "chat", "abuse"), (names["carol"], "fairplay", "tab")}

    # the queue: the report with the chat around it, the signal with its tool
    mona.goto(server + "/mod")
    report = mona.locator(".mod-group", has=mona.locator(f"h2 >> text={names['bob']}"))
    report.locator(".mod-chat li.reported", has_text="potato").wait_for()
    signal = mona.locator(".mod-group", has=mona.locator(f"h2 >> text={names['carol']}"))
    assert "seen: analysis" in signal.inner_text()
    _shoot(mona, artifacts, "mod-queue-desktop")
    assert not _violations(mona), _violations(mona)
    form = report.locator("form.mod-actions")
    form.locator("select").select_option("hide-chat")
    form.locator("input[type=text]").fill("insult")
    form.locator("button[type=submit]").click()
    mona.wait_for_function("() => !document.querySelector('.mod-chat li.reported')")
    for page in (bob, carol):  # the line leaves the open pages
        page.wait_for_function(
            "() => !document.querySelector('#chat-log').innerText.includes('potato')"
        )
    mine = clients["carol"].get("/api/reports").json()
    assert mine[0]["state"] == "handled"

    mona.goto(server + "/mod/log")
    mona.locator("#mod-log td[data-action=hide-chat]", has_text="chat line hidden").wait_for()
    assert names["bob"] in mona.locator("#mod-log").inner_text()
    _shoot(mona, artifacts, "mod-log-desktop")
    assert not _violations(mona), _violations(mona)
    mona.set_viewport_size(PHONE)
    mona.goto(server + "/mod")
    mona.locator(".mod-group", has_text="seen: analysis").wait_for()  # carol's, still open
    _shoot(mona, artifacts, "mod-queue-phone")
    assert not _violations(mona), _violations(mona)
    mona.goto(server + "/mod/log")
    mona.locator("#mod-log td[data-action=hide-chat]", has_text="chat line hidden").wait_for()
    _shoot(mona, artifacts, "mod-log-phone")
    assert not _violations(mona), _violations(mona)

    # the block list: Carol blocks Bob from his profile, then sees him on /me/blocks
    carol.goto(f"{server}/@/{names['bob']}")
    carol.locator("#block-toggle").click()
    carol.wait_for_function(
        "() => document.querySelector('#block-toggle').textContent === 'Unblock'"
    )
    carol.goto(server + "/me/blocks")
    carol.locator("#block-list li", has_text=names["bob"]).wait_for()
    _shoot(carol, artifacts, "blocks-phone")
    assert not _violations(carol), _violations(carol)
    carol.set_viewport_size(DESKTOP)
    carol.reload()
    carol.locator("#report-list .state.handled").wait_for()
    _shoot(carol, artifacts, "blocks-desktop")
    for client in clients.values():
        client.close()
