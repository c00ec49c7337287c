"""The web client in Chromium: whole games by clicking, an online game, replay, screenshots."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import httpx
import pytest

from shoal import games
from shoal.server.games.pace import advice
from tests.late import late_position

pytestmark = pytest.mark.browser

GAME_IDS = games.ids(all=True)
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def _view(server: str, gid: str, token: str | None = None) -> dict[str, Any]:
    headers = {"X-Shoal-Token": token} if token else {}
    response = httpx.get(f"{server}/api/games/{gid}", headers=headers, timeout=10)
    response.raise_for_status()
    data: dict[str, Any] = response.json()
    return data


def _wait_ready(page: Any, server: str, gid: str) -> dict[str, Any]:
    """Wait until the page lets us act (our turn) or the game is over; the view then."""
    page.wait_for_function(
        "() => { const b = document.querySelector('#board');"
        " return b && (b.dataset.ready === 'yes' ||"
        " document.querySelector('#status').classList.contains('over')); }",
        timeout=30_000,
    )
    view = _view(server, gid)
    assert page.locator("#board").get_attribute("data-version") == str(view["version"])
    return view


def _click_action(page: Any, entry: dict[str, Any]) -> None:
    """Play one legal action the way a person does: its cells in order, or its button."""
    if not entry["path"]:
        page.locator(f'#action-buttons button[data-action="{entry["action"]}"]').click()
        return
    for cell in entry["path"]:
        menu = page.locator("#choice-menu")
        if menu.count():  # a shorter action shares the path so far: keep clicking
            menu.get_by_text("Keep clicking").click()
        target = page.locator(f'#board svg .cell[data-cell="{cell}"]').first
        # the click lands on the cell's coordinates (its box's centre, as a forced click does):
        # bring the cell out from under the sticky header first (a tall board scrolls; clicking
        # under the header hits the header), then press the mouse there
        for _ in range(2):  # a board too fine for a finger zooms in at the first click
            zoomed = page.evaluate("document.querySelector('#board').classList.contains('zoomed')")
            x, y = target.evaluate(
                "el => { el.scrollIntoView({block: 'center', inline: 'center'});"
                " const r = el.getBoundingClientRect();"
                " return [r.x + r.width / 2, r.y + r.height / 2]; }"
            )
            page.mouse.click(x, y)
            if zoomed or not page.evaluate(
                "document.querySelector('#board').classList.contains('zoomed')"
            ):
                break
    menu = page.locator(f'#choice-menu button[data-action="{entry["action"]}"]')
    if menu.count():
        menu.click()


def choose(page: Any, group: str, value: str) -> None:
    """Pick a segmented radio as a person does: click its label, then see the radio checked.

    The radios themselves are invisible (opacity 0, no pointer events), so a forced click on
    one lands on the coordinates where it sits; when the page's layout moved in between (the
    game's preview image arriving), that click hit something else and changed nothing. The
    label's click waits for the label to stand still."""
    radio = page.locator(f'{group} input[value="{value}"]')
    page.locator(f"{group} label").filter(has=page.locator(f'input[value="{value}"]')).click()
    assert radio.is_checked(), f"{group} {value} is not chosen"


def _start(
    page: Any,
    server: str,
    game_id: str,
    opponent: str = "computer",
    clock: str = "",
    position: str = "",
    loaded: bool = False,
) -> str:
    """Start a game from the new-game form (already open in ``page`` when ``loaded``)."""
    if not loaded:
        page.goto(f"{server}/new?game={game_id}")
    choose(page, "#opponent", opponent)
    if position:  # the form's "More": start from this position
        page.locator("details:not(#options) summary").click()
        page.fill("#start-position", position)
    if opponent == "computer":
        page.select_option("#level", "random")
    if clock:
        page.select_option("#clock", clock)
    page.locator("#start").click()
    page.wait_for_url(f"{server}/game/*")
    return str(page.url.rsplit("/", 1)[1])


