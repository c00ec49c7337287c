"""Blocks (issue 61) on both databases: a blocked player cannot challenge, chat to or see the
seeks of the blocker; the lobby never pairs the two; the list undoes it."""

from __future__ import annotations

from typing import Any

from tests.clients import TestClient

from .accounts_helpers import error
from .moderation_helpers import friend_game, lines, say


def _challenge(client: TestClient, username: str) -> Any:
    return client.post(
        "/api/challenges", json={"username": username, "game": "connect4", "time_control": None}
    )


def test_a_block_keeps_two_players_apart_until_it_is_undone(three: Any) -> None:
    app, alice, bobby, carol = three
    game = friend_game(alice, bobby, "bobby")  # played before the block (or an event's game)

    error(alice.put("/api/blocks/alice"), 400, "cannot block yourself")
    error(alice.put("/api/blocks/nobody"), 404, "no player 'nobody'")
    error(alice.delete("/api/blocks/bobby"), 404, "you do not block bobby")
    with TestClient(app) as guest:
        assert guest.get("/api/blocks").status_code == 401
    assert alice.get("/api/blocks").json() == []

    assert alice.put("/api/blocks/Bobby").json() == {"username": "bobby", "blocked": True}
    assert alice.put("/api/blocks/bobby").status_code == 200  # twice: nothing more
    assert [b["username"] for b in alice.get("/api/blocks").json()] == ["bobby"]
    assert bobby.get("/api/blocks").json() == []  # one-way: bobby blocks nobody

    # no challenge between them, either way; carol still challenges both
    error(_challenge(bobby, "alice"), 403, "alice does not take challenges from you")
    error(_challenge(alice, "bobby"), 403, "you block bobby: unblock them first")
    assert _challenge(carol, "alice").status_code == 201

    # the lobby never pairs them: neither sees the other's seek, nor can take it
    seek = alice.post("/api/seeks", json={"game": "connect4"}).json()["id"]
    theirs = bobby.post("/api/seeks", json={"game": "connect4"}).json()["id"]
    assert seek not in {s["id"] for s in bobby.get("/api/seeks").json()}
    assert theirs not in {s["id"] for s in alice.get("/api/seeks").json()}
    assert {seek, theirs} <= {s["id"] for s in carol.get("/api/seeks").json()}
    error(bobby.post(f"/api/seeks/{seek}/accept", json={}), 403, "a block stands between")
    error(alice.post(f"/api/seeks/{theirs}/accept", json={}), 403, "a block stands between")
    with bobby.websocket_connect("/api/lobby/ws") as socket:  # live lists too
        shown = {s["id"] for s in socket.receive_json()["seeks"]}
    assert theirs in shown and seek not in shown

    # chat in their game: bobby's lines reach nobody but bobby; alice's still reach bobby
    assert say(bobby, game["id"], "hello from bobby").status_code == 201
    assert say(alice, game["id"], "hello from alice").status_code == 201
    assert lines(alice, game["id"]) == ["hello from alice"]
    assert lines(bobby, game["id"]) == ["hello from bobby", "hello from alice"]

    # the list undoes it: a challenge goes through, the seeks show again
    assert alice.delete("/api/blocks/bobby").json() == {"username": "bobby", "blocked": False}
    assert alice.get("/api/blocks").json() == []
    assert seek in {s["id"] for s in bobby.get("/api/seeks").json()}
    assert _challenge(bobby, "alice").status_code == 201
