"""Ratings through the API (issue 23), on SQLite and PostgreSQL: rated and casual games,
guests refused, the leaderboard's filters with an injected clock, profiles, the plot."""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from shoal.server.accounts.store import AccountStore
from tests.clients import TestClient

from .accounts_helpers import error, login, signup


def _game(client: TestClient, host: str, guest: str, *, rated: bool, **more: Any) -> dict[str, Any]:
    """A friend game of Cyclix between two accounts; answers ids and the seat tokens."""
    login(client, host)
    made = client.post(
        "/api/games", json={"game": "cyclix", "opponent": "friend", "rated": rated, **more}
    )
    assert made.status_code == 201, made.text
    body = made.json()
    client.post("/api/auth/logout")
    login(client, guest)
    claimed = client.post(
        f"/api/games/{body['id']}/claim",
        json={"name": guest},
        headers={"X-Shoal-Token": body["invite_token"]},
    )
    assert claimed.status_code == 200, claimed.text
    token = claimed.json()["token"]
    tied = client.post("/api/me/claims", json={"games": [{"id": body["id"], "token": token}]})
    assert tied.status_code == 200, tied.text
    return {"id": body["id"], "host": body["token"], "guest": token}


def _resign(client: TestClient, game_id: str, token: str) -> None:
    version = client.get(f"/api/games/{game_id}", headers={"X-Shoal-Token": token}).json()
    answer = client.post(
        f"/api/games/{game_id}/resign",
        json={"version": version["version"]},
        headers={"X-Shoal-Token": token},
    )
    assert answer.status_code == 200, answer.text


@pytest.fixture
def players(client: TestClient) -> TestClient:
    for name in ("alice", "bob"):
        assert signup(client, name).status_code in (200, 201)
        client.post("/api/auth/logout")
    return client


def test_a_rated_game_changes_both_ratings_once(players: TestClient) -> None:
    client = players
    game = _game(client, "alice", "bob", rated=True)
    before = client.get(f"/api/games/{game['id']}/ratings").json()
    assert before["rated"] and before["speed"] == "correspondence"
    assert [s["rating"] for s in before["seats"]] == ["1500?", "1500?"]
    assert [s["change"] for s in before["seats"]] == [None, None]
    _resign(client, game["id"], game["guest"])  # bob (seat 1) resigns: alice wins
    after = client.get(f"/api/games/{game['id']}/ratings").json()
    changes = [s["change"] for s in after["seats"]]
    assert changes[0] > 0 > changes[1] and changes[0] == -changes[1]
    assert [s["before"] for s in after["seats"]] == [1500, 1500]
    again = client.get(f"/api/games/{game['id']}/ratings").json()
    assert again == after  # settled once
    alice = client.get("/api/users/alice").json()["ratings"]["cyclix"]
    bob = client.get("/api/users/bob").json()["ratings"]["cyclix"]
    assert alice["games"] == bob["games"] == 1
    assert alice["rating"] == 1500 + changes[0] and bob["rating"] == 1500 + changes[1]
    assert alice["display"].endswith("?") and alice["rd"] > 110  # one game: provisional
    history = client.get("/api/users/alice/ratings/cyclix").json()["history"]
    assert [p["rating"] for p in history["correspondence"]] == [alice["rating"]]
    plot = client.get("/api/users/alice/ratings/cyclix/plot.svg")
    assert plot.headers["content-type"].startswith("image/svg+xml")
    assert (
        "<polyline" in plot.text
        and "<circle" in plot.text
        and f"correspondence: {alice['rating']}" in plot.text
    )


def test_a_game_with_a_clock_is_rated_live(players: TestClient) -> None:
    client = players
    game = _game(client, "alice", "bob", rated=True, clock={"base": 300, "increment": 2})
    _resign(client, game["id"], game["host"])  # alice resigns
    after = client.get(f"/api/games/{game['id']}/ratings").json()
    assert after["speed"] == "live" and after["seats"][1]["change"] > 0
    ratings = client.get("/api/users/bob").json()["ratings"]["cyclix"]
    assert list(ratings["speeds"]) == ["live"]


def test_a_casual_game_changes_nothing(players: TestClient) -> None:
    client = players
    game = _game(client, "alice", "bob", rated=False)
    _resign(client, game["id"], game["guest"])
    after = client.get(f"/api/games/{game['id']}/ratings").json()
    assert not after["rated"] and [s["change"] for s in after["seats"]] == [None, None]
    assert client.get("/api/users/alice").json()["ratings"] == {}


def test_guests_and_games_without_two_people_are_refused_rated(players: TestClient) -> None:
    client = players
    body = {"game": "cyclix", "opponent": "friend", "rated": True}
    error(client.post("/api/games", json=body), 403, "sign in to play rated games")
    login(client, "alice")
    for opponent in ("computer", "local"):
        refused = client.post("/api/games", json=dict(body, opponent=opponent))
        error(refused, 400, "only games against a friend online can be rated")
    assert client.get("/api/games").json() == []  # nothing was made


def test_a_rated_game_refuses_a_clock_too_fast_for_the_game_a_casual_one_takes_it(
    players: TestClient,
) -> None:
    """1+1 on Sytran leaves about 2.3 s a turn: a rated game refuses it with the figures
    (the event form's rule, issue 59); a casual game is the players' choice."""
    client = players
    login(client, "alice")
    body = {"game": "sytran", "opponent": "friend", "clock": {"base": 60, "increment": 1}}
    refused = client.post("/api/games", json=dict(body, rated=True))
    error(refused, 422, "this clock is too fast for Sytran: a game lasts about 47 turns a side")
    assert client.get("/api/games").json() == []  # nothing was made
    slower = dict(body, rated=True, clock={"base": 180, "increment": 1})  # about 4.8 s a turn
    assert client.post("/api/games", json=slower).status_code == 201
    made = client.post("/api/games", json=dict(body, rated=False))
    assert made.status_code == 201, made.text
    assert client.get(f"/api/games/{made.json()['id']}").json()["clock"]["base"] == 60


