"""Recurring tournaments: ``shoal admin tournament add`` makes a schedule; the server makes
each event once, ahead of its start; bad schedules are refused with words."""

from __future__ import annotations

import asyncio
import datetime
import threading
import time

import pytest
from sqlalchemy import event, text

from shoal.cli.main import main
from shoal.server import create_app
from shoal.server.games.store import Store
from shoal.server.tournaments.schedules import ScheduleStore
from shoal.server.tournaments.ticker import SCHEDULE_TICKS
from tests.clients import TestClient

from ...pg import PostgresServer
from ..accounts_helpers import signup
from ..corr_helpers import context, run
from .helpers import make


def _add(db: str, *more: str) -> int:
    return main(["admin", "--database", db, "tournament", "add", "--by", "ada", *more])


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_weekly_swiss_is_made_once_a_day_ahead(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    app = create_app(db, tournament_tick=0.1)
    with TestClient(app) as client:
        assert signup(client, "ada").status_code == 201
        first = (datetime.datetime.now(datetime.UTC) + datetime.timedelta(hours=3)).replace(
            microsecond=0, tzinfo=None
        )
        args = ("--game", "connect4", "--format", "swiss", "--every", "week")
        assert (
            _add(db, *args, "--first", first.isoformat(), "--rounds", "3", "--name", "Weekly") == 0
        )
        assert "schedule 1: Weekly, every week" in capsys.readouterr().out
        deadline = time.monotonic() + 20
        while not client.get("/api/tournaments").json()["upcoming"]:  # the server's ticker
            assert time.monotonic() < deadline, "no event was made within 20 s"
            time.sleep(0.1)  # polls for the condition, with a deadline
        for _ in range(3):  # more ticks, each run to its end: still one event
            run(client, context(client).tournaments.ticker.tick)
        upcoming = client.get("/api/tournaments").json()["upcoming"]
    assert len(upcoming) == 1
    event = upcoming[0]
    assert event["name"] == f"Weekly {first:%Y-%m-%d}"
    assert event["starts"] == first.isoformat() + "Z"
    assert (event["format"], event["game"], event["rounds_planned"]) == ("swiss", "connect4", 3)
    assert main(["admin", "--database", db, "tournament", "list"]) == 0
    listed = capsys.readouterr().out
    next_week = first + datetime.timedelta(days=7)  # the schedule moved on by a week
    assert next_week.isoformat(" ", "minutes") in listed


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_bad_schedules_are_refused_with_words(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    with TestClient(create_app(db)) as client:
        assert signup(client, "ada").status_code == 201
    common = ("--game", "connect4", "--every", "month", "--first", "2031-01-31T18:00Z")
    assert _add(db, *common, "--format", "swiss") == 1
    assert "a Swiss needs --rounds" in capsys.readouterr().err
    assert _add(db, *common, "--format", "arena", "--clock", "3d") == 1
    assert "arena is played live" in capsys.readouterr().err
    assert _add(db, *common, "--format", "round_robin", "--clock", "soon") == 1
    assert "unknown time control" in capsys.readouterr().err
    assert _add(db, *common[:-1], "tomorrow", "--format", "round_robin") == 1
    assert "tomorrow" in capsys.readouterr().err
    too_many = ("--format", "swiss", "--rounds", "5", "--max-players", "201")
    assert _add(db, *common, *too_many) == 1
    assert "max_players of a Swiss is 2 to 200, not 201" in capsys.readouterr().err
    assert (
        main(
            [
                "admin",
                "--database",
                db,
                "tournament",
                "add",
                "--by",
                "nobody",
                *common,
                "--format",
                "round_robin",
            ]
        )
        == 1
    )
    assert "no user" in capsys.readouterr().err
    assert main(["admin", "--database", db, "tournament", "list"]) == 0
    assert "round_robin" not in capsys.readouterr().out  # nothing was added


def test_four_racers_make_a_due_occurrence_once(postgres_server: PostgresServer) -> None:
    url = postgres_server.new_database()
    store = Store(url)
    from shoal.server.accounts.store import AccountStore

    user = AccountStore(store.engine).create_user("ada", "not a real hash")
    assert user is not None
    schedules = ScheduleStore(store.engine)
    start = datetime.datetime(2031, 1, 31, 18, 0)
    schedules.add(
        name="Monthly",
        game="connect4",
        options={},
        format="round_robin",
        rounds=0,
        clock="3d",
        rated=False,
        max_players=8,
        every="month",
        next_at=start,
        creator_id=user.id,
    )
    now = start - datetime.timedelta(hours=1)
    barrier = threading.Barrier(4)
    made: list[int] = []
    counts: list[int] = []
    errors: list[BaseException] = []

    def race() -> None:
        try:
            mine = ScheduleStore(store.engine)
            barrier.wait(timeout=30)
            events = mine.make_due(86400.0, now)
            made.extend(e.id for e in events)
            counts.append(len(events))
        except BaseException as error:  # kept for the main thread: a crash is a failure
            errors.append(error)

    racers = [threading.Thread(target=race) for _ in range(4)]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join(timeout=60)
        assert not racer.is_alive(), "a racer still runs after 60 s"
    assert errors == []
    assert sorted(counts) == [0, 0, 0, 1] and len(made) == 1  # one made it; three found it made
    with store.engine.connect() as connection:
        rows = connection.execute(text("SELECT name FROM shoal_tournaments")).all()
    assert [r[0] for r in rows] == ["Monthly 2031-01-31"]
    assert schedules.all()[0].next_at == datetime.datetime(2031, 2, 28, 18, 0)
    assert schedules.make_due(86400.0, now) == []  # the next one is a month away
    store.engine.dispose()


@pytest.mark.parametrize("db_url", ["sqlite", "postgres"], indirect=True)
def test_an_idle_sites_tick_reads_nothing_until_a_change_and_the_schedules_every_fifteenth(
    db: str,
) -> None:
    """Issue 56: every process ticks every 2 s. A tick reads the events upcoming and running
    in one query; once a read found none, the next ticks read nothing until an event's
    change is announced (made here, or heard from another process through the relay), the
    relay listens again after a cut, or the schedules' tick comes (every SCHEDULE_TICKS
    ticks, the schedules and the events read together). Counted at the database's door, on
    both databases."""
    app = create_app(db, tournament_tick=3600.0)  # the test ticks by hand
    with TestClient(app) as client:
        ctx = context(client)
        tournaments, ticker = ctx.tournaments, ctx.tournaments.ticker
        engine = tournaments.store.engine
        statements: list[str] = []

        def seen(conn: object, cursor: object, statement: str, *rest: object) -> None:
            statements.append(statement)

        def reads() -> list[str]:
            return [s for s in statements if "FROM shoal_tournament" in s]

        def tick() -> list[str]:
            statements.clear()
            run(client, ticker.tick)
            return reads()

        async def heard() -> None:
            ctx.events.deliver("tournaments", {"event": 99})

        async def missed() -> None:
            ctx.events.missed()  # its refreshers run as tasks
            await asyncio.sleep(0.05)

        deadline = time.monotonic() + 20
        while ticker.ticks < 1:  # the background task's first tick, at the start
            assert time.monotonic() < deadline
            time.sleep(0.05)  # polls for the condition, with a deadline
        ticker.ticks = 0
        event.listen(engine, "before_cursor_execute", seen)
        try:
            per_tick = [tick() for _ in range(SCHEDULE_TICKS + 1)]
            run(client, heard)  # another process's change, as the relay hands it in
            after_heard = [tick(), tick()]
            run(client, missed)  # the relay listens again after a cut
            after_missed = [tick(), tick()]
            assert signup(client, "ada").status_code == 201
            made = make(client, game="connect4", format="swiss", rounds=3, clock="3+2")
            after_made = [tick(), tick()]
        finally:
            event.remove(engine, "before_cursor_execute", seen)
    counts = [len(selects) for selects in per_tick]
    assert counts == [2] + [0] * (SCHEDULE_TICKS - 1) + [2]
    assert all("shoal_tournament_schedules" in per_tick[i][0] for i in (0, -1))
    assert all("shoal_tournaments" in per_tick[i][-1] for i in (0, -1))
    assert [len(r) for r in after_heard] == [1, 0]
    assert [len(r) for r in after_missed] == [1, 0]
    assert made > 0
    assert [len(r) for r in after_made] == [1, 1]  # an event upcoming: every tick reads
