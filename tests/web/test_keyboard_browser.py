"""Without a mouse, without sight (issues 40 and 60), in Chromium against a real ``shoal serve``.

Each of the five games played to the end against the computer by the keyboard alone (Tab to
the move box, ArrowDown through its completions, Enter), the live log compared line by line
with the moves (each action once in the game's words with what else happened, a check each
time, nothing else), and what Chromium gives a screen reader checked on the way; the board's
cells reached and chosen with the arrow keys and Enter; the board in words on request.
"""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path
from typing import Any

import httpx
import pytest

from .a11y import HEARD, LIVE, AxTree, expected_log, heard
from .test_browser import DESKTOP, PHONE

pytestmark = pytest.mark.browser

LANDSCAPE = {"width": 844, "height": 390}
# small options so that a game against the fastest computer ends in a few dozen actions;
# each game at one of the three screens (a phone upright, on its side, a desktop)
GAMES = {
    "syrtis": ({"variant": "minor"}, LANDSCAPE),
    "sirtet": ({}, DESKTOP),
    "sytran": ({"base": 6}, PHONE),
    "cyclix": ({"max_turns": 10}, PHONE),
    "sfirs": ({"max_turns": 12}, LANDSCAPE),
}


def _new_game(
    server: str, game: str, options: dict[str, Any], seat: int = 0, seed: int | None = None
) -> tuple[str, str]:
    body = {
        "game": game,
        "options": options,
        "opponent": "computer",
        "level": "random",
        "seat": seat,
        "seed": seed,
    }
    response = httpx.post(f"{server}/api/games", json=body, timeout=10)
    response.raise_for_status()
    made = response.json()
    return str(made["id"]), str(made["token"])


def _view(server: str, gid: str) -> dict[str, Any]:
    response = httpx.get(f"{server}/api/games/{gid}", timeout=10)
    response.raise_for_status()
    data: dict[str, Any] = response.json()
    return data


def _open(
    browser: Any, server: str, gid: str, token: str, viewport: dict[str, int] = DESKTOP
) -> tuple[Any, Any]:
    """The game's page in a browser holding the seat's token (as the page that made it would),
    its live log kept whole (a11y.HEARD)."""
    context = browser.new_context(viewport=viewport)
    context.add_init_script(f"localStorage.setItem('shoal.token.{gid}', '{token}')")
    context.add_init_script(HEARD)
    page = context.new_page()
    page.goto(f"{server}/game/{gid}")
    return context, page


def _wait_turn(page: Any) -> bool:
    """Wait until the player may act (True) or the game is over (False)."""
    page.wait_for_function(
        "() => { const b = document.querySelector('#board');"
        " return b && (b.dataset.ready === 'yes' ||"
        " document.querySelector('#status').classList.contains('over')); }",
        timeout=30_000,
    )
    return page.locator("#status.over").count() == 0


def _tab_to(page: Any, element_id: str) -> None:
    """Press Tab until the focus is on #element_id (as a keyboard user does)."""
    for _ in range(80):
        if page.evaluate("() => document.activeElement && document.activeElement.id") == element_id:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached #{element_id}")


def _live(page: Any) -> list[str]:
    lines: list[str] = page.eval_on_selector_all("#live p", "ps => ps.map(p => p.textContent)")
    return lines


