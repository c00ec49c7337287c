"""The puzzle checker (shoal.core.puzzles) on hand-built and real puzzles."""

from __future__ import annotations

import json

import pytest

from shoal import games
from shoal.core import IllegalActionError, InvalidNotationError, State
from shoal.core.puzzles import (
    Puzzle,
    PuzzleError,
    attempt,
    expected_next,
    load_puzzles,
    parse_puzzles,
    refutation_line,
)

from .data import GAMES, test_puzzles

C4 = games.get("connect4")
# x to move: d completes the bottom row (a win at once); anything else lets o win on d.
ROW = "......./......./......./......./......./xxx.ooo x"
MATE1 = Puzzle(id="connect4-0001", position=ROW, winner=0, solution=("d",))
# x to move: b or e makes two threats on the bottom row; o blocks one, x plays the other
# (checked by exhaustive search: exactly b and e win within three actions).
TWO = "......./......./......./......./..oo.../..xx... x"


def first_legal(state: State) -> int:
    return state.legal_actions()[0]


def test_the_solution_solves_and_a_win_at_once_is_accepted() -> None:
    verdict = attempt(MATE1, C4, ["d"])
    assert verdict.correct and verdict.solved
    assert verdict.state.outcome is not None and verdict.state.outcome.winner == 0


def test_a_two_step_puzzle_plays_the_defenders_reply_automatically() -> None:
    puzzle = Puzzle(
        id="connect4-0002", position=TWO, winner=0, solution=("b", "a", "e"), accepted_first=("e",)
    )
    first = attempt(puzzle, C4, ["b"])
    assert first.correct and not first.solved
    assert first.replies == ("a",)
    assert [C4.load(TWO).action_text(a) for a in first.last] == ["b", "a"]
    assert first.state.to_move == 0
    assert first.message == "b is right. O answers a. Go on."
    assert expected_next(puzzle, C4, ["b"]) == "e"
    done = attempt(puzzle, C4, ["b", "e"])
    assert done.solved and done.state.outcome is not None
    assert done.message.startswith("e is right. Solved! X wins")
    # an accepted first action counts as solved at once (it wins by force too)
    assert attempt(puzzle, C4, ["e"]).solved
    wrong = attempt(puzzle, C4, ["b", "g"])
    assert not wrong.correct


def test_a_wrong_action_gets_the_defenders_reply_as_refutation() -> None:
    verdict = attempt(MATE1, C4, ["a"], choose=lambda s: s.parse_action("d"))
    assert not verdict.correct and not verdict.solved
    assert verdict.refutation == ("d",)
    assert verdict.state.outcome is not None and verdict.state.outcome.winner == 1
    assert verdict.message == "a is not the way. O answers d. O wins: four in a row."
    # without a chooser: judged wrong, no line
    assert attempt(MATE1, C4, ["a"]).refutation == ()


def test_the_refutation_line_stops_after_the_defenders_turn() -> None:
    state = C4.load(ROW).apply_text("a")
    after, texts, actions = refutation_line(state, 0, first_legal)
    assert len(texts) == 1 and after.to_move == 0 and after.outcome is None
    assert actions == (state.legal_actions()[0],)


def test_bad_attempts_are_refused_in_words() -> None:
    with pytest.raises(InvalidNotationError, match="a drop is a column letter"):
        attempt(MATE1, C4, ["z"])
    full = Puzzle(
        id="connect4-0003",
        position="x....../o....../x....../o....../x....../o...... x",
        winner=0,
        solution=("b",),
    )
    with pytest.raises(IllegalActionError):
        attempt(full, C4, ["a"])
    with pytest.raises(PuzzleError, match="no action"):
        attempt(MATE1, C4, [])
    with pytest.raises(PuzzleError, match="after the puzzle was solved"):
        attempt(MATE1, C4, ["d", "a"])
    with pytest.raises(PuzzleError, match="was wrong"):
        attempt(MATE1, C4, ["a", "d"])


def test_every_real_test_puzzle_solves_with_its_solution() -> None:
    for game_id in GAMES:
        game = games.get(game_id)
        for puzzle in test_puzzles(game_id):
            learner = [text for text in _learner_actions(puzzle, game)]
            verdict = attempt(puzzle, game, learner)
            assert verdict.solved, puzzle.id
            assert verdict.state.outcome is not None
            assert verdict.state.outcome.winner == puzzle.winner


