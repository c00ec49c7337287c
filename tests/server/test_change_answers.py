"""What a move, an undo and a resignation answer (issue 39): the whole new view, or with
``?answer=delta`` only what changed from the version the client sent, the same text the
game socket's delta watchers get. Both answers pass the route's response models (the
route sends them as encoded text, without checking them on each move); so does a new
game's answer."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import TypeAdapter

from shoal.server.games.schemas import CreatedGame, GameView, ViewChange
from tests.clients import TestClient

from .test_api import auth, create
from .test_deltas import applied, same_view

VIEW = TypeAdapter(GameView)


def _change(
    client: TestClient, gid: str, token: str, what: str, answer: str | None, **body: Any
) -> Any:
    query = "" if answer is None else f"?answer={answer}"
    response = client.post(f"/api/games/{gid}/{what}{query}", json=body, headers=auth(token))
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "application/json"
    return response


def test_a_move_answers_the_delta_from_the_version_sent(client: TestClient) -> None:
    made = create(client, opponent="local")
    gid, token = made["id"], made["token"]
    view = made["view"]
    for _ in range(4):  # no socket watches: the delta is made for the answer
        body = {"version": view["version"], "action": view["legal"][0]["action"]}
        delta = _change(client, gid, token, "actions", "delta", **body).json()
        ViewChange.model_validate(delta)
        assert delta["type"] == "delta" and delta["base"] == view["version"]
        assert token not in str(delta)
        view = applied(view, delta)
        same_view(view, client.get(f"/api/games/{gid}", headers=auth(token)).json())
    undone = _change(client, gid, token, "undo", "delta", version=view["version"]).json()
    view = applied(view, undone)
    assert view["ply"] == 3
    same_view(view, client.get(f"/api/games/{gid}").json())
    resigned = _change(client, gid, token, "resign", "delta", version=view["version"]).json()
    view = applied(view, resigned)
    assert view["result"] is not None and resigned["set"]["result"] == view["result"]
    same_view(view, client.get(f"/api/games/{gid}").json())


def test_the_delta_answer_is_the_text_the_socket_watchers_get(client: TestClient) -> None:
    made = create(client, opponent="friend")
    gid, tokens = made["id"], (made["token"], made["invite_token"])
    with client.websocket_connect(f"/api/games/{gid}/ws?deltas=1") as socket:
        view = socket.receive_json()["view"]
        for seat in (0, 1, 0):
            body = {"version": view["version"], "action": view["legal"][0]["action"]}
            answer = _change(client, gid, tokens[seat], "actions", "delta", **body)
            sent = socket.receive_text()
            assert answer.text == sent  # encoded once, for the watchers and the mover
            view = applied(view, answer.json())
            assert view["to_move"] == 1 - seat
    same_view(view, client.get(f"/api/games/{gid}").json())


def test_the_view_answer_is_the_readers_view_and_passes_its_model(client: TestClient) -> None:
    made = create(client, opponent="local")
    gid, token = made["id"], made["token"]
    view = made["view"]
    body = {"version": view["version"], "action": view["legal"][0]["action"]}
    for answer in (None, "view"):
        moved = _change(client, gid, token, "actions", answer, **body).json()
        VIEW.validate_python(moved)
        assert moved["you"] == [0, 1] and "correspondence" in moved
        same_view(moved, client.get(f"/api/games/{gid}", headers=auth(token)).json())
        undone = _change(client, gid, token, "undo", answer, version=moved["version"]).json()
        VIEW.validate_python(undone)
        body["version"] = undone["version"]
    resigned = _change(client, gid, token, "resign", "view", version=body["version"]).json()
    VIEW.validate_python(resigned)
    assert resigned["result"] is not None


def test_an_unknown_answer_is_refused_and_changes_nothing(client: TestClient) -> None:
    made = create(client, opponent="local")
    gid, token = made["id"], made["token"]
    refused = client.post(
        f"/api/games/{gid}/actions?answer=everything",
        json={"version": 1, "action": made["view"]["legal"][0]["action"]},
        headers=auth(token),
    )
    assert refused.status_code == 422 and "answer" in refused.text
    assert client.get(f"/api/games/{gid}").json()["version"] == 1


@pytest.mark.parametrize("game", ["syrtis", "sirtet", "sytran", "cyclix", "sfirs"])
@pytest.mark.parametrize(
    "made",
    [
        {"opponent": "computer", "seat": 1},
        {"opponent": "friend", "correspondence_days": 2},
        {"opponent": "local", "rated": False},
    ],
    ids=["computer", "friend by correspondence", "local"],
)
def test_a_new_game_answers_exactly_what_its_model_says(
    client: TestClient, game: str, made: dict[str, Any]
) -> None:
    """``POST /api/games`` sends its answer as encoded text (not checked field by field on
    each creation): it passes ``CreatedGame`` (no field more, none missing) and reads back
    from the model unchanged."""
    response = client.post("/api/games", json={"game": game, "level": "random", **made})
    assert response.status_code == 201, response.text
    assert response.headers["content-type"] == "application/json"
    answer = response.json()
    model = CreatedGame.model_validate(answer)
    assert model.model_dump(mode="json", by_alias=True) == answer
    assert answer["view"]["game"]["id"] == game
