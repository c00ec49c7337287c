"""Puzzles through the API: the next puzzle, an attempt step by step, a wrong action's
refutation, Glicko-2 ratings (a guest's computed, an account's stored with its streak),
and bad input refused in words, on SQLite and PostgreSQL."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from shoal import games
from shoal.core.puzzles import Puzzle
from tests.clients import TestClient

from ..puzzles.data import DATA, test_puzzles
from .accounts_helpers import error, signup


@pytest.fixture(autouse=True)
def _puzzles(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHOAL_PUZZLES_DIR", str(DATA))


def learner_moves(puzzle: Puzzle) -> list[str]:
    """The winner's actions of the solution (what the learner plays)."""
    state = puzzle.start(games.get(puzzle.game_id))
    out = []
    for text in puzzle.solution:
        if state.to_move == puzzle.winner:
            out.append(text)
        state = state.apply_text(text)
    return out


def wrong_first(puzzle: Puzzle) -> str:
    state = puzzle.start(games.get(puzzle.game_id))
    return next(
        state.action_text(a)
        for a in state.legal_actions()
        if state.action_text(a) not in (puzzle.solution[0], *puzzle.accepted_first)
    )


def with_choice(game_id: str) -> Puzzle:
    """A test puzzle of the game whose first position offers a wrong action."""
    game = games.get(game_id)
    return next(p for p in test_puzzles(game_id) if len(p.start(game).legal_actions()) > 2)


def solve(client: TestClient, puzzle: Puzzle, **body: Any) -> dict[str, Any]:
    moves = learner_moves(puzzle)
    view: dict[str, Any] = {}
    for count in range(1, len(moves) + 1):
        answer = client.post(
            f"/api/puzzles/{puzzle.id}/attempt", json={"actions": moves[:count], **body}
        )
        assert answer.status_code == 200, answer.text
        view = answer.json()
        assert view["correct"]
        assert view["finished"] == (count == len(moves))
    return view


def test_a_guest_solves_a_puzzle_and_gains_rating(client: TestClient) -> None:
    listed = {g["game"]: g for g in client.get("/api/puzzles").json()}
    assert set(listed) == {"syrtis", "sirtet", "sytran", "cyclix", "sfirs"}
    assert (
        listed["syrtis"]["count"] == len(test_puzzles("syrtis")) and listed["syrtis"]["me"] is None
    )
    start = client.get("/api/puzzles/syrtis/next", params={"rating": 1500}).json()
    puzzle = next(p for p in test_puzzles("syrtis") if p.id == start["id"])
    assert start["legal"] and start["to_move"] == puzzle.winner and not start["finished"]
    assert start["solution"] is None  # not given away before the end
    first = client.post(
        f"/api/puzzles/{puzzle.id}/attempt", json={"actions": learner_moves(puzzle)[:1]}
    ).json()
    assert first["replies"] == [puzzle.solution[1]]  # the defender's reply, played for us
    assert first["to_move"] == puzzle.winner and first["legal"]
    view = solve(client, puzzle, rating={"r": 1500, "rd": 350, "sigma": 0.06})
    assert view["solved"] and view["rated"]
    assert view["me"]["rating"]["r"] > 1500 and view["me"]["rating"]["rd"] < 350
    assert view["solution"] == list(puzzle.solution)
    assert len(view["frames"]) == len(puzzle.solution) + 1
    # the next puzzle skips the one just solved
    after = client.get(
        "/api/puzzles/syrtis/next", params={"rating": 1500, "exclude": puzzle.id}
    ).json()
    assert after["id"] != puzzle.id


