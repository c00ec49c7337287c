"""An arena's advances one at a time (issue 59, :mod:`shoal.server.tournaments.serial`):
the :class:`Serial` runner alone, then an arena's pairing through it.

In an arena of 500 a result comes every tenth of a second, and each asks the event to move
on. The advances ran side by side, each from its own reading of who was free; the first
to claim the pairing moment won and every other one's pairing was dropped, with the
players only it had seen free: they waited for the next result or the 2-s tick. Here the
results are stored as a game's end stores them (the store's ``record``), so that the test
says when the event is asked to move on."""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable, Coroutine
from typing import Any

import pytest

from shoal.pairing.records import Pairing, Round
from shoal.server import create_app
from shoal.server.tournaments.serial import AGAIN_AT_MOST, Serial
from shoal.server.tournaments.service import Tournaments
from tests.clients import TestClient

from ..corr_helpers import context, run
from .helpers import As, event, make

NAMES = ("ann", "ben", "cat", "dan", "eve")


def _arena_of_five(shared: TestClient) -> tuple[int, Tournaments]:
    """An arena of five that has started: two games on, one player waiting."""
    clients = [As(shared, name) for name in NAMES]
    tid = make(clients[0], game="connect4", format="arena", minutes=5, clock="5+0",
               max_players=len(NAMES), starts="when_full")  # fmt: skip
    for client in clients:
        assert client.post(f"/api/tournaments/{tid}/join").status_code == 200
    return tid, context(shared).tournaments


def _end_the_games(tournaments: Tournaments, tid: int) -> list[tuple[str, str]]:
    """Store a result for every pairing still on (first seat wins), as a game's end does,
    without asking the event to move on; the pairings ended."""
    ended = []
    for pairing in tournaments.store.pairings(tid):
        if pairing.result is None:
            stored, _ = tournaments.store.record(pairing.id, "1-0", forfeit=False, now=1.0)
            assert stored
            ended.append((pairing.first, pairing.second))
    return ended


def _seated_after(view: dict[str, Any], number: int) -> list[str]:
    return sorted(
        name
        for moment in view["rounds"]
        if moment["number"] > number
        for pairing in moment["pairings"]
        for name in pairing["players"]
    )