def _options(page: Any) -> list[str]:
    """The completions the move box's list offers now."""
    values: list[str] = page.eval_on_selector_all(
        "#move-list [role=option]", "os => os.map(o => o.dataset.value)"
    )
    return values


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_played_to_the_end_by_the_keyboard_alone(
    game: str, server: str, browser: Any, artifacts: Path
) -> None:
    """Tab to the move box once; then each turn ArrowDown opens its list of completions (an
    ARIA combobox: expanded, the walked option its active descendant), a few more walk it,
    Enter plays the one walked to; the focus stays in the box through the computer's answers.
    The live log says each action once in the game's words, with what else happened (a
    check each time), "Your turn" between, the ending sentence at the end, nothing else; the
    move list marks each check; the move box leaves at the end."""
    options, viewport = GAMES[game]
    gid, token = _new_game(server, game, options)
    context, page = _open(browser, server, gid, token, viewport)
    rng = random.Random(40)
    page.wait_for_selector("#board .cell")
    _tab_to(page, "move-text")
    box = page.locator("#move-text")
    assert box.get_attribute("role") == "combobox"
    for _ in range(400):
        if not _wait_turn(page):
            break
        assert page.evaluate("() => document.activeElement.id") == "move-text"  # focus kept
        assert box.get_attribute("aria-expanded") == "false"
        page.keyboard.press("ArrowDown")
        assert box.get_attribute("aria-expanded") == "true"
        offered = _options(page)
        assert offered, "ArrowDown offers the legal actions"
        for _ in range(rng.randrange(min(len(offered), 4))):
            page.keyboard.press("ArrowDown")
        active = box.get_attribute("aria-activedescendant")
        chosen = page.locator(f"#{active}")
        assert chosen.get_attribute("aria-selected") == "true"
        before = int(page.locator("#board").get_attribute("data-version"))
        page.keyboard.press("Enter")
        page.wait_for_function(
            f"() => Number(document.querySelector('#board').dataset.version) > {before}",
            timeout=30_000,
        )
    page.wait_for_selector("#status.over")
    moves, sentence = expected_log(server, gid, me=0)
    said = heard(page)
    assert [line for line in said if not line.startswith("Your turn")] == [*moves, sentence]
    assert said[0] == "Your turn: you move first."
    turns = _view(server, gid)["turns"]
    # "Your turn" each time the turn came back to me (the game going on)
    back = sum(1 for a, b in itertools.pairwise(turns) if a["seat"] == 1 and b["seat"] == 0)
    assert said.count("Your turn.") == back
    # the move list: each turn's text, a check marked as a sighted player sees it
    listed = page.eval_on_selector_all("#moves .t", "ts => ts.map(t => t.textContent)")
    assert listed == [t["text"] + t["mark"] for t in turns]
    assert page.locator("#type-move").is_hidden()  # nothing to type once it is over
    (artifacts / f"live-log-{game}.txt").write_text("\n".join(said) + "\n")
    page.screenshot(path=str(artifacts / f"keyboard-{game}-over.png"))
    context.close()


SIZES = {"390x844": PHONE, "844x390": LANDSCAPE, "1280x800": DESKTOP}


@pytest.mark.parametrize("size", sorted(SIZES))
def test_what_a_screen_reader_is_given_on_every_board(
    size: str, server: str, browser: Any, artifacts: Path
) -> None:
    """For each game, the player second, read from Chromium's accessibility tree: the live
    log says the computer's first turn in the game's words, then "Your turn"; the board is a
    group named with the game and its state; five of its cells are buttons named by the
    game (what is on them and whose) and whether they can be chosen; the SVG's drawn text is
    hidden; the move box is a combobox; only the live log is live. The first Tab reaches the
    skip link, which puts the keyboard on the board; the status then speaks of the keys."""
    context = browser.new_context(viewport=SIZES[size])
    context.add_init_script(HEARD)
    page = context.new_page()
    ax = AxTree(page)
    quoted: dict[str, list[str]] = {}
    for game, (options, _) in GAMES.items():
        gid, token = _new_game(server, game, options, seat=1)
        context.add_init_script(f"localStorage.setItem('shoal.token.{gid}', '{token}')")
        page.goto(f"{server}/game/{gid}")
        assert _wait_turn(page), (heard(page), _view(server, gid)["result"])
        view = _view(server, gid)
        moves, _ = expected_log(server, gid, me=1)
        said = heard(page)
        opening = said[: said.index("Your turn.")]
        assert opening and opening == moves[-len(opening) :], (said, moves)
        board = ax.node("#board")
        status = page.locator("#status-main").inner_text()
        assert board["role"] == "group"
        more = f" {view['status']}" if view["status"] else ""
        assert board["name"] == f"{view['game']['title']} board: {status}.{more}"
        starts = {entry["path"][0] for entry in view["legal"] if entry["path"]}
        cells = page.eval_on_selector_all("#board .cell", "cs => cs.map(c => c.dataset.cell)")
        # three cells to choose, and the others whose names say the most (pieces, towers)
        others = [c for c in cells if c not in starts]
        others.sort(key=lambda c: -len(view["cells"].get(c, "")))
        chosen = sorted(starts)[:3]
        chosen += others[: 5 - len(chosen)]
        quoted[game] = []
        for cell in chosen:
            node = ax.node(f'#board .cell[data-cell="{cell}"]')
            name = view["cells"].get(cell, cell) + (", can be chosen" if cell in starts else "")
            assert (node["role"], node["name"]) == ("button", name)
            quoted[game].append(name)
        assert ax.node("#board svg text")["ignored"], "the SVG's text is decoration"
        assert ax.node("#move-text")["role"] == "combobox"
        assert page.evaluate(LIVE) == ["live"], "only the live log is live"
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.className") == "skip-link"
        page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement.classList.contains('cell')")
        # what to do, for the keys now (Syrtis' side choice: its buttons)
        what = "Arrow keys to a highlighted cell" if starts else "Choose an action below"
        assert page.locator("#status-sub").inner_text().startswith(what)
    (artifacts / f"cell-names-{size}.json").write_text(json.dumps(quoted, indent=1))
    page.screenshot(path=str(artifacts / f"a11y-{game}-{size}.png"))
    context.close()


