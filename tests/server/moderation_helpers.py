"""Helpers of the moderation tests (issue 61): games between accounts, roles, chat lines."""

from __future__ import annotations

from typing import Any

from shoal.server.moderation.roles import grant

from .accounts_helpers import signup


def sign_up(client: Any, name: str) -> None:
    """A new account, signed in on ``client``."""
    response = signup(client, name)
    assert response.status_code == 201, response.text


def make_moderator(app: Any, name: str, role: str = "moderator") -> None:
    """Give ``name`` a role, as ``shoal admin grant`` does."""
    context = app.state.context
    found = context.accounts.store.by_name(name)
    assert found is not None
    assert grant(context.moderation.store, found[0], role)


def friend_game(challenger: Any, accepter: Any, accepter_name: str, **more: Any) -> dict[str, Any]:
    """A game between two accounts, challenged and accepted: ``{id, token}`` (the accepter's
    seat token; both play with their cookies too)."""
    body = {"username": accepter_name, "game": "connect4", "time_control": None, **more}
    made = challenger.post("/api/challenges", json=body)
    assert made.status_code == 201, made.text
    accepted = accepter.post(f"/api/challenges/{made.json()['id']}/accept")
    assert accepted.status_code == 200, accepted.text
    return {"id": accepted.json()["game"], "token": accepted.json()["token"]}


def say(client: Any, game_id: str, text: str, room: str = "players", **headers: str) -> Any:
    """POST a chat line."""
    return client.post(
        f"/api/games/{game_id}/chat", json={"room": room, "text": text}, headers=headers
    )


def lines(client: Any, game_id: str, room: str = "players") -> list[str]:
    """The texts a reader sees in a room."""
    answer = client.get(f"/api/games/{game_id}/chat", params={"room": room})
    assert answer.status_code == 200, answer.text
    return [m["text"] for m in answer.json()]


def act(client: Any, action: str, reason: str = "because", **more: Any) -> Any:
    """POST /api/mod/actions."""
    return client.post("/api/mod/actions", json={"action": action, "reason": reason, **more})


def report(client: Any, kind: str, reason: str = "abuse", **more: Any) -> Any:
    """POST /api/reports."""
    return client.post("/api/reports", json={"kind": kind, "reason": reason, **more})


def resign(client: Any, game_id: str) -> None:
    """The cookie's player resigns ``game_id``."""
    version = client.get(f"/api/games/{game_id}").json()["version"]
    answer = client.post(f"/api/games/{game_id}/resign", json={"version": version})
    assert answer.status_code == 200, answer.text


def play_one(client: Any, game_id: str) -> None:
    """The cookie's player plays the first legal action."""
    view = client.get(f"/api/games/{game_id}").json()
    answer = client.post(
        f"/api/games/{game_id}/actions",
        json={"version": view["version"], "action": view["legal"][0]["action"]},
    )
    assert answer.status_code == 200, answer.text
