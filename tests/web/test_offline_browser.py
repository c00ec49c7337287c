"""Playing the computer with the network cut (issue 45), in Chromium.

The offline page is loaded once online (the service worker caches it, the engines in
WebAssembly, Pyodide and shoal's Python bundle); then Playwright cuts the network, the page
is reloaded from the cache and a whole game is played against the computer; back online,
the finished game is uploaded through the records API and the server has it.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from shoal.games import get
from shoal.records.record import read_text

from .a11y import HEARD, heard

pytestmark = pytest.mark.browser

WEB = Path(__file__).resolve().parents[2] / "src" / "shoal" / "web"
FIVE = ["syrtis", "sirtet", "sytran", "cyclix", "sfirs"]
LOADED = 240_000
"""How long a wait for the page's Python (in its Worker) and the computer may take, in ms:
about 10 s on a quiet machine, over 90 s seen when both cores are busy (no timed claim)."""
CLICK = 15_000
"""How long one click may wait for its target (a redraw replaces it: the test looks again)."""


@pytest.fixture(scope="module")
def offline_ready() -> None:
    """Skipped (failed under SHOAL_REQUIRE_WASM=1) without the engines or Pyodide."""
    missing = [
        name
        for name in ("wasm/connect4.wasm", "wasm/shoal-py.zip", "pyodide/pyodide.asm.wasm")
        if not (WEB / name).exists()
    ]
    if missing:
        built = ", ".join(missing)
        reason = f"the offline page's files are not built ({built}): emcc or npm missing"
        if os.environ.get("SHOAL_REQUIRE_WASM") == "1":
            pytest.fail(reason + ", yet SHOAL_REQUIRE_WASM=1")
        pytest.skip(reason)


def cached_offline_page(browser: Any, server: str, query: str = "") -> tuple[Any, Any]:
    """A context and page on /offline, its assets cached by the service worker, offline."""
    context = browser.new_context(viewport={"width": 1100, "height": 800})
    context.add_init_script(HEARD)
    page = context.new_page()
    page.on("console", lambda m: print("console:", m.text) if m.type == "error" else None)
    page.goto(server + "/offline" + query)
    count = page.evaluate(
        """async () => {
          await navigator.serviceWorker.ready;
          const cache = await caches.open("shoal-offline-v1");
          return (await cache.keys()).length;
        }"""
    )
    assert count >= 20
    context.set_offline(True)
    page.reload()
    assert page.evaluate("navigator.onLine") is False
    return context, page


def played(page: Any) -> int:
    """The number of actions played, as the page says."""
    return int(re.search(r"(\d+) actions? played", page.text_content("#moves")).group(1))


def new_game(page: Any, game: str, human: int) -> None:
    page.select_option("#game", game)
    page.select_option("#human", str(human))
    page.click("#new-game")
    page.wait_for_function("document.body.dataset.state === 'human'", timeout=LOADED)


def human_move(page: Any) -> None:
    """Clicks the first highlighted cell (then the next ones) or the first action button,
    until the page has played the action (its Python may still be loading: it waits).

    Each click waits first for the page to be the human's (a view arriving from the page's
    Python redraws the buttons, and a click aimed at the old ones would wait for them for
    ever: CI saw "Stop the chain here" detached and the click time out); a click that still
    meets a redraw looks again."""
    from playwright.sync_api import TimeoutError as Unclicked

    before = page.evaluate("document.querySelector('#moves').textContent")
    moved = "(before) => document.querySelector('#moves').textContent !== before"
    for _ in range(8):
        page.wait_for_function(
            moved + " || document.body.dataset.state === 'human'", arg=before, timeout=LOADED
        )
        if page.evaluate("document.querySelector('#moves').textContent") != before:
            return
        buttons = page.locator("#action-buttons button:not([disabled])")
        cells = page.locator("#board .cell.hl")
        menu = page.locator("#choice-menu button[data-action]")
        try:
            if cells.count():
                cells.first.click(timeout=CLICK)
            elif buttons.count():
                buttons.first.click(timeout=CLICK)
            if menu.count():
                menu.first.click(timeout=CLICK)
        except Unclicked:
            continue  # redrawn under the click: look again
        # played (the moves count changes), or a cell of a longer path chosen
        page.wait_for_function(
            moved + " || document.querySelector('#board .cell.sel')", arg=before, timeout=LOADED
        )
        if page.evaluate("document.querySelector('#moves').textContent") != before:
            return
    raise AssertionError("no move could be clicked")


def test_a_whole_game_offline_then_uploaded(
    browser: Any, server: str, artifacts: Path, offline_ready: None
) -> None:
    context, page = cached_offline_page(browser, server, "?iterations=200")
    try:
        new_game(page, "connect4", 0)
        page.screenshot(path=str(artifacts / "offline-connect4-start.png"))
        for _ in range(30):
            if page.evaluate("document.body.dataset.state") == "over":
                break
            human_move(page)
            page.wait_for_function(
                "['human', 'over'].includes(document.body.dataset.state)", timeout=LOADED
            )
        assert page.evaluate("document.body.dataset.state") == "over"
        page.screenshot(path=str(artifacts / "offline-connect4-over.png"))
        assert "1 finished game waiting" in page.text_content("#pending")
        ply = played(page)
        context.set_offline(False)  # back online: the page uploads the record
        link = page.wait_for_selector("a.uploaded-record", timeout=30_000)
        record_id = link.get_attribute("href").rsplit("/", 1)[1]
        text = httpx.get(f"{server}/api/records/{record_id}/record").text
        record = read_text(text)
        assert record.game.id == "connect4"
        assert len(record.actions) == ply
        assert record.final_state().outcome is not None
        assert "No game waiting" in page.text_content("#pending")
    finally:
        context.close()


def said_lines(saved: dict[str, Any]) -> list[str]:
    """The live log's lines for the offline game ``saved`` (the page's own record of it in
    local storage): each action, as the game page says it, in the games' own words."""
    game = get(saved["game"])
    state = game.initial(saved["seed"])
    lines = []
    for action in saved["actions"]:
        seat = state.to_move
        child = state.child(action)
        who = "You" if seat == saved["human"] else state.side_name(seat).capitalize()
        news = "".join(f", {line}" for line in game.action_news(state, action, child))
        lines.append(f"{who}: {game.action_label(state, action)}{news}.")
        state = child
    return lines


