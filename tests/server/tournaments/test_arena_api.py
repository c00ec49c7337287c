"""An arena of six live players for a short time: pairings only when free, never the same
opponent twice in a row, points 2/1/0 doubled on a streak (checked by hand)."""

from __future__ import annotations

import time
from collections import defaultdict
from itertools import pairwise

import pytest

from shoal.server import create_app
from tests.clients import TestClient

from .helpers import As, event, make, resign

NAMES = ("alice", "bobby", "carol", "dave", "erin", "frank")


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_an_arena_of_six_pairs_free_players_and_never_the_same_opponent_twice_running(
    db: str,
) -> None:
    app = create_app(db, tournament_tick=0.2)
    with TestClient(app) as shared:
        clients = {name: As(shared, name) for name in NAMES}
        host = clients["alice"]
        tid = make(
            clients["alice"],
            game="connect4",
            format="arena",
            minutes=0.25,
            clock="1+0",
            max_players=6,
        )
        for client in clients.values():
            assert client.post(f"/api/tournaments/{tid}/join").status_code == 200
        assert event(host, tid)["status"] == "running"
        deadline = time.monotonic() + 60
        while True:
            view = event(host, tid)
            on = [p for r in view["rounds"] for p in r["pairings"] if p["result"] is None]
            if view["status"] == "finished" and not on:
                break
            assert time.monotonic() < deadline, view
            for name, client in clients.items():
                mine = event(client, tid)
                for game_id in mine["your_games"]:
                    pairing = next(
                        p for r in mine["rounds"] for p in r["pairings"] if p["game"] == game_id
                    )
                    if name == min(pairing["players"]):  # the first by name resigns
                        resign(client, game_id)
            time.sleep(0.05)

    moments = view["rounds"]
    assert len(moments) >= 4
    history: dict[str, list[tuple[float, float, str, str]]] = defaultdict(list)
    for moment in moments:
        for p in moment["pairings"]:
            a, b = p["players"]
            outcome_a = "loss" if a == min(a, b) else "win"
            outcome_b = "win" if outcome_a == "loss" else "loss"
            history[a].append((moment["paired"], p["finished"], b, outcome_a))
            history[b].append((moment["paired"], p["finished"], a, outcome_b))
    lines = {line["player"]: line for line in view["standings"]}
    for name, games in history.items():
        games.sort()
        for before, after in pairwise(games):
            assert before[2] != after[2], f"{name} met {after[2]} twice running"
            assert before[1] <= after[0], f"{name} was paired before their game ended"
        # arena points by hand: 2 a win, 0 a loss, double after two wins in a row
        points, streak = 0, 0
        for _, _, _, outcome in sorted(games, key=lambda g: g[1]):
            points += (4 if streak >= 2 else 2) if outcome == "win" else 0
            streak = streak + 1 if outcome == "win" else 0
        assert lines[name]["points"] == points, name
    assert lines["alice"]["points"] == 0  # she resigned every game
    assert view["standings"][0]["player"] == "frank"  # he won every game
