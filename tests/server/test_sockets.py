"""The one socket hub (issue 37): every live page's socket answers ``ping`` alike, and a
socket that fails on sending is dropped with a log line, the others still served."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from tests.clients import TestClient

from .accounts_helpers import signup


def test_every_live_socket_answers_ping_with_pong(client: TestClient) -> None:
    assert signup(client, "alice").status_code == 201
    made = client.post("/api/games", json={"game": "connect4", "opponent": "friend"}).json()
    gid = made["id"]
    with client.websocket_connect(f"/api/games/{gid}/ws") as game:
        assert game.receive_json()["type"] == "view"
        game.send_text("ping")
        assert game.receive_json() == {"type": "pong"}
    with client.websocket_connect(f"/api/games/{gid}/social") as social:
        social.send_json({"token": made["token"]})
        for _ in range(3):  # the offers, then the history of both rooms
            social.receive_json()
        social.send_text("ping")
        assert social.receive_json() == {"type": "pong"}
    with client.websocket_connect("/api/lobby/ws") as lobby:
        assert lobby.receive_json()["type"] == "seeks"
        lobby.send_text("ping")
        assert lobby.receive_json() == {"type": "pong"}
    with client.websocket_connect("/api/notifications/ws") as notices:
        assert notices.receive_json()["type"] == "notification"
        notices.send_text("ping")
        assert notices.receive_json() == {"type": "pong"}
    with client.websocket_connect("/api/analysis/ws") as analysis:
        analysis.send_text("ping")
        assert analysis.receive_json() == {"type": "pong"}
        analysis.send_text("[1]")  # other texts still go to the analysis board
        assert analysis.receive_json()["detail"] == "messages are JSON objects"


class _Gone:
    """A socket whose page has gone: its sends fail as Starlette's do after a close."""

    async def send_text(self, text: str) -> None:
        raise RuntimeError('Cannot call "send" once a close message has been sent.')


def test_a_socket_that_fails_is_dropped_and_logged(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    lobby: Any = client.app.state.context.lobby  # type: ignore[attr-defined]
    with client.websocket_connect("/api/lobby/ws") as page:
        assert page.receive_json()["type"] == "seeks"
        gone = _Gone()
        lobby.sockets[gone] = ""  # a guest without a key, as the page's own socket
        with caplog.at_level(logging.INFO, logger="shoal.server.sockets"):
            client.portal.call(lobby.tell, "", {"type": "challenges"})  # type: ignore[union-attr]
        assert page.receive_json() == {"type": "challenges"}  # the others still served
    assert gone not in lobby.sockets
    assert "a socket dropped on sending: RuntimeError" in caplog.text
