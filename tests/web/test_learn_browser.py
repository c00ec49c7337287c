"""Learn in Chromium: every course completed by clicking, a wrong answer and its feedback,
progress kept in the browser, screenshots of a step of each course."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

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


@pytest.mark.parametrize("game", GAMES)
def test_a_course_completed_by_clicking(
    game: str, server: str, browser: Any, artifacts: Path
) -> None:
    course = httpx.get(f"{server}/api/learn/{game}", timeout=10).json()
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(f"{server}/learn/{game}")
    for number, step in enumerate(course["steps"], 1):
        page.wait_for_function(
            f"() => document.querySelector('#lesson')?.dataset.step === '{number}'"
        )
        assert page.locator("#step-title").inner_text() == step["title"]
        if step["kind"] == "game":
            page.locator("#play-game").click()
            page.wait_for_url(f"{server}/game/*")
            break
        _wait_actions(page, 0)
        done: list[str] = []
        for text in step["solutions"][0]:
            entry = next(e for e in _legal(server, game, number, done) if e["text"] == text)
            _click_action(page, entry)
            done.append(text)
            _wait_actions(page, len(done))
        page.wait_for_selector('#feedback[data-kind="good"]')
        if number == 2:
            page.screenshot(path=str(artifacts / f"learn-{game}-desktop.png"))
        page.locator("#next-step").click()
    # the progress stays in this browser: every step is ticked on the course list
    page.goto(f"{server}/learn")
    card = page.locator(f'.course-card[data-game="{game}"]')
    total = len(course["steps"])
    assert card.locator(".help").inner_text() == f"{total} of {total} steps done"
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
