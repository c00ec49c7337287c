"""The event page reads what changed, not the whole table (issue 59: under 20 KB a change
at 500 players): ``GET /api/tournaments/{id}/changes?base=TAG`` and ``deltas.py``."""

from __future__ import annotations

import copy
import json
import random
import time
from typing import Any

import pytest

from shoal.pairing.records import Game
from shoal.pairing.standings import standings
from shoal.server import create_app
from shoal.server.tournaments.deltas import ViewTags, apply_delta, view_delta
from shoal.server.tournaments.schemas import EventChange, EventOut
from tests.clients import TestClient

from ..accounts_helpers import error
from .helpers import As, event, make, resign


def _arena_view(names: list[str], games: list[Game]) -> dict[str, Any]:
    """An arena's view as ``event_view`` makes it (its shape checked by EventOut), from the
    pairing library's standings of ``games``."""
    table = standings(names, games, [], "arena")
    rounds = [
        {
            "number": n,
            "pairings": [
                {
                    "players": [g.first, g.second],
                    "game": f"g{n}x{i}",
                    "result": g.result,
                    "forfeit": False,
                    "finished": g.finished_at or None,
                }
                for i, g in enumerate(games)
                if g.round == n
            ],
            "bye": None,
            "paired": float(n),
        }
        for n in sorted({g.round for g in games})
    ]
    view = {
        "id": 1,
        "name": "Five hundred",
        "game": "connect4",
        "options": {},
        "format": "arena",
        "rounds_planned": None,
        "minutes": 5.0,
        "clock": "1+0",
        "rated": False,
        "starts": "when_full",
        "max_players": 500,
        "min_rating": None,
        "max_rating": None,
        "invited": None,
        "status": "running",
        "round": max(g.round for g in games),
        "started": "2026-11-29T18:00:00Z",
        "ends": "2026-11-29T18:05:00Z",
        "finished": None,
        "description": "",
        "players": [
            {"name": n, "withdrawn": False, "no_shows": 0, "bot": i % 2 == 0}
            for i, n in enumerate(names)
        ],
        "rounds": rounds,
        "standings": [line.as_json() for line in table],
        "joined": True,
        "your_game": None,
        "your_games": [],
        "creator": False,
    }
    EventOut.model_validate(view)
    return view


def arena_of_500() -> tuple[dict[str, Any], dict[str, Any]]:
    """An arena's view before and after one change: 500 players, 1,500 games played and
    200 on; one game ends (its winner jumps up the table) and its two players are paired
    again (also ``scripts/bench_event_hub.py``'s)."""
    rng = random.Random(59)
    names = [f"player-{i:03d}" for i in range(500)]
    games: list[Game] = []
    for n in range(1, 9):
        seated = rng.sample(names, 400)
        for a, b in zip(seated[::2], seated[1::2], strict=True):
            result = None if n == 8 else rng.choice(["1-0", "0-1", "1/2-1/2"])
            games.append(Game(n, a, b, result, finished_at=float(n) if result else 0.0))  # type: ignore[arg-type]
    ending = next(i for i, g in enumerate(games) if g.result is None)
    done = games[ending]
    later = [*games]
    later[ending] = Game(8, done.first, done.second, "1-0", finished_at=9.0)
    later.append(Game(9, done.first, done.second, None))
    return _arena_view(names, games), _arena_view(names, later)


def test_a_result_and_a_pairing_in_an_arena_of_500_are_a_change_under_20_kb() -> None:
    """500 players, 1,500 games played and 200 on: one game ends (its winner jumps up the
    table, the ranks between move) and the two free players are paired again. The change
    is under 20 KB where the whole view is far larger, and applied to the page's view it
    gives the new view exactly; an event that did not change answers the reader's keys."""
    old, new = arena_of_500()
    change = view_delta(old, new)
    size = len(json.dumps(change, separators=(",", ":")))
    whole = len(json.dumps(new, separators=(",", ":")))
    assert size < 20_000 < whole, (size, whole)
    assert apply_delta(copy.deepcopy(old), change) == new
    assert [r["number"] for r in change["rounds"]] == [8, 9]
    winner = new["rounds"][-1]["pairings"][0]["players"][0]  # paired again in round 9
    assert winner in {line["player"] for line in change["standings"]}
    EventChange.model_validate({"tag": "0", **change})

    tags = ViewTags()
    first = tags.answer(1, old, None)
    assert first["view"] is old
    again = tags.answer(1, old, first["tag"])
    assert again["set"] == {"joined": True, "your_game": None, "your_games": [], "creator": False}
    assert again.keys() == {"tag", "base", "set"} and again["tag"] == first["tag"]
    step = tags.answer(1, new, first["tag"])
    assert apply_delta(old, step) == new
    assert tags.answer(1, new, "feed")["view"] is new  # a tag this process never made


def test_views_of_random_arena_points_survive_any_sequence_of_changes() -> None:
    """Along a small random arena (pairings, results, ranks moving), every change applied to
    the view before it gives the view after it."""
    rng = random.Random(7)
    names = [f"p{i}" for i in range(12)]
    games: list[Game] = [Game(1, "p0", "p1", None)]
    view = _arena_view(names, games)
    for step in range(2, 40):
        if rng.random() < 0.5:
            open_ = [i for i, g in enumerate(games) if g.result is None]
            if open_:
                i = rng.choice(open_)
                g = games[i]
                games[i] = Game(g.round, g.first, g.second, rng.choice(["1-0", "0-1", "1/2-1/2"]))
        a, b = rng.sample(names, 2)
        games.append(Game(step, a, b, None))
        new = _arena_view(names, games)
        assert apply_delta(view, view_delta(view, new)) == new
        view = new


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_the_page_reads_the_changes_of_an_event_by_its_tag(db: str) -> None:
    """No base: the whole view and its tag; the same tag: only the reader's keys; after the
    game ends (and with it the event): the change, which applied gives the event's view; a
    tag unknown here: the whole view again; a base that is not a tag: 422 with words."""
    with TestClient(create_app(db, tournament_tick=0.2)) as shared:
        alice, bob = As(shared, "alice"), As(shared, "bob")
        tid = make(alice, game="connect4", format="round_robin", clock="5+0", max_players=2)
        assert bob.post(f"/api/tournaments/{tid}/join").status_code == 200
        assert alice.post(f"/api/tournaments/{tid}/join").status_code == 200
        url = f"/api/tournaments/{tid}/changes"
        first = alice.get(url).json()
        assert first["view"] == event(alice, tid) and first["view"]["status"] == "running"
        same = alice.get(url, params={"base": first["tag"]}).json()
        assert same == {"tag": first["tag"], "base": first["tag"], "set": same["set"]}
        assert same["set"]["your_game"] == first["view"]["your_game"] is not None
        assert resign(alice, first["view"]["your_game"])
        deadline = time.monotonic() + 30
        while event(alice, tid)["status"] != "finished":  # then nothing changes any more
            assert time.monotonic() < deadline
            time.sleep(0.05)
        after = alice.get(url, params={"base": first["tag"]}).json()
        assert after["tag"] != first["tag"] and "view" not in after
        assert after["rounds"][0]["pairings"]["0"]["result"] in ("1-0", "0-1")
        assert apply_delta(first["view"], after) == event(alice, tid)
        assert "view" in alice.get(url, params={"base": "abcdef"}).json()
        error(alice.get(url, params={"base": "not a tag"}), 422, "base")
        error(alice.get("/api/tournaments/77/changes"), 404, "no tournament 77")