def _open_new(page: Any, server: str, game_id: str, opponent: str = "computer") -> str:
    """What ``_start`` leaves, without the form: the game the form makes by default (seat 0,
    the random computer) made over the API, its seat's token (and invite) put in the browser's
    storage as the form puts them, and its page opened. For tests of the game page; the form
    itself is clicked in test_screenshots (every game, both widths), the whole games, the online
    game (Friend online, a clock), the socket test (Same screen) and where a browser is signed
    in (the game is the account's)."""
    body: dict[str, Any] = {"game": game_id, "opponent": opponent, "name": "", "seat": 0}
    if opponent == "computer":
        body["level"] = "random"
    response = httpx.post(f"{server}/api/games", json=body, timeout=30)
    response.raise_for_status()
    made = response.json()
    page.goto(f"{server}/api/levels")  # a light page of the server's origin, for its storage
    page.evaluate(
        "([id, token, invite]) => { localStorage.setItem(`shoal.token.${id}`, token);"
        " if (invite) localStorage.setItem(`shoal.invite.${id}`, invite); }",
        [made["id"], made["token"], made.get("invite_token")],
    )
    page.goto(f"{server}/game/{made['id']}")
    return str(made["id"])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_play_against_the_computer_to_the_end(
    game_id: str, server: str, browser: Any, artifacts: Path
) -> None:
    """Every game: start from the form, play random legal actions by clicking until the end.

    A long game (Sytran fills its 271 cells, and the random Syrtis or Cyclix often passes a
    hundred plies) starts from a late position of a random game, typed into the form's start
    position; its first phase is clicked in test_screenshots and the tests of each page."""
    rng = random.Random(7)
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    position = late_position(game_id, seed=7)
    gid = _start(page, server, game_id, position=position)
    me = _view(server, gid)
    assert me["start"] == (position or None)
    seat = 1 - me["computer_seat"]
    for _ in range(2000):
        view = _wait_ready(page, server, gid)
        if view["result"] is not None:
            break
        assert view["to_move"] == seat
        before = view["version"]
        _click_action(page, rng.choice(view["legal"]))
        page.wait_for_function(
            f"() => Number(document.querySelector('#board').dataset.version) > {before}",
            timeout=30_000,
        )
    view = _view(server, gid)
    assert view["result"] is not None
    assert page.locator("#status.over").count() == 1
    # the page says how the game ended in a sentence (the short reason stays in the view)
    assert view["result"]["sentence"] in page.locator("#status-sub").inner_text()
    assert page.locator("#moves li").count() == len(view["turns"])
    page.screenshot(path=str(artifacts / f"{game_id}-over-desktop.png"))
    context.close()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_screenshots(game_id: str, server: str, browser: Any, artifacts: Path) -> None:
    """Each game's page at phone and desktop widths, a few moves in, saved as artifacts (the game
    started from the new-game form, pictured first), and a new one in the dark theme."""
    for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        context = browser.new_context(
            viewport=viewport, device_scale_factor=2 if name == "phone" else 1
        )
        page = context.new_page()
        page.goto(f"{server}/new?game={game_id}")
        page.wait_for_selector("#start")
        page.screenshot(path=str(artifacts / f"new-{game_id}-{name}.png"), full_page=True)
        gid = _start(page, server, game_id, loaded=True)
        # the new game's page puts the keyboard on its board (issue 60: not 14 Tabs away)
        page.wait_for_function("() => document.activeElement.classList.contains('cell')")
        rng = random.Random(3)
        for _ in range(3):
            view = _wait_ready(page, server, gid)
            if view["result"] is not None:
                break
            before = view["version"]
            _click_action(page, rng.choice(view["legal"]))
            page.wait_for_function(
                f"() => Number(document.querySelector('#board').dataset.version) > {before}"
            )
        _wait_ready(page, server, gid)
        page.screenshot(path=str(artifacts / f"{game_id}-game-{name}.png"))
        page.goto(f"{server}/")
        # the cards' boards load lazily, as a reader scrolls to them
        page.locator(f'.game-card[data-game="{game_id}"]').scroll_into_view_if_needed()
        page.wait_for_selector(f'.game-card[data-game="{game_id}"] img')
        if game_id == GAME_IDS[0]:  # one picture of the whole home page is enough
            # every card's board in the picture, those a reader has not scrolled to too
            page.evaluate(
                "document.querySelectorAll('.game-card img').forEach(i => { i.loading = 'eager'; })"
            )
            page.wait_for_function(
                "[...document.querySelectorAll('.game-card img')]"
                ".every(i => i.complete && i.naturalWidth > 0)"
            )
            page.screenshot(path=str(artifacts / f"home-{name}.png"), full_page=True)
        if name == "desktop":  # a new game in the dark theme, a hint asked for at its start
            _dark_hint(page, server, game_id, artifacts)
        context.close()


