"""``POST /api/analysis/turns`` (issue 45): the browser engine's lines, by action ids, written
as the server's engine lines write them: the whole turn a line starts, else its first action."""

from __future__ import annotations

import pytest

from shoal.core.history import ends_turn
from shoal.games import get
from shoal.server.analysis.service import turn_line
from tests.clients import TestClient

pytestmark = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)


def _sirtet_placing() -> tuple[str, list[str]]:
    """Sirtet's start and two picks: the side to move now places a tile (a turn of 2-3 actions)."""
    state = get("sirtet").initial(0)
    moves = []
    for _ in range(2):
        action = state.legal_actions()[0]
        moves.append(state.action_text(action))
        state = state.child(action)
    return get("sirtet").initial(0).position(), moves


def test_lines_are_written_as_whole_turns(client: TestClient) -> None:
    start, moves = _sirtet_placing()
    state = get("sirtet").initial(0)
    for text in moves:
        state = state.child(state.parse_action(text))
    # a tile to place (its turn goes on), then the first legal cells to the turn's end
    first = next(a for a in state.legal_actions() if not ends_turn(state, state.child(a)))
    whole, current = [first], state.child(first)
    while not ends_turn(state, current):
        whole.append(current.legal_actions()[0])
        current = current.child(whole[-1])
    turns = [whole, [first], [first, 10**6]]
    reply = client.post(
        "/api/analysis/turns",
        json={"game": "sirtet", "options": {}, "start": start, "moves": moves, "turns": turns},
    )
    assert reply.status_code == 200, reply.text
    texts = reply.json()["turns"]
    assert texts == [turn_line(state, t) for t in turns]
    assert state.parse_turn(texts[0]) == whole  # a whole turn, in the game's turn notation
    assert texts[1] == texts[2] == state.action_text(first)  # unfinished: the first action


def test_a_line_that_starts_illegally_is_refused_in_words(client: TestClient) -> None:
    start = get("connect4").initial(0).position()
    body = {"game": "connect4", "options": {}, "start": start, "moves": ["d"], "turns": [[3], [9]]}
    reply = client.post("/api/analysis/turns", json=body)
    assert reply.status_code == 400
    assert "line 2" in reply.json()["detail"]
    too_many = {**body, "turns": [[3]] * 9}
    assert client.post("/api/analysis/turns", json=too_many).status_code == 422
    bad_move = {**body, "moves": ["zz"]}
    assert "move 1" in client.post("/api/analysis/turns", json=bad_move).json()["detail"]
