"""Issue 56, item 5: a refusal for another site's ``Origin`` says which origin was refused and
which one the server expected (a proxy that dropped the port showed only "connection
rejected (403 Forbidden)")."""

from __future__ import annotations

import logging

import pytest
from starlette.websockets import WebSocketDisconnect

from shoal.server import create_app
from shoal.server.origin import FOREIGN_ORIGIN_CODE
from tests.clients import TestClient

from .accounts_helpers import signup


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_refused_origin_is_logged_with_the_one_expected(
    db: str, caplog: pytest.LogCaptureFixture
) -> None:
    with TestClient(create_app(db)) as client, caplog.at_level(logging.WARNING, "shoal.server"):
        assert signup(client, "alice").status_code == 201
        # a proxy that passed the host without its port: the browser said :8443
        with (
            pytest.raises(WebSocketDisconnect) as refused,
            client.websocket_connect("/api/lobby/ws", headers={"Origin": "http://testserver:8443"}),
        ):
            pass
        assert refused.value.code == FOREIGN_ORIGIN_CODE
        line = caplog.records[-1].getMessage()
        assert line.startswith("a WebSocket to /api/lobby/ws from another site refused: ")
        assert "Origin 'http://testserver:8443', expected 'http://testserver'" in line
        assert "proxy_set_header Host $http_host" in line
        # a TLS proxy whose X-Forwarded-Proto the server does not trust
        with (
            pytest.raises(WebSocketDisconnect),
            client.websocket_connect("/api/lobby/ws", headers={"Origin": "https://testserver"}),
        ):
            pass
        line = caplog.records[-1].getMessage()
        assert "Origin 'https://testserver', expected 'http://testserver'" in line
        assert "X-Forwarded-Proto" in line and "FORWARDED_ALLOW_IPS" in line
        # a change made with the cookie from another site: refused, logged with both
        caplog.clear()
        answer = client.post(
            "/api/auth/logout-everywhere", headers={"Origin": "https://evil.example"}
        )
        assert answer.status_code == 403
        lines = [r.getMessage() for r in caplog.records if r.name == "shoal.server.origin"]
        assert lines == [
            "a change to /api/auth/logout-everywhere from another site refused: "
            "Origin 'https://evil.example', expected 'http://testserver'"
        ]
        caplog.clear()
        same = client.post("/api/auth/logout-everywhere", headers={"Origin": "http://testserver"})
        assert same.status_code == 200, same.text
        assert not [r for r in caplog.records if r.name == "shoal.server.origin"]
