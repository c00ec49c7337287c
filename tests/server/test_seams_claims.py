"""Issue 38, item 2: a claim works once, only on an unclaimed invite seat of a game still on,
and never on a seat an account holds.

Before: a player's own seat token renamed and re-keyed her seat (players ``["bob", "bob"]``,
her old token dead), and after the game ended it renamed the seat in the record.
"""

from __future__ import annotations

from typing import Any

from shoal.server import create_app
from tests.clients import TestClient

from .accounts_helpers import signup


def friend_game(client: TestClient) -> dict[str, Any]:
    made = client.post(
        "/api/games", json={"game": "connect4", "opponent": "friend", "seat": 0, "name": "ann"}
    )
    assert made.status_code == 201, made.text
    body: dict[str, Any] = made.json()
    return body


def claim(client: TestClient, gid: str, token: str, name: str = "bob") -> Any:
    return client.post(
        f"/api/games/{gid}/claim", json={"name": name}, headers={"X-Shoal-Token": token}
    )


def view(client: TestClient, gid: str, token: str | None = None) -> dict[str, Any]:
    headers = {"X-Shoal-Token": token} if token else {}
    body: dict[str, Any] = client.get(f"/api/games/{gid}", headers=headers).json()
    return body


def test_a_players_own_token_claims_nothing(client: TestClient) -> None:
    """Rule: a claim works only on an invite seat (a player's own token is refused, her seat,
    name and token unchanged)."""
    game = friend_game(client)
    gid = game["id"]
    refused = claim(client, gid, game["token"])
    assert refused.status_code == 403, refused.text
    assert view(client, gid)["players"] == ["ann", "Guest"]
    assert view(client, gid, game["token"])["you"] == [0]  # her token still plays


def test_an_invite_is_claimed_once(client: TestClient) -> None:
    """Rule: a claim works once: the invite, then the new private token, are refused after."""
    game = friend_game(client)
    gid = game["id"]
    first = claim(client, gid, game["invite_token"])
    assert first.status_code == 200, first.text
    private = first.json()["token"]
    for token in (game["invite_token"], private):
        again = claim(client, gid, token, name="mallory")
        assert again.status_code == 403, again.text
    assert view(client, gid)["players"] == ["ann", "bob"]
    assert view(client, gid, private)["you"] == [1]


def test_an_ended_games_invite_cannot_be_claimed(client: TestClient) -> None:
    """Rule: a claim works only in a game still on; the record's names stay."""
    game = friend_game(client)
    gid = game["id"]
    resigned = client.post(
        f"/api/games/{gid}/resign", json={"version": 1}, headers={"X-Shoal-Token": game["token"]}
    )
    assert resigned.status_code == 200, resigned.text
    late = claim(client, gid, game["invite_token"])
    assert late.status_code == 409, late.text
    assert "over" in late.json()["detail"]
    assert view(client, gid)["players"] == ["ann", "Guest"]


def test_a_seat_an_account_holds_cannot_be_claimed(db: str) -> None:
    """Rule: never on a seat an account holds (bobby tied the invite's seat to his account)."""
    app = create_app(db)
    with TestClient(app) as ann, TestClient(app) as bobby, TestClient(app) as carol:
        signup(bobby, "bobby")
        game = friend_game(ann)
        gid = game["id"]
        tied = bobby.post(
            "/api/me/claims", json={"games": [{"id": gid, "token": game["invite_token"]}]}
        )
        assert tied.status_code == 200, tied.text
        refused = claim(carol, gid, game["invite_token"], name="carol")
        assert refused.status_code == 403, refused.text
        assert view(carol, gid)["players"] == ["ann", "bobby"]
        assert view(bobby, gid)["you"] == [1]
