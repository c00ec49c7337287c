"""A 5-player double round robin by correspondence, every round at once, with a shortened
day; one player never moves: a no-show loses, two no-shows withdraw them."""

from __future__ import annotations

import time
from typing import Any

import pytest

from shoal.server import create_app
from tests.clients import TestClient

from ..accounts_helpers import error
from .helpers import As, event, make, resign

PLAYERS = ("alice", "bobby", "carol", "dave")
ABSENT = "eve"


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_double_round_robin_by_correspondence_with_a_no_show(db: str) -> None:
    app = create_app(db, correspondence_day=6.0, sweep_every=0.2, tournament_tick=0.2)
    with TestClient(app) as shared:
        a, b, c, d, e = (As(shared, name) for name in (*PLAYERS, ABSENT))
        clients = dict(zip((*PLAYERS, ABSENT), (a, b, c, d, e)))
        tid = make(a, game="connect4", format="double_round_robin", clock="1d", max_players=5)
        for client in clients.values():
            assert client.post(f"/api/tournaments/{tid}/join").status_code == 200
        view = event(a, tid)
        assert view["status"] == "running"
        # by correspondence every round is paired at once: 10 rounds of 2 games, a bye each
        assert len(view["rounds"]) == 10
        assert all(len(r["pairings"]) == 2 and r["bye"] for r in view["rounds"])
        error(b.post(f"/api/tournaments/{tid}/join"), 409, "already")

        def play(client: Any, me: str) -> None:
            mine = event(client, tid)
            for game_id in mine["your_games"]:
                pairing = next(
                    p for r in mine["rounds"] for p in r["pairings"] if p["game"] == game_id
                )
                first, second = pairing["players"]
                game = client.get(f"/api/games/{game_id}").json()
                if game["result"] is not None:
                    continue
                if ABSENT in (first, second):
                    # against the absent player: make a first move when it is ours
                    if game["to_move"] in game["you"] and not game["turns"]:
                        client.post(
                            f"/api/games/{game_id}/actions",
                            json={"version": game["version"], "action": game["legal"][0]["action"]},
                        )
                elif me == first:
                    resign(client, game_id)  # between two present players the first resigns

        deadline = time.monotonic() + 60
        while event(a, tid)["status"] != "finished":
            assert time.monotonic() < deadline, event(a, tid)
            for name in PLAYERS:
                play(clients[name], name)
            time.sleep(0.1)
        final = event(a, tid)

    pairs: dict[tuple[str, str], dict[str, Any]] = {
        tuple(p["players"]): p
        for r in final["rounds"]
        for p in r["pairings"]  # type: ignore[misc]
    }
    assert len(pairs) == 20  # each pair in both seat orders
    for (first, second), p in pairs.items():
        if first == ABSENT:
            assert p["result"] == "0-1"
        elif second == ABSENT:
            assert p["result"] == "1-0"
        else:
            assert p["result"] == "0-1" and not p["forfeit"]
    absent = next(p for p in final["players"] if p["name"] == ABSENT)
    assert absent["withdrawn"] and absent["no_shows"] >= 2
    assert sum(p["forfeit"] for p in pairs.values()) >= 2
    # by hand: each present player beat each other present player once (as second seat)
    # and eve twice: 3 + 2 = 5 points; Sonneborn-Berger: three beaten players of 5 points
    # each (eve's 0 adds nothing) = 15; all four tie, eve last with nothing
    lines = {line["player"]: line for line in final["standings"]}
    for name in PLAYERS:
        assert lines[name]["points"] == 5.0
        assert lines[name]["tiebreaks"]["sonneborn_berger"] == 15.0
        assert lines[name]["tiebreaks"]["head_to_head"] == 3.0
        assert lines[name]["tiebreaks"]["wins"] == 5.0
        assert lines[name]["rank"] == 1
    assert lines[ABSENT]["points"] == 0.0 and lines[ABSENT]["rank"] == 5