def test_cells_are_reached_and_chosen_with_arrows_and_enter(
    server: str, browser: Any, artifacts: Path
) -> None:
    """Cyclix: Tab reaches one cell of the board (one tab stop for all), the arrows move to the
    neighbouring cell on the picture, Enter chooses like a click (a cell no move starts from
    is refused in words for the keys), and an action played from the cells is said in
    words; the focus is back on the board after the redraw."""
    gid, token = _new_game(server, "cyclix", {"max_turns": 10})
    context, page = _open(browser, server, gid, token)
    assert _wait_turn(page)
    assert page.locator('#board .cell[tabindex="0"]').count() == 1
    _tab_to_cell(page)
    start = page.evaluate("() => document.activeElement.dataset.cell")
    assert page.locator(f'#board .cell[data-cell="{start}"]').get_attribute("aria-label")
    page.keyboard.press("ArrowRight")
    right = page.evaluate("() => document.activeElement.dataset.cell")
    assert right[0] == chr(ord(start[0]) + 1) and right[1:] == start[1:]  # one file on
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("() => document.activeElement.dataset.cell") == start
    page.keyboard.press("ArrowUp")
    up = page.evaluate("() => document.activeElement.dataset.cell")
    assert up[0] == start[0] and int(up[1:]) == int(start[1:]) + 1  # one rank up
    view = _view(server, gid)
    # Enter on a cell no action starts from: refused in words for the keys (not "tap")
    starts = {e["path"][0] for e in view["legal"] if e["path"]}
    cells = page.eval_on_selector_all("#board .cell", "cs => cs.map(c => c.dataset.cell)")
    refused = next(c for c in cells if c not in starts)
    _arrow_to(page, refused)
    page.keyboard.press("Enter")
    assert f"No move starts on {refused} now: move with the arrow keys" in _live(page)[-1]
    # choose a whole action from the keyboard: its cells, reached by the arrows
    entry = next(e for e in view["legal"] if len(e["path"]) == 2)
    before = view["version"]
    for cell in entry["path"]:
        _arrow_to(page, cell)
        page.keyboard.press("Enter")
    if page.locator("#choice-menu").count():
        menu = page.locator(f'#choice-menu button[data-action="{entry["action"]}"]')
        for _ in range(10):
            if page.evaluate("() => document.activeElement.dataset.action") == str(entry["action"]):
                break
            page.keyboard.press("Tab")
        assert menu.count()
        page.keyboard.press("Enter")
    page.wait_for_function(
        f"() => Number(document.querySelector('#board').dataset.version) > {before}",
        timeout=30_000,
    )
    assert any(entry["label"] in line for line in _live(page))
    assert page.evaluate("() => document.activeElement.classList.contains('cell')")
    page.screenshot(path=str(artifacts / "keyboard-cells-cyclix-desktop.png"))
    context.close()


