"""A 7-player Swiss through the API: 4 accounts and 3 of the server's bots, 4 rounds with a
fast clock, played to the end; a bye each round, no rematch, standings checked by hand."""

from __future__ import annotations

from collections import Counter
from typing import Any

from shoal.server import create_app
from tests.clients import TestClient

from ..accounts_helpers import error
from .helpers import As, event, make, play_out, resign

HUMANS = ("alice", "bobby", "carol", "dave")
BOTS = ("shoal-random", "shoal-beginner", "shoal-casual")


def test_a_seven_player_swiss_with_bots_is_played_to_the_end(db: str) -> None:
    app = create_app(db, tournament_tick=0.2)
    with TestClient(app) as shared:
        a, b, c, d = (As(shared, name) for name in HUMANS)
        clients = dict(zip(HUMANS, (a, b, c, d)))
        tid = make(
            a,
            game="connect4",
            format="swiss",
            rounds=4,
            clock="0+5",
            max_players=7,
            starts="when_full",
            name="Thursday Swiss",
        )
        assert event(a, tid)["status"] == "upcoming"
        error(
            b.post(f"/api/tournaments/{tid}/invite", json={"bot": "shoal-random"}), 403, "creator"
        )
        for bot in BOTS:
            assert a.post(f"/api/tournaments/{tid}/invite", json={"bot": bot}).status_code == 200
        for name in HUMANS[1:]:
            assert clients[name].post(f"/api/tournaments/{tid}/join").status_code == 200
        error(b.post(f"/api/tournaments/{tid}/join"), 409, "already")
        assert event(a, tid)["status"] == "upcoming"  # six of seven
        assert a.post(f"/api/tournaments/{tid}/join").status_code == 200
        assert event(a, tid)["status"] == "running"  # full: it starts

        def decide(client: Any, game_id: str, view: dict[str, Any]) -> None:
            # the humans resign every game: against a bot at once, against a human only
            # from the first seat (so the second seat wins)
            game = client.get(f"/api/games/{game_id}").json()
            me = next(n for n, cl in clients.items() if cl is client)
            pairing = next(p for r in view["rounds"] for p in r["pairings"] if p["game"] == game_id)
            first, second = pairing["players"]
            if first in HUMANS and second in HUMANS and me == second:
                return
            if game.get("result") is None:
                resign(client, game_id)

        final = play_out(tid, list(clients.values()), decide, timeout=180)

    rounds = final["rounds"]
    assert len(rounds) == 4
    everyone = set(HUMANS) | set(BOTS)
    byes = [r["bye"] for r in rounds]
    assert all(byes) and len(set(byes)) == 4  # a bye each round, never twice
    met: Counter[frozenset[str]] = Counter()
    seat_balance: Counter[str] = Counter()
    for r in rounds:
        seated = [name for p in r["pairings"] for name in p["players"]]
        assert sorted([*seated, r["bye"]]) == sorted(everyone)
        for p in r["pairings"]:
            met[frozenset(p["players"])] += 1
            seat_balance[p["players"][0]] += 1
            seat_balance[p["players"][1]] -= 1
            assert p["result"] in ("1-0", "0-1", "1/2-1/2")
            assert p["game"]
    assert max(met.values()) == 1  # no rematch
    assert max(abs(v) for v in seat_balance.values()) <= 2
    # the humans' results are as they played them
    for r in rounds:
        for p in r["pairings"]:
            first, second = p["players"]
            if (first in HUMANS and second in HUMANS) or first in HUMANS:
                assert p["result"] == "0-1"
            elif second in HUMANS:
                assert p["result"] == "1-0"
    # standings by hand: points, Buchholz, cut-1, Sonneborn-Berger, wins
    points: Counter[str] = Counter({name: 0.0 for name in everyone})  # type: ignore[dict-item]
    for bye in byes:
        points[bye] += 1.0
    games = [p for r in rounds for p in r["pairings"]]

    def scored(p: dict[str, Any], name: str) -> float:
        first_points = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[p["result"]]
        return first_points if p["players"][0] == name else 1.0 - first_points

    for p in games:
        for name in p["players"]:
            points[name] += scored(p, name)
    lines = {line["player"]: line for line in final["standings"]}
    for name in everyone:
        mine = [p for p in games if name in p["players"]]
        opponents = [next(n for n in p["players"] if n != name) for p in mine]
        terms = [points[o] for o in opponents] + [0.0] * byes.count(name)
        sb = sum(scored(p, name) * points[o] for p, o in zip(mine, opponents))
        assert lines[name]["points"] == points[name], name
        assert lines[name]["tiebreaks"]["buchholz"] == sum(terms), name
        assert lines[name]["tiebreaks"]["buchholz_cut1"] == sum(terms) - min(terms), name
        assert lines[name]["tiebreaks"]["sonneborn_berger"] == sb, name
        assert lines[name]["tiebreaks"]["wins"] == sum(scored(p, name) == 1.0 for p in mine)
    order = [line["player"] for line in final["standings"]]
    assert [points[n] for n in order] == sorted((points[n] for n in order), reverse=True)
    assert final["status"] == "finished"
