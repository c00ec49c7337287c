"""Issue 38, items 1 and 9: WebSockets refuse another site's pages; no secret in a URL.

Item 1: the lobby socket handed a seat token (``{"type": "start", ..., "token"}``) to a
socket opened with the cookie from ``Origin: http://evil.example``. Every WebSocket route
of the app is tried here with a foreign Origin, so a new one cannot forget the check.
Item 9: the lobby socket took the guest key as ``?guest=KEY`` (kept by every access log);
a guest now says who they are in a message.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.routing import APIWebSocketRoute
from starlette.websockets import WebSocketDisconnect

from shoal.server import create_app
from shoal.server.origin import FOREIGN_ORIGIN_CODE, foreign_origin
from tests.clients import TestClient

from .accounts_helpers import signup

EVIL = {"Origin": "http://evil.example"}
OWN = {"Origin": "http://testserver"}
GUEST_KEY = "guest-key-of-a-000000"


def websocket_routes(routes: list[Any]) -> list[str]:
    """The paths of every WebSocket route in ``routes``, included routers walked through."""
    found = []
    for route in routes:
        if isinstance(route, APIWebSocketRoute):
            found.append(route.path)
        inner = getattr(route, "original_router", None)  # FastAPI's included router
        if inner is not None:
            found += websocket_routes(inner.routes)
    return found


def socket_paths(
    app: Any, game_id: str, study_id: str = "none", tournament_id: str = "0"
) -> list[str]:
    """Every WebSocket route of ``app``, its path parameters filled in."""
    return [
        path.replace("{game_id}", game_id)
        .replace("{study_id}", study_id)
        .replace("{tournament_id}", tournament_id)
        for path in websocket_routes(app.routes)
    ]


def test_every_websocket_route_refuses_a_page_of_another_site(db: str) -> None:
    """Rule: a WebSocket opened from a page of another site is refused, whatever the route
    (the app's routes are listed, so a new socket cannot forget)."""
    app = create_app(db)
    with TestClient(app) as client:
        assert signup(client, "alice").status_code == 201
        made = client.post("/api/games", json={"game": "connect4", "opponent": "friend"})
        study = client.post("/api/studies", json={"title": "t", "chapters": [{"game": "connect4"}]})
        event = client.post(
            "/api/tournaments",
            json={"game": "connect4", "format": "round_robin", "clock": "1d", "max_players": 4},
        )
        ids = made.json()["id"], study.json()["id"], str(event.json()["id"])
        paths = socket_paths(app, *ids)
        assert len(paths) >= 7, paths  # lobby, notifications, game, social, analysis, study, event
        assert all("{" not in path for path in paths), paths
        for path in paths:
            with (
                pytest.raises(WebSocketDisconnect) as refused,
                client.websocket_connect(path, headers=EVIL),
            ):
                pass
            assert refused.value.code == FOREIGN_ORIGIN_CODE, path
            assert refused.value.reason == "a page of another site", path  # in words
            # the site's own pages still open it (notifications need the cookie, sent here)
            with client.websocket_connect(path, headers=OWN) as socket:
                socket.send_text("ping")


def test_the_lobby_socket_hands_no_seat_token_to_another_site(db: str) -> None:
    """Item 1: alice's seek is taken; a socket opened with her cookie from another site's page
    was refused before it could hear the ``start`` message with her seat token."""
    app = create_app(db)
    with TestClient(app) as alice, TestClient(app) as bob:
        signup(alice, "alice")
        signup(bob, "bobby")
        body = {"game": "syrtis", "colour": "first", "time_control": "5+3"}
        sid = alice.post("/api/seeks", json=body).json()["id"]
        with (
            pytest.raises(WebSocketDisconnect),
            alice.websocket_connect("/api/lobby/ws", headers=EVIL) as socket,
        ):
            socket.receive_json()
        with alice.websocket_connect("/api/lobby/ws", headers=OWN) as socket:
            socket.receive_json()
            bob.post(f"/api/seeks/{sid}/accept", json={})
            start = socket.receive_json()
            while start["type"] == "seeks":  # PostgreSQL: the seek's own list may echo late
                start = socket.receive_json()
            assert start["type"] == "start" and start["token"]


def test_a_guest_key_in_the_lobby_socket_url_is_not_honoured(client: TestClient) -> None:
    """Item 9: ``?guest=KEY`` no longer names the guest (a secret in a URL reaches the logs);
    ``{"guest": KEY}`` sent as a message does."""
    headers = {"X-Shoal-Guest": GUEST_KEY}
    body = {"game": "syrtis", "colour": "first", "time_control": "5+3"}
    sid = client.post("/api/seeks", json=body, headers=headers).json()["id"]
    with client.websocket_connect(f"/api/lobby/ws?guest={GUEST_KEY}") as socket:
        assert [s["mine"] for s in socket.receive_json()["seeks"]] == [False]
        socket.send_json({"guest": GUEST_KEY})
        assert [(s["id"], s["mine"]) for s in socket.receive_json()["seeks"]] == [(sid, True)]


def test_the_origin_must_name_the_same_scheme_host_and_port() -> None:
    """Rule: a browser's socket is of this site when its Origin is the socket's own scheme
    (``wss`` goes with ``https``), host and port; letter case and a final ``/`` do not
    matter; a program that sends no Origin passes."""

    def scope(scheme: str, host: str, origin: str | None) -> dict[str, Any]:
        headers = [(b"host", host.encode())]
        if origin is not None:
            headers.append((b"origin", origin.encode()))
        return {"type": "websocket", "scheme": scheme, "headers": headers}

    assert not foreign_origin(scope("wss", "play.shoal.test", "https://play.shoal.test"))
    assert foreign_origin(scope("wss", "play.shoal.test", "http://play.shoal.test"))
    assert not foreign_origin(scope("ws", "play.shoal.test", "http://play.shoal.test"))
    assert foreign_origin(scope("ws", "play.shoal.test", "https://play.shoal.test"))
    assert not foreign_origin(scope("ws", "Play.Shoal.test:8000", "http://play.shoal.test:8000/"))
    assert foreign_origin(scope("ws", "play.shoal.test:8000", "http://play.shoal.test:8001"))
    assert foreign_origin(scope("ws", "play.shoal.test", "http://evil.test"))
    assert not foreign_origin(scope("ws", "play.shoal.test", None))
