"""Vacations (issue 43), with an injected clock: a yearly allowance spent by whole days;
while away the player's correspondence clocks stop; opponents see it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from shoal.server import create_app
from tests.clients import TestClient

from .corr_helpers import Clock, account, as_user, context, correspondence_game, move, run

DAY = 86400.0


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def client(db: str, clock: Clock) -> Iterator[TestClient]:
    app = create_app(db, sweep_every=3600, vacation_days=10, clock=clock)
    with TestClient(app) as c:
        yield c


def _clock(client: TestClient, gid: str) -> dict[str, object]:
    view: dict[str, object] = client.get(f"/api/games/{gid}/correspondence").json()
    return view


def test_the_allowance_is_set_by_the_operator_and_shown(client: TestClient) -> None:
    as_user(client, account(client, "alice"))
    assert client.get("/api/vacation").json() == {
        "allowance": 10,
        "used": 0,
        "left": 10,
        "on_vacation": False,
        "until": None,
    }


def test_while_on_vacation_the_clocks_of_my_games_stop_and_opponents_see_it(
    client: TestClient, clock: Clock
) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    game = correspondence_game(client, alice, bob, days=2)
    move(client, game, 0)  # bob to move: deadline now + 2 days
    deadline = _clock(client, game.id)["deadline"]
    assert deadline == clock.now + 2 * DAY
    as_user(client, bob)
    away = client.post("/api/vacation", json={"days": 3})
    assert away.status_code == 200, away.text
    assert away.json()["used"] == 3 and away.json()["left"] == 7
    assert away.json()["until"] == clock.now + 3 * DAY
    seen = _clock(client, game.id)
    assert seen["deadline"] == clock.now + 5 * DAY  # stopped for the 3 days
    assert seen["vacation"] == {"seat": 1, "until": clock.now + 3 * DAY}
    # past the first deadline: nothing ends while bob is away
    clock.now += 4 * DAY
    assert run(client, context(client).correspondence.sweep) == []
    assert _clock(client, game.id)["vacation"] is None  # back (the 3 days are over)
    clock.now += 1 * DAY + 1
    assert run(client, context(client).correspondence.sweep) == [game.id]


def test_a_turn_that_comes_during_a_vacation_starts_when_it_ends(
    client: TestClient, clock: Clock
) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    game = correspondence_game(client, alice, bob, days=1)
    as_user(client, bob)
    assert client.post("/api/vacation", json={"days": 2}).status_code == 200
    start = clock.now
    move(client, game, 0)  # now bob's turn, while he is away
    assert _clock(client, game.id)["deadline"] == start + 2 * DAY + 1 * DAY


def test_ending_early_spends_only_the_days_begun_and_the_clocks_run_again(
    client: TestClient, clock: Clock
) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    game = correspondence_game(client, alice, bob, days=2)
    move(client, game, 0)
    first = clock.now + 2 * DAY
    as_user(client, bob)
    assert client.post("/api/vacation", json={"days": 5}).status_code == 200
    clock.now += 1.5 * DAY  # one day and a half: two whole days spent
    back = client.delete("/api/vacation")
    assert back.status_code == 200, back.text
    assert back.json()["used"] == 2 and back.json()["on_vacation"] is False
    assert _clock(client, game.id)["deadline"] == first + 1.5 * DAY
    assert client.delete("/api/vacation").status_code == 409


def test_more_days_than_left_or_a_second_vacation_is_refused_and_changes_nothing(
    client: TestClient, clock: Clock
) -> None:
    as_user(client, account(client, "alice"))
    for days in (0, 11, -1):
        refused = client.post("/api/vacation", json={"days": days})
        assert refused.status_code == 400 and "1 to 10 whole days" in refused.json()["detail"]
    assert client.get("/api/vacation").json()["used"] == 0
    assert client.post("/api/vacation", json={"days": 8}).status_code == 200
    again = client.post("/api/vacation", json={"days": 1})
    assert again.status_code == 409 and "already" in again.json()["detail"]
    clock.now += 8 * DAY
    too_many = client.post("/api/vacation", json={"days": 3})
    assert too_many.status_code == 400 and "1 to 2 whole days" in too_many.json()["detail"]
    assert client.get("/api/vacation").json()["left"] == 2


def test_the_allowance_comes_back_each_year(client: TestClient, clock: Clock) -> None:
    as_user(client, account(client, "alice"))
    assert client.post("/api/vacation", json={"days": 10}).status_code == 200
    clock.now += 10 * DAY
    assert client.get("/api/vacation").json()["left"] == 0
    clock.now += 366 * DAY
    assert client.get("/api/vacation").json()["left"] == 10


def test_a_vacation_needs_an_account(client: TestClient) -> None:
    as_user(client, None)
    assert client.get("/api/vacation").status_code == 401
    assert client.post("/api/vacation", json={"days": 1}).status_code == 401
