"""ASGI middleware in front of every route: a request id, the access line, the HTTP metrics.

For each HTTP request :class:`Observe` takes the id the proxy sent in ``X-Request-Id`` (when
it is a plain token of at most 64 characters; nginx: ``proxy_set_header X-Request-Id
$request_id``) or makes one, keeps it in :data:`~.logs.REQUEST_ID` while the request is
served (every line logged meanwhile carries it), sends it back in ``X-Request-Id``, and
once the answer is sent writes one access line (logger ``shoal.access``) and counts the
request in :data:`~.metrics.HTTP_REQUESTS` and :data:`~.metrics.HTTP_DURATION` by its route's
template. A WebSocket gets an id as well (in its handshake's answer), counts in
:data:`~.metrics.SOCKETS_OPEN` while it is open, and has its access line when it closes.

The access line holds the path without its query string (the one URL with a secret in it,
the mail's unsubscribe link, keeps it in the query), never a header or a cookie. Health
checks and scrapes (``/healthz``, ``/readyz``, ``/metrics``) are logged at ``debug``: a
proxy that asks every few seconds does not fill the log.
"""

from __future__ import annotations

import logging
import re
import secrets
import time

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .logs import REQUEST_ID
from .metrics import HTTP_DURATION, HTTP_REQUESTS, SOCKETS_OPEN, labelled

__all__ = ["CHANNELS", "QUIET", "REQUEST_ID_HEADER", "Observe", "route_of"]

REQUEST_ID_HEADER = "X-Request-Id"
"""The header that carries a request's id, both ways."""

CHANNELS = {
    "/api/games/{game_id}/ws": "game",
    "/api/lobby/ws": "lobby",
    "/api/notifications/ws": "notifications",
    "/api/analysis/ws": "analysis",
    "/api/studies/{study_id}/ws": "study",
}
"""The names of the WebSocket channels in :data:`~.metrics.SOCKETS_OPEN` (another socket
route: its template)."""

QUIET = frozenset({"/healthz", "/readyz", "/metrics"})
"""Routes whose access lines are logged at ``debug``."""

METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})

_GOOD_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")

log = logging.getLogger("shoal.access")


def route_of(scope: Scope) -> str:
    """The template of the route that served ``scope`` (``unmatched`` when none did)."""
    route = scope.get("route")
    path = getattr(route, "path", None)
    return str(path) if isinstance(path, str) and path else "unmatched"


def _request_id(scope: Scope) -> str:
    for name, value in scope.get("headers", ()):
        if name == b"x-request-id":
            text = bytes(value).decode("latin-1")
            if _GOOD_ID.fullmatch(text):
                return text
            break
    return secrets.token_hex(8)


def _client(scope: Scope) -> str | None:
    client = scope.get("client")
    return str(client[0]) if client else None


class Observe:
    """The request id, the access line and the metrics of every request (see the module)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self._http(scope, receive, send)
        elif scope["type"] == "websocket":
            await self._socket(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        request_id = _request_id(scope)
        reset = REQUEST_ID.set(request_id)
        start = time.perf_counter()
        status = 500  # unless an answer starts: the app raised, and the server answers 500

        async def answer(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                MutableHeaders(scope=message).append(REQUEST_ID_HEADER, request_id)
            await send(message)

        try:
            await self.app(scope, receive, answer)
        finally:
            elapsed = time.perf_counter() - start
            route = route_of(scope)
            method = scope["method"] if scope["method"] in METHODS else "other"
            labelled(HTTP_REQUESTS, method, route, str(status)).inc()
            labelled(HTTP_DURATION, method, route).observe(elapsed)
            log.log(
                logging.DEBUG if route in QUIET else logging.INFO,
                "%s %s %d %.1f ms",
                method,
                scope["path"],
                status,
                elapsed * 1000,
                extra={
                    "method": method,
                    "path": scope["path"],
                    "route": route,
                    "status": status,
                    "duration_ms": round(elapsed * 1000, 2),
                    "client": _client(scope),
                },
            )
            REQUEST_ID.reset(reset)

    async def _socket(self, scope: Scope, receive: Receive, send: Send) -> None:
        request_id = _request_id(scope)
        reset = REQUEST_ID.set(request_id)
        start = time.perf_counter()
        channel: str | None = None
        close_code: int | None = None

        async def answer(message: Message) -> None:
            nonlocal channel, close_code
            if message["type"] == "websocket.accept" and channel is None:
                headers = list(message.get("headers") or [])
                headers.append((b"x-request-id", request_id.encode()))
                message = {**message, "headers": headers}
                route = route_of(scope)
                channel = CHANNELS.get(route, route)
                labelled(SOCKETS_OPEN, channel).inc()
            elif message["type"] == "websocket.close" and close_code is None:
                close_code = int(message.get("code", 1000))
            await send(message)

        async def incoming() -> Message:
            nonlocal close_code
            message = await receive()
            if message["type"] == "websocket.disconnect" and close_code is None:
                close_code = int(message.get("code", 1005))
            return message

        try:
            await self.app(scope, incoming, answer)
        finally:
            if channel is not None:
                labelled(SOCKETS_OPEN, channel).dec()
            status = 101 if channel is not None else 403
            log.info(
                "WS %s %d %.1f s",
                scope["path"],
                status,
                time.perf_counter() - start,
                extra={
                    "method": "WS",
                    "path": scope["path"],
                    "route": route_of(scope),
                    "status": status,
                    "duration_ms": round((time.perf_counter() - start) * 1000, 2),
                    "client": _client(scope),
                    "close_code": close_code,
                },
            )
            REQUEST_ID.reset(reset)