def test_a_wrong_first_action_in_a_real_puzzle_is_refuted() -> None:
    game = games.get("syrtis")
    puzzle = test_puzzles("syrtis")[0]
    start = puzzle.start(game)
    wrong = next(
        start.action_text(a)
        for a in start.legal_actions()
        if start.action_text(a) not in (puzzle.solution[0], *puzzle.accepted_first)
    )
    verdict = attempt(puzzle, game, [wrong], choose=first_legal)
    assert not verdict.correct
    assert verdict.refutation
    # said in the game's words (issue 40, defect 9), not in notation
    label = game.action_label(start, start.parse_action(wrong))
    assert label != wrong
    assert verdict.message.startswith(f"{label} is not the way.")


def _learner_actions(puzzle: Puzzle, game: games.Game) -> list[str]:  # type: ignore[name-defined]
    state = puzzle.start(game)
    out = []
    for text in puzzle.solution:
        if state.to_move == puzzle.winner:
            out.append(text)
        state = state.apply_text(text)
    return out


def line(**changes: object) -> str:
    data: dict[str, object] = {
        "id": "connect4-0001",
        "position": ROW,
        "options": {},
        "winner": 0,
        "solution": ["d"],
        "accepted_first": [],
        "theme": None,
        "difficulty": 900,
        "source": "hand",
    }
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{not json", "line 1: not valid JSON"),
        ("[1, 2]", "a puzzle is a JSON object"),
        (line(winner=2), "winner must be the seat 0 or 1"),
        (line(id="cyclix-0001"), "id must be 'connect4-NNNN'"),
        (line(solution=[]), "the solution is empty"),
        (line(solution="d"), "solution must be a list"),
        (line(colour="red"), "unknown key"),
        (line(difficulty="hard"), "difficulty must be an integer"),
        (line() + "\n" + line(), "line 2: the id connect4-0001 is used twice"),
    ],
)
def test_a_broken_line_is_refused_with_where_and_why(text: str, words: str) -> None:
    with pytest.raises(PuzzleError, match=words):
        parse_puzzles("connect4", text)


def test_a_puzzle_round_trips_and_a_game_without_a_file_has_none() -> None:
    [puzzle] = parse_puzzles("connect4", "\n" + line() + "\n\n")
    assert parse_puzzles("connect4", json.dumps(puzzle.as_dict())) == [puzzle]
    assert load_puzzles(C4) == []


def test_a_wrong_action_inside_a_turn_is_followed_to_the_defenders_answer() -> None:
    """SFIRS: a turn of several actions; after a wrong first one the learner's turn is
    played out by the chooser before the defender answers, and the words say whose is what."""
    game = games.get("sfirs")
    puzzle = test_puzzles("sfirs")[0]
    start = puzzle.start(game)
    after = start.apply_text("k11-b11")
    assert after.to_move == puzzle.winner  # the turn goes on
    verdict = attempt(puzzle, game, ["k11-b11"], choose=first_legal)
    # each action in the game's words (its action labels), from the state it is played in
    labels, state = [], after
    for text in verdict.refutation:
        action = state.parse_action(text)
        labels.append(game.action_label(state, action))
        state = state.apply(action)
    assert verdict.message == (
        f"Cube k11 to b11 is not the way. Black goes on with {', '.join(labels[:-1])}; "
        f"White answers {labels[-1]}."
    )
    assert verdict.state.to_move == puzzle.winner


@pytest.mark.parametrize("game_id", GAMES)
def test_every_shipped_puzzle_is_solved_by_its_own_line(game_id: str) -> None:
    """The package data of each game (once shipped) goes through the checker: the learner's
    actions of the solution solve it, each first action in accepted_first does too."""
    game = games.get(game_id)
    shipped = load_puzzles(game)
    if not shipped:
        pytest.skip(f"{game_id} ships no puzzles yet")
    for puzzle in shipped:
        verdict = attempt(puzzle, game, _learner_actions(puzzle, game))
        assert verdict.solved, puzzle.id
        for first in puzzle.accepted_first:
            assert attempt(puzzle, game, [first]).correct, (puzzle.id, first)
