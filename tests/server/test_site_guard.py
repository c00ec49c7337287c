"""The site's guard (issue 57): banned address ranges at the door, and the open sockets of
sessions that end.

A change or a socket from a banned range is refused with 403 in words before any route
runs; reading goes on; a guests-only ban lets signed-in accounts through; a ban that ended
counts for nothing. Signing out everywhere, or a new password, closes the other devices'
open pages (a new password spares this browser's)."""

from __future__ import annotations

import datetime
import time

import pytest
from starlette.websockets import WebSocketDisconnect

from shoal.server import create_app
from shoal.server.admin.actions import ban_address
from shoal.server.admin.bans import BanList, BanStore
from shoal.server.admin.live import RELAYED_TICK
from shoal.server.admin.notes import TICK
from tests.clients import TestClient

from .accounts_helpers import PASSWORD, signup

GAME = {"game": "connect4", "opponent": "local"}


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_banned_range_may_read_but_not_change_and_guests_only_spares_accounts(db: str) -> None:
    app = create_app(db)
    engine = app.state.context.store.engine
    ban_address(engine, "10.9.0.0/16", reason="spam")
    ban_address(engine, "192.0.2.0/24", guests_only=True)
    with TestClient(app) as home:
        banned = TestClient(app, client=("10.9.4.5", 4000))
        refused = banned.post("/api/games", json=GAME)
        assert refused.status_code == 403
        assert refused.json() == {
            "detail": "your address is banned from changing anything on this site"
        }
        assert (
            banned.post("/api/auth/login", json={"username": "a", "password": "b"}).status_code
            == 403
        )
        assert banned.get("/api/catalog").status_code == 200  # reading goes on
        made = home.post("/api/games", json=GAME).json()
        assert banned.get(f"/api/games/{made['id']}").status_code == 200
        with (
            pytest.raises(WebSocketDisconnect) as closed,
            banned.websocket_connect(f"/api/games/{made['id']}/ws"),
        ):
            pass
        assert closed.value.code == 4403
        guest = TestClient(app, client=("192.0.2.9", 4000))
        words = guest.post("/api/games", json=GAME).json()["detail"]
        assert words.startswith("guests at your address are banned from changing anything")
        assert words.endswith("on this site: sign in to play")
        assert signup(home, "alice").status_code == 201
        guest.cookies = home.cookies  # alice, signed in at the guests-only range
        assert guest.post("/api/games", json=GAME).status_code == 201
        guest.cookies.set("shoal_session", "forged")  # a session that is none is a guest's
        assert guest.post("/api/games", json=GAME).status_code == 403
        assert (
            TestClient(app, client=("10.10.0.1", 1)).post("/api/games", json=GAME).status_code
            == 201
        )


def test_a_ban_ends_and_the_lookup_covers_ipv6_and_mapped_addresses() -> None:
    now = datetime.datetime(2030, 1, 1)
    store_bans = BanList()
    from shoal.server.admin.bans import Ban

    store_bans.load(
        [
            Ban(1, "2001:db8::/32", False, "", "operator", None, None),
            Ban(2, "198.51.100.0/24", False, "", "operator", None, now),
            Ban(3, "203.0.113.5/32", True, "", "operator", None, None),
            Ban(4, "203.0.113.0/24", False, "", "operator", None, None),
        ]
    )
    assert store_bans.match("2001:db8:1::7", now) is not None
    assert store_bans.match("::ffff:203.0.113.5", now).id == 4  # type: ignore[union-attr]
    assert store_bans.match("198.51.100.1", now) is None  # it ended
    assert store_bans.match("198.51.100.1", now - datetime.timedelta(seconds=1)) is not None
    assert store_bans.match("testclient", now) is None


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_ban_made_while_the_app_runs_closes_its_sockets_and_holds_at_once(db: str) -> None:
    app = create_app(db)
    context = app.state.context
    with TestClient(app) as home:
        made = home.post("/api/games", json=GAME).json()
        visitor = TestClient(app, client=("10.20.0.3", 4000))
        with visitor.websocket_connect(f"/api/games/{made['id']}/ws") as socket:
            assert socket.receive_json()["type"] == "view"
            assert len(context.admin.sockets) == 1
            ban_address(context.store.engine, "10.20.0.0/16")
            home.portal.call(context.admin.read)  # what the tick (or a poke) does
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
            assert closed.value.code == 4410
        assert visitor.post("/api/games", json=GAME).status_code == 403
        assert [b.network for b in BanStore(context.store.engine).active()] == ["10.20.0.0/16"]


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_ended_sessions_close_the_other_devices_pages(db: str) -> None:
    app = create_app(db)
    with TestClient(app) as laptop, TestClient(app) as phone:
        assert signup(laptop, "alice").status_code == 201
        assert (
            phone.post(
                "/api/auth/login", json={"username": "alice", "password": PASSWORD}
            ).status_code
            == 200
        )
        with (
            laptop.websocket_connect("/api/lobby/ws") as mine,
            phone.websocket_connect("/api/lobby/ws") as other,
        ):
            assert (
                mine.receive_json()["type"] == "seeks" and other.receive_json()["type"] == "seeks"
            )
            changed = laptop.post(
                "/api/auth/password", json={"old": PASSWORD, "new": "a newer secret"}
            )
            assert changed.status_code == 200, changed.text
            with pytest.raises(WebSocketDisconnect) as closed:
                other.receive_json()
            assert closed.value.code == 4410  # the phone's page: its session ended
            laptop.post("/api/seeks", json={"game": "connect4", "time_control": "3d"})
            assert mine.receive_json()["type"] == "seeks"  # this browser's page goes on
            assert laptop.post("/api/auth/logout-everywhere").json()["signed_out"]
            with pytest.raises(WebSocketDisconnect) as closed:
                mine.receive_json()
            assert closed.value.code == 4410


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_where_a_relay_announces_the_notes_the_tick_waits_and_a_cut_off_reads_them_at_once(
    db: str,
) -> None:
    """Issue 56: a process whose events cross (a relay forwards them) hears each note when
    it is written, so it reads the notes on its tick only every RELAYED_TICK seconds; a relay
    that was cut off (``Events.missed``) makes it read them at once, as a note announced."""
    app = create_app(db)
    context = app.state.context
    admin = context.admin
    assert admin.wait() == TICK  # one process on SQLite: the tick is how it learns
    context.events.forward = lambda channel, text: None  # as the relay does once it listens
    assert admin.wait() == RELAYED_TICK > TICK
    context.events.forward = None
    admin.tick = 3600.0  # no tick in this test: only the cut-off can make it read
    with TestClient(app) as home:
        made = home.post("/api/games", json=GAME).json()
        visitor = TestClient(app, client=("10.30.0.3", 4000))
        with visitor.websocket_connect(f"/api/games/{made['id']}/ws") as socket:
            assert socket.receive_json()["type"] == "view"
            ban_address(context.store.engine, "10.30.0.0/16")  # a note nobody announced
            time.sleep(0.5)
            assert admin.bans.match("10.30.0.3") is None  # not read yet
            home.portal.call(context.events.missed)  # the relay listens again after a cut
            deadline = time.monotonic() + 10
            while admin.bans.match("10.30.0.3") is None:
                assert time.monotonic() < deadline, "the cut-off did not make it read the notes"
                time.sleep(0.05)  # polls for the condition, with a deadline
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
            assert closed.value.code == 4410
