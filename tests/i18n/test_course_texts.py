"""The courses' and the puzzles' texts in the catalogues (issue 62): every text a player reads
in a ``course.toml`` is a message of the template (extracted by ``extract_course``, with a
comment naming the game and the step), every theme of a ``puzzles.jsonl`` too, and each
language says them all; the learn routes' own words ("Well done!", "Not quite. {task}")."""

from __future__ import annotations

import io
import json
from importlib import resources

import pytest

from shoal import games
from shoal.core.course import Course, Verdict, parse_course
from shoal.i18n import catalogue, tool
from shoal.i18n.courses import verdict_words
from shoal.i18n.extract import extract_course, extract_puzzle_themes

GAMES = ["syrtis", "sirtet", "sytran", "cyclix", "sfirs"]


def _texts(course: Course) -> set[str]:
    """Every text of a course a player reads, as the server looks it up."""
    out = {course.title, course.intro}
    for step in course.steps:
        out |= {step.title, step.text} | ({step.task} if step.task else set())
        out |= {" ".join(feedback.split()) for feedback in step.mistakes.values()}
    return out


def _template() -> set[str]:
    return {m.id if isinstance(m.id, str) else m.id[0] for m in tool.read(tool.TEMPLATE) if m.id}


def _missing(course: Course, template: set[str]) -> set[str]:
    return _texts(course) - template


def test_every_course_text_is_in_the_template_and_translated() -> None:
    template = _template()
    for game_id in GAMES:
        course = games.get(game_id).course()
        assert course is not None
        assert _missing(course, template) == set(), game_id
        for language in tool.TRANSLATED:
            said = catalogue(language).gettext
            assert all(said(text) != text for text in _texts(course)), (game_id, language)


def test_a_course_text_not_extracted_is_found() -> None:
    """A text added to a course.toml and not extracted fails the test above (and the
    catalogues' check, which extracts afresh)."""
    source = _course_toml("sytran")
    added = source.replace('title = "The rings"', 'title = "The rings, anew"', 1)
    assert _missing(parse_course("sytran", added), _template()) == {"The rings, anew"}


def _course_toml(game_id: str) -> str:
    package = type(games.get(game_id)).__module__.rpartition(".")[0]
    return resources.files(package).joinpath("course.toml").read_text("utf-8")


def test_the_extractor_names_the_game_and_the_step() -> None:
    source = _course_toml("sytran").encode()
    handle = io.BytesIO(source)
    handle.name = "src/shoal/games/sytran/course.toml"  # type: ignore[attr-defined]
    found = list(extract_course(handle, {}, [], {}))
    said = {text: (line, comments) for line, _, text, comments in found}
    line, comments = said["Ring 1 ends the turn at once. Start on the rim this time."]
    assert comments == ["sytran course, step 3 (The order is free), feedback for the mistake j10"]
    assert source.decode().splitlines()[line - 1].startswith("mistakes = ")
    assert said["Learn Sytran"][1] == ["sytran course, the course's title"]
    assert said["The order is free"][1] == ["sytran course, step 3 (The order is free), title"]
    # a text spread over lines is one message with one space for each run, as the course reads it
    spread = b'title = "A"\nintro = """Two\n   lines"""\n[[step]]\ntitle = "T"\ntext = "x"\n'
    handle = io.BytesIO(spread)
    assert [t for _, _, t, _ in extract_course(handle, {}, [], {})] == ["A", "Two lines", "T", "x"]


def test_the_puzzles_themes_are_extracted_once_each() -> None:
    lines = [{"id": f"sytran-000{i}", "theme": t} for i, t in enumerate(["a b", "c", "a b", None])]
    handle = io.BytesIO("\n".join(json.dumps(line) for line in lines).encode())
    handle.name = "games/sytran/puzzles.jsonl"  # type: ignore[attr-defined]
    found = [(line, text, c) for line, _, text, c in extract_puzzle_themes(handle, {}, [], {})]
    assert found == [(1, "a b", ["a sytran puzzle theme"]), (2, "c", ["a sytran puzzle theme"])]


@pytest.mark.parametrize("language", ["nl", "de", "fr", "it", "es"])
def test_the_verdicts_words_in_each_language(language: str) -> None:
    """Solved, a listed mistake's feedback, and "Not quite." with the task: all translated."""
    course = games.get("sytran").course()
    assert course is not None
    step = course.steps[1]  # two stones on ring 2; the mistake j10 has its feedback
    said = catalogue(language).gettext
    state = step.start(games.get("sytran"))
    solved = Verdict(state, solved=True, message="Well done!")
    assert verdict_words(step, solved, said) == said("Well done!") != "Well done!"
    mistake = Verdict(state, wrong=True, message=step.mistakes["j10"])
    assert verdict_words(step, mistake, said) == said(step.mistakes["j10"])
    other = Verdict(state, wrong=True, message=f"Not quite. {step.task}")
    assert verdict_words(step, other, said) == said("Not quite. {task}").format(
        task=said(step.task)
    )
    assert said(step.task) in verdict_words(step, other, said) and step.task != said(step.task)
