"""Puzzles in Chromium: one puzzle of each game solved by clicking (the defender answers by
itself), one failed with its refutation on the board and in words, the solution shown, the
guest's rating and streak kept in the browser; screenshots at phone and desktop sizes."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from shoal import games
from shoal.core.puzzles import Puzzle

from ..puzzles.data import DATA, GAMES, test_puzzles
from .conftest import _free_port
from .test_browser import DESKTOP, PHONE, _click_action

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def puzzle_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``shoal serve`` with the hand-made test puzzles (SHOAL_PUZZLES_DIR)."""
    port = _free_port()
    db = tmp_path_factory.mktemp("serve") / "shoal.sqlite3"
    src = str(Path(__file__).resolve().parents[2] / "src")
    env = dict(os.environ, PYTHONPATH=src, SHOAL_PUZZLES_DIR=str(DATA))
    args = ["serve", "--port", str(port), "--database", f"sqlite:///{db}"]
    process = subprocess.Popen(
        [sys.executable, "-m", "shoal.cli", *args, "--log-level", "warning"], env=env
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                if httpx.get(url + "/api/puzzles", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.05)
        else:
            raise RuntimeError("shoal serve did not start")
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)


def _legal(server: str, puzzle: str, actions: list[str]) -> list[dict[str, Any]]:
    response = httpx.post(
        f"{server}/api/puzzles/{puzzle}/attempt", json={"actions": actions}, timeout=30
    )
    response.raise_for_status()
    legal: list[dict[str, Any]] = response.json()["legal"]
    return legal


def _learner(puzzle: Puzzle) -> list[str]:
    state = puzzle.start(games.get(puzzle.game_id))
    out = []
    for text in puzzle.solution:
        if state.to_move == puzzle.winner:
            out.append(text)
        state = state.apply_text(text)
    return out


def _wait(page: Any, js: str) -> None:
    page.wait_for_function(f"() => {js}", timeout=20_000)


@pytest.mark.parametrize("game", GAMES)
def test_a_puzzle_of_each_game_solved_by_clicking(
    game: str, puzzle_server: str, browser: Any, artifacts: Path
) -> None:
    puzzle = test_puzzles(game)[0]
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(f"{puzzle_server}/puzzles/{game}#{puzzle.id}")
    _wait(page, f"document.querySelector('#puzzle')?.dataset.puzzle === '{puzzle.id}'")
    side = puzzle.start(games.get(game)).side_name(puzzle.winner)
    assert page.locator("#puzzle-task").inner_text() == f"Find the win for {side.capitalize()}"
    done: list[str] = []
    for text in _learner(puzzle):
        _wait(page, f"document.querySelector('#board')?.dataset.actions === '{len(done)}'")
        entry = next(e for e in _legal(puzzle_server, puzzle.id, done) if e["text"] == text)
        _click_action(page, entry)
        done.append(text)
    _wait(page, "document.querySelector('#board')?.dataset.state === 'solved'")
    assert "Solved!" in page.locator("#feedback").inner_text()
    assert page.locator("#my-streak").inner_text() == "1"
    rating = page.locator("#my-rating").inner_text()
    assert int(rating.rstrip("?")) > 1500
    page.screenshot(path=str(artifacts / f"puzzles-{game}-desktop.png"))
    # the guest's standing stays in this browser
    page.goto(f"{puzzle_server}/puzzles")
    card = page.locator(f'.puzzle-card[data-game="{game}"]')
    assert card.locator(".rating").inner_text() == rating
    assert card.locator(".streak").inner_text() == "1 (best 1)"
    context.close()


