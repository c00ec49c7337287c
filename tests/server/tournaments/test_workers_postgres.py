"""Four server processes on one PostgreSQL: every round of a Swiss is paired exactly once.

The four processes' tickers all try to start the event at its time and to pair each
next round as soon as the last result is in; the results themselves are stored through
whichever process a resignation reaches.
"""

from __future__ import annotations

import datetime
import random
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, text

from ...pg import PostgresServer
from .._live import LiveServer

NAMES = ("alice", "bobby", "carol", "dave")


@pytest.fixture
def four(postgres_server: PostgresServer, tmp_path: Path) -> Iterator[tuple[str, list[LiveServer]]]:
    url = postgres_server.new_database()
    servers = [
        LiveServer(url, tmp_path / f"serve{i}.log", "--log-level", "warning") for i in range(4)
    ]
    try:
        for server in servers:
            server.start()
        yield url, servers
    finally:
        for server in servers:
            server.stop()


def test_four_processes_pair_every_round_exactly_once(
    four: tuple[str, list[LiveServer]],
) -> None:
    url, servers = four
    rng = random.Random(7)
    cookies: dict[str, dict[str, str]] = {}
    for i, name in enumerate(NAMES):
        response = httpx.post(
            servers[i].url + "/api/auth/signup",
            json={"username": name, "password": "correct horse"},
        )
        assert response.status_code == 201, response.text
        cookies[name] = {"shoal_session": response.cookies["shoal_session"]}
    # the four joins must land before the start: at a load average of 15, six seconds were
    # too few once (a player joined late, round 1 had a bye: 5 pairings, not 6)
    starts = datetime.datetime.now(datetime.UTC) + datetime.timedelta(seconds=15)
    made = httpx.post(
        servers[0].url + "/api/tournaments",
        json={
            "game": "connect4",
            "format": "swiss",
            "rounds": 3,
            "clock": "1+0",
            "max_players": 4,
            "starts": starts.isoformat(),
        },
        cookies=cookies["alice"],
    )
    assert made.status_code == 201, made.text
    tid = made.json()["id"]
    for i, name in enumerate(NAMES):
        joined = httpx.post(f"{servers[i].url}/api/tournaments/{tid}/join", cookies=cookies[name])
        assert joined.status_code == 200, joined.text
    joined_by = datetime.datetime.now(datetime.UTC)
    assert joined_by < starts, f"the joins ended {joined_by - starts} after the start"
    if joined_by < starts - datetime.timedelta(seconds=1):
        assert httpx.get(f"{servers[1].url}/api/tournaments/{tid}").json()["status"] == "upcoming"

    deadline = time.monotonic() + 90
    while True:
        view = httpx.get(f"{rng.choice(servers).url}/api/tournaments/{tid}").json()
        if view["status"] == "finished":
            break
        assert time.monotonic() < deadline, view
        for name in NAMES:
            server = rng.choice(servers)
            mine = httpx.get(f"{server.url}/api/tournaments/{tid}", cookies=cookies[name]).json()
            for game_id in mine["your_games"]:
                pairing = next(
                    p for r in mine["rounds"] for p in r["pairings"] if p["game"] == game_id
                )
                if pairing["players"][0] != name:
                    continue  # the first seat resigns
                game = httpx.get(f"{server.url}/api/games/{game_id}").json()
                if game["result"] is None:
                    httpx.post(
                        f"{rng.choice(servers).url}/api/games/{game_id}/resign",
                        json={"version": game["version"]},
                        cookies=cookies[name],
                    )
        time.sleep(0.2)

    engine = create_engine(url)
    with engine.connect() as db:
        rounds = db.execute(
            text("SELECT number FROM shoal_tournament_rounds WHERE tournament_id = :t"), {"t": tid}
        ).fetchall()
        pairings = db.execute(
            text(
                "SELECT round, game_id, result FROM shoal_tournament_games WHERE tournament_id = :t"
            ),
            {"t": tid},
        ).fetchall()
        made_games = db.execute(text("SELECT count(*) FROM shoal_games")).scalar()
    engine.dispose()
    assert sorted(r[0] for r in rounds) == [1, 2, 3]
    assert sorted(p[0] for p in pairings) == [1, 1, 2, 2, 3, 3]
    assert len({p[1] for p in pairings}) == 6 and all(p[2] for p in pairings)
    assert made_games == 6  # no process made a game for a round it did not pair
    met = [frozenset(r["players"]) for rnd in view["rounds"] for r in rnd["pairings"]]
    assert len(set(met)) == 6  # three rounds of four players: everyone met everyone once
    for server in servers:
        assert "Traceback" not in server.log()
