"""The socket lane (issue 56): the sockets every page holds open go straight to their handlers,
past the app's checks, without FastAPI's routing stack (its memory per socket: see
scripts/loadtest.py --socket-probe and docs/server.md)."""

from __future__ import annotations

import pytest
from starlette.websockets import WebSocketDisconnect

from shoal.server import create_app
from shoal.server.app import HELD_OPEN
from shoal.server.lane import SocketLane
from shoal.server.origin import FOREIGN_ORIGIN_CODE
from tests.clients import TestClient

from .accounts_helpers import signup
from .test_seams_sockets import websocket_routes

pytestmark = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)


def test_the_lane_serves_declared_routes_past_the_apps_checks(db: str) -> None:
    """Rule: each socket of the lane is a declared route of the app (its description, the
    tests that walk the routes), and the lane sits inside the origin and input checks."""
    app = create_app(db)
    declared = websocket_routes(app.routes)
    assert [path for path, _ in HELD_OPEN] == [
        "/api/games/{game_id}/ws",
        "/api/games/{game_id}/social",
        "/api/notifications/ws",
    ]
    assert all(path in declared for path, _ in HELD_OPEN)
    assert app.user_middleware[-1].cls is SocketLane  # added first: the innermost
    with TestClient(app) as client:
        assert signup(client, "alice").status_code == 201
        gid = client.post("/api/games", json={"game": "connect4", "opponent": "local"}).json()["id"]
        with client.websocket_connect(f"/api/games/{gid}/ws?deltas=1") as socket:
            assert socket.receive_json()["type"] == "view"
        with client.websocket_connect(f"/api/games/{gid}/social") as socket:
            socket.send_json({"token": None})
            assert socket.receive_json()["type"] == "offers"
        with client.websocket_connect("/api/notifications/ws") as socket:
            assert socket.receive_json()["type"] == "notification"
        for path in (f"/api/games/{gid}/ws", "/api/notifications/ws"):  # another site's page
            with (
                pytest.raises(WebSocketDisconnect) as refused,
                client.websocket_connect(path, headers={"Origin": "http://evil.example"}),
            ):
                pass
            assert refused.value.code == FOREIGN_ORIGIN_CODE
        with (  # a control character in the query: refused before the lane
            pytest.raises(WebSocketDisconnect) as refused,
            client.websocket_connect(f"/api/games/{gid}/ws?deltas=%01"),
        ):
            pass
        assert refused.value.code == 4400
        with (  # a query the route does not understand: refused in words
            pytest.raises(WebSocketDisconnect) as refused,
            client.websocket_connect(f"/api/games/{gid}/ws?deltas=maybe"),
        ):
            pass
        assert (refused.value.code, refused.value.reason) == (4400, "deltas is 1 or 0")
        with (  # an unknown game: the route's own refusal
            pytest.raises(WebSocketDisconnect) as refused,
            client.websocket_connect("/api/games/nosuchgame/ws"),
        ):
            pass
        assert refused.value.code == 4404
