"""Every course against the engine: each step's position loads, each solution is legal there
and does what the step teaches (its goal, checked by the engine), each listed mistake is
legal and does not; and broken course files are refused in words."""

from __future__ import annotations

import json
import re

import pytest

from shoal import games
from shoal.core import ShoalError
from shoal.core.course import Course, CourseError, parse_course

GAMES = ["syrtis", "sirtet", "sytran", "cyclix", "sfirs"]


def course_of(game_id: str) -> Course:
    course = games.get(game_id).course()
    assert course is not None, f"{game_id} has no course.toml"
    return course


@pytest.mark.parametrize("game_id", GAMES)
def test_every_step_is_sound_against_the_engine(game_id: str) -> None:
    game = games.get(game_id)
    assert course_of(game_id).problems(game) == []


@pytest.mark.parametrize("game_id", GAMES)
def test_a_course_has_8_to_15_steps_and_ends_with_a_game(game_id: str) -> None:
    course = course_of(game_id)
    assert 8 <= len(course.steps) <= 15
    assert course.steps[-1].kind == "game" and course.steps[-1].level == "beginner"
    assert all(step.kind == "task" for step in course.steps[:-1])


@pytest.mark.parametrize("game_id", GAMES)
def test_each_step_is_one_idea_in_at_most_three_sentences(game_id: str) -> None:
    for step in course_of(game_id).steps:
        sentences = [s for s in re.split(r"(?<=[.!?])\s+", step.text) if s]
        assert 1 <= len(sentences) <= 3, step.title
        if step.kind == "task":
            assert step.task and step.solutions, step.title


@pytest.mark.parametrize("game_id", GAMES)
def test_a_wrong_answer_gets_feedback_and_the_step_starts_over(game_id: str) -> None:
    """A listed mistake played to the end of the learner's turn is judged wrong, with its
    feedback; an action that cannot be played raises the game's own error."""
    game = games.get(game_id)
    course = course_of(game_id)
    seen = 0
    for index, step in enumerate(course.steps):
        for mistake, feedback in step.mistakes.items():
            verdict = course.attempt(game, index, [mistake])
            assert not verdict.solved
            if verdict.wrong:
                assert verdict.message == feedback
                seen += 1
    assert seen >= 1


@pytest.mark.parametrize("game_id", GAMES)
def test_a_mistake_played_to_the_end_of_the_turn_gets_its_own_feedback(game_id: str) -> None:
    """Each listed mistake, with the turn finished by whatever the learner may do next (here
    the last legal action, e.g. stop, keep, pass), is a wrong answer with the step's feedback
    for it: no mistake can be turned into a solution by ending the turn early."""
    game = games.get(game_id)
    course = course_of(game_id)
    for index, step in enumerate(course.steps):
        for mistake, feedback in step.mistakes.items():
            texts = [mistake]
            verdict = course.attempt(game, index, texts)
            while not (verdict.wrong or verdict.solved) and len(texts) < 50:
                legal = verdict.state.legal_actions()
                texts.append(verdict.state.action_text(legal[-1]))
                verdict = course.attempt(game, index, texts)
            assert verdict.wrong and verdict.message == feedback, (step.title, texts)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_one_action_step_lists_every_action_that_solves_it(game_id: str) -> None:
    """So the export (and the hint) tells outside tools all the answers the engine accepts."""
    game = games.get(game_id)
    course = course_of(game_id)
    for index, step in enumerate(course.steps):
        if step.kind != "task" or any(len(s) != 1 for s in step.solutions):
            continue
        start = step.start(game)
        texts = [start.action_text(a) for a in start.legal_actions()]
        solving = {t for t in texts if course.attempt(game, index, [t]).solved}
        assert solving == {s[0] for s in step.solutions}, step.title


def test_a_chain_stopped_after_its_first_move_is_not_a_chain() -> None:
    """SFIRS "Chains": d4-d1 then stop ends the turn with two actions but one move: wrong,
    with the step's feedback; d4-d1 then any move of the k2 cube solves it."""
    game = games.get("sfirs")
    course = course_of("sfirs")
    index = next(i for i, s in enumerate(course.steps) if s.title == "Chains")
    stopped = course.attempt(game, index, ["d4-d1", "stop"])
    assert stopped.wrong and "then go on" in stopped.message
    assert course.attempt(game, index, ["d4-d1", "k2-k9"]).solved