def test_a_wrong_move_shows_the_refutation_then_the_solution(
    puzzle_server: str, browser: Any, artifacts: Path
) -> None:
    game = games.get("syrtis")
    puzzle = test_puzzles("syrtis")[0]
    start = puzzle.start(game)
    wrong = next(
        e
        for e in _legal(puzzle_server, puzzle.id, [])
        if e["text"] not in (puzzle.solution[0], *puzzle.accepted_first) and e["path"]
    )
    context = browser.new_context(viewport=PHONE, device_scale_factor=2)
    page = context.new_page()
    page.goto(f"{puzzle_server}/puzzles/syrtis#{puzzle.id}")
    _wait(page, "document.querySelector('#board')?.dataset.actions === '0'")
    before = page.locator("#board svg").inner_html()
    _click_action(page, wrong)
    _wait(page, "document.querySelector('#board')?.dataset.state === 'wrong'")
    words = page.locator("#feedback").inner_text()
    defender = start.side_name(1 - puzzle.winner).capitalize()
    assert words.startswith(f"{wrong['label']} is not the way. {defender} answers ")
    # the board shows the position after the refutation, not the one before
    assert page.locator("#board svg").inner_html() != before
    assert page.locator("#my-streak").inner_text() == "0"
    assert page.locator("#status-main").inner_text() == "Wrong move"
    assert start.outcome is None
    page.screenshot(path=str(artifacts / "puzzles-refutation-phone.png"))
    page.locator("#show-solution").click()
    _wait(page, f"document.querySelectorAll('#solution li').length === {len(puzzle.solution)}")
    numbered = [f"{n}. {text}" for n, text in enumerate(puzzle.solution, 1)]
    assert page.locator("#solution li").all_inner_texts() == numbered
    assert page.locator("#status-main").inner_text() == "Solution"
    _wait(page, f"document.querySelector('#board')?.dataset.frame === '{len(puzzle.solution)}'")
    page.screenshot(path=str(artifacts / "puzzles-solution-phone.png"))
    page.locator("#next-puzzle").click()
    _wait(page, f"document.querySelector('#puzzle')?.dataset.puzzle !== '{puzzle.id}'")
    context.close()