def _tab_to_cell(page: Any) -> None:
    for _ in range(80):
        if page.evaluate("() => document.activeElement.classList.contains('cell')"):
            return
        page.keyboard.press("Tab")
    raise AssertionError("Tab never reached the board")


def _arrow_to(page: Any, cell: str) -> None:
    """Walk the focus to ``cell`` of a square board with the arrow keys."""
    for _ in range(30):
        now = page.evaluate("() => document.activeElement.dataset.cell")
        if now == cell:
            return
        if now[0] != cell[0]:
            page.keyboard.press("ArrowRight" if cell[0] > now[0] else "ArrowLeft")
        else:
            page.keyboard.press("ArrowUp" if int(cell[1:]) > int(now[1:]) else "ArrowDown")
    raise AssertionError(f"the arrows never reached {cell}")


def test_the_board_in_words_on_request(server: str, browser: Any, artifacts: Path) -> None:
    """The "Board in words" button opens the server's description of the board (what stands
    on each cell), and it follows the game as actions are played."""
    gid, token = _new_game(server, "syrtis", {"variant": "minor"})
    context, page = _open(browser, server, gid, token)
    assert _wait_turn(page)
    assert page.locator("#board-words").is_hidden()
    _tab_to(page, "board-words-toggle")
    page.keyboard.press("Enter")
    assert page.locator("#board-words-toggle").get_attribute("aria-expanded") == "true"
    view = _view(server, gid)
    lines = page.eval_on_selector_all("#board-words li", "li => li.map(x => x.textContent)")
    assert lines == view["words"]
    page.screenshot(path=str(artifacts / "keyboard-board-words-syrtis-desktop.png"))
    context.close()