def test_the_export_lists_positions_texts_and_solutions() -> None:
    game = games.get("sytran")
    data = json.loads(json.dumps(course_of("sytran").as_dict(game)))
    assert data["game"] == "sytran" and data["title"]
    first = data["steps"][0]
    assert set(first) >= {"title", "text", "task", "position", "solutions", "kind"}
    assert game.load(first["position"]).position() == first["position"]
    assert first["solutions"][0] == ["j10"]


GOOD = """
title = "T"
intro = "I"
[[step]]
title = "One"
text = "A stone."
task = "Place it."
solutions = [["j10"]]
goal = { turn_over = true }
"""


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("title = [", "not valid TOML"),
        ('title = "T"\nintro = "I"\ncolour = "red"', "unknown key(s) colour"),
        ('title = "T"\nintro = "I"', "no [[step]]"),
        (GOOD.replace("goal = { turn_over = true }", ""), "a task needs a goal"),
        (GOOD.replace("turn_over = true", "won = true"), "goal keys are"),
        (GOOD.replace("turn_over = true", 'winner = "me"'), "goal winner must be one of"),
        (GOOD.replace('solutions = [["j10"]]', 'solutions = ["j10"]'), "list of lists"),
        (GOOD.replace('title = "One"', 'title = "One"\npicture = "x"'), "unknown key(s) picture"),
        (GOOD.replace('title = "One"', 'title = "One"\nkind = "quiz"'), "kind must be"),
        (GOOD.replace('text = "A stone."', 'text = ""'), "'text' must be a non-empty text"),
    ],
)
def test_a_broken_course_file_is_refused_saying_where(text: str, words: str) -> None:
    with pytest.raises(CourseError, match=re.escape(words)):
        parse_course("sytran", text)


def test_a_course_that_drifted_from_the_rules_is_caught() -> None:
    """The soundness check reports a position that does not load, an illegal solution, a
    solution that misses the goal and a mistake that solves the step."""
    game = games.get("sytran")
    drifted = parse_course(
        "sytran",
        GOOD.replace('solutions = [["j10"]]', 'solutions = [["j10"], ["zz1"], ["b12"]]').replace(
            'task = "Place it."', 'task = "Place it."\nmistakes = { "i10" = "no" }'
        )
        + '\n[[step]]\ntitle = "Two"\ntext = "Broken."\ntask = "x"\nposition = "nonsense"\n'
        'solutions = [["j10"]]\ngoal = { actions = 1 }\n',
    )
    problems = drifted.problems(game)
    assert any("solution zz1" in p for p in problems)
    assert any("solution b12 does not reach the goal" in p for p in problems)
    assert any("the mistake i10 solves the step" in p for p in problems)
    assert any("step 2 (Two): the position does not load" in p for p in problems)


def test_a_move_that_ignores_a_check_is_refused_with_the_rules_reason() -> None:
    """Cyclix "Capturing the checker": Bb1-c2 leaves the king attacked; the attempt raises the
    game's own error, which the web lesson and the terminal show as it is."""
    game = games.get("cyclix")
    course = course_of("cyclix")
    index = next(i for i, s in enumerate(course.steps) if s.title == "Capturing the checker")
    with pytest.raises(ShoalError, match="would still be attacked by the black rook on e4"):
        course.attempt(game, index, ["Bb1-c2"])
    assert course.attempt(game, index, ["Bb1xe4"]).solved


def test_a_sink_the_rules_refuse_gets_their_reason_in_the_sinking_step() -> None:
    """Syrtis "Sinking a tile": b2 touches Light's tower on a3 only at a corner, c2 touches
    none; each refusal names the rule, and the legal sink xa2 solves the step."""
    game = games.get("syrtis")
    course = course_of("syrtis")
    index = next(i for i, s in enumerate(course.steps) if s.title == "Sinking a tile")
    with pytest.raises(ShoalError, match="only at a corner: it must share an edge"):
        course.attempt(game, index, ["xb2"])
    with pytest.raises(ShoalError, match="not next to a tile carrying a Light tower"):
        course.attempt(game, index, ["xc2"])
    with pytest.raises(ShoalError, match="carries a tower"):
        course.attempt(game, index, ["xa3"])
    assert course.attempt(game, index, ["xa2"]).solved
