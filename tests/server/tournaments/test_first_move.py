"""An event game's first-move deadline (issue 59): stored with the game, so every server
process ends a no-show at the same moment (after a restart too), and carried by the game's
view until each side has made its first turn."""

from __future__ import annotations

import time
from typing import Any

import pytest

from shoal.server import create_app
from shoal.server.games.creation import fresh_clock, game_data
from shoal.server.games.session import LiveGame
from shoal.server.tournaments.games import overdue_data
from tests.clients import TestClient

from ..corr_helpers import context, run
from .helpers import As, event, make


def _games(player: As, tid: int) -> list[dict[str, Any]]:
    """Round 1's pairings once each has its game (polled: the pairing runs on the server)."""
    deadline = time.monotonic() + 30
    while True:
        rounds = event(player, tid)["rounds"]
        if rounds and all(p["game"] for p in rounds[0]["pairings"]):
            return list(rounds[0]["pairings"])
        assert time.monotonic() < deadline, rounds
        time.sleep(0.05)  # polls for the round's games, with the deadline above


def _move(player: As, game: str) -> dict[str, Any]:
    view = player.get(f"/api/games/{game}").json()
    body = {"version": view["version"], "action": view["legal"][0]["action"]}
    played = player.post(f"/api/games/{game}/actions", json=body)
    assert played.status_code == 200, played.text
    return player.get(f"/api/games/{game}").json()  # type: ignore[no-any-return]


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_the_stored_first_move_deadline_ends_a_no_show_in_any_process(db: str) -> None:
    """Process A pairs a round robin of six (1+0, 60 s for a first turn). Its views carry
    each game's deadline: the game's start + 60 s for the first side, the end of the first
    side's first turn + 60 s for the second, none once both have moved. Process B, which
    never saw the games waiting (a second worker, or A restarted), ends the no-shows at
    exactly those stored deadlines: nothing a moment before, the forfeit just after."""
    ticks = {"tournament_tick": 3600.0}  # no background sweep: the test runs B's by hand
    with TestClient(create_app(db, **ticks)) as shared_a:
        names = ("alice", "bobby", "carol", "dave", "erin", "frank")
        players = {name: As(shared_a, name) for name in names}
        alice = players["alice"]
        before = time.time()
        tid = make(alice, game="connect4", format="round_robin", clock="1+0", max_players=6)
        for player in players.values():
            assert player.post(f"/api/tournaments/{tid}/join").status_code == 200
        idle, half, both = (p["game"] for p in _games(alice, tid))
        after = time.time()
        seats = {p["game"]: [players[n] for n in p["players"]] for p in _games(alice, tid)}
        # the first side's deadline: the game's start + 60 s, the same for both players
        waits = seats[idle][0].get(f"/api/games/{idle}").json()["first_move_deadline"]
        assert before + 60 <= waits <= after + 60, (before, waits, after)
        assert seats[idle][1].get(f"/api/games/{idle}").json()["first_move_deadline"] == waits
        # the first side's turn starts the second side's minute
        moved = time.time()
        second = _move(seats[half][0], half)["first_move_deadline"]
        assert moved + 60 <= second <= time.time() + 60, (moved, second)
        _move(seats[both][0], both)
        assert _move(seats[both][1], both)["first_move_deadline"] is None  # each side moved
        with TestClient(create_app(db, **ticks)) as shared_b:
            sweep = context(shared_b).tournaments
            for game, due in ((idle, waits), (half, second)):
                for at, over in ((due - 0.5, False), (due + 0.01, True)):
                    sweep.clock = lambda at=at: at
                    run(shared_b, sweep.ticker._no_shows, sweep.event(tid))
                    seen = shared_b.get(f"/api/games/{game}").json()
                    assert (seen["result"] is not None) is over, (game, at, seen["result"])
                assert "did not make a first move in time" in seen["result"]["reason"]
                assert seen["first_move_deadline"] is None
            # B stores each forfeit in the event from a task of its own: wait for them before
            # B stops (stopping cancels its tasks; CI once read the last one not yet stored)
            deadline = time.monotonic() + 20
            while any(
                p["result"] is None
                for p in event(shared_b, tid)["rounds"][0]["pairings"]
                if p["game"] in (idle, half)
            ):
                assert time.monotonic() < deadline, "B did not store the forfeits in the event"
                time.sleep(0.05)
        results = {p["game"]: p for p in event(alice, tid)["rounds"][0]["pairings"]}
    assert (results[idle]["result"], results[idle]["forfeit"]) == ("0-1", True)
    assert (results[half]["result"], results[half]["forfeit"]) == ("1-0", True)
    assert results[both]["result"] is None  # both moved: no deadline, no forfeit


def test_a_game_stored_before_the_deadline_was_gets_one_stored_from_the_sweep() -> None:
    """An event game stored without a first-move limit (made before the limit was stored):
    the sweep stores one from now, once; then the stored deadline decides, as for any."""
    data = game_data(
        "connect4",
        {},
        mode="friend",
        players=["a", "b"],
        token_hashes=["x", "y"],
        clock=fresh_clock(60, 0),
    )
    data.event = 1
    old = LiveGame(data)
    assert old.first_move_deadline() is None  # nothing stored: no deadline to show
    stamped = overdue_data(old, 1000.0, 60.0)
    assert stamped is not None and stamped.ended is None
    assert stamped.clock is not None and stamped.clock["first_move"] == 60.0
    live = LiveGame(stamped)
    assert live.first_move_deadline() == 1060.0
    assert overdue_data(live, 1059.9, 60.0) is None
    ended = overdue_data(live, 1060.0, 60.0)
    assert ended is not None and ended.ended is not None and ended.ended["no_show"] == 0
