"""A rematch of an online game: one player offers, every watcher sees it, the other accepts;
the new game has the sides swapped and each player gets a seat token of their own."""

from __future__ import annotations

from typing import Any

from tests.clients import TestClient


def finished_friend_game(client: TestClient) -> tuple[str, str, str]:
    made = client.post(
        "/api/games", json={"game": "cyclix", "opponent": "friend", "seat": 0, "name": "Ann"}
    ).json()
    gid, host, guest = made["id"], made["token"], made["invite_token"]
    client.post(f"/api/games/{gid}/resign", json={"version": 1}, headers={"X-Shoal-Token": host})
    return gid, host, guest


def post(client: TestClient, path: str, token: str | None) -> Any:
    headers = {"X-Shoal-Token": token} if token else {}
    return client.post(path, headers=headers)


def test_offer_then_accept_starts_the_rematch_with_sides_swapped(client: TestClient) -> None:
    gid, host, guest = finished_friend_game(client)
    offered = post(client, f"/api/games/{gid}/rematch", host)
    assert offered.status_code == 200 and offered.json()["offered"] is True
    offers = client.get(f"/api/games/{gid}/offers").json()
    assert offers["rematch"] == {"offered_by": 0, "game": None}
    assert "rematch" not in client.get(f"/api/games/{gid}").json()  # not the game's view
    again = post(client, f"/api/games/{gid}/rematch", host)
    assert again.status_code == 409 and "already offered" in again.json()["detail"]
    accepted = post(client, f"/api/games/{gid}/rematch", guest).json()
    new_gid, guest_token = accepted["game"], accepted["token"]
    assert client.get(f"/api/games/{gid}/offers").json()["rematch"]["game"] == new_gid
    again = post(client, f"/api/games/{gid}/rematch", host)
    assert again.status_code == 409 and "already started" in again.json()["detail"]
    host_seat = post(client, f"/api/games/{gid}/rematch/token", host).json()
    assert host_seat["game"] == new_gid
    new_host = client.get(f"/api/games/{new_gid}", headers={"X-Shoal-Token": host_seat["token"]})
    new_guest = client.get(f"/api/games/{new_gid}", headers={"X-Shoal-Token": guest_token})
    assert new_host.json()["you"] == [1] and new_guest.json()["you"] == [0]
    assert new_host.json()["players"] == ["Guest", "Ann"]
    # each player finds their seat again (a page that reloads), a stranger does not
    assert post(client, f"/api/games/{gid}/rematch/token", host).json() == host_seat
    assert post(client, f"/api/games/{gid}/rematch/token", guest).json() == {
        "game": new_gid,
        "token": guest_token,
    }
    assert post(client, f"/api/games/{gid}/rematch/token", "not-a-token").status_code == 403


def test_bad_rematch_requests_are_refused_and_change_nothing(client: TestClient) -> None:
    made = client.post("/api/games", json={"game": "cyclix", "opponent": "friend"}).json()
    gid = made["id"]
    early = post(client, f"/api/games/{gid}/rematch", made["token"])
    assert early.status_code == 409 and "not over" in early.json()["detail"]
    gid, host, guest = finished_friend_game(client)
    stranger = post(client, f"/api/games/{gid}/rematch", "not-a-token")
    assert stranger.status_code == 403
    assert (
        client.delete(f"/api/games/{gid}/rematch", headers={"X-Shoal-Token": host}).status_code
        == 409
    )
    post(client, f"/api/games/{gid}/rematch", host)
    declined = client.delete(f"/api/games/{gid}/rematch", headers={"X-Shoal-Token": guest})
    assert declined.status_code == 200
    assert client.get(f"/api/games/{gid}/offers").json()["rematch"] is None
    computer = client.post("/api/games", json={"game": "cyclix", "opponent": "computer"}).json()
    refused = post(client, f"/api/games/{computer['id']}/rematch", computer["token"])
    assert refused.status_code == 400 and "Play again" in refused.json()["detail"]