async def _together(tournaments: Tournaments, tid: int, calls: int) -> None:
    await asyncio.gather(*(tournaments.advance(tid) for _ in range(calls)))


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_advances_asked_together_share_one_more_run_and_no_claim_is_lost(db: str) -> None:
    """Three advances asked at once, with every player free: the first runs, the other two
    wait for it and then share one run, which finds the one player left with nobody to
    meet. One claim, won (before: three readings, three claims, two lost)."""
    app = create_app(db, tournament_tick=3600.0)  # no tick: the test asks
    with TestClient(app) as shared:
        tid, tournaments = _arena_of_five(shared)
        assert len(event(shared, tid)["rounds"]) == 1
        _end_the_games(tournaments, tid)
        claims: list[bool] = []
        claim_rounds = tournaments.store.claim_rounds

        def counted(*args: Any) -> bool:
            won = claim_rounds(*args)
            claims.append(won)
            return won

        tournaments.store.claim_rounds = counted  # type: ignore[method-assign]
        run(shared, _together, tournaments, tid, 3)
        view = event(shared, tid)
    assert claims == [True]
    assert len(view["rounds"]) == 2
    assert len(_seated_after(view, 1)) == 4  # five free: two games, one waits


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_pairing_lost_to_another_process_is_made_again_at_once_for_who_it_left_free(
    db: str,
) -> None:
    """Another process, whose reading came when only the first game had ended, claims the
    next moment first with the one pairing it saw (the first game's winner and the player
    who waited). This process's claim is lost; it reads again at once and pairs two of the
    three it alone saw free, in the same advance, not at the next result or tick."""
    app = create_app(db, tournament_tick=3600.0)
    with TestClient(app) as shared:
        tid, tournaments = _arena_of_five(shared)
        first_round = event(shared, tid)["rounds"][0]
        seated = {name for p in first_round["pairings"] for name in p["players"]}
        (waiting,) = set(NAMES) - seated
        (winner, _), *_ = _end_the_games(tournaments, tid)
        claim_rounds = tournaments.store.claim_rounds
        claims: list[bool] = []

        def after_another(tournament_id: int, rounds: list[Round], now: float) -> bool:
            if not claims:  # the other process claims the same moment just before
                other = Round(rounds[0].number, (Pairing(winner, waiting),))
                assert claim_rounds(tournament_id, [other], now)
            won = claim_rounds(tournament_id, rounds, now)
            claims.append(won)
            return won

        tournaments.store.claim_rounds = after_another  # type: ignore[method-assign]
        run(shared, tournaments.advance, tid)
        view = event(shared, tid)
    assert claims == [False, True]
    assert [len(moment["pairings"]) for moment in view["rounds"]] == [2, 1, 1]
    other, again = view["rounds"][1:]
    assert sorted(other["pairings"][0]["players"]) == sorted((winner, waiting))
    assert not set(again["pairings"][0]["players"]) & {winner, waiting}
    assert again["pairings"][0]["game"]  # this process made the game of its own claim


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_failure_to_tell_the_players_is_logged_and_their_games_stand(
    db: str, caplog: pytest.LogCaptureFixture
) -> None:
    """The players are told of their games by a task of their own, after the games are made:
    when telling fails (here the notices cannot be stored), the failure is logged once with
    the event, and the games of the pairing stand."""
    app = create_app(db, tournament_tick=3600.0)
    with TestClient(app) as shared:
        clients = [As(shared, name) for name in NAMES]
        tid = make(clients[0], game="connect4", format="arena", minutes=5, clock="5+0",
                   max_players=len(NAMES), starts="when_full")  # fmt: skip
        for client in clients[:-1]:
            assert client.post(f"/api/tournaments/{tid}/join").status_code == 200

        async def unstored(*args: Any, **kwargs: Any) -> None:
            raise RuntimeError("the notices cannot be stored")

        context(shared).tournaments.notifier.notify = unstored  # type: ignore[method-assign]
        with caplog.at_level(logging.ERROR, logger="shoal.server.tournaments"):
            assert clients[-1].post(f"/api/tournaments/{tid}/join").status_code == 200
            deadline = time.monotonic() + 30
            while not [r for r in caplog.records if "telling the players" in r.getMessage()]:
                assert time.monotonic() < deadline, "the failure to tell was not logged"
                time.sleep(0.05)  # polls for the condition, with a deadline
        view = event(shared, tid)
        told = clients[0].get("/api/notifications").json()["notifications"]
    failures = [r for r in caplog.records if "telling the players" in r.getMessage()]
    assert len(failures) == 1 and f"event {tid} " in failures[0].getMessage()
    assert failures[0].exc_info is not None  # with its traceback
    (first_round,) = view["rounds"]
    assert len(first_round["pairings"]) == 2 and all(p["game"] for p in first_round["pairings"])
    assert not [n for n in told if n["kind"] == "tournament"]


def _in_a_thread_of_its_own(main: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """Run ``main()`` on an event loop of a new thread (none runs there)."""
    failures: list[BaseException] = []

    def target() -> None:
        try:
            asyncio.run(main())
        except BaseException as error:  # reported in the test's own thread
            failures.append(error)

    worker = threading.Thread(target=target)
    worker.start()
    worker.join(30)
    assert not worker.is_alive() and not failures, failures


def _job(runs: list[int], lost: bool = False) -> Callable[[int], Coroutine[Any, Any, bool]]:
    async def job(key: int) -> bool:
        runs.append(key)
        await asyncio.sleep(0)  # the other calls come meanwhile
        return lost

    return job


def test_calls_that_come_during_a_run_share_the_next_one() -> None:
    """Serial: five calls at once make the first call's run, then one more run for the four
    that came during it (each starts after those calls, so it sees what they changed)."""
    runs: list[int] = []
    serial = Serial(_job(runs))

    async def burst() -> None:
        await asyncio.gather(*(serial(7) for _ in range(5)))
        await serial(7)  # a call when no run is on: a run of its own
        await asyncio.gather(serial(8), serial(7))  # another key runs apart

    _in_a_thread_of_its_own(burst)
    assert sorted(runs) == [7, 7, 7, 7, 8]


def test_a_call_from_inside_the_run_makes_it_go_round_again_without_waiting_for_itself() -> None:
    runs: list[int] = []
    serial: Serial[int]

    async def job(key: int) -> bool:
        runs.append(key)
        if len(runs) == 1:
            await serial(key)  # as a round of only forfeits asks again from inside the run
        return False

    serial = Serial(job)
    _in_a_thread_of_its_own(lambda: serial(3))
    assert runs == [3, 3]


def test_a_run_whose_claim_is_lost_is_followed_by_at_most_three_more() -> None:
    """A run that lost its claim reads again at once, up to AGAIN_AT_MOST times in a row."""
    runs: list[int] = []
    serial = Serial(_job(runs, lost=True))
    _in_a_thread_of_its_own(lambda: serial(5))
    assert runs == [5] * (1 + AGAIN_AT_MOST) and AGAIN_AT_MOST == 3
