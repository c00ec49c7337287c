"""Issue 38, items 8 and 11 (chat): names are not borrowed; a 429 says when to come back.

Item 8: spectators could chat as "alice" in the spectators' room while alice played.
Item 11: chat's 429 had no ``Retry-After``.
"""

from __future__ import annotations

from typing import Any

from shoal.server import create_app
from tests.clients import TestClient

from .accounts_helpers import error, signup


def spectate(client: TestClient, gid: str, name: str, text: str = "hello") -> Any:
    return client.post(
        f"/api/games/{gid}/chat", json={"room": "spectators", "text": text, "name": name}
    )


def test_a_spectator_cannot_chat_under_a_players_or_an_accounts_name(db: str) -> None:
    """Rule: the names of the seated players and of accounts are reserved in the spectators'
    room (any case); an account writes under its own name; other names pass."""
    app = create_app(db)
    with TestClient(app) as alice, TestClient(app) as eve, TestClient(app) as bobby:
        signup(alice, "alice")
        signup(bobby, "bobby")
        game = alice.post("/api/games", json={"game": "connect4", "opponent": "friend"}).json()
        gid = game["id"]
        error(spectate(eve, gid, "alice"), 403, "a player's name")
        error(spectate(eve, gid, "ALICE"), 403, "a player's name")
        error(spectate(eve, gid, "Guest"), 403, "a player's name")  # the invite seat's
        error(spectate(eve, gid, "bobby"), 403, "an account's name")
        assert spectate(bobby, gid, "bobby").status_code == 201  # his own name, signed in
        assert spectate(eve, gid, "eve").status_code == 201
        names = [m["name"] for m in eve.get(f"/api/games/{gid}/chat?room=spectators").json()]
        assert names == ["bobby", "eve"]


def test_chats_429_says_when_to_try_again(client: TestClient) -> None:
    """Rule: a refusal for writing too fast carries ``Retry-After`` (seconds)."""
    gid = client.post("/api/games", json={"game": "connect4", "opponent": "friend"}).json()["id"]
    answers = [spectate(client, gid, "eve", f"message {n}") for n in range(30)]
    limited = [a for a in answers if a.status_code == 429]
    assert limited, [a.status_code for a in answers]
    assert int(limited[0].headers["Retry-After"]) >= 1
