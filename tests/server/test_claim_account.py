"""Claiming an invite link signed in (SQLite and PostgreSQL): the seat is the joiner's
account's at once, without ``POST /api/me/claims``; the rated game counts and shows on the
joiner's games and profile. A guest's claim stays a guest seat; a refused claim changes
nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from shoal.server import create_app
from tests.clients import TestClient

from .accounts_helpers import error, rows, signup


@pytest.fixture
def pair_and_guest(db: str) -> Iterator[tuple[TestClient, TestClient, TestClient]]:
    """alice and bobby signed in, and a guest, on one app."""
    app = create_app(db)
    with TestClient(app) as a, TestClient(app) as b, TestClient(app) as guest:
        assert signup(a, "alice").status_code == 201
        assert signup(b, "bobby").status_code == 201
        yield a, b, guest


def invite(client: TestClient, *, rated: bool = True) -> dict[str, Any]:
    made = client.post(
        "/api/games", json={"game": "cyclix", "opponent": "friend", "rated": rated, "seat": 0}
    )
    assert made.status_code == 201, made.text
    body: dict[str, Any] = made.json()
    return body


def claim(client: TestClient, gid: str, token: str, name: str = "", **headers: str) -> Any:
    return client.post(
        f"/api/games/{gid}/claim", json={"name": name}, headers={"X-Shoal-Token": token, **headers}
    )


def resign(client: TestClient, gid: str, token: str) -> None:
    view = client.get(f"/api/games/{gid}", headers={"X-Shoal-Token": token}).json()
    done = client.post(
        f"/api/games/{gid}/resign",
        json={"version": view["version"]},
        headers={"X-Shoal-Token": token},
    )
    assert done.status_code == 200, done.text


def seat_rows(db: str, gid: str) -> list[tuple[Any, ...]]:
    return rows(db, "SELECT seat, user_id FROM shoal_seats WHERE game_id = :g ORDER BY seat", g=gid)


def test_a_signed_in_joiner_holds_the_seat_at_claim_time(pair_and_guest: Any, db: str) -> None:
    a, b, _ = pair_and_guest
    game = invite(a)
    gid = game["id"]
    claimed = claim(b, gid, game["invite_token"], name="Bob the guest name")
    assert claimed.status_code == 200, claimed.text
    assert claimed.json()["seat"] == 1
    # no POST /api/me/claims: the cookie alone plays the seat, from any browser of bobby's
    view = b.get(f"/api/games/{gid}").json()
    assert view["you"] == [1]
    assert view["players"] == ["alice", "bobby"]  # the account's name, not the typed one
    assert [g["id"] for g in b.get("/api/me/games").json()] == [gid]
    assert [g["id"] for g in b.get("/api/users/bobby").json()["playing"]] == [gid]
    assert [r[1] is not None for r in seat_rows(db, gid)] == [True, True]
    # the rated game counts when it ends, and shows among bobby's finished games
    resign(a, gid, game["token"])
    ratings = a.get(f"/api/games/{gid}/ratings").json()  # settles it, once
    assert ratings["unrated"] is None, ratings
    assert [s["change"] is not None for s in ratings["seats"]] == [True, True], ratings
    profile = a.get("/api/users/bobby").json()
    assert [g["id"] for g in profile["games"]] == [gid] and profile["playing"] == []
    assert set(profile["ratings"]) == {"cyclix"}
    assert set(a.get("/api/users/alice").json()["ratings"]) == {"cyclix"}


def test_a_guest_joiner_stays_a_guest(pair_and_guest: Any, db: str) -> None:
    a, b, guest = pair_and_guest
    game = invite(a)
    gid = game["id"]
    claimed = claim(guest, gid, game["invite_token"], name="Gus")
    assert claimed.status_code == 200, claimed.text
    view = guest.get(f"/api/games/{gid}", headers={"X-Shoal-Token": claimed.json()["token"]})
    assert view.json()["players"] == ["alice", "Gus"] and view.json()["you"] == [1]
    assert b.get(f"/api/games/{gid}").json()["you"] == []  # no account holds seat 1
    assert [r[0] for r in seat_rows(db, gid)] == [0]
    resign(a, gid, game["token"])
    ratings = a.get(f"/api/games/{gid}/ratings").json()
    assert [s["change"] for s in ratings["seats"]] == [None, None], ratings
    assert a.get("/api/users/alice").json()["ratings"] == {}  # a guest's game does not count


def test_a_claim_from_another_site_does_not_tie_the_account(pair_and_guest: Any, db: str) -> None:
    a, b, _ = pair_and_guest
    game = invite(a, rated=False)
    gid = game["id"]
    claimed = claim(b, gid, game["invite_token"], name="Bo", Origin="https://elsewhere.example")
    assert claimed.status_code == 200, claimed.text
    assert b.get(f"/api/games/{gid}").json()["players"] == ["alice", "Bo"]
    assert [r[0] for r in seat_rows(db, gid)] == [0]  # the cookie did not count


def test_a_refused_claim_ties_nothing(pair_and_guest: Any, db: str) -> None:
    a, b, guest = pair_and_guest
    game = invite(a)
    gid = game["id"]
    assert claim(guest, gid, game["invite_token"], name="Gus").status_code == 200
    before = b.get(f"/api/games/{gid}").json()
    error(claim(b, gid, game["invite_token"]), 403, "already been taken")
    assert b.get(f"/api/games/{gid}").json() == before
    assert [r[0] for r in seat_rows(db, gid)] == [0]
    assert b.get("/api/me/games").json() == []


def test_a_seat_held_by_an_account_stays_theirs(pair_and_guest: Any, db: str) -> None:
    a, b, _ = pair_and_guest
    game = invite(a)
    gid = game["id"]
    alice = seat_rows(db, gid)
    # bobby, signed in, claims with alice's own seat token (say she sent the wrong link)
    assert claim(b, gid, game["token"]).status_code == 403  # not an invite (issue 38)
    assert seat_rows(db, gid) == alice and b.get(f"/api/games/{gid}").json()["you"] == []
    assert a.get(f"/api/games/{gid}").json()["you"] == [0]  # her cookie still plays it
