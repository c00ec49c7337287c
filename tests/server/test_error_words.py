"""Refusals in words a player understands, never raw validation output (issue: "Errors in
words"): the request is refused with a sentence and nothing is created."""

from __future__ import annotations

from typing import Any

import pytest

from tests.clients import TestClient

CASES: list[tuple[str, dict[str, Any], str]] = [
    ("a seed too large", {"game": "sytran", "seed": 2**63}, "seed must be smaller"),
    ("a negative seed", {"game": "sytran", "seed": -1}, "seed must be at least 0"),
    ("an empty number option", {"game": "cyclix", "options": {"max_turns": ""}},
     "option max_turns: nothing is not a whole number"),
    ("a word for a number", {"game": "cyclix", "options": {"max_turns": "many"}},
     "option max_turns: 'many' is not a whole number"),
    ("no game", {}, "game is missing"),
    ("a seat out of range", {"game": "sytran", "seat": 2}, "seat must be at most 1"),
    ("an unknown opponent", {"game": "sytran", "opponent": "robot"}, "opponent must be one of"),
    ("a name too long", {"game": "sytran", "name": "x" * 41}, "name is too long (at most 40"),
    ("options not an object", {"game": "sytran", "options": [1]}, "options must be a JSON object"),
]  # fmt: skip


@pytest.mark.parametrize(("what", "body", "words"), CASES, ids=[c[0] for c in CASES])
def test_a_bad_new_game_is_refused_in_words(
    client: TestClient, what: str, body: dict[str, Any], words: str
) -> None:
    before = client.get("/api/games").json()
    response = client.post("/api/games", json=body)
    assert response.status_code in (400, 422)
    detail = response.json()["detail"]
    assert isinstance(detail, str) and words in detail, detail
    assert "Input should" not in detail and "Field required" not in detail
    assert client.get("/api/games").json() == before


def test_a_body_that_is_not_json_is_named_so(client: TestClient) -> None:
    response = client.post(
        "/api/games", content=b"{nope", headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 422
    assert response.json()["detail"] == "the request body is not valid JSON"
