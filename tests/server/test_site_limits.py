"""The site's limits (issues 56, 57), counted in the database so they hold for the site.

Two apps (or two counters) on one database stand for two server processes; both
databases (``db_url``). The 3-worker test with real processes is
``test_limits_workers.py``.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from sqlalchemy import create_engine, func, select

from shoal.server import create_app
from shoal.server.errors import ApiError
from shoal.server.games.store import Store
from shoal.server.limits import RULES, Limits, with_changes
from shoal.server.limits.counter import WindowCounter
from shoal.server.limits.tables import LimitRow
from tests.clients import TestClient

from .accounts_helpers import error, signup

EVENT = {"game": "connect4", "format": "swiss", "rounds": 3, "clock": "3+2"}


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def test_two_processes_share_a_window_that_opens_with_the_first_hit(db_url: str) -> None:
    clock = Clock()
    engines = [create_engine(db_url), create_engine(db_url)]
    a, b = (WindowCounter(e, clock) for e in engines)
    try:
        assert a.hit("games:10.0.0.1", 60) == (1, 1_000_060.0)
        clock.now += 30
        assert b.hit("games:10.0.0.1", 60) == (2, 1_000_060.0)  # the same window, elsewhere
        assert a.hit("games:10.0.0.2", 60)[0] == 1  # another key, its own window
        b.give_back("games:10.0.0.1", 1_000_060.0)
        assert a.hit("games:10.0.0.1", 60)[0] == 2
        clock.now += 30  # the window has ended: the next hit opens a new one
        assert b.hit("games:10.0.0.1", 60) == (1, 1_000_120.0)
        b.give_back("games:10.0.0.1", 1_000_060.0)  # a window that ended: nothing given back
        assert a.hit("games:10.0.0.1", 60)[0] == 2
        clock.now += 10_000  # the sweep (every 10 minutes) deletes the ended windows
        a._sweep_at = 0.0
        a.hit("games:10.0.0.3", 60)
        with engines[0].connect() as connection:
            keys = connection.scalars(select(LimitRow.key)).all()
        assert keys == ["games:10.0.0.3"]
    finally:
        for engine in engines:
            engine.dispose()


def test_racing_processes_admit_exactly_the_limit(db_url: str) -> None:
    """Sixty hits at once from eight threads, each with its own engine (its own process's
    connections, made as a server makes them: on SQLite its 30-s busy timeout, without which
    a loaded machine once made a writer give up, "database is locked"): exactly 30 within
    the limit, whatever the order."""
    engines = [Store(db_url).engine for _ in range(8)]
    limits = [Limits(e, ["games=30/60"]) for e in engines]

    def one(n: int) -> int:
        try:
            limits[n % 8].take("games", "203.0.113.9")
        except ApiError as refused:
            assert refused.status == 429 and int(refused.headers["Retry-After"]) >= 1
            return 429
        return 201

    try:
        with ThreadPoolExecutor(8) as pool:
            answers = list(pool.map(one, range(60)))
        assert answers.count(201) == 30 and answers.count(429) == 30
    finally:
        for engine in engines:
            engine.dispose()


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ("events", "NAME=COUNT"),
        ("knights=3", "NAME=COUNT"),
        ("events=three", "whole number"),
        ("events=3/soon", "whole number"),
        ("events=-1", "0 or more"),
        ("chat=5/0", "above 0"),
        ("chat=5/inf", "above 0"),
    ],
)
def test_an_operators_change_that_is_no_limit_is_refused_in_words(change: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        with_changes(RULES, [change])


def test_shoal_serve_refuses_a_bad_limit_before_it_starts(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from shoal.cli.main import main

    monkeypatch.setenv("SHOAL_LIMITS", "events=5, knights=2")
    assert main(["serve", "--database", "sqlite://", "--port", "1"]) == 2
    assert "knights=2" in capsys.readouterr().err


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_forty_events_in_a_row_from_one_account_stop_at_the_days_limit(db: str) -> None:
    """Issue 57: one account made 40 events in a row, all 201. The limit is 10 a day; a
    refused or bad request counts nothing; another account has its own count."""
    assert RULES["events"].count == 10 and RULES["events"].window == 86400
    app = create_app(db)
    with TestClient(app) as alice, TestClient(app) as bobby:
        assert signup(alice, "alice").status_code == 201
        assert signup(bobby, "bobby").status_code == 201
        bad = alice.post("/api/tournaments", json={**EVENT, "format": "knockout"})
        assert bad.status_code == 422  # checked and refused: not counted
        codes = [alice.post("/api/tournaments", json=EVENT).status_code for _ in range(40)]
        assert codes == [201] * 10 + [429] * 30
        refused = alice.post("/api/tournaments", json=EVENT)
        error(refused, 429, "too many new events from your account: at most 10 per day")
        assert "try again in 24 h" in refused.json()["detail"]
        assert 86_000 < int(refused.headers["Retry-After"]) <= 86_400
        listed = alice.get("/api/tournaments").json()["upcoming"]
        assert len(listed) == 10
        assert bobby.post("/api/tournaments", json=EVENT).status_code == 201


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_every_days_limit_on_what_an_account_creates_refuses_with_words(db: str) -> None:
    """Studies, seeks, challenges and chat, each set to 2 by the operator: the third is 429
    with the limit and the wait in words."""
    changes = ["studies=2", "seeks=2", "challenges=2", "chat_day=2", "events=2"]
    app = create_app(db, limits=changes)
    with TestClient(app) as ann, TestClient(app) as bob:
        signup(ann, "annie"), signup(bob, "bobby")

        def third(make: Any, words: str) -> None:
            assert [make().status_code for _ in range(2)] == [201, 201]
            error(make(), 429, words)

        study = {
            "title": "t",
            "visibility": "public",
            "chapters": [{"name": "a", "game": "connect4"}],
        }
        third(
            lambda: ann.post("/api/studies", json=study),
            "new studies from your account: at most 2 per day",
        )
        seek = {"game": "connect4", "time_control": "3d"}
        third(lambda: ann.post("/api/seeks", json=seek), "new seeks from you: at most 2 per day")
        challenge = {"username": "bobby", "game": "connect4", "time_control": "3d"}
        third(lambda: ann.post("/api/challenges", json=challenge), "new challenges from your")
        game = bob.post("/api/challenges/1/accept").json()
        gid = game.get("game") or game.get("id")
        assert gid, game
        say = {"room": "players", "text": "hello"}
        third(
            lambda: ann.post(f"/api/games/{gid}/chat", json=say), "too many chat messages from you"
        )


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_new_games_and_records_share_the_limit_per_address(db: str) -> None:
    with TestClient(create_app(db, games_per_client=2, client_window=60)) as client:
        made = client.post("/api/games", json={"game": "connect4", "opponent": "local"})
        record = client.get(f"/api/games/{made.json()['id']}/record").text
        assert client.post("/api/records", json={"text": record}).status_code == 201
        refused = client.post("/api/games", json={"game": "connect4", "opponent": "local"})
        error(refused, 429, "too many new games from your address: at most 2 per 60 s")
        assert 0 < int(refused.headers["Retry-After"]) <= 60
        assert client.post("/api/records", json={"text": record}).status_code == 429
        other = TestClient(client.app, client=("198.51.100.4", 1234))
        assert other.post("/api/games", json={"game": "connect4"}).status_code == 201
        moved = client.post(  # playing is never limited
            f"/api/games/{made.json()['id']}/actions",
            json={"version": 1, "action": 0},
            headers={"X-Shoal-Token": made.json()["token"]},
        )
        assert moved.status_code == 200, moved.text


def test_open_seeks_never_pass_their_cap_with_two_processes_at_once(db_url: str) -> None:
    """Two apps on one database (two processes), twelve seeks of one player at once: five
    open, the rest 429 (the count and the insert are one serial transaction per player)."""
    apps = [create_app(db_url, games_per_client=0), create_app(db_url, games_per_client=0)]
    with TestClient(apps[0]) as a, TestClient(apps[1]) as b:
        assert signup(a, "alice").status_code == 201
        b.cookies = a.cookies
        seek = {"game": "connect4", "time_control": "3d"}

        def one(n: int) -> int:
            return int((a if n % 2 else b).post("/api/seeks", json=seek).status_code)

        with ThreadPoolExecutor(6) as pool:
            codes = list(pool.map(one, range(12)))
        assert sorted(codes) == [201] * 5 + [429] * 7
        engine = create_engine(db_url)
        try:
            with engine.connect() as connection:
                hits = connection.scalar(
                    select(func.sum(LimitRow.hits)).where(LimitRow.key.like("seeks:%"))
                )
        finally:
            engine.dispose()
        assert hits == 5  # the seven refused by the cap were given back to the day's count
