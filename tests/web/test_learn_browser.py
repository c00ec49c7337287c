"""Learn in Chromium: every course completed by clicking (each in a language of its own),
a wrong answer and its feedback, progress kept in the browser, screenshots of a step of each
course; a puzzle's themes in Dutch."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from shoal.i18n import catalogue

from .test_browser import DESKTOP, PHONE, _click_action

pytestmark = pytest.mark.browser

GAMES = ["syrtis", "sirtet", "sytran", "cyclix", "sfirs"]


def _legal(server: str, game: str, step: int, actions: list[str]) -> list[dict[str, Any]]:
    response = httpx.post(
        f"{server}/api/learn/{game}/{step}", json={"actions": actions}, timeout=10
    )
    response.raise_for_status()
    legal: list[dict[str, Any]] = response.json()["legal"]
    return legal


def _wait_actions(page: Any, count: int) -> None:
    page.wait_for_function(
        f"() => document.querySelector('#board')?.dataset.actions === '{count}'", timeout=15_000
    )


# each course is played to its end in a language of its own (issue 62: each language's course
# playable to the end; the clicks that solve a step are the same in every language)
LANGUAGE = {"sytran": "nl", "cyclix": "de", "sirtet": "fr", "syrtis": "it", "sfirs": "es"}
WELL_DONE = {
    "nl": "Goed gedaan!",
    "de": "Gut gemacht!",
    "fr": "Bien joué !",
    "it": "Ben fatto!",
    "es": "¡Bien hecho!",
}


def _answer(page: Any, act: Callable[..., Any], *args: Any) -> dict[str, Any]:
    """What the page's own request to the step's route answered when ``act(*args)`` (a click,
    a load) made it: the board's legal actions with their click paths, and the verdict."""
    with page.expect_response(
        lambda r: "/api/learn/" in r.url and r.request.method == "POST"
    ) as answer:
        act(*args)
    view: dict[str, Any] = answer.value.json()
    return view


def _click(page: Any, entry: dict[str, Any]) -> None:
    """Play one legal action as a person does (its cells, or its button); the words on the
    page are not English, so the menu's buttons are found by their place, not their text."""
    if not entry["path"]:
        page.locator(f'#action-buttons button[data-action="{entry["action"]}"]').click()
        return
    for cell in entry["path"]:
        menu = page.locator("#choice-menu")
        if menu.count():  # a shorter action shares the path so far: "Keep clicking"
            menu.locator("button.ghost").first.click()
        page.locator(f'#board svg .cell[data-cell="{cell}"]').first.click(force=True)
    menu = page.locator(f'#choice-menu button[data-action="{entry["action"]}"]')
    if menu.count():
        menu.click()


SHOWN = """([step, count, kind]) => {
  const board = document.querySelector("#board"), feedback = document.querySelector("#feedback");
  if (document.querySelector("#lesson")?.dataset.step !== String(step)) return null;
  if (count !== null && board?.dataset.actions !== String(count)) return null;
  if (kind !== null && feedback?.dataset.kind !== kind) return null;
  const text = (selector) => document.querySelector(selector)?.innerText ?? "";
  return { title: text("#step-title"), text: text("#step-text"), feedback: text("#feedback") };
}"""


def _shown(page: Any, step: int, count: int | None = None, kind: str | None = None) -> Any:
    """Once the page shows step ``step`` (after ``count`` actions, its feedback of ``kind``):
    the step's title and text and the feedback, read in one go (one round trip a wait)."""
    found = page.wait_for_function(SHOWN, arg=[step, count, kind], timeout=15_000)
    return found.json_value()