def _dark_hint(page: Any, server: str, game_id: str, artifacts: Path) -> None:
    """The game page of a new game loaded in the dark colour scheme (in the page already open:
    no third context); the hint asked for at the start lights the cells of the server's hint
    (a few moves in, the browser's engine, searching for a time, may choose another move)."""
    page.emulate_media(color_scheme="dark")
    gid = _open_new(page, server, game_id)
    view = _wait_ready(page, server, gid)
    assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
    page.locator("#hint").click()
    page.wait_for_selector("#hint-text:not([hidden])")
    assert page.locator("#board svg .cell.hint").count() == len(
        httpx.post(
            f"{server}/api/games/{gid}/hint",
            json={"version": view["version"]},
            headers={"X-Shoal-Token": page.evaluate(f"localStorage.getItem('shoal.token.{gid}')")},
        ).json()["path"]
    )
    page.screenshot(path=str(artifacts / f"{game_id}-game-dark-desktop.png"))


def test_online_game_between_two_browsers(server: str, browser: Any, artifacts: Path) -> None:
    """A friend game: the invite link gives the second seat; moves appear live on both."""
    game_id = GAME_IDS[0]
    rng = random.Random(5)
    host_ctx = browser.new_context(viewport=DESKTOP)
    friend_ctx = browser.new_context(viewport=PHONE)
    watch_ctx = browser.new_context(viewport=DESKTOP)
    host = host_ctx.new_page()
    # the form says what the clock means for the game: the server's advice (issue 59)
    host.goto(f"{server}/new?game={game_id}")
    choose(host, "#opponent", "friend")
    host.select_option("#clock", "600+5")
    said = advice(game_id, ("live", 600.0, 5.0))  # "A game lasts about N turns a side: ..."
    host.wait_for_function(
        "said => document.querySelector('#clock-advice').textContent === said", arg=said
    )
    host.screenshot(path=str(artifacts / "new-clock-advice-1280.png"))
    host.set_viewport_size(PHONE)
    host.screenshot(path=str(artifacts / "new-clock-advice-390.png"), full_page=True)
    host.set_viewport_size(DESKTOP)
    gid = _start(host, server, game_id, opponent="friend", loaded=True)
    invite = host.locator("#invite-link").input_value()
    assert "#t=" in invite
    friend = friend_ctx.new_page()
    friend.goto(invite)
    friend.wait_for_selector("#board svg")
    assert "#t=" not in friend.url  # the token leaves the address bar
    friend.fill("#join-name", "Ann")  # the invite is claimed once, under the friend's name
    friend.locator("#join").click()
    friend.wait_for_function("() => document.querySelector('#players').innerText.includes('Ann')")
    watcher = watch_ctx.new_page()
    watcher.goto(host.locator("#watch-link").input_value())
    watcher.wait_for_selector("#board svg")
    assert "watching" in watcher.locator("#status-sub").inner_text()
    pages = {0: host, 1: friend}
    for _ in range(6):
        view = _view(server, gid)
        if view["result"] is not None:
            break
        page = pages[view["to_move"]]
        other = pages[1 - view["to_move"]]
        _wait_ready(page, server, gid)
        assert "Waiting for" in other.locator("#status-main").inner_text()
        _click_action(page, rng.choice(view["legal"]))
        version = view["version"] + 1
        for p in (host, friend, watcher):  # live updates over the WebSocket
            p.wait_for_function(
                f"() => Number(document.querySelector('#board').dataset.version) >= {version}"
            )
    assert host.locator("#moves li").count() == friend.locator("#moves li").count()
    assert _view(server, gid)["clock"]["base"] == 600
    assert friend.locator("#clock-0").inner_text().startswith(("9:", "10:"))
    assert friend.locator(".clock.running").count() == 1
    friend.screenshot(path=str(artifacts / "online-friend-phone.png"))
    host.locator("#resign").click()
    host.locator("#resign-yes").click()
    friend.wait_for_selector("#status.over")
    assert friend.locator("#status-main").inner_text() == "You won"
    assert "resigned" in watcher.locator("#status-sub").inner_text() or watcher.wait_for_selector(
        "#status.over"
    )
    for ctx in (host_ctx, friend_ctx, watch_ctx):
        ctx.close()