def test_a_wrong_action_is_refuted_at_once(client: TestClient) -> None:
    puzzle = with_choice("cyclix")
    wrong = wrong_first(puzzle)
    answer = client.post(
        f"/api/puzzles/{puzzle.id}/attempt",
        json={"actions": [wrong], "rating": {"r": 1500, "rd": 350, "sigma": 0.06}},
    )
    assert answer.status_code == 200, answer.text
    view = answer.json()
    assert view["wrong"] and view["finished"] and not view["solved"]
    assert view["refutation"], view["message"]
    start = puzzle.start(games.get("cyclix"))
    defender = start.side_name(1 - puzzle.winner).capitalize()
    label = games.get("cyclix").action_label(start, start.parse_action(wrong))
    assert view["message"].startswith(f"{label} is not the way. {defender} answers ")
    assert view["legal"] == []
    assert view["me"]["rating"]["r"] < 1500
    # acting on after the wrong action is refused
    error(
        client.post(f"/api/puzzles/{puzzle.id}/attempt", json={"actions": [wrong, wrong]}),
        400,
        "was wrong",
    )


def test_an_account_keeps_its_rating_and_streak(client: TestClient) -> None:
    assert signup(client, "solver").status_code == 201
    three = with_choice("sytran")
    one, two = (p for p in test_puzzles("sytran") if p != three)
    first = solve(client, one)
    assert first["me"]["streak"] == 1 and first["me"]["solved"] == 1
    assert first["me"]["rating"]["r"] > 1500
    # finishing the same puzzle again (a retry) changes nothing
    again = solve(client, one)
    assert again["me"] == first["me"]
    second = solve(client, two)
    assert second["me"]["streak"] == 2 and second["me"]["best_streak"] == 2
    failed = client.post(
        f"/api/puzzles/{three.id}/attempt", json={"actions": [wrong_first(three)]}
    ).json()
    assert failed["me"]["streak"] == 0 and failed["me"]["best_streak"] == 2
    assert failed["me"]["failed"] == 1
    assert failed["me"]["rating"]["r"] < second["me"]["rating"]["r"]
    listed = {g["game"]: g for g in client.get("/api/puzzles").json()}
    assert listed["sytran"]["me"] == failed["me"]
    # the puzzle's own rating moved the other way and counts the attempts
    seen = client.get(f"/api/puzzles/{three.id}").json()
    assert seen["attempts"] == 1 and seen["solves"] == 0
    assert seen["puzzle_rating"]["r"] > three.difficulty
    # giving up shows the solution and counts as a failure
    given = client.post(f"/api/puzzles/{one.id}/attempt", json={"give_up": True}).json()
    assert given["finished"] and given["solution"] == list(one.solution)


def test_bad_input_is_refused_in_words(client: TestClient, tmp_path: Path) -> None:
    puzzle = test_puzzles("sirtet")[0]
    url = f"/api/puzzles/{puzzle.id}/attempt"
    error(client.get("/api/puzzles/sirtet-0999"), 404, "no puzzle 'sirtet-0999'")
    error(client.get("/api/puzzles/chess/next"), 404, "no game 'chess'")
    error(client.get("/api/puzzles/connect4/next"), 404, "has no puzzles yet")
    error(client.post("/api/puzzles/nothing/attempt", json={"actions": []}), 404, "no puzzle")
    error(client.post(url, json={"actions": ["zz99"]}), 400, "")
    assert client.post(url, json={"actions": "pick"}).status_code == 422
    assert client.post(url, json={"rating": {"r": -5}}).status_code == 422
    # a volatility so small that Glicko-2's log of its square fails was a server error
    for sigma in (1e-300, 0.0009, 0.21):
        body = {"give_up": True, "rating": {"r": 1500, "rd": 350, "sigma": sigma}}
        assert client.post(url, json=body).status_code == 422, sigma
    for rating in ("-3", "nan", "abc"):
        assert client.get(f"/api/puzzles/sirtet/next?rating={rating}").status_code == 422
    # a broken puzzle file says where
    (tmp_path / "sirtet.jsonl").write_text('{"id": "sirtet-0001"}\n')
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SHOAL_PUZZLES_DIR", str(tmp_path))
        error(client.get("/api/puzzles/sirtet-0001"), 500, "line 1: missing key(s)")
