"""Fair by default (issue 59): in a game that counts (rated, an event's, or between two
accounts) nobody gets the engine's help or a takeback, whoever the opponent is; an event's
game cannot be aborted and has no rematch. A casual game against the computer keeps both."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from shoal.server import create_app
from shoal.server.db.migrate import head, upgrade
from shoal.server.games.models import GameData
from tests.clients import TestClient

from .accounts_helpers import error, signup
from .tournaments.helpers import As, event, make

COUNTS = "in a game that counts (rated, an event's, or between two accounts)"


def _data(**more: Any) -> GameData:
    base: dict[str, Any] = {
        "id": "g",
        "game": "connect4",
        "options": {},
        "seed": 1,
        "start": None,
        "mode": "friend",
        "level": None,
        "computer_seat": None,
        "players": ["a", "b"],
        "token_hashes": [None, None],
        "actions": [],
        "clock": None,
        "ended": None,
        "version": 1,
    }
    return GameData(**{**base, **more})


@pytest.mark.parametrize(
    ("fields", "counts"),
    [
        ({}, False),  # two guests by an invite link
        ({"accounts": [1, None]}, False),  # an account against a guest
        ({"accounts": [1, None], "mode": "computer", "computer_seat": 1}, False),  # /new
        ({"accounts": [1, 1], "mode": "local"}, False),  # one account at one screen
        ({"accounts": [1, 2]}, True),  # between two accounts
        ({"accounts": [1, 2], "mode": "computer", "computer_seat": 1}, True),  # a server bot's
        ({"rated": True, "accounts": [1, 2]}, True),
        ({"event": 4, "accounts": [None, None]}, True),  # an event's, whoever holds it
    ],
)
def test_which_games_count(fields: dict[str, Any], counts: bool) -> None:
    """A game counts when it is rated, an event's, or held by two different accounts."""
    assert _data(**fields).counts() is counts


def _turn(client: Any, gid: str, seat: int) -> dict[str, Any]:
    deadline = time.monotonic() + 30
    while True:
        view: dict[str, Any] = client.get(f"/api/games/{gid}").json()
        if view["to_move"] == seat or view["result"]:
            return view
        assert time.monotonic() < deadline, view
        time.sleep(0.05)  # polls for the computer's turn, with the deadline above


def _play_first_legal(client: Any, gid: str, view: dict[str, Any]) -> dict[str, Any]:
    body = {"version": view["version"], "action": view["legal"][0]["action"]}
    played = client.post(f"/api/games/{gid}/actions", json=body)
    assert played.status_code == 200, played.text
    return _turn(client, gid, view["to_move"])


