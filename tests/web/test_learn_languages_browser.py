"""The courses and the puzzles in the reader's language, in Chromium (issue 62): one course
played to its end in each language, a different game in each (the flow is the same for all:
one browser, one context per language, each with its ``Accept-Language``), every step's
title, text and verdict in that language while the same clicks solve it; a puzzle's themes
in Dutch. Screenshots of a Dutch and a German step, and of the Dutch puzzle, at 390 px."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from .test_browser import DESKTOP, PHONE

pytestmark = pytest.mark.browser

# each language plays one course to its end: every game's course once
COURSES = {"nl": "sytran", "de": "cyclix", "fr": "sirtet", "it": "syrtis", "es": "sfirs"}
WELL_DONE = {
    "nl": "Goed gedaan!",
    "de": "Gut gemacht!",
    "fr": "Bien joué !",
    "it": "Ben fatto!",
    "es": "¡Bien hecho!",
}


def _headers(language: str) -> dict[str, str]:
    return {"Accept-Language": language}


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


def test_each_language_plays_a_course_to_its_end(
    server: str, browser: Any, artifacts: Path
) -> None:
    for language, game in COURSES.items():
        course = httpx.get(f"{server}/api/learn/{game}", headers=_headers(language)).json()
        english = httpx.get(f"{server}/api/learn/{game}", headers=_headers("en")).json()
        phone = language in ("nl", "de")
        context = browser.new_context(
            viewport=PHONE if phone else DESKTOP, extra_http_headers=_headers(language)
        )
        page = context.new_page()
        view = _answer(page, page.goto, f"{server}/learn/{game}")
        steps = list(zip(course["steps"], english["steps"], strict=True))
        for number, (step, source) in enumerate(steps, 1):
            game_step = step["kind"] == "game"
            shown = _shown(page, number, None if game_step else 0)
            assert shown["title"] == step["title"] != source["title"], (language, number)
            assert shown["text"] == step["text"] != source["text"], (language, number)
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
            if phone and number == 2:
                page.screenshot(
                    path=str(artifacts / f"learn-{game}-{language}-390.png"), full_page=True
                )
            if steps[number][0]["kind"] == "game":
                page.locator("#next-step").click()
            else:
                view = _answer(page, page.locator("#next-step").click)
        else:
            pytest.fail(f"the {game} course in {language} has no game step at its end")
        context.close()


def test_a_puzzle_in_dutch(server: str, browser: Any, artifacts: Path) -> None:
    """The puzzles' page in Dutch: the themes' names in the chooser and in the puzzle's line,
    the side to move (Syrtis's Light and Dark are Licht and Donker, as on the game page); the
    address keeps the theme's key."""
    context = browser.new_context(viewport=PHONE, extra_http_headers=_headers("nl"))
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
