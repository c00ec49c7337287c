"""An arena's start (issue 59): every player paired at once, and every game of that moment
made before any player is told of theirs (an arena of 500 starts with 250 games; with each
pair told in turn, the last game was made 5 s after the pairing). Each game is made once,
each player is in one game and told of it once, and the server's bots are played by the
computer, not told."""

from __future__ import annotations

import datetime
import time
from collections import Counter
from typing import Any

import pytest
from sqlalchemy import select

from shoal.server import create_app
from shoal.server.games.tables import GameRow
from tests.clients import TestClient

from .helpers import As, event, make

PEOPLE = tuple(f"player{i:02d}" for i in range(17))
BOT = "shoal-beginner"


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_an_arena_starts_with_every_player_in_one_game_made_once_and_told_once(db: str) -> None:
    app = create_app(db, tournament_tick=60.0)
    with TestClient(app) as shared:
        clients = {name: As(shared, name) for name in PEOPLE}
        host = clients[PEOPLE[0]]
        players = len(PEOPLE) + 1  # and one of the server's bots: an even field
        tid = make(host, game="connect4", format="arena", minutes=5, clock="5+0",
                   max_players=players, starts="when_full")  # fmt: skip
        assert host.post(f"/api/tournaments/{tid}/invite", json={"bot": BOT}).status_code == 200
        for client in clients.values():
            assert client.post(f"/api/tournaments/{tid}/join").status_code == 200
        deadline = time.monotonic() + 60
        while True:
            view = event(host, tid)
            pairings = [p for r in view["rounds"] for p in r["pairings"]]
            if len(pairings) == players // 2 and all(p["game"] for p in pairings):
                break
            assert time.monotonic() < deadline, view
            time.sleep(0.1)  # polls for the condition, with a deadline
        with app.state.context.store.engine.connect() as connection:
            made = dict(connection.execute(select(GameRow.id, GameRow.created)).all())
        while True:  # the players are told by a task of their own, once the games are made
            told = {name: _told(client) for name, client in clients.items()}
            if all(told.values()):
                break
            assert time.monotonic() < deadline, told
            time.sleep(0.1)  # polls for the condition, with a deadline
        bot_game = next(p["game"] for p in pairings if BOT in p["players"])
        against_bot = host.get(f"/api/games/{bot_game}").json()
    assert len(view["rounds"]) == 1  # one pairing moment: everybody was free at the start
    seated = Counter(name for p in pairings for name in p["players"])
    assert seated == Counter({*PEOPLE, BOT})  # each player in exactly one game
    assert len({p["game"] for p in pairings}) == len(pairings)  # a game each, made once
    last_made = max(
        when.replace(tzinfo=datetime.UTC).timestamp()
        for game_id, when in made.items()
        if game_id in {p["game"] for p in pairings}
    )
    for name in PEOPLE:
        theirs = told[name]
        mine = next(p for p in pairings if name in p["players"])
        assert [n["game"] for n in theirs] == [mine["game"]], name  # told once, of their game
        assert theirs[0]["time"] >= last_made - 0.001, name  # once every game was made (ms)
    assert against_bot["mode"] == "computer" and against_bot["level"] == "beginner"
    assert against_bot["event"] == tid and against_bot["counts"]


def _told(client: As) -> list[dict[str, Any]]:
    """The player's ``tournament`` notifications."""
    notices = client.get("/api/notifications").json()["notifications"]
    return [n for n in notices if n["kind"] == "tournament"]
