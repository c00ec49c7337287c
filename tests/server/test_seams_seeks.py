"""Issue 38, item 7: seeks go away by themselves, and guests cannot flood the lobby.

Before: seeks made without a socket stayed open (68 after 15 minutes and several restarts),
and a guest with a fresh ``X-Shoal-Guest`` key per request opened 30 a minute.
"""

from __future__ import annotations

import datetime

from shoal.server import create_app
from shoal.server.lobby.service import GUEST_SEEKS_PER_ADDRESS
from shoal.server.lobby.store import LIVE_SEEK_LIFETIME, SEEK_LIFETIME, utcnow
from tests.clients import TestClient

from .accounts_helpers import error


def seek(client: TestClient, key: str, time_control: str | None = "5+3") -> int:
    made = client.post(
        "/api/seeks",
        json={"game": "syrtis", "time_control": time_control},
        headers={"X-Shoal-Guest": key},
    )
    assert made.status_code == 201, made.text
    return int(made.json()["id"])


def test_seeks_expire_after_their_lifetime(db: str) -> None:
    """Rule: a live seek is withdrawn 10 minutes after it was made, any other after 7 days,
    whether or not its creator ever opened a socket."""
    app = create_app(db)
    with TestClient(app) as client:
        store = app.state.context.lobby.store
        live = seek(client, "guest-key-live-000000")
        slow = seek(client, "guest-key-slow-000000", "2d")
        start = utcnow()
        store.now = lambda: start + LIVE_SEEK_LIFETIME - datetime.timedelta(seconds=1)
        assert [s["id"] for s in client.get("/api/seeks").json()] == [live, slow]
        store.now = lambda: start + LIVE_SEEK_LIFETIME + datetime.timedelta(seconds=1)
        assert [s["id"] for s in client.get("/api/seeks").json()] == [slow]
        taken = client.post(
            f"/api/seeks/{live}/accept", json={}, headers={"X-Shoal-Guest": "guest-key-b-0000000"}
        )
        error(taken, 409, "this seek is gone")
        store.now = lambda: start + SEEK_LIFETIME + datetime.timedelta(seconds=1)
        assert client.get("/api/seeks").json() == []


def test_a_guest_with_a_fresh_key_per_request_is_capped_per_address(db: str) -> None:
    """Rule: the guests of one address have at most GUEST_SEEKS_PER_ADDRESS open seeks; a
    seek taken or withdrawn frees a place; another address is not affected."""
    app = create_app(db, games_per_client=0)
    with (
        TestClient(app, client=("192.0.2.1", 1)) as flood,
        TestClient(app, client=("192.0.2.2", 1)) as other,
    ):
        ids = [seek(flood, f"fresh-guest-key-{n:06d}") for n in range(GUEST_SEEKS_PER_ADDRESS)]
        refused = flood.post(
            "/api/seeks",
            json={"game": "syrtis", "time_control": "5+3"},
            headers={"X-Shoal-Guest": "fresh-guest-key-999999"},
        )
        error(refused, 429, "guests at your address")
        assert len(flood.get("/api/seeks").json()) == GUEST_SEEKS_PER_ADDRESS
        seek(other, "other-guest-key-000000")
        gone = flood.delete(
            f"/api/seeks/{ids[0]}", headers={"X-Shoal-Guest": "fresh-guest-key-000000"}
        )
        assert gone.status_code == 200, gone.text
        seek(flood, "fresh-guest-key-888888")
