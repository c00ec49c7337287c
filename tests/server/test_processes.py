"""Several server processes on one database: no move accepted twice, none refused wrongly."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from shoal.server import create_app
from shoal.server.games import background
from tests.clients import TestClient

from ._live import auth


def test_a_process_that_missed_a_move_catches_up(db: str) -> None:
    """A client who saw version 2 through process A may play it through process B."""
    with TestClient(create_app(db)) as a, TestClient(create_app(db)) as b:
        made = a.post("/api/games", json={"game": "connect4", "opponent": "local"}).json()
        gid, token = made["id"], made["token"]
        assert b.get(f"/api/games/{gid}").json()["version"] == 1  # B has it loaded
        moved = a.post(
            f"/api/games/{gid}/actions", json={"version": 1, "action": 0}, headers=auth(token)
        )
        assert moved.json()["version"] == 2
        response = b.post(
            f"/api/games/{gid}/actions", json={"version": 2, "action": 1}, headers=auth(token)
        )
        assert response.status_code == 200, response.text
        assert [t["text"] for t in response.json()["turns"]] == ["a", "b"]
        response = a.post(f"/api/games/{gid}/undo", json={"version": 3}, headers=auth(token))
        assert response.status_code == 200, response.text
        assert response.json()["ply"] == 1
        # A stale version is still refused, by either process.
        for client in (a, b):
            response = client.post(
                f"/api/games/{gid}/actions", json={"version": 2, "action": 3}, headers=auth(token)
            )
            assert response.status_code == 409, response.text


def test_the_schema_fits_postgresql() -> None:
    """Seeds reach 2**63 - 1: a BIGINT column (PostgreSQL's INTEGER stops at 2**31 - 1)."""
    from sqlalchemy.dialects import postgresql
    from sqlalchemy.schema import CreateTable

    from shoal.server.games.tables import GameRow

    ddl = str(CreateTable(GameRow.__table__).compile(dialect=postgresql.dialect()))  # type: ignore[arg-type]
    assert "seed BIGINT" in ddl and "version INTEGER NOT NULL" in ddl


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_seat_claimed_through_another_process_is_yours_at_once(db: str) -> None:
    """Issue 56, item 7: right after a PostgreSQL restart an invited friend was shown "You are
    watching" while the API said they held the seat. The claim went through one process; the
    page read the game (and opened its sockets) through another whose listener had not heard
    of it (the notice was lost while it reconnected), and its stale game knew no such
    token. Here B never hears of A's changes (two apps on one SQLite file have no relay):
    B must still answer the new token's seat, on GET and on the social socket."""
    with TestClient(create_app(db)) as a, TestClient(create_app(db)) as b:
        made = a.post("/api/games", json={"game": "connect4", "opponent": "friend"}).json()
        gid = made["id"]
        assert b.get(f"/api/games/{gid}").json()["version"] == 1  # B has it loaded
        claimed = a.post(f"/api/games/{gid}/claim", json={}, headers=auth(made["invite_token"]))
        assert claimed.status_code == 200, claimed.text
        token = claimed.json()["token"]
        view = b.get(f"/api/games/{gid}", headers=auth(token)).json()
        assert (view["you"], view["version"]) == ([1], 2)  # not "You are watching"
        assert b.get(f"/api/games/{gid}", headers=auth("not-a-token")).json()["you"] == []
        made = a.post("/api/games", json={"game": "connect4", "opponent": "friend"}).json()
        gid = made["id"]
        with b.websocket_connect(f"/api/games/{gid}/social") as socket:
            socket.close()  # B has this one loaded too
        claimed = a.post(f"/api/games/{gid}/claim", json={}, headers=auth(made["invite_token"]))
        with b.websocket_connect(f"/api/games/{gid}/social") as socket:
            socket.send_json({"token": claimed.json()["token"]})
            hello = socket.receive_json()
            assert (hello["type"], hello["you"]) == ("offers", [1])


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_computer_reply_orphaned_by_a_dead_process_is_played_by_another(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A process stored a player's move against the computer and died in the computer's
    search (a worker killed): another process that has the game loaded, and heard of the
    move, plays the reply once it is overdue; the player is not left waiting for ever."""
    monkeypatch.setattr(background, "TAKE_OVER_AFTER", 0.2)
    monkeypatch.setattr(background, "TAKE_OVER_CAPS", 0.0)
    real_turn, calls, release = background._computer_turn, [], threading.Event()

    def turn(*args: Any) -> Any:
        calls.append(args)
        if len(calls) == 1:  # A's search: it never comes back before A is gone
            release.wait(10)
        return real_turn(*args)

    monkeypatch.setattr(background, "_computer_turn", turn)
    with TestClient(create_app(db)) as b:
        with TestClient(create_app(db)) as a:
            body = {"game": "connect4", "opponent": "computer", "seat": 0, "level": "beginner"}
            made = a.post("/api/games", json=body).json()
            gid, token = made["id"], made["token"]
            assert b.get(f"/api/games/{gid}").json()["version"] == 1  # B has it loaded
            moved = a.post(
                f"/api/games/{gid}/actions", json={"version": 1, "action": 3}, headers=auth(token)
            )
            assert moved.json()["version"] == 2
            while not calls:  # A is in its search
                time.sleep(0.01)
            threading.Timer(0.5, release.set).start()  # A's thread ends after A stopped
        # B hears of version 2 (as its relay does): the process that stored it plays on
        assert b.portal is not None
        assert b.portal.call(b.app.state.context.manager.refresh) == 1  # type: ignore[attr-defined]
        deadline = time.monotonic() + 20
        view = b.get(f"/api/games/{gid}").json()
        while view["version"] == 2:
            assert time.monotonic() < deadline, "nobody played the computer's reply"
            time.sleep(0.05)
            view = b.get(f"/api/games/{gid}").json()
        assert view["version"] == 3 and view["to_move"] == 0, view
        assert len(calls) == 2  # one search in B, after A's
