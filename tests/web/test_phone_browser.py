"""Issue 40's phone defects, each measured in Chromium on a real server: the menu that reaches
every destination, a top bar that fits, the board inside the screen upright and on its side
for all five games, cells big enough to tap, a board that stays put through a turn, an aborted
game headed "Aborted", the new-game form's start button above the fold, the review's board
kept in view and its counter in turns, the player card's rating kept whole."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from .a11y import HEARD, expected_log
from .test_browser import DESKTOP, PHONE

pytestmark = pytest.mark.browser

FIVE = ["syrtis", "sirtet", "sytran", "cyclix", "sfirs"]
LANDSCAPE = {"width": 844, "height": 390}
DESTINATIONS = [
    "/",
    "/new",
    "/lobby",
    "/learn",
    "/puzzles",
    "/tournaments",
    "/replay",
    "/analysis",
    "/studies",
    "/bots",
]
SMALLEST_TARGET = 24
"""The least side of a cell to tap, in CSS pixels (WCAG 2.2's target size, level AA)."""


def _new_game(server: str, game_id: str, **body: Any) -> tuple[str, str, dict[str, Any]]:
    """A game made over the API (against the random computer unless told): id, token, view."""
    made = httpx.post(
        f"{server}/api/games",
        json={"game": game_id, "opponent": "computer", "level": "random", "seat": 0, **body},
        timeout=30,
    ).json()
    return str(made["id"]), str(made["token"]), made["view"]


def _open_game(context: Any, server: str, gid: str, token: str) -> Any:
    """The game page in ``context`` with this browser holding the seat's token."""
    context.add_init_script(f"localStorage.setItem('shoal.token.{gid}', '{token}')")
    page = context.new_page()
    page.goto(f"{server}/game/{gid}")
    page.wait_for_selector("#board svg .cell")
    return page


def _box(page: Any, selector: str) -> dict[str, float]:
    box: dict[str, float] = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box


def _on_page(page: Any, selector: str) -> dict[str, float]:
    """The element's box in the page's coordinates (where it is, however far scrolled)."""
    box: dict[str, float] = page.evaluate(
        "(sel) => { const r = document.querySelector(sel).getBoundingClientRect();"
        " return {x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height}; }",
        selector,
    )
    return box


def _inside(box: dict[str, float], viewport: dict[str, int]) -> bool:
    return (
        box["x"] >= -0.5
        and box["y"] >= -0.5
        and box["x"] + box["width"] <= viewport["width"] + 0.5
        and box["y"] + box["height"] <= viewport["height"] + 0.5
    )


# -- defect 1: every destination through a menu on a phone --------------------------------------


@pytest.mark.parametrize("viewport", [PHONE, LANDSCAPE], ids=["390x844", "844x390"])
def test_every_top_bar_destination_is_reachable_on_a_phone_through_the_menu(
    server: str, browser: Any, viewport: dict[str, int]
) -> None:
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.goto(f"{server}/")
    page.wait_for_selector(".topbar #nav-login")
    menu = page.locator("#menu-button")
    assert menu.is_visible(), "no menu button on a phone"
    assert menu.get_attribute("aria-expanded") == "false"
    menu.click()
    assert menu.get_attribute("aria-expanded") == "true"
    for href in DESTINATIONS:
        link = page.locator(f'.topbar a[href="{href}"]:not(.brand)')
        assert link.is_visible(), href
        assert _inside(_box(page, f'.topbar a[href="{href}"]:not(.brand)'), viewport), href
    # Escape closes it and gives the focus back to the button; a link in it goes there
    page.keyboard.press("Escape")
    assert not page.locator('.topbar a[href="/bots"]').is_visible()
    assert page.evaluate("document.activeElement.id") == "menu-button"
    menu.click()
    page.locator('.topbar a[href="/bots"]').click()
    page.wait_for_url(f"{server}/bots")
    context.close()


# -- defect 3: the top bar fits, the board fits -------------------------------------------------


@pytest.mark.parametrize(
    "viewport", [PHONE, LANDSCAPE, DESKTOP], ids=["390x844", "844x390", "1280x800"]
)
def test_the_top_bar_does_not_run_off_the_screen(
    server: str, browser: Any, viewport: dict[str, int]
) -> None:
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.goto(f"{server}/")
    page.wait_for_selector(".topbar #nav-login")
    overflow = page.evaluate(
        "() => { const bar = document.querySelector('.topbar');"
        " return bar.scrollWidth - bar.clientWidth; }"
    )
    assert overflow <= 0
    for selector in ("#nav-login", ".topbar .brand", ".topbar button[aria-label*='theme']"):
        assert _inside(_box(page, selector), viewport), selector
    height = _box(page, ".topbar")["height"]
    assert height <= 64, f"the top bar takes {height} px"
    # signed in, the account's links too (My games, the name, Settings, the bell)
    name = f"bar{viewport['width']}x{viewport['height']}"
    with httpx.Client(base_url=server, timeout=30) as client:
        signed = client.post("/api/auth/signup", json={"username": name, "password": "a long one!"})
        assert signed.status_code == 201, signed.text
        context.add_cookies(
            [{"name": c.name, "value": c.value or "", "url": server} for c in client.cookies.jar]
        )
    page.goto(f"{server}/")
    page.wait_for_selector(".topbar #nav-my-games")
    page.wait_for_selector(".topbar .nav-bell")
    overflow = page.evaluate(
        "() => { const bar = document.querySelector('.topbar');"
        " return bar.scrollWidth - bar.clientWidth; }"
    )
    assert overflow <= 0
    for selector in ("#nav-my-games", ".topbar .nav-bell", ".topbar button[aria-label*='theme']"):
        assert _inside(_box(page, selector), viewport), selector
    context.close()


@pytest.mark.parametrize("game_id", FIVE)
def test_the_board_is_inside_the_screen_upright_and_on_its_side(
    game_id: str, server: str, browser: Any, artifacts: Path
) -> None:
    gid, token, _ = _new_game(server, game_id)
    for name, viewport in (("phone", PHONE), ("landscape", LANDSCAPE)):
        context = browser.new_context(viewport=viewport)
        page = _open_game(context, server, gid, token)
        page.wait_for_function("() => document.querySelector('#board').dataset.ready === 'yes'")
        assert page.evaluate("scrollY") == 0
        board = _box(page, "#board")
        assert _inside(board, viewport), (name, board)
        # not hidden under the top bar either, and big enough to play on
        assert board["y"] >= _box(page, ".topbar")["height"] - 0.5, (name, board)
        assert (
            board["height"] >= 0.6 * viewport["height"]
            or board["width"] >= 0.9 * (viewport["width"])
        ), (name, board)
        # whose turn it is shows without scrolling
        assert _inside(_box(page, "#status-main"), viewport), name
        page.screenshot(path=str(artifacts / f"phone40-{game_id}-{name}.png"))
        context.close()


# -- defect 2: cells big enough to tap at the default zoom --------------------------------------


@pytest.mark.parametrize("game_id", FIVE)
def test_the_smallest_cell_is_big_enough_to_tap_on_a_phone(
    game_id: str, server: str, browser: Any
) -> None:
    """The whole board shows at first; where its cells are under 24 px (Sytran), a first tap
    zooms in around the tap (the status says so), and the cells to tap are 24 px or more as
    tapped (WCAG 2.5.8); the frame still fits the screen."""
    gid, token, _ = _new_game(server, game_id)
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = _open_game(context, server, gid, token)
    page.wait_for_function("() => document.querySelector('#board').dataset.ready === 'yes'")
    whole = page.evaluate(
        "() => { const b = document.querySelector('#board');"
        " return b.scrollWidth <= b.clientWidth + 1 && b.scrollHeight <= b.clientHeight + 1; }"
    )
    assert whole, "the whole board shows at first"
    smallest = _smallest_target(page)
    if smallest < SMALLEST_TARGET:
        assert page.locator("#status-sub").inner_text().startswith("Tap the board where")
        box = _box(page, "#board svg")
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        smallest = _smallest_target(page)
        assert page.locator("#status-sub").inner_text().startswith("Tap a highlighted cell")
    assert smallest >= SMALLEST_TARGET, f"{game_id}: a cell to tap is {smallest:.1f} px"
    assert _inside(_box(page, "#board"), PHONE)
    context.close()


def _smallest_target(page: Any) -> float:
    """The least side of a cell to tap that shows on the screen (CSS px)."""
    smallest: float = page.evaluate(
        "() => { const b = document.querySelector('#board').getBoundingClientRect();"
        " const cells = [...document.querySelectorAll('#board svg .cell.hl')];"
        " const sides = cells.map((c) => c.getBoundingClientRect()).filter((r) =>"
        " r.right > b.left && r.left < b.right && r.bottom > b.top && r.top < b.bottom)"
        " .map((r) => Math.min(r.width, r.height)); return Math.min(...sides); }"
    )
    return smallest


def test_sytran_on_a_phone_is_played_through_the_lens(server: str, browser: Any) -> None:
    """Sytran's 271 cells on a phone: the rings numbered on the board, a tap zooms in around
    it, a tap on a highlighted cell there places a stone, the status says the stones left and
    that the turn ends by itself; at the end of the turn the whole board is back."""
    gid, token, _ = _new_game(server, "sytran", seat=1)  # White's first stone is one
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = _open_game(context, server, gid, token)
    page.wait_for_function("() => document.querySelector('#board').dataset.ready === 'yes'")
    legend = page.eval_on_selector_all("#board svg text.legend", "ts => ts.map(t => t.textContent)")
    assert legend == ["rings", "1", "2", "3", "4", "5"]
    board = _box(page, "#board svg")
    # near the rim, on ring 5: the tap zooms in, the next one there places a stone
    x, y = board["x"] + board["width"] * 0.2, board["y"] + board["height"] * 0.5
    page.touchscreen.tap(x, y)
    assert page.evaluate("document.querySelector('#board').classList.contains('zoomed')")
    nearest = page.evaluate(
        """([x, y]) => { let best = null, far = Infinity;
        for (const c of document.querySelectorAll('#board svg .cell.hl')) {
          const r = c.getBoundingClientRect();
          const d = Math.hypot(r.x + r.width / 2 - x, r.y + r.height / 2 - y);
          if (d < far) { far = d; best = c.dataset.cell; } }
        return best; }""",
        [x, y],
    )
    view = httpx.get(f"{server}/api/games/{gid}", timeout=10).json()
    assert view["cells"][nearest].endswith("ring 5"), view["cells"][nearest]
    version = view["version"]
    target = _box(page, f'#board svg .cell[data-cell="{nearest}"]')
    assert min(target["width"], target["height"]) >= SMALLEST_TARGET
    page.touchscreen.tap(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2)
    page.wait_for_function(
        f"() => Number(document.querySelector('#board').dataset.version) > {version}"
        " && document.querySelector('#board').dataset.ready === 'yes'",
        timeout=30_000,
    )
    # the turn goes on: how many more stones, and that it ends by itself; still zoomed in
    status = page.locator("#game-status").inner_text()
    assert "1 stone placed (innermost ring 5), 4 more at most; it ends by itself" in status
    assert page.evaluate("document.querySelector('#board').classList.contains('zoomed')")
    assert page.locator("#status-sub").inner_text() == "Tap a highlighted cell"
    context.close()


SYRTIS = "cSCDC/Sc.s/sLCLcSD/.sSc play 0 0 L1 0,0 13"
"""Syrtis Minor in play, Light (seat 0) to move, one sink in its race: its towers may move,
slide or sink."""


def test_syrtis_on_a_phone_says_the_kind_of_turn_and_asks_before_a_sink(
    server: str, browser: Any, artifacts: Path
) -> None:
    """The status names the kinds of turn the highlighted cells lead to; a tap on a tile to
    sink asks first in a dialog that keeps the keyboard inside it (Cancel changes nothing);
    confirmed, the sink is played and said in the live log with the race."""
    gid, token, _ = _new_game(server, "syrtis", options={"variant": "minor"}, start=SYRTIS)
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.add_init_script(HEARD)
    page = _open_game(context, server, gid, token)
    page.wait_for_function("() => document.querySelector('#board').dataset.ready === 'yes'")
    sub = page.locator("#status-sub").inner_text()
    assert sub.startswith("Tap a highlighted cell to "), sub
    assert all(kind in sub for kind in ("move", "slide", "sink")), sub
    page.screenshot(path=str(artifacts / "phone60-syrtis-targets.png"))
    version = page.locator("#board").get_attribute("data-version")
    page.locator('#board .cell[data-cell="b1"]').tap()
    menu = page.locator("#choice-menu .menu")
    assert menu.get_attribute("role") == "dialog" and menu.get_attribute("aria-modal") == "true"
    assert menu.locator("h3").inner_text() == "Sink the tile on b1?"
    page.screenshot(path=str(artifacts / "phone60-syrtis-confirm.png"))
    for _ in range(5):  # the keyboard goes round inside the dialog
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.closest('#choice-menu') !== null")
    menu.locator("button", has_text="Cancel").tap()
    assert page.locator("#choice-menu").count() == 0
    assert page.locator("#board").get_attribute("data-version") == version
    page.locator('#board .cell[data-cell="b1"]').tap()
    page.locator("#choice-menu button[data-action]").tap()
    page.wait_for_function(
        f"() => Number(document.querySelector('#board').dataset.version) > {version}",
        timeout=30_000,
    )
    moves, _ = expected_log(server, gid, me=0)
    assert moves[0].startswith("You: Sink the tile on b1, sink race: Light 2 of 4")
    page.wait_for_function(f"() => window.__heard.includes({json.dumps(moves[0])})")
    context.close()


# -- defect 4: the board stays put through a turn -----------------------------------------------


def test_the_board_stays_put_through_a_sytran_turn_on_a_phone(server: str, browser: Any) -> None:
    gid, token, view = _new_game(server, "sytran")
    context = browser.new_context(viewport=PHONE)
    page = _open_game(context, server, gid, token)
    page.wait_for_function("() => document.querySelector('#board').dataset.ready === 'yes'")
    before = _on_page(page, "#board")
    version = view["version"]
    for _ in range(3):  # three of our turns, the computer's replies between them
        cell = page.locator("#board svg .cell.hl").first
        cell.click()
        if page.evaluate("document.querySelector('#board').classList.contains('zoomed')"):
            page.locator("#board svg .cell.hl").first.click()  # the lens zoomed in: now the cell
        if page.locator("#choice-menu").count():
            page.locator("#choice-menu button[data-action]").first.click()
        page.wait_for_function(
            f"() => Number(document.querySelector('#board').dataset.version) > {version}"
            " && document.querySelector('#board').dataset.ready === 'yes'",
            timeout=30_000,
        )
        version = int(page.locator("#board").get_attribute("data-version"))
        after = _on_page(page, "#board")
        assert abs(after["y"] - before["y"]) < 1, (before, after)
        if not page.evaluate("document.querySelector('#board').classList.contains('zoomed')"):
            assert abs(after["height"] - before["height"]) < 1, (before, after)
    context.close()


def test_the_board_stays_put_through_a_learn_step_on_a_phone(
    server: str, browser: Any, artifacts: Path
) -> None:
    """Learn's Sytran course, step 4: the feedback after the first stone moved the board."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(f"{server}/learn/sytran")
    page.wait_for_selector("#board svg .cell")
    moved = []
    for _step in range(6):
        page.wait_for_selector("#board svg .cell")
        before = _on_page(page, "#board")
        cells = page.locator("#board.mine svg .cell.hl")
        if cells.count():
            cells.first.click()
            page.wait_for_timeout(300)
            after = _on_page(page, "#board")
            moved.append(abs(after["y"] - before["y"]))
        next_step = page.locator("#next-step")
        if not next_step.count() or not next_step.is_visible() or next_step.is_disabled():
            break
        next_step.click()
        # the new step in view: its title and the top of its board (issue 60); the title has
        # the keyboard, so a screen reader reads the new step
        page.wait_for_function("() => document.activeElement.id === 'step-title'")
        assert _inside(_box(page, "#step-title"), PHONE)
        assert 0 <= _box(page, "#board")["y"] < PHONE["height"] / 2
    page.screenshot(path=str(artifacts / "phone60-learn-next-step.png"))
    assert moved and max(moved) < 1, moved
    context.close()


# -- defect 7: an aborted game is not a draw ----------------------------------------------------


def test_an_aborted_game_is_headed_aborted_not_draw(server: str, browser: Any) -> None:
    gid, token, view = _new_game(server, "cyclix", opponent="friend")
    response = httpx.post(
        f"{server}/api/games/{gid}/abort",
        json={"version": view["version"]},
        headers={"X-Shoal-Token": token},
    )
    assert response.status_code == 200, response.text
    ended = httpx.get(f"{server}/api/games/{gid}", timeout=10).json()["result"]
    assert ended["result"] == "*" and ended["winner"] is None  # no result, which is no draw
    context = browser.new_context(viewport=PHONE)
    page = _open_game(context, server, gid, token)
    page.wait_for_selector("#status.over")
    assert page.locator("#status-main").inner_text() == "Aborted"
    assert "Draw" not in page.locator("#status").inner_text()
    assert page.locator("#board svg text.caption-over").text_content() == "Aborted"
    context.close()


# -- defect 8: the new-game form ----------------------------------------------------------------


@pytest.mark.parametrize("game_id", FIVE)
def test_the_new_game_form_starts_above_the_fold_at_the_gentlest_level(
    game_id: str, server: str, browser: Any, artifacts: Path
) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(f"{server}/new?game={game_id}")
    page.wait_for_selector("#start")
    page.wait_for_function(  # the preview image loaded, so laid out at its size
        "() => { const img = document.querySelector('.preview img');"
        " return img && img.complete && img.naturalWidth > 0; }"
    )
    start = _box(page, "#start")
    assert _inside(start, PHONE), f"{game_id}: Start at {start}"
    assert page.locator("#level").input_value() == "beginner"
    # the rule readings wait folded under the start button
    assert not page.locator("#options").evaluate("el => el.open")
    if game_id == "syrtis":  # the set-up seat says what it does, the other its side's colours
        seats = page.locator("#seat").inner_text()
        assert "Move first" not in seats and "Set up the board" in seats
        assert "Light: light tiles and circles" in seats
        page.screenshot(path=str(artifacts / "phone40-new-syrtis-phone.png"))
    context.close()


# -- defect 10: review on a phone -------------------------------------------------------------


def test_review_keeps_the_board_in_view_and_counts_turns(
    server: str, browser: Any, artifacts: Path
) -> None:
    from .test_review_browser import _finished_game

    gid = _finished_game(server, "sytran", seed=3, turns=8)
    replay = httpx.get(f"{server}/api/games/{gid}/replay/0", timeout=10).json()
    turns = len(replay["all_turns"])
    assert replay["total"] > turns  # Sytran's turns hold several actions each
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(f"{server}/replay/game/{gid}#review")
    page.wait_for_selector(".review-graph", timeout=120_000)
    # the counter counts turns, as the moves list does, not actions
    assert page.locator("#pos").inner_text() == f"{turns} / {turns}"
    # a turn low in the list (a marked one where there is one): the board comes into view
    marked = page.locator(".review-marks li")
    item = marked.last if marked.count() else page.locator("#moves li").nth(1)
    end = item.get_attribute("data-end")
    item.scroll_into_view_if_needed()
    assert not _inside(_box(page, "#board"), PHONE)  # scrolled away from the board
    item.click()
    page.wait_for_function("(k) => document.querySelector('#board').dataset.ply === k", arg=end)
    page.wait_for_timeout(200)
    assert _inside(_box(page, "#board"), PHONE)
    assert _box(page, "#board")["y"] >= _box(page, ".topbar")["height"] - 0.5
    page.screenshot(path=str(artifacts / "phone40-review-phone.png"))
    # the analysis board starts with its engine on
    page.goto(f"{server}/analysis/game/{gid}")
    page.wait_for_selector("#engine-toggle")
    assert page.locator("#engine-toggle").is_checked()
    page.wait_for_selector("#engine-lines li", timeout=60_000)
    context.close()


# -- defect 11: the player card, a refused click -------------------------------------------------


def test_a_long_name_is_not_cut_on_the_player_card(server: str, browser: Any) -> None:
    long = "Bartholomew-the-patient-player (1662?)"
    gid, token, _ = _new_game(server, "syrtis", name=long)
    context = browser.new_context(viewport=PHONE)
    page = _open_game(context, server, gid, token)
    # measured in one step in the page, once the name is drawn in its card: the card may be
    # drawn again meanwhile (a read once found the name detached, or not there yet)
    seen = page.wait_for_function(
        """() => {
          const el = document.querySelector('#players .player[data-seat="0"] .name');
          const card = el && el.closest("#players");
          if (!card || !el.innerText) return null;
          return {text: el.innerText, clipped: el.scrollWidth - el.clientWidth,
                  right: el.getBoundingClientRect().right,
                  card: card.getBoundingClientRect().right};
        }"""
    ).json_value()
    assert long in seen["text"]
    assert seen["clipped"] <= 0, f"{seen['clipped']} px of the name cut off"
    assert seen["right"] <= seen["card"] + 0.5, seen
    context.close()


def test_a_refused_click_on_the_board_says_why_not(server: str, browser: Any) -> None:
    gid, token, view = _new_game(server, "cyclix")
    starts = {e["path"][0] for e in view["legal"] if e["path"]}
    context = browser.new_context(viewport=PHONE)
    page = _open_game(context, server, gid, token)
    page.wait_for_function("() => document.querySelector('#board').dataset.ready === 'yes'")
    cell = page.locator("#board svg .cell:not(.hl)").first
    refused = cell.get_attribute("data-cell")
    assert refused not in starts
    cell.click()
    toast = page.locator(".toast")
    toast.wait_for()
    assert f"No move starts on {refused}" in toast.inner_text()
    assert "highlighted" in toast.inner_text()
    assert _view_version(server, gid) == view["version"]  # nothing was played
    context.close()


def _view_version(server: str, gid: str) -> int:
    return int(httpx.get(f"{server}/api/games/{gid}", timeout=10).json()["version"])
