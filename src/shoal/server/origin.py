"""Cross-site requests: the one rule of the site's own origin, for sockets and cookies.

A browser sends the session cookie with a WebSocket opened from any page, and a
WebSocket is not bound by the same-origin policy, so a page of another site could
open ``/api/lobby/ws`` with the visitor's cookie and read what it says (a seat
token, in the ``start`` message). :class:`SocketOrigin` is ASGI middleware placed in
front of every route: a WebSocket handshake whose ``Origin`` names another site is
closed (HTTP 403) before any route runs, so no socket, present or future, can
forget the check. Programs that send no ``Origin`` (bots, ``websockets``) pass.
A change made with the session cookie over HTTP is refused the same way
(:func:`cross_site`, used by the accounts' guards), where ``Sec-Fetch-Site`` also
counts when the browser sends it.

The site's own origin is the scheme and the ``Host`` header the server receives (the
scheme after a proxy's ``X-Forwarded-Proto``, from the addresses uvicorn trusts). A
proxy must pass the browser's ``Host`` whole, port included (nginx: ``proxy_set_header
Host $http_host``; ``$host`` drops the port, and every socket of a site on a port other
than 443 was refused, issue 56). Each refusal is logged with the origin refused and the
one expected, so such a proxy shows at once in the log::

    WARNING a WebSocket to /api/games/x/ws from another site refused: Origin
    'https://shoal.example.org:8443', expected 'https://shoal.example.org' (behind a
    proxy, pass the browser's Host header with its port: nginx proxy_set_header Host $http_host)
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocketClose

__all__ = [
    "FOREIGN_ORIGIN_CODE",
    "SocketOrigin",
    "cross_site",
    "expected_origin",
    "foreign_origin",
]

FOREIGN_ORIGIN_CODE = 4403
"""The close code of a socket refused for its ``Origin``."""

log = logging.getLogger("shoal.server.origin")


def expected_origin(scope: Scope) -> str:
    """The origin of this site as the request reached it: ``scheme://host[:port]``."""
    secure = scope.get("scheme") in ("wss", "https")
    host = Headers(scope=scope).get("host", "")
    return f"{'https' if secure else 'http'}://{host}".lower()


def _other_origin(scope: Scope) -> str | None:
    """The request's ``Origin`` when it is not this site's own (None: the same, or none)."""
    origin = Headers(scope=scope).get("origin")
    if origin is None:
        return None  # programs send none
    return None if origin.rstrip("/").lower() == expected_origin(scope) else origin


def _refused(kind: str, scope: Scope, origin: str) -> None:
    expected = expected_origin(scope)
    hint = ""
    sent = urlsplit(origin.lower())
    seen = urlsplit(expected)
    if sent.hostname == seen.hostname and sent.netloc != seen.netloc:
        hint = (
            " (behind a proxy, pass the browser's Host header with its port: nginx "
            "proxy_set_header Host $http_host)"
        )
    elif sent.netloc == seen.netloc and sent.scheme != seen.scheme:
        hint = (
            " (behind a TLS proxy, send X-Forwarded-Proto from an address the server "
            "trusts: FORWARDED_ALLOW_IPS)"
        )
    log.warning(
        "%s to %s from another site refused: Origin %r, expected %r%s",
        kind,
        scope.get("path", "?"),
        origin[:200],
        expected,
        hint,
    )


def foreign_origin(scope: Scope) -> bool:
    """True when a browser opened this WebSocket from a page of another site (logged)."""
    origin = _other_origin(scope)
    if origin is None:
        return False
    _refused("a WebSocket", scope, origin)
    return True


def cross_site(connection: HTTPConnection) -> bool:
    """True when a browser says the request comes from another site or origin (logged):
    ``Sec-Fetch-Site`` other than ``same-origin``/``none``, or an ``Origin`` not this site's."""
    site = connection.headers.get("sec-fetch-site")
    scope = connection.scope
    if site is not None and site not in ("same-origin", "none"):
        log.warning(
            "a change to %s from another site refused: Sec-Fetch-Site %r",
            scope.get("path", "?"),
            site[:40],
        )
        return True
    origin = _other_origin(scope)
    if origin is None:
        return False
    _refused("a change", scope, origin)
    return True


class SocketOrigin:
    """ASGI middleware: a WebSocket from another site's page is refused before any route."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        # a plain function: a socket passed on keeps no frame of it (see :mod:`.lane`)
        if scope["type"] == "websocket" and foreign_origin(scope):
            return WebSocketClose(FOREIGN_ORIGIN_CODE, "a page of another site")(
                scope, receive, send
            )
        return self.app(scope, receive, send)