def test_replay_and_record_upload(server: str, browser: Any, artifacts: Path) -> None:
    """Step through a finished game; download its record and view it through the upload page."""
    game_id = GAME_IDS[0]
    made = httpx.post(
        f"{server}/api/games", json={"game": game_id, "opponent": "local", "seed": 1}
    ).json()
    gid, token = made["id"], made["token"]
    rng = random.Random(11)
    view = made["view"]
    for _ in range(8):
        if view["result"] is not None:
            break
        action = rng.choice(view["legal"])["action"]
        view = httpx.post(
            f"{server}/api/games/{gid}/actions",
            json={"version": view["version"], "action": action},
            headers={"X-Shoal-Token": token},
        ).json()
    n = view["ply"]
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(f"{server}/replay/game/{gid}")
    page.wait_for_function(f"() => document.querySelector('#board').dataset.ply === '{n}'")
    page.locator("#first").click()
    page.wait_for_function("() => document.querySelector('#board').dataset.ply === '0'")
    page.locator("#next").click()
    page.wait_for_function("() => document.querySelector('#board').dataset.ply === '1'")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('#board').dataset.ply === '2'")
    page.locator("#moves li[data-end]").nth(3).click()
    page.wait_for_function("() => document.querySelector('#board').dataset.ply === '4'")
    page.screenshot(path=str(artifacts / "replay-desktop.png"))
    text = httpx.get(f"{server}/api/games/{gid}/record?format=text").text
    page.goto(f"{server}/replay")
    page.fill("#record-text", text)
    page.locator("#upload").click()
    page.wait_for_url(f"{server}/replay/record/*")
    page.wait_for_function(f"() => document.querySelector('#board').dataset.ply === '{n}'")
    assert page.locator("#moves li[data-end]").count() == len(view["turns"])
    page.goto(f"{server}/replay")
    page.fill("#record-text", '[Game "nope"]\n')
    page.locator("#upload").click()
    page.wait_for_selector(".toast.error")
    assert "unknown game" in page.locator(".toast").inner_text()
    context.close()


def test_rules_page(server: str, browser: Any) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    for game_id in GAME_IDS:
        page.goto(f"{server}/rules/{game_id}")
        page.wait_for_selector("h1")
        assert games.get(game_id).title in page.locator("h1").first.inner_text()
    context.close()