def test_the_analysis_board_takes_typed_moves_and_says_them(
    server: str, browser: Any, artifacts: Path
) -> None:
    """The analysis board shares the move box: a move typed there joins the line (the board
    moves on) and is said in the game's words; a text that names no legal action is refused
    under the box, and the board stays."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(f"{server}/analysis/sytran")
    page.wait_for_selector("#board .cell")
    page.wait_for_function("() => document.querySelector('#board').dataset.ply === '0'")
    _tab_to(page, "move-text")
    page.keyboard.type("no such move")
    page.keyboard.press("Enter")
    assert "is not a legal action here" in page.locator("#move-error").inner_text()
    assert page.locator("#move-text").get_attribute("aria-invalid") == "true"
    page.keyboard.press("Control+A")
    page.keyboard.press("ArrowDown")  # the whole list of completions
    options = _options(page)
    page.keyboard.type(options[0])
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#board').dataset.ply === '1'")
    heard = _live(page)
    assert heard[-1] == f"White: Stone on {options[0]}."  # Sytran's stone, in words
    assert page.locator("#move-error").inner_text() == ""
    assert page.evaluate("() => document.activeElement.id") == "move-text"
    # the hexagonal board: Shift+Tab goes back to its one cell in the tab order, and an arrow
    # goes to a neighbouring cell on the picture
    page.keyboard.press("Shift+Tab")
    for _ in range(10):
        if page.evaluate("() => document.activeElement.classList.contains('cell')"):
            break
        page.keyboard.press("Shift+Tab")
    start = page.evaluate("() => document.activeElement.dataset.cell")
    page.keyboard.press("ArrowRight")
    right = page.evaluate("() => document.activeElement.dataset.cell")
    assert right != start
    assert abs(ord(right[0]) - ord(start[0])) <= 1 and abs(int(right[1:]) - int(start[1:])) <= 1
    page.screenshot(path=str(artifacts / "keyboard-analysis-sytran-desktop.png"))
    context.close()


def test_a_replay_says_each_step_and_shows_the_board_in_words(
    server: str, browser: Any, artifacts: Path
) -> None:
    """The replay's arrow keys step through the game; each step is said (the position and the
    last action in words), and the board in words follows the step."""
    gid, token = _new_game(server, "cyclix", {"max_turns": 10})
    for _ in range(2):  # two of my moves, and the computer's answers
        view = _view(server, gid)
        for _ in range(100):
            if view["to_move"] == 0 and not view["thinking"]:
                break
            view = _view(server, gid)
        played = httpx.post(
            f"{server}/api/games/{gid}/actions",
            json={"version": view["version"], "action": view["legal"][0]["action"]},
            headers={"X-Shoal-Token": token},
            timeout=10,
        )
        assert played.status_code == 200, played.text
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(f"{server}/replay/game/{gid}")
    page.wait_for_selector("#board svg")
    page.keyboard.press("Home")
    page.wait_for_function("() => document.querySelector('#board').dataset.ply === '0'")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('#board').dataset.ply === '1'")
    replay = httpx.get(f"{server}/api/games/{gid}/replay/1", timeout=10).json()
    first = replay["spoken"][-1]
    news = "".join(f", {line}" for line in first["news"])
    assert _live(page)[-1] == f"1 of {replay['total']}. White: {first['label']}{news}."
    _tab_to(page, "board-words-toggle")
    page.keyboard.press("Enter")
    lines = page.eval_on_selector_all("#board-words li", "li => li.map(x => x.textContent)")
    assert lines == replay["words"]
    page.screenshot(path=str(artifacts / "keyboard-replay-cyclix-desktop.png"))
    context.close()


ACK_AFTER_THE_ANSWER = """
(() => {
  // the game socket's delta of the page's own move, when it passes the turn to the computer
  // (seat 1), is handed on without its ack, which follows the computer's answer instead
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    set onmessage(handler) {
      let held = null;
      const pass = (data) => handler(new MessageEvent("message", { data }));
      super.onmessage = (event) => {
        const message = typeof event.data === "string" && event.data.startsWith("{")
          ? JSON.parse(event.data) : null;
        const moved = message && message.type === "delta" && "ply" in message.set;
        if (moved && message.set.to_move === 1 && "ack" in message) {
          held = message.ack;
          delete message.ack;
          return pass(JSON.stringify(message));
        }
        handler(event);
        if (held !== null && moved) {
          pass(JSON.stringify({ type: "ack", id: held }));
          held = null;
        }
      };
    }
  };
})();
"""


def test_your_turn_is_said_when_the_answer_comes_before_the_moves_ack(
    server: str, browser: Any
) -> None:
    """The computer's answer can reach the page before the ack of the player's own move does
    (the ack is held back here until the answer has come): the turn came back all the same,
    and the live log says "Your turn." each time it did."""
    # a set-up where the first action offered each turn leaves the game going for a while
    gid, token = _new_game(server, "syrtis", {"variant": "minor"}, seed=7)
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(f"localStorage.setItem('shoal.token.{gid}', '{token}')")
    context.add_init_script(HEARD)
    context.add_init_script(ACK_AFTER_THE_ANSWER)
    page = context.new_page()
    page.goto(f"{server}/game/{gid}")
    page.wait_for_selector("#board .cell")
    _tab_to(page, "move-text")
    seats: list[int] = []
    while seats.count(1) < 3:  # three answers of the computer, each after a move of mine
        assert _wait_turn(page)
        before = int(page.locator("#board").get_attribute("data-version"))
        page.keyboard.press("ArrowDown")
        page.keyboard.press("Enter")
        page.wait_for_function(
            f"() => Number(document.querySelector('#board').dataset.version) > {before}",
            timeout=30_000,
        )
        assert _wait_turn(page), (heard(page), _view(server, gid)["result"])
        view = _view(server, gid)
        seats = [turn["seat"] for turn in view["turns"]] + [view["to_move"]]
    back = sum(1 for a, b in itertools.pairwise(seats) if a == 1 and b == 0)
    assert back == 3
    said = heard(page)
    assert said.count("Your turn.") == back, said
    context.close()
