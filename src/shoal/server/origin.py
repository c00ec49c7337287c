"""Cross-site WebSockets: every socket of the app refuses a page of another site.

A browser sends the session cookie with a WebSocket opened from any page, and a
WebSocket is not bound by the same-origin policy, so a page of another site could
open ``/api/lobby/ws`` with the visitor's cookie and read what it says (a seat
token, in the ``start`` message). :class:`SocketOrigin` is ASGI middleware placed in
front of every route: a WebSocket handshake whose ``Origin`` names another site is
closed (HTTP 403) before any route runs, so no socket, present or future, can
forget the check. Programs that send no ``Origin`` (bots, ``websockets``) pass.
"""

from __future__ import annotations

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocketClose

__all__ = ["FOREIGN_ORIGIN_CODE", "SocketOrigin", "foreign_origin"]

FOREIGN_ORIGIN_CODE = 4403
"""The close code of a socket refused for its ``Origin``."""


def foreign_origin(scope: Scope) -> bool:
    """True when a browser opened this WebSocket from a page of another site."""
    headers = Headers(scope=scope)
    origin = headers.get("origin")
    if origin is None:
        return False  # programs send none
    scheme = "https" if scope.get("scheme") in ("wss", "https") else "http"
    host = headers.get("host", "")
    return origin.rstrip("/").lower() != f"{scheme}://{host}".lower()


class SocketOrigin:
    """ASGI middleware: a WebSocket from another site's page is refused before any route."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and foreign_origin(scope):
            await WebSocketClose(FOREIGN_ORIGIN_CODE, "a page of another site")(
                scope, receive, send
            )
            return
        await self.app(scope, receive, send)