def test_a_rated_game_a_guest_finishes_stays_unrated(players: TestClient) -> None:
    client = players
    login(client, "alice")
    made = client.post("/api/games", json={"game": "cyclix", "opponent": "friend", "rated": True})
    game_id, token = made.json()["id"], made.json()["token"]
    _resign(client, game_id, token)
    after = client.get(f"/api/games/{game_id}/ratings").json()
    assert after["rated"] and after["unrated"] == "a seat was not held by an account"
    assert client.get("/api/users/alice").json()["ratings"] == {}


def test_leaderboard_filters_established_recent_top_50(client: TestClient) -> None:
    context = client.app.state.context  # type: ignore[attr-defined]
    ratings, accounts = context.ratings, AccountStore(context.store.engine)
    start = datetime.datetime(2026, 1, 1)
    ratings.clock = lambda: start
    ids = {}
    for i in range(56):
        user = accounts.create_user(f"p{i:02d}", "x")
        assert user is not None
        ids[i] = user.id
    # p00..p53 play many games against each other (established), p54 and p55 one each.
    for n in range(16):
        for i in range(0, 54, 2):
            game_id = f"g{n}x{i}"
            score = (0.5, 0.5) if i % 4 == 0 else ((1.0, 0.0) if (n + i // 2) % 2 else (0.0, 1.0))
            ratings.settle(game_id, "cyclix", "correspondence", [ids[i], ids[i + 1]], score)
    ratings.settle("late", "cyclix", "correspondence", [ids[54], ids[55]], (1.0, 0.0))
    board = client.get("/api/leaderboard/cyclix").json()["speeds"]
    names = [row["username"] for row in board["correspondence"]]
    assert len(names) == 50 and board["live"] == []
    assert "p54" not in names and "p55" not in names  # provisional (rd > 110)
    assert all(row["rd"] <= 110 for row in board["correspondence"])
    values = [row["rating"] for row in board["correspondence"]]
    assert values == sorted(values, reverse=True) and board["correspondence"][0]["rank"] == 1
    ratings.clock = lambda: start + datetime.timedelta(days=91)
    assert client.get("/api/leaderboard/cyclix").json()["speeds"]["correspondence"] == []
    ratings.clock = lambda: start + datetime.timedelta(days=89)
    assert len(client.get("/api/leaderboard/cyclix").json()["speeds"]["correspondence"]) == 50


def test_unknown_game_leaderboard_is_404_with_words(client: TestClient) -> None:
    error(client.get("/api/leaderboard/chess"), 404, "there is no game 'chess'")
    error(client.get("/api/users/nobody/ratings/cyclix"), 404, "there is no player 'nobody'")
    page = client.get("/leaderboard/cyclix")
    assert page.status_code == 200 and "leaderboard.js" in page.text


def test_settle_happens_once_under_concurrency(client: TestClient) -> None:
    """Eight threads settle the same end at once (as several processes would): one wins."""
    import threading

    context = client.app.state.context  # type: ignore[attr-defined]
    ratings, accounts = context.ratings, AccountStore(context.store.engine)
    a, b = accounts.create_user("ann", "x"), accounts.create_user("ben", "x")
    assert a is not None and b is not None
    results: list[Any] = []
    barrier = threading.Barrier(8)

    def settle() -> None:
        barrier.wait()
        results.append(ratings.settle("g1", "cyclix", "live", [a.id, b.id], (1.0, 0.0)))

    threads = [threading.Thread(target=settle) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sum(r is not None for r in results) == 1
    assert ratings.rating(a.id, "cyclix", "live").games == 1
    assert len(ratings.history(a.id, "cyclix")["live"]) == 1


def test_a_rated_game_that_left_memory_and_came_back_is_not_rated_again(
    players: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A finished game leaves a process's memory (issue 56) with what its listeners knew of
    it; loaded again, its end is settled again, and the ratings' claim makes that change
    nothing: each player still has one game."""
    import time

    from shoal.server.games.manager import FINISHED_IDLE
    from shoal.server.ratings import service

    settled: list[str] = []
    settle_live = service.settle_live

    def counted(ratings: Any, live: Any) -> Any:
        done = settle_live(ratings, live)
        settled.append(live.data.id)  # its transaction has ended
        return done

    monkeypatch.setattr(service, "settle_live", counted)
    client = players
    game = _game(client, "alice", "bob", rated=True)
    _resign(client, game["id"], game["guest"])
    manager = client.app.state.context.manager  # type: ignore[attr-defined]
    deadline = time.monotonic() + 20
    while settled != [game["id"]]:
        assert time.monotonic() < deadline, settled
        time.sleep(0.02)
    entry = manager.loaded(game["id"])
    assert manager.evict(now=entry.used + FINISHED_IDLE) == 1
    assert client.get(f"/api/games/{game['id']}").status_code == 200  # loaded again
    while settled != [game["id"], game["id"]]:
        assert time.monotonic() < deadline, settled
        time.sleep(0.02)
    for name in ("alice", "bob"):
        assert client.get(f"/api/users/{name}").json()["ratings"]["cyclix"]["games"] == 1