@pytest.mark.parametrize("game", GAMES)
def test_a_course_completed_by_clicking_in_a_language_of_its_own(
    game: str, server: str, browser: Any, artifacts: Path
) -> None:
    """The course of ``game`` played to its end by clicking, in the language of
    :data:`LANGUAGE` (Dutch and German on a phone): every step's title and text are the
    course's in that language (not the English), each step is solved by the clicks of its
    shortest solution and says "well done" in that language; the game step opens a game;
    the progress stays in the browser (the course list says every step done, in its words)."""
    language = LANGUAGE[game]
    headers = {"Accept-Language": language}
    course = httpx.get(f"{server}/api/learn/{game}", headers=headers, timeout=10).json()
    english = httpx.get(f"{server}/api/learn/{game}", timeout=10).json()
    phone = language in ("nl", "de")
    context = browser.new_context(viewport=PHONE if phone else DESKTOP, extra_http_headers=headers)
    page = context.new_page()
    view = _answer(page, page.goto, f"{server}/learn/{game}")
    steps = list(zip(course["steps"], english["steps"], strict=True))
    for number, (step, source) in enumerate(steps, 1):
        game_step = step["kind"] == "game"
        shown = _shown(page, number, None if game_step else 0)
        assert shown["title"] == step["title"] != source["title"], number
        assert shown["text"] == step["text"] != source["text"], number
        if game_step:
            page.locator("#play-game").click()
            page.wait_for_url(f"{server}/game/*", wait_until="commit")
            break
        solution = min(step["solutions"], key=len)
        for count, text in enumerate(solution, 1):
            entry = next(e for e in view["legal"] if e["text"] == text)
            view = _answer(page, _click, page, entry)
            if count < len(solution):
                _shown(page, number, count)
        assert view["solved"] and view["message"] == WELL_DONE[language]
        shown = _shown(page, number, len(solution), "good")
        assert shown["feedback"] == WELL_DONE[language]
        if number == 2:
            shot = f"learn-{game}-{language}-{390 if phone else 1280}.png"
            page.screenshot(path=str(artifacts / shot))
        if steps[number][0]["kind"] == "game":
            page.locator("#next-step").click()
        else:
            view = _answer(page, page.locator("#next-step").click)
    else:
        pytest.fail(f"the {game} course has no game step at its end")
    # the progress stays in this browser: every step is ticked on the course list
    page.goto(f"{server}/learn")
    card = page.locator(f'.course-card[data-game="{game}"]')
    total = len(course["steps"])
    done = catalogue(language).ngettext(
        "{done} of {n} step done", "{done} of {n} steps done", total
    )
    assert card.locator(".help").inner_text() == done.format(done=total, n=total)
    context.close()


def test_a_wrong_answer_gets_its_feedback_and_starts_again(
    server: str, browser: Any, artifacts: Path
) -> None:
    """Sytran step 2 asks for a turn of two stones on ring 2; a stone on ring 1 ends the turn
    at once: the step's feedback shows, the board stops, and "Start again" resets it."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=2)
    page = context.new_page()
    page.goto(f"{server}/learn/sytran#step=2")
    _wait_actions(page, 0)
    entry = next(e for e in _legal(server, "sytran", 2, []) if e["text"] == "j10")
    _click_action(page, entry)
    page.wait_for_selector('#feedback[data-kind="bad"]')
    assert "ends the turn with one stone" in page.locator("#feedback").inner_text()
    assert page.locator("#board").get_attribute("data-ready") == "no"
    page.screenshot(path=str(artifacts / "learn-sytran-wrong-phone.png"), full_page=True)
    page.locator("#restart").click()
    _wait_actions(page, 0)
    assert page.locator("#board").get_attribute("data-ready") == "yes"
    assert page.locator("#feedback").inner_text() == ""
    context.close()


def test_an_illegal_click_is_refused_in_words_and_changes_nothing(
    server: str, browser: Any
) -> None:
    """Cyclix step 1: Rc2-c7; the API refuses an illegal action with the game's reason."""
    response = httpx.post(f"{server}/api/learn/cyclix/1", json={"actions": ["Rc2-d3"]}, timeout=10)
    assert response.status_code == 400 and "Rc2-d3" in response.json()["detail"]
    page = browser.new_page(viewport=DESKTOP)
    page.goto(f"{server}/learn/cyclix")
    _wait_actions(page, 0)
    before = page.locator("#board").inner_html()
    page.locator('#board svg .cell[data-cell="d3"]').first.click(force=True)
    assert page.locator("#board").inner_html() == before
    page.close()


