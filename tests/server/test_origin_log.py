"""Issue 56, item 5: a refusal for another site's ``Origin`` says which origin was refused and
which one the server expected (a proxy that dropped the port showed only "connection
rejected (403 Forbidden)")."""

from __future__ import annotations

import logging

import pytest
from starlette.requests import HTTPConnection
from starlette.websockets import WebSocketDisconnect

from shoal.server import create_app
from shoal.server.origin import FOREIGN_ORIGIN_CODE, cross_site
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
        # the whole line, as the operator reads it: both origins and the proxy's fix
        assert caplog.records[-1].getMessage() == (
            "a WebSocket to /api/lobby/ws from another site refused: "
            "Origin 'http://testserver:8443', expected 'http://testserver' "
            "(behind a proxy, pass the browser's Host header with its port: "
            "nginx proxy_set_header Host $http_host)"
        )
        # a TLS proxy whose X-Forwarded-Proto the server does not trust
        with (
            pytest.raises(WebSocketDisconnect),
            client.websocket_connect("/api/lobby/ws", headers={"Origin": "https://testserver"}),
        ):
            pass
        assert caplog.records[-1].getMessage() == (
            "a WebSocket to /api/lobby/ws from another site refused: "
            "Origin 'https://testserver', expected 'http://testserver' "
            "(behind a TLS proxy, send X-Forwarded-Proto from an address the server "
            "trusts: FORWARDED_ALLOW_IPS)"
        )
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


def _request(
    headers: dict[str, str], host: str = "play.shoal.test", scheme: str = "http"
) -> HTTPConnection:
    """A request to ``/api/x`` of ``host`` with ``headers``, as it reaches a guard."""
    raw = [(b"host", host.encode())]
    raw += [(name.encode(), value.encode()) for name, value in headers.items()]
    return HTTPConnection({"type": "http", "scheme": scheme, "path": "/api/x", "headers": raw})


def test_sec_fetch_site_decides_first_and_each_refusal_is_logged_in_full(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A change is of this site when the browser says ``same-origin`` or ``none`` (typed in,
    a bookmark); any other ``Sec-Fetch-Site`` is refused, logged with the path and the
    header (cut at 40 characters), and an ``Origin`` cut at 200."""
    with caplog.at_level(logging.WARNING, "shoal.server.origin"):
        assert not cross_site(_request({"sec-fetch-site": "same-origin"}))
        assert not cross_site(_request({"sec-fetch-site": "none"}))
        assert not cross_site(_request({"origin": "http://play.shoal.test"}))
        # over https (the scheme after a trusted proxy); letter case and a final / aside
        assert not cross_site(_request({"origin": "https://play.shoal.test"}, scheme="https"))
        assert not cross_site(_request({"origin": "HTTPS://SHOAL.MX/"}, "shoal.mx", "https"))
        assert not caplog.records
        assert cross_site(_request({"sec-fetch-site": "same-site"}))
        assert cross_site(_request({"sec-fetch-site": "x" * 300}))
        far = "https://" + "e" * 300 + ".example"
        assert cross_site(_request({"origin": far}))
    assert [r.getMessage() for r in caplog.records] == [
        "a change to /api/x from another site refused: Sec-Fetch-Site 'same-site'",
        f"a change to /api/x from another site refused: Sec-Fetch-Site {'x' * 40!r}",
        f"a change to /api/x from another site refused: Origin {far[:200]!r}, "
        "expected 'http://play.shoal.test'",
    ]
