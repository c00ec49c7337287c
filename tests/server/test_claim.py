"""An invite link is a one-time claim: the first to open it takes the seat with a private
token of its own; the invite then plays nothing. Bad claims change nothing."""

from __future__ import annotations

from typing import Any

from tests.clients import TestClient


def friend_game(client: TestClient) -> dict[str, Any]:
    made = client.post("/api/games", json={"game": "sytran", "opponent": "friend", "seat": 0})
    assert made.status_code == 201
    data: dict[str, Any] = made.json()
    return data


def claim(
    client: TestClient, gid: str, token: str, name: str = "", version: int | None = None
) -> Any:
    return client.post(
        f"/api/games/{gid}/claim",
        json={"version": version, "name": name},
        headers={"X-Shoal-Token": token},
    )


def test_the_first_claim_takes_the_seat_and_the_invite_then_plays_nothing(
    client: TestClient,
) -> None:
    made = friend_game(client)
    gid, invite = made["id"], made["invite_token"]
    first = claim(client, gid, invite, name="Ann")
    assert first.status_code == 200, first.text
    seat, token = first.json()["seat"], first.json()["token"]
    assert seat == 1 and token != invite
    view = client.get(f"/api/games/{gid}", headers={"X-Shoal-Token": token}).json()
    assert view["you"] == [1] and view["players"][1] == "Ann"
    # a second browser opening the same link: refused in words, and it can only watch
    again = claim(client, gid, invite, version=view["version"])
    assert again.status_code == 403 and "already been taken" in again.json()["detail"]
    watcher = client.get(f"/api/games/{gid}", headers={"X-Shoal-Token": invite}).json()
    assert watcher["you"] == []
    assert client.get(f"/api/games/{gid}").json()["version"] == view["version"]


def test_a_damaged_invite_is_refused_and_changes_nothing(client: TestClient) -> None:
    made = friend_game(client)
    gid = made["id"]
    before = client.get(f"/api/games/{gid}").json()
    bad = claim(client, gid, made["invite_token"][:-3])
    assert bad.status_code == 403 and "not valid" in bad.json()["detail"]
    assert client.get(f"/api/games/{gid}").json() == before


def test_only_an_online_games_invite_is_claimed(client: TestClient) -> None:
    made = client.post("/api/games", json={"game": "sytran", "opponent": "computer"}).json()
    refused = claim(client, made["id"], made["token"])
    assert refused.status_code == 400 and "online game" in refused.json()["detail"]


def test_a_name_with_control_characters_is_refused(client: TestClient) -> None:
    made = friend_game(client)
    bad = claim(client, made["id"], made["invite_token"], name="A\x00B")
    assert bad.status_code == 400 and "plain text" in bad.json()["detail"]
    assert claim(client, made["id"], made["invite_token"], name="Bo").status_code == 200