_FAKE_BOARD = """async () => {
  const { ClickBoard } = await import('/static/board.js');
  const wrap = document.createElement('div');
  wrap.className = 'board-wrap';
  wrap.id = 'fake';
  document.body.prepend(wrap);
  window.chosen = [];
  const board = new ClickBoard(wrap, (entry) => window.chosen.push(entry.action));
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100" width="300">' +
    ['a', 'b', 'c'].map((id, i) =>
      `<rect class="cell" data-cell="${id}" x="${i * 100}" y="0" width="100" height="100"` +
      ' fill="transparent"/>').join('') + '</svg>';
  board.show(svg, [
    {action: 1, text: 'a', path: ['a']},
    {action: 2, text: 'a-b', path: ['a', 'b']},
    {action: 3, text: 'a-b*', path: ['a', 'b']},
    {action: 4, text: 'c-b', path: ['c', 'b']},
    {action: 5, text: 'pass', path: []},
  ], true);
  window.fakeBoard = board;
}"""


def test_click_paths_narrow_and_ask_when_actions_share_cells(server: str, browser: Any) -> None:
    """The generic interaction on a made-up board: highlight, narrow, ask, choose."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(f"{server}/replay")
    page.evaluate(_FAKE_BOARD)

    def lit() -> list[str]:
        return list(
            page.eval_on_selector_all("#fake .cell.hl", "els => els.map(e => e.dataset.cell)")
        )

    assert lit() == ["a", "c"]
    assert page.evaluate("window.fakeBoard.buttons().map(a => a.action)") == [5]
    page.click('#fake .cell[data-cell="c"]')
    assert lit() == ["b"]  # narrowed to the one path through c
    page.click('#fake .cell[data-cell="b"]')
    assert page.evaluate("window.chosen") == [4]  # one action left: chosen at once
    page.evaluate("window.fakeBoard.reset()")
    page.click('#fake .cell[data-cell="a"]')  # 'a' ends one action and starts two more
    page.get_by_text("Keep clicking").click()
    assert lit() == ["b"]
    page.click('#fake .cell[data-cell="b"]')  # two actions share a-b: a menu asks
    assert page.locator("#choice-menu button[data-action]").count() == 2
    page.click('#choice-menu button[data-action="3"]')
    assert page.evaluate("window.chosen") == [4, 3]
    page.click('#fake .cell[data-cell="a"]')
    page.locator('#choice-menu button[data-action="1"]').click()
    assert page.evaluate("window.chosen") == [4, 3, 1]
    context.close()


def test_position_details_are_read_when_their_card_opens(server: str, browser: Any) -> None:
    """The "Position details" card (the game's features) is filled from
    ``GET /api/games/{id}/features`` once it is opened, and again for each new version while
    it is open; nothing is asked while it is closed; a game without features has no card."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if r.url.endswith("/features") else None)
    gid = _open_new(page, server, "syrtis")
    view = _wait_ready(page, server, gid)
    card = page.locator("#features-card")
    assert card.is_visible() and not asked  # closed: nothing asked
    page.click("#features-card summary")

    def shown() -> dict[str, str]:
        cells = page.locator("#features span").all_inner_texts()
        return dict(zip(cells[::2], cells[1::2], strict=True))

    page.wait_for_function("() => document.querySelectorAll('#features span').length > 0")
    first = httpx.get(f"{server}/api/games/{gid}/features", timeout=30).json()
    assert first["version"] == view["version"] and len(shown()) == len(first["features"])
    assert len(asked) == 1
    _click_action(page, view["legal"][0])  # an action (the random computer may answer)
    page.wait_for_function(
        f"() => Number(document.querySelector('#board').dataset.version) > {view['version']}",
        timeout=30_000,
    )
    view = _wait_ready(page, server, gid)
    page.wait_for_timeout(300)
    latest = httpx.get(f"{server}/api/games/{gid}/features", timeout=30).json()
    assert latest["version"] == view["version"] and len(asked) >= 2
    assert shown() == {
        k.replace("_", " "): page.evaluate("(v) => String(v)", v)
        for k, v in latest["features"].items()
    }
    _open_new(page, server, "connect4")
    page.wait_for_selector("#board svg")
    assert page.locator("#features-card").is_hidden()
    context.close()