def _no_help(client: Any, gid: str, view: dict[str, Any]) -> None:
    """Hint, undo and a takeback are refused in words; the game is unchanged."""
    assert view["counts"] is True
    assert view["allowed"]["hint"] is False and view["allowed"]["undo"] is False
    version = {"version": view["version"]}
    error(client.post(f"/api/games/{gid}/hint", json=version), 403, "no hints " + COUNTS)
    error(client.post(f"/api/games/{gid}/undo", json=version), 403, "no undo " + COUNTS)
    assert client.get(f"/api/games/{gid}").json()["version"] == view["version"]


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # the rule is the data's
def test_a_casual_challenge_to_a_server_bot_counts(client: TestClient) -> None:
    """A casual game against one of the server's bots, agreed by a challenge, is a game
    between two accounts: no hint, no undo, even after a move of each side."""
    assert signup(client, "carol").status_code == 201
    made = client.post(
        "/api/challenges",
        json={"username": "shoal-random", "game": "connect4", "colour": "first"},
    )
    assert made.status_code == 201, made.text
    gid = made.json()["game"]
    view = _turn(client, gid, 0)
    assert (view["mode"], view["event"]) == ("computer", None)
    _no_help(client, gid, view)
    view = _play_first_legal(client, gid, view)  # the bot answers: a turn to take back
    assert len(view["turns"]) == 2
    _no_help(client, gid, view)


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # the rule is the data's
def test_a_casual_game_against_the_computer_keeps_hint_and_undo(client: TestClient) -> None:
    """The computer of /new, for a signed-in player, is no account: hint and undo stay."""
    assert signup(client, "carol").status_code == 201
    made = client.post("/api/games", json={"game": "connect4", "opponent": "computer", "seat": 0})
    assert made.status_code == 201, made.text
    gid = made.json()["id"]
    view = _turn(client, gid, 0)
    assert view["counts"] is False and view["allowed"]["hint"] is True
    hinted = client.post(f"/api/games/{gid}/hint", json={"version": view["version"]})
    assert hinted.status_code == 200, hinted.text
    view = _play_first_legal(client, gid, view)
    assert view["allowed"]["undo"] is True
    undone = client.post(f"/api/games/{gid}/undo", json={"version": view["version"]})
    assert undone.status_code == 200, undone.text
    assert client.get(f"/api/games/{gid}").json()["turns"] == []


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # the rule is the data's
def test_no_takeback_between_two_accounts(db: str) -> None:
    """A casual challenge between two people: no takeback is offered nor accepted."""
    app = create_app(db)
    with TestClient(app) as a, TestClient(app) as b:
        assert signup(a, "alice").status_code == 201
        assert signup(b, "bobby").status_code == 201
        body = {"username": "bobby", "game": "connect4", "colour": "first"}
        cid = a.post("/api/challenges", json=body).json()["id"]
        gid = b.post(f"/api/challenges/{cid}/accept").json()["game"]
        view = a.get(f"/api/games/{gid}").json()
        played = a.post(
            f"/api/games/{gid}/actions",
            json={"version": view["version"], "action": view["legal"][0]["action"]},
        )
        assert played.status_code == 200, played.text
        version = played.json()["version"]
        offers = a.get(f"/api/games/{gid}/offers").json()
        assert offers["allowed"]["takeback"] is False and offers["allowed"]["draw"] is True
        asked = a.post(f"/api/games/{gid}/takeback", json={"version": version, "action": "request"})
        error(asked, 403, "no takebacks " + COUNTS)
        assert a.get(f"/api/games/{gid}/offers").json()["takeback"] is None
        assert a.get(f"/api/games/{gid}").json()["counts"] is True


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_an_event_game_against_a_bot_counts_names_its_event_and_cannot_be_aborted(
    db: str,
) -> None:
    """An event's game against one of the server's bots: no hint, no undo, no abort (a
    no-show loses instead), its view names the event; once over, no rematch."""
    app = create_app(db, tournament_tick=0.2)
    with TestClient(app) as shared:
        alice = As(shared, "alice")
        tid = make(alice, game="connect4", format="round_robin", clock="1d", max_players=2)
        invited = alice.post(f"/api/tournaments/{tid}/invite", json={"bot": "shoal-random"})
        assert invited.status_code == 200, invited.text
        assert alice.post(f"/api/tournaments/{tid}/join").status_code == 200
        deadline = time.monotonic() + 30
        while not (mine := event(alice, tid))["your_games"]:
            assert time.monotonic() < deadline, mine
            time.sleep(0.05)  # polls for the pairing, with the deadline above
        gid = mine["your_games"][0]
        seat = alice.get(f"/api/games/{gid}").json()["you"][0]
        view = _turn(alice, gid, seat)
        assert (view["event"], view["mode"]) == (tid, "computer")
        _no_help(alice, gid, view)
        offers = alice.get(f"/api/games/{gid}/offers").json()
        assert offers["allowed"]["abort"] is False and offers["allowed"]["takeback"] is False
        aborted = alice.post(f"/api/games/{gid}/abort", json={"version": view["version"]})
        error(aborted, 409, "an event's game cannot be aborted")
        assert alice.get(f"/api/games/{gid}").json()["result"] is None
        # no analysis board of the game in progress (issue 59); once it ended, yes
        error(alice.get(f"/api/games/{gid}/analysis"), 409, "once it has ended")
        resigned = alice.post(f"/api/games/{gid}/resign", json={"version": view["version"]})
        assert resigned.status_code == 200, resigned.text
        error(alice.post(f"/api/games/{gid}/rematch"), 400, "a rematch is for online games")
        assert alice.get(f"/api/games/{gid}/analysis").status_code == 200


def test_the_migration_gives_the_games_of_existing_pairings_their_event(tmp_path: Path) -> None:
    """Upgrading from w61_moderation: a pairing's game gets its tournament, others none
    (a plain SQLite connection: no foreign keys are checked, so no event row is needed)."""
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    upgrade(engine, "w61_moderation")
    now = "2026-11-29 10:00:00"
    game = (
        "INSERT INTO shoal_games (id, game, options, mode, players, token_hashes, actions,"
        " version, created, updated) VALUES (:id, 'connect4', '{}', 'friend', '[]', '[]', '[]',"
        " 1, :now, :now)"
    )
    with engine.begin() as connection:
        for gid in ("paired", "other"):
            connection.execute(sa.text(game), {"id": gid, "now": now})
        connection.execute(
            sa.text(
                "INSERT INTO shoal_tournament_games (tournament_id, round, board, first, second,"
                " game_id, forfeit) VALUES (7, 1, 1, 'a', 'b', 'paired', 0)"
            )
        )
    assert upgrade(engine, "head")[1] == head()
    with engine.connect() as connection:
        rows = dict(connection.execute(sa.text("SELECT id, event FROM shoal_games")).all())
    assert rows == {"paired": 7, "other": None}
