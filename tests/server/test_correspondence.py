"""Correspondence clocks kept by the server: deadlines stored, games ended on time by a sweeper.

The clock is injected (:class:`corr_helpers.Clock`); every test runs on SQLite and
PostgreSQL (the ``db`` fixture). The real-time test across a restart of a real
server process is in ``test_correspondence_live.py``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from shoal.server import create_app
from shoal.server.games.correspondence import DAY
from tests.clients import TestClient

from .accounts_helpers import error
from .corr_helpers import (
    Clock,
    account,
    as_user,
    context,
    correspondence_game,
    move,
    run,
    settle,
)

QUIET = 3600.0  # the background sweeper stays out of the way: the tests sweep themselves


def _app(db: str, clock: Clock) -> TestClient:
    app = create_app(db, sweep_every=QUIET, clock=clock)
    return TestClient(app)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def client(db: str, clock: Clock) -> Iterator[TestClient]:
    with _app(db, clock) as c:
        yield c


def _deadline(client: TestClient, gid: str) -> tuple[int | None, float | None]:
    view = client.get(f"/api/games/{gid}").json()["correspondence"]
    return view["seat"], view["deadline"]


def test_the_deadline_of_the_player_to_move_is_stored_and_moves_on(
    client: TestClient, clock: Clock
) -> None:
    game = correspondence_game(client, account(client, "alice"), account(client, "bob"), days=3)
    assert _deadline(client, game.id) == (0, clock.now + 3 * DAY)
    clock.now += 5000
    move(client, game, 0)
    assert _deadline(client, game.id) == (1, clock.now + 3 * DAY)
    clock.now += 7000
    move(client, game, 1)
    assert _deadline(client, game.id) == (0, clock.now + 3 * DAY)
    row = context(client).correspondence.store.clock(game.id)
    assert row is not None and row.days == 3 and row.turn == 2
    assert client.get(f"/api/games/{game.id}/correspondence").json() == {
        "days": 3,
        "seat": 0,
        "deadline": clock.now + 3 * DAY,
        "now": clock.now,
        "vacation": None,  # the seat to move is not on vacation (issue 43)
    }


def test_the_sweeper_ends_the_game_once_the_deadline_passes(
    client: TestClient, clock: Clock
) -> None:
    alice = account(client, "alice")
    assert client.put("/api/language", json={"language": "de"}).status_code == 200
    game = correspondence_game(client, alice, account(client, "bob"))
    move(client, game, 0)
    move(client, game, 1)  # alice (seat 0) is to move, with a day
    sweep = context(client).correspondence.sweep
    clock.now += DAY - 1
    assert run(client, sweep) == []  # a second early: nothing ends
    assert client.get(f"/api/games/{game.id}").json()["result"] is None
    clock.now += 2
    assert run(client, sweep) == [game.id]
    settle(client)
    view = client.get(f"/api/games/{game.id}").json()
    assert view["result"]["winner"] == 1
    assert "ran out of time (1 day per move)" in view["result"]["reason"]
    assert view["result"]["sentence"] == "X ran out of time (1 day per move): O wins."
    assert view["correspondence"]["deadline"] is None
    assert run(client, sweep) == []  # ended once
    # said in the reader's language where shown: the game page's sentence, the notification
    dutch = client.get(f"/api/games/{game.id}", headers={"Accept-Language": "nl"}).json()
    assert dutch["result"]["reason"] == view["result"]["reason"]  # the short form stays
    assert "heeft de tijd overschreden (1 dag per zet): " in dutch["result"]["sentence"]
    as_user(client, alice)  # her account reads German
    notices = client.get("/api/notifications").json()["notifications"]
    [ended] = [n for n in notices if n["kind"] == "game_ended"]
    assert "hat die Zeit überschritten (1 Tag pro Zug)" in str(ended), ended


def test_a_side_that_never_moved_has_its_game_aborted(client: TestClient, clock: Clock) -> None:
    game = correspondence_game(client, account(client, "alice"), account(client, "bob"), days=2)
    move(client, game, 0)  # bob never answers
    clock.now += 2 * DAY + 1
    assert run(client, context(client).correspondence.sweep) == [game.id]
    result = client.get(f"/api/games/{game.id}").json()["result"]
    assert result["winner"] is None and "did not move within 2 days" in result["reason"]


def test_a_game_ends_on_time_after_a_restart(db: str, clock: Clock) -> None:
    """Nobody connected, the server restarted: the deadline is in the database."""
    with _app(db, clock) as first:
        game = correspondence_game(first, account(first, "alice"), account(first, "bob"))
        move(first, game, 0)
        move(first, game, 1)
    clock.now += DAY + 60
    with _app(db, clock) as second:  # its sweeper's first round runs at start-up
        run(second, context(second).correspondence.sweep)  # (and this one, whichever is first)
        assert second.get(f"/api/games/{game.id}").json()["result"]["winner"] == 1
        assert run(second, context(second).correspondence.sweep) == []


def test_with_two_processes_exactly_one_ends_the_game(db: str, clock: Clock) -> None:
    with _app(db, clock) as a, _app(db, clock) as b:
        game = correspondence_game(a, account(a, "alice"), account(a, "bob"))
        move(a, game, 0)
        move(a, game, 1)
        assert (
            b.get(f"/api/games/{game.id}").json()["version"]
            == a.get(f"/api/games/{game.id}").json()["version"]
        )  # both have it loaded
        version = a.get(f"/api/games/{game.id}").json()["version"]
        clock.now += DAY + 1
        ended = [run(c, context(c).correspondence.sweep) for c in (a, b, a, b)]
        assert sum(len(e) for e in ended) == 1, ended
        settle(a)
        settle(b)
        stored = context(a).store.load(game.id)
        assert stored is not None and stored.version == version + 1  # one change: the end
        assert stored.ended is not None and stored.ended["winner"] == 1
        # The process that ended it shows it (the other catches up through PostgreSQL's
        # relay, or on its next change: SQLite serves one process, docs/server.md).
        ender = a if ended[0] or ended[2] else b
        assert ender.get(f"/api/games/{game.id}").json()["result"]["winner"] == 1
        as_user(a, game.cookies[0])
        kinds = [n["kind"] for n in a.get("/api/notifications").json()["notifications"]]
        assert kinds.count("game_ended") == 1, kinds


def test_a_row_left_behind_by_a_crash_is_moved_on_not_ended(
    client: TestClient, clock: Clock
) -> None:
    """A process that stored a move but died before moving the clock: the sweeper repairs it."""
    game = correspondence_game(client, account(client, "alice"), account(client, "bob"))
    move(client, game, 0)
    move(client, game, 1)
    store = context(client).correspondence.store
    row = store.clock(game.id)
    assert row is not None
    old = row.__class__(row.game_id, row.days, 1, 1, row.version - 1, row.deadline)
    assert store.move_clock(row, old)  # as it was before bob's move
    clock.now += DAY + 1
    assert run(client, context(client).correspondence.sweep) == []
    assert client.get(f"/api/games/{game.id}").json()["result"] is None
    assert _deadline(client, game.id) == (0, clock.now + DAY)


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_bad_correspondence_requests_are_refused_in_words(client: TestClient) -> None:
    new = {"game": "connect4", "opponent": "friend"}
    error(
        client.post("/api/games", json={**new, "opponent": "computer", "correspondence_days": 2}),
        400,
        "correspondence is for games against a friend online",
    )
    error(
        client.post("/api/games", json={**new, "correspondence_days": 2, "clock": {"base": 60}}),
        400,
        "a live clock or days per move, not both",
    )
    error(client.post("/api/games", json={**new, "correspondence_days": 0}), 422, "at least 1")
    error(client.post("/api/games", json={**new, "correspondence_days": 15}), 422, "at most 14")
    error(client.post("/api/games", json={**new, "correspondence_days": "x"}), 422, "whole number")
    assert client.get("/api/games").json() == []  # nothing was made
    live = client.post("/api/games", json=new).json()["id"]
    error(client.get(f"/api/games/{live}/correspondence"), 404, "no correspondence game")