def test_each_game_offline_the_computer_answers(
    browser: Any, server: str, artifacts: Path, offline_ready: None
) -> None:
    """Offline, in each of the five games the computer opens, the player answers by
    clicking and the computer replies, each action said in the live log as on the game page
    (the computer's as its side, mine as "You"), the cells named by the game; the games'
    Python runs in a Worker (the page's own thread never loads it, so it never freezes);
    a reload with no network resumes the game."""
    context, page = cached_offline_page(browser, server, "?iterations=100")
    try:
        for game in FIVE:
            new_game(page, game, 1)  # the computer moves first
            assert game in page.text_content("#moves").lower(), game
            opening = played(page)
            assert opening >= 1, game
            mine = 0  # my turn may take several actions: play until the computer answers
            while played(page) == opening + mine and mine < 12:
                human_move(page)
                mine += 1
                page.wait_for_function("document.body.dataset.state === 'human'", timeout=LOADED)
            assert played(page) > opening + mine, game
            saved = page.evaluate("JSON.parse(localStorage.getItem('shoal.offline.current'))")
            expected = said_lines(saved)
            said = [line for line in heard(page) if not line.startswith("Your turn")]
            assert said[-len(expected) :] == expected, (game, said, expected)
            assert any(line.startswith("You: ") for line in expected), expected
            named = page.eval_on_selector_all(
                "#board .cell",
                "cs => cs.filter(c => c.getAttribute('aria-label').includes(': ')).length",
            )
            assert named > 0, f"{game}: its cells are named by the game"
            page.screenshot(path=str(artifacts / f"offline-{game}.png"))
        resources = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
        assert not any("pyodide.asm" in name for name in resources), "Python in the page"
        moves = page.text_content("#moves")
        page.reload()
        page.wait_for_function("document.body.dataset.state === 'human'", timeout=LOADED)
        assert page.text_content("#moves") == moves
    finally:
        context.close()