@pytest.mark.parametrize("game", GAMES)
def test_screenshots_of_a_step_on_a_phone(
    game: str, server: str, browser: Any, artifacts: Path
) -> None:
    context = browser.new_context(viewport=PHONE, device_scale_factor=2)
    page = context.new_page()
    page.goto(f"{server}/learn/{game}#step=2")
    _wait_actions(page, 0)
    page.screenshot(path=str(artifacts / f"learn-{game}-phone.png"), full_page=True)
    # the last task step (an ending), on the phone and on a desktop
    last = len(httpx.get(f"{server}/api/learn/{game}", timeout=10).json()["steps"]) - 1
    page.goto(f"{server}/learn/{game}#step={last}")
    page.reload()
    page.wait_for_function(f"() => document.querySelector('#lesson')?.dataset.step === '{last}'")
    _wait_actions(page, 0)
    page.screenshot(path=str(artifacts / f"learn-{game}-ending-phone.png"), full_page=True)
    page.set_viewport_size(DESKTOP)
    page.screenshot(path=str(artifacts / f"learn-{game}-ending-desktop.png"))
    if game == GAMES[0]:  # the course list is one page for every game: one picture of it
        page.set_viewport_size(PHONE)
        page.goto(f"{server}/learn")
        page.wait_for_selector(".course-card")
        page.screenshot(path=str(artifacts / "learn-index-phone.png"), full_page=True)
    context.close()


def test_a_typed_illegal_action_gets_the_games_reason_and_a_legal_one_is_played(
    server: str, browser: Any, artifacts: Path
) -> None:
    """Cyclix step 1: typing Rc2-d3 shows the rules' reason in the lesson and leaves the board
    as it was; typing the solution Rc2-c7 solves the step."""
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{server}/learn/cyclix")
    _wait_actions(page, 0)
    before = page.locator("#board").inner_html()
    page.locator("#move-text").fill("Rc2-d3")
    page.locator("#type-move button").click()
    page.wait_for_selector('#feedback[data-kind="bad"]')
    assert "d3 is not on a rank or file of the rook" in page.locator("#feedback").inner_text()
    assert page.locator("#board").inner_html() == before
    assert page.locator("#board").get_attribute("data-ready") == "yes"
    page.screenshot(path=str(artifacts / "learn-cyclix-illegal-phone.png"), full_page=True)
    page.set_viewport_size(DESKTOP)
    page.screenshot(path=str(artifacts / "learn-cyclix-illegal-desktop.png"))
    page.locator("#move-text").fill("Rc2-c7")
    page.locator("#move-text").press("Enter")
    page.wait_for_selector('#feedback[data-kind="good"]')
    assert page.locator("#board").get_attribute("data-actions") == "1"
    assert not page.locator("#move-text").is_editable()  # solved: nothing more to play here
    page.close()


def test_a_puzzle_in_dutch(server: str, browser: Any, artifacts: Path) -> None:
    """The puzzles' page in Dutch: the themes' names in the chooser and in the puzzle's line,
    the side to move (Syrtis's Light and Dark are Licht and Donker, as on the game page); the
    address keeps the theme's key."""
    context = browser.new_context(viewport=PHONE, extra_http_headers={"Accept-Language": "nl"})
    page = context.new_page()
    page.goto(f"{server}/puzzles/syrtis?theme=complete%20island")
    page.wait_for_function("() => document.querySelector('#board')?.dataset.ready === 'yes'")
    chosen = page.locator("#puzzle-theme option:checked")
    assert chosen.get_attribute("value") == "complete island"
    assert chosen.inner_text().startswith("Volledig eiland (")
    assert "volledig eiland" in page.locator("#puzzle-meta").inner_text()
    task = page.locator("#puzzle-task").inner_text()  # Syrtis's sides: the game page's words
    assert task in ("Vind de winst voor Licht", "Vind de winst voor Donker"), task
    assert "theme=complete%20island" in page.url
    page.screenshot(path=str(artifacts / "puzzles-syrtis-nl-390.png"), full_page=True)
    context.close()
