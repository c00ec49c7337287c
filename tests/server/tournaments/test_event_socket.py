"""An event's page, live: ``WS /api/tournaments/{id}/ws`` (issues 56 and 59, ``live.py``).

The page gets its reader's whole view on connecting, then each change from the view it has;
across processes it is ``tests/server/test_channels.py``'s ``tournaments`` row."""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from shoal.server import create_app
from shoal.server.tournaments.deltas import apply_delta
from shoal.server.tournaments.live import GAP
from tests.clients import TestClient

from ..conftest import sqlite_copy
from .helpers import As, event, make, resign

WAIT = 20.0


def follow(socket: Any, page: dict[str, Any], expected: dict[str, Any]) -> int:
    """Apply the socket's changes to ``page`` (``{"tag", "view"}``) until its view is
    ``expected`` (within :data:`WAIT` s); each change must start from the view the page
    has. How many came. (A ``ping`` answered ``pong`` marks the end of what was sent so
    far, so a change that never comes fails instead of blocking.)"""
    count, deadline = 0, time.monotonic() + WAIT
    while page["view"] != expected:
        assert time.monotonic() < deadline, f"the page did not become {expected}: {page}"
        socket.send_text("ping")
        while (change := socket.receive_json())["type"] != "pong":
            assert change["type"] == "change", change
            assert change["base"] == page["tag"], (change, page["tag"])
            page["view"], page["tag"] = apply_delta(page["view"], change), change["tag"]
            count += 1
        time.sleep(0.05)
    return count


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_the_event_socket_keeps_each_page_as_its_reader_reads_the_event(db: str) -> None:
    """Rule: the socket sends the reader's whole view, then each change from the view the
    page has, the reader's own keys in it: applied in order, a signed-out page and the
    creator's page read what ``GET /api/tournaments/{id}`` answers each of them, through
    the entries, the start, every round paired at once, and a result. An unknown event:
    ``gone`` and close 4404."""
    app = create_app(db, tournament_tick=0.2)
    with TestClient(app) as shared:
        a, b, c, d = (As(shared, name) for name in ("alice", "bobby", "carol", "dave"))
        tid = make(a, game="connect4", format="round_robin", clock="1d", max_players=4)
        url = f"/api/tournaments/{tid}/ws"
        shared.cookies.clear()
        with shared.websocket_connect(url) as anonymous:
            a.get("/api/auth/me")  # alice's cookie on the shared client: her page
            with shared.websocket_connect(url) as creators:
                shared.cookies.clear()
                pages = {}
                for socket, reader in ((anonymous, None), (creators, a)):
                    first = socket.receive_json()
                    assert first["type"] == "view" and first["view"]["players"] == []
                    read = event(reader or shared, tid)
                    assert first["view"] == read, reader
                    pages[socket] = {"tag": first["tag"], "view": first["view"]}
                assert pages[creators]["view"]["creator"] is True
                assert pages[anonymous]["view"]["creator"] is False
                assert pages[anonymous]["tag"] == pages[creators]["tag"]  # one shared view
                for player in (b, c, d, a):
                    assert player.post(f"/api/tournaments/{tid}/join").status_code == 200
                game = event(b, tid)["your_game"]
                assert game is not None and resign(b, game)
                deadline = time.monotonic() + 30
                while not any(p["result"] for r in event(a, tid)["rounds"] for p in r["pairings"]):
                    assert time.monotonic() < deadline, "the resignation was not scored"
                    time.sleep(0.05)
                shared.cookies.clear()
                follow(anonymous, pages[anonymous], event(shared, tid))
                mine = pages[creators]
                follow(creators, mine, event(a, tid))
                assert mine["view"]["joined"] is True and mine["view"]["creator"] is True
                assert mine["view"]["status"] == "running" and len(mine["view"]["rounds"]) == 3
                assert set(mine["view"]["your_games"]) == set(event(a, tid)["your_games"])
        with shared.websocket_connect(f"/api/tournaments/{tid + 99}/ws") as unknown:
            assert unknown.receive_json() == {"type": "gone"}
            with pytest.raises(WebSocketDisconnect) as closed:
                unknown.receive_json()
            assert closed.value.code == 4404


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_changes_close_together_are_sent_once(db: str) -> None:
    """Rule: events of one event published together are read once (``live.GAP``): three
    entries announced at once are one read of the database and reach the page as one
    change holding all three, and the next change starts from it."""
    app = create_app(db, tournament_tick=60.0)
    with TestClient(app) as shared:
        a = As(shared, "alice")
        tid = make(a, game="connect4", format="swiss", rounds=3, clock="1d", max_players=8)
        tournaments = app.state.context.tournaments
        shared.cookies.clear()
        hub = tournaments.hub
        reads: list[int] = []
        read = hub._read

        async def counted(event_id: int, room: Any) -> Any:
            reads.append(event_id)
            return await read(event_id, room)

        hub._read = counted
        with shared.websocket_connect(f"/api/tournaments/{tid}/ws") as page:
            first = page.receive_json()
            assert reads == [tid]  # the page's first view
            for number, name in enumerate(("bobby", "carol", "dave"), start=100):
                tournaments.store.join(tid, number, name, 1500.0, time.time())

            def announce_three() -> None:
                for _ in range(3):
                    tournaments.changed(tid)

            shared.portal.call(announce_three)  # in the app's loop, at once
            change = page.receive_json()
            assert change["base"] == first["tag"]
            joined = apply_delta(first["view"], change)
            assert [p["name"] for p in joined["players"]] == ["bobby", "carol", "dave"]
            time.sleep(3 * GAP)
            assert reads == [tid, tid]
            tournaments.store.join(tid, 104, "erin", 1500.0, time.time())
            shared.portal.call(tournaments.changed, tid)
            last = page.receive_json()
            assert last["base"] == change["tag"]
            assert [p["name"] for p in last["players"]] == ["erin"]


def test_a_read_that_meets_the_database_gone_logs_a_line_and_the_next_change_arrives(
    migrated_sqlite: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Rule: a change read while the database is gone logs one line (no traceback) and
    sends nothing; once the database is back the next change reaches the page, from the
    view it has."""
    home = tmp_path / "db"
    home.mkdir()
    app = create_app(sqlite_copy(migrated_sqlite, home / "shoal.sqlite3"), tournament_tick=60.0)
    with TestClient(app) as shared:
        a = As(shared, "alice")
        tid = make(a, game="connect4", format="swiss", rounds=3, clock="1d", max_players=8)
        tournaments = app.state.context.tournaments
        shared.cookies.clear()
        with shared.websocket_connect(f"/api/tournaments/{tid}/ws") as page:
            first = page.receive_json()
            home.rename(tmp_path / "gone")  # first: no connection opens on it from now
            app.state.context.store.engine.dispose()  # the connections open are closed
            with caplog.at_level(logging.WARNING, logger="shoal.server.tournaments"):
                shared.portal.call(tournaments.changed, tid)
                time.sleep(4 * GAP)
            said = [r for r in caplog.records if r.name == "shoal.server.tournaments"]
            assert [r.getMessage().split(":")[0] for r in said] == [f"event {tid}"]
            assert "wait for the database" in said[0].getMessage() and not said[0].exc_info
            (tmp_path / "gone").rename(home)
            tournaments.store.join(tid, 100, "bobby", 1500.0, time.time())
            shared.portal.call(tournaments.changed, tid)
            seen = {"tag": first["tag"], "view": first["view"]}
            shared.cookies.clear()
            assert follow(page, seen, event(shared, tid)) == 1  # from the view it had
            assert [p["name"] for p in seen["view"]["players"]] == ["bobby"]
