"""Chat in a game (issue 23): two rooms, 500 characters, a rate limit, mutes, live delivery.

Refusals answer in words and store nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

from shoal.server import create_app
from tests.clients import TestClient


@pytest.fixture
def game(client: TestClient) -> dict[str, Any]:
    made = client.post(
        "/api/games", json={"game": "connect4", "opponent": "friend", "seat": 0, "name": "Ann"}
    )
    assert made.status_code == 201, made.text
    data: dict[str, Any] = made.json()
    return data


def say(client: TestClient, gid: str, token: str | None, text: str, **body: Any) -> Any:
    headers = {"X-Shoal-Token": token} if token else {}
    return client.post(f"/api/games/{gid}/chat", json={"text": text, **body}, headers=headers)


def room(client: TestClient, gid: str, token: str | None, name: str = "players") -> list[Any]:
    headers = {"X-Shoal-Token": token} if token else {}
    response = client.get(f"/api/games/{gid}/chat", params={"room": name}, headers=headers)
    assert response.status_code == 200, response.text
    messages: list[Any] = response.json()
    return messages


def refused(response: Any, status: int, words: str) -> None:
    assert response.status_code == status, response.text
    assert words in response.json()["detail"]


def test_the_players_talk_in_their_room(client: TestClient, game: dict[str, Any]) -> None:
    gid, ann, bob = game["id"], game["token"], game["invite_token"]
    sent = say(client, gid, ann, "  good luck <b>!</b> ")
    assert sent.status_code == 201, sent.text
    assert say(client, gid, bob, "you too").status_code == 201
    texts = [(m["seat"], m["name"], m["text"]) for m in room(client, gid, bob)]
    assert texts == [(0, "Ann", "good luck <b>!</b>"), (1, "Guest", "you too")]
    assert room(client, gid, ann) == room(client, gid, bob)


def test_spectators_have_their_own_room(client: TestClient, game: dict[str, Any]) -> None:
    gid, ann = game["id"], game["token"]
    say(client, gid, ann, "a secret plan")
    refused(client.get(f"/api/games/{gid}/chat"), 403, "spectators have their own")
    refused(say(client, gid, None, "hello players"), 403, "spectators have their own")
    assert say(client, gid, None, "nice game", room="spectators", name="Kim").status_code == 201
    refused(say(client, gid, ann, "psst", room="spectators"), 403, "players' room")
    assert [m["text"] for m in room(client, gid, None, "spectators")] == ["nice game"]
    assert [m["text"] for m in room(client, gid, ann)] == ["a secret plan"]


def test_bad_messages_are_refused_and_not_stored(client: TestClient, game: dict[str, Any]) -> None:
    gid, ann = game["id"], game["token"]
    refused(say(client, gid, ann, "x" * 501), 422, "at most 500 characters (this one has 501)")
    refused(say(client, gid, ann, "   "), 400, "needs some text")
    refused(say(client, gid, "wrong-token", "hi"), 403, "does not play in this game")
    refused(
        client.post(f"/api/games/{gid}/chat", json={"text": 5}, headers={"X-Shoal-Token": ann}),
        422,
        "text must be text",
    )
    refused(say(client, "nogame", ann, "hi"), 404, "there is no game")
    assert room(client, gid, ann) == []
    assert say(client, gid, ann, "x" * 500).status_code == 201


def test_chat_too_fast_is_refused(client: TestClient, game: dict[str, Any]) -> None:
    gid, ann, bob = game["id"], game["token"], game["invite_token"]
    for n in range(5):
        assert say(client, gid, ann, f"message {n}").status_code == 201
    refused(say(client, gid, ann, "one more"), 429, "too fast")
    assert say(client, gid, bob, "my turn to talk").status_code == 201  # a limit per writer
    assert [m["text"] for m in room(client, gid, ann)][-2:] == ["message 4", "my turn to talk"]


def test_chat_is_only_between_people_online(client: TestClient) -> None:
    made = client.post("/api/games", json={"game": "connect4", "level": "random"}).json()
    refused(say(client, made["id"], made["token"], "hi computer"), 403, "two people")


def test_a_muted_opponent_is_not_heard(client: TestClient, game: dict[str, Any]) -> None:
    gid, ann, bob = game["id"], game["token"], game["invite_token"]
    say(client, gid, bob, "before")
    muted = client.post(
        f"/api/games/{gid}/mute", json={"muted": True}, headers={"X-Shoal-Token": ann}
    )
    assert muted.status_code == 200 and muted.json()["mutes"] == [0]
    say(client, gid, bob, "after")
    say(client, gid, ann, "mine")
    assert [m["text"] for m in room(client, gid, ann)] == ["mine"]
    assert [m["text"] for m in room(client, gid, bob)] == ["before", "after", "mine"]
    client.post(f"/api/games/{gid}/mute", json={"muted": False}, headers={"X-Shoal-Token": ann})
    assert [m["text"] for m in room(client, gid, ann)] == ["before", "after", "mine"]
    refused(
        client.post(f"/api/games/{gid}/mute", json={"muted": True}, headers={"X-Shoal-Token": "x"}),
        403,
        "does not play",
    )


def test_messages_and_offers_arrive_live_by_seat(client: TestClient, game: dict[str, Any]) -> None:
    gid, ann, bob = game["id"], game["token"], game["invite_token"]
    url = f"/api/games/{gid}/social"
    with client.websocket_connect(url) as watcher, client.websocket_connect(url) as player:
        watcher.send_json({"token": None})
        player.send_json({"token": bob})
        assert watcher.receive_json()["you"] == []
        assert watcher.receive_json() == {"type": "history", "room": "spectators", "messages": []}
        assert player.receive_json()["you"] == [1]
        assert player.receive_json()["room"] == "players"
        assert player.receive_json()["room"] == "spectators"
        say(client, gid, ann, "hello Bob")
        got = player.receive_json()
        assert got["type"] == "chat" and got["message"]["text"] == "hello Bob"
        version = client.get(f"/api/games/{gid}").json()["version"]
        client.post(
            f"/api/games/{gid}/draw",
            json={"version": version, "action": "offer"},
            headers={"X-Shoal-Token": ann},
        )
        assert player.receive_json()["draw"] == 0
        offer = watcher.receive_json()  # the spectator never got the players' message
        assert offer["type"] == "offers" and offer["draw"] == 0


def test_messages_survive_a_restart(db: str) -> None:
    with TestClient(create_app(db)) as client:
        made = client.post("/api/games", json={"game": "connect4", "opponent": "friend"}).json()
        say(client, made["id"], made["token"], "remember me")
    with TestClient(create_app(db)) as client:
        assert [m["text"] for m in room(client, made["id"], made["token"])] == ["remember me"]


def test_a_lapsed_offer_and_a_mute_reach_the_sockets(
    client: TestClient, game: dict[str, Any]
) -> None:
    gid, ann, bob = game["id"], game["token"], game["invite_token"]
    with client.websocket_connect(f"/api/games/{gid}/social") as socket:
        socket.send_json({"token": ann})
        for _ in range(3):  # the offers, then the history of both rooms
            socket.receive_json()
        version = client.get(f"/api/games/{gid}").json()["version"]
        client.post(
            f"/api/games/{gid}/draw",
            json={"version": version, "action": "offer"},
            headers={"X-Shoal-Token": ann},
        )
        assert socket.receive_json()["draw"] == 0
        for seat, token in ((0, ann), (1, bob)):  # Ann moves (the offer stands), Bob replies
            view = client.get(f"/api/games/{gid}").json()
            moved = client.post(
                f"/api/games/{gid}/actions",
                json={"version": view["version"], "action": view["legal"][0]["action"]},
                headers={"X-Shoal-Token": token},
            )
            assert moved.status_code == 200, moved.text
            assert socket.receive_json()["draw"] == (0 if seat == 0 else None)
        client.post(f"/api/games/{gid}/mute", json={"muted": True}, headers={"X-Shoal-Token": ann})
        muted = socket.receive_json()  # the mute itself reaches the sockets (issue 56)
        assert (muted["type"], muted["mutes"]) == ("offers", [0])
        say(client, gid, bob, "you will not hear this")
        say(client, gid, ann, "talking to myself")
        got = socket.receive_json()
        assert got["type"] == "chat" and got["message"]["text"] == "talking to myself"