@pytest.mark.parametrize(("size", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_the_puzzle_pages_at_phone_and_desktop_sizes(
    size: str, viewport: dict[str, int], puzzle_server: str, browser: Any, artifacts: Path
) -> None:
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.goto(f"{puzzle_server}/")  # the home page leads there on every screen
    page.locator('.hero a[href="/puzzles"]').wait_for()
    page.screenshot(path=str(artifacts / f"puzzles-home-{size}.png"))
    page.locator('.hero a[href="/puzzles"]').click()
    page.wait_for_selector(".puzzle-card")
    assert page.url == f"{puzzle_server}/puzzles"
    assert page.locator(".puzzle-card").count() == len(GAMES)
    # nothing sticks out sideways
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    page.screenshot(path=str(artifacts / f"puzzles-index-{size}.png"), full_page=True)
    page.locator('.puzzle-card[data-game="cyclix"] a.btn').click()
    _wait(page, "document.querySelector('#board')?.dataset.actions === '0'")
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    page.screenshot(path=str(artifacts / f"puzzles-cyclix-{size}.png"))
    context.close()


def test_a_signed_in_solver_keeps_the_rating_on_the_server(
    puzzle_server: str, browser: Any
) -> None:
    """Signed in, the rating and streak come from the account (not the browser): a solved
    puzzle moves them on the server, and a fresh browser signed in as the same account
    shows them."""
    puzzle = test_puzzles("sirtet")[0]
    context = browser.new_context(viewport=DESKTOP)
    made = context.request.post(
        f"{puzzle_server}/api/auth/signup",
        data={"username": "puzzler", "password": "correct horse"},
    )
    assert made.status == 201, made.text()
    page = context.new_page()
    page.goto(f"{puzzle_server}/puzzles/sirtet#{puzzle.id}")
    done: list[str] = []
    for text in _learner(puzzle):
        _wait(page, f"document.querySelector('#board')?.dataset.actions === '{len(done)}'")
        entry = next(e for e in _legal(puzzle_server, puzzle.id, done) if e["text"] == text)
        _click_action(page, entry)
        done.append(text)
    _wait(page, "document.querySelector('#board')?.dataset.state === 'solved'")
    assert page.locator("#my-streak").inner_text() == "1"
    rating = page.locator("#my-rating").inner_text()
    context.close()
    # another browser, same account: the standing is the server's
    other = browser.new_context(viewport=DESKTOP)
    signed = other.request.post(
        f"{puzzle_server}/api/auth/login",
        data={"username": "puzzler", "password": "correct horse"},
    )
    assert signed.ok, signed.text()
    page = other.new_page()
    page.goto(f"{puzzle_server}/puzzles")
    card = page.locator('.puzzle-card[data-game="sirtet"]')
    card.wait_for()
    assert card.locator(".rating").inner_text() == rating
    assert card.locator(".streak").inner_text() == "1 (best 1)"
    other.close()


def _theme_shown(page: Any, theme: str) -> str:
    """Waits for a puzzle of ``theme`` on the board; its id."""
    ids = [p.id for p in test_puzzles("syrtis") if p.theme == theme]
    _wait(page, f"{ids!r}.includes(document.querySelector('#puzzle')?.dataset.puzzle)")
    _wait(page, "document.querySelector('#board')?.dataset.actions === '0'")
    shown = page.locator("#puzzle").get_attribute("data-puzzle")
    assert shown in ids and theme in page.locator("#puzzle-meta").inner_text()
    return str(shown)


@pytest.mark.parametrize(("size", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_a_chosen_theme_gives_its_puzzles_and_survives_a_reload(
    size: str, viewport: dict[str, int], puzzle_server: str, browser: Any, artifacts: Path
) -> None:
    """The hand-made Syrtis puzzles: two "fourth sink", one "complete island". A theme is
    chosen from its link on /puzzles and from the choice beside the board; the puzzle shown
    is of it, the next one too, and a reload (or coming back without the address) keeps it."""
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.goto(f"{puzzle_server}/puzzles")
    links = page.locator('.puzzle-card[data-game="syrtis"] .puzzle-themes a')
    links.first.wait_for()
    shown = [(a.get_attribute("data-theme"), a.locator(".count").inner_text()) for a in links.all()]
    assert shown == [("fourth sink", "2"), ("complete island", "1")]
    assert links.first.inner_text().startswith("Fourth sink")
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    page.screenshot(path=str(artifacts / f"puzzles-themes-index-{size}.png"), full_page=True)
    page.locator('.puzzle-card[data-game="syrtis"] a[data-theme="complete island"]').click()
    island = _theme_shown(page, "complete island")
    assert page.locator("#puzzle-theme").input_value() == "complete island"
    options = page.locator("#puzzle-theme option").all_inner_texts()
    assert options == ["All themes (3)", "Fourth sink (2)", "Complete island (1)"]
    assert "?theme=complete%20island#" in page.url
    # the only one of its theme: "Next puzzle" brings it again, and says so
    page.locator("#next-puzzle").click()
    words = "No other puzzle of the theme “complete island”: this one again."
    _wait(page, f"document.querySelector('.toast')?.textContent === {words!r}")
    assert page.locator("#puzzle").get_attribute("data-puzzle") == island
    # a theme chosen by its link is remembered too
    page.goto(f"{puzzle_server}/puzzles/syrtis")
    assert _theme_shown(page, "complete island") == island
    assert page.locator("#puzzle-theme").input_value() == "complete island"
    # the choice beside the board: another theme, then the next puzzle keeps to it
    page.select_option("#puzzle-theme", "fourth sink")
    first = _theme_shown(page, "fourth sink")
    assert "?theme=fourth%20sink#" in page.url
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    page.screenshot(path=str(artifacts / f"puzzles-themes-chosen-{size}.png"))
    page.locator("#next-puzzle").click()
    _wait(page, f"document.querySelector('#puzzle')?.dataset.puzzle !== '{first}'")
    second = _theme_shown(page, "fourth sink")
    assert second != island
    # a reload keeps the theme and the puzzle
    page.reload()
    assert _theme_shown(page, "fourth sink") == second
    assert page.locator("#puzzle-theme").input_value() == "fourth sink"
    # back without the address: this browser remembers the theme
    page.goto(f"{puzzle_server}/puzzles/syrtis")
    _theme_shown(page, "fourth sink")
    assert page.locator("#puzzle-theme").input_value() == "fourth sink"
    # "All themes" forgets it
    page.select_option("#puzzle-theme", "")
    _wait(page, "!location.search")
    page.goto(f"{puzzle_server}/puzzles/syrtis")
    _wait(page, "document.querySelector('#board')?.dataset.actions === '0'")
    assert page.locator("#puzzle-theme").input_value() == ""
    # an unknown theme in the address: said, and all themes shown
    page.goto(f"{puzzle_server}/puzzles/syrtis?theme=mate%20in%20two")
    _wait(page, "document.querySelector('#board')?.dataset.actions === '0'")
    assert page.locator("#puzzle-theme").input_value() == ""
    words = "No puzzles of the theme “mate in two” here: showing all themes."
    _wait(page, f"document.querySelector('.toast')?.textContent === {words!r}")
    context.close()


def _picture(page: Any) -> str:
    """The board's picture without its clickable cells (whose marks say what may be chosen)."""
    return str(
        page.evaluate(
            "() => { const svg = document.querySelector('#board svg').cloneNode(true);"
            " svg.querySelectorAll('.cell').forEach(c => c.remove()); return svg.innerHTML; }"
        )
    )


def test_a_refutation_is_said_in_words_and_stepped_through_by_keyboard(
    puzzle_server: str, browser: Any, artifacts: Path
) -> None:
    """Issue 40, defect 9: a wrong move typed in the move box is refuted in the game's own
    words (Cyclix: "Rook c3 to ..." rather than "Rc3-..."), and the wrong move and each
    answer are listed and stepped through with the keyboard, the board following and each
    step said in the live region."""
    game = games.get("cyclix")
    puzzle = next(p for p in test_puzzles("cyclix") if len(p.start(game).legal_actions()) > 2)
    start = puzzle.start(game)
    wrong = next(
        e
        for e in _legal(puzzle_server, puzzle.id, [])
        if e["text"] not in (puzzle.solution[0], *puzzle.accepted_first)
    )
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(f"{puzzle_server}/puzzles/cyclix#{puzzle.id}")
    _wait(page, "document.querySelector('#board')?.dataset.actions === '0'")
    before = _picture(page)
    page.locator("#move-text").focus()
    page.keyboard.type(wrong["text"])
    page.keyboard.press("Enter")
    _wait(page, "document.querySelector('#board')?.dataset.state === 'wrong'")
    words = page.locator("#feedback").inner_text()
    assert words.startswith(f"{wrong['label']} is not the way.")
    assert wrong["label"] != wrong["text"]
    steps = page.locator("#refutation li").all_inner_texts()
    side = start.side_name(puzzle.winner).capitalize()
    assert steps[0] == f"{side}: {wrong['label']}"
    assert len(steps) >= 2  # the wrong move and at least one answer
    assert all(": " in step and not step.endswith(": ") for step in steps)
    end = _picture(page)
    assert page.locator("#ref-next").is_disabled()
    page.locator("#ref-prev").focus()
    for index in range(len(steps) - 1, -1, -1):
        page.keyboard.press("Enter")
        _wait(page, f"document.querySelector('#board').dataset.refutation === '{index}'")
        if index == 0:
            break
    assert _picture(page) == before  # back to the start
    heard = page.eval_on_selector_all("#live p", "ps => ps.map(p => p.textContent)")
    assert heard[-1] == "The board before your move."
    assert f"{side}: {wrong['label']}." in heard
    page.locator("#ref-next").focus()
    page.keyboard.press("Enter")
    _wait(page, "document.querySelector('#board').dataset.refutation === '1'")
    page.screenshot(path=str(artifacts / "puzzles-refutation-steps-desktop.png"))
    page.keyboard.press("End")
    while not page.locator("#ref-next").is_disabled():
        page.locator("#ref-next").press("Enter")
    assert _picture(page) == end
    context.close()
