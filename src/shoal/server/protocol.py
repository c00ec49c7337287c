"""The protocols ``shoal serve`` runs: uvicorn's httptools protocol (h11 where httptools
is missing) with a header time-out, and uvicorn's WebSocket protocol with the pages'
keep-alive answered at the connection (:data:`PageSocketProtocol`).

uvicorn closes an idle keep-alive connection after ``timeout_keep_alive`` seconds, but a
client that opens a connection and sends its request headers slowly, a few bytes at a
time, is held as long as it likes (a probe held 300 such connections for 70 s). With
:class:`HeaderTimeoutProtocol`, a connection that has not sent a whole request line and
headers within :data:`HEADER_TIMEOUT` seconds of opening, or of its last response, is
closed. A proxy in front (docs/security.md) should enforce its own limits as well.

httptools (a C parser, installed with ``uvicorn[standard]``) is the default: under the load
test h11's pure-Python parser and writer were several percent of the server's CPU per move
(docs/server.md, "Performance"). :data:`HeaderTimeoutProtocol` is the one ``shoal serve`` uses.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from .affinity import current as current_affinity
from .affinity import made_like
from .sockets import PONG

__all__ = [
    "HEADER_TIMEOUT",
    "HEADER_TIMEOUT_ENV",
    "KEEP_ALIVE_TIMEOUT",
    "PAGE_PING",
    "PONG_TEXT",
    "QUIET_PING",
    "H11HeaderTimeout",
    "HeaderTimeoutProtocol",
    "HttpToolsHeaderTimeout",
    "PageSocketProtocol",
    "protocols",
]

HEADER_TIMEOUT = 10.0
"""Seconds a connection has to send a whole request's headers."""

HEADER_TIMEOUT_ENV = "SHOAL_HEADER_TIMEOUT"
"""The environment variable that sets it (``shoal serve --header-timeout``; every worker)."""

KEEP_ALIVE_TIMEOUT = 5
"""Seconds an idle keep-alive connection is kept (uvicorn's ``timeout_keep_alive``)."""


def header_timeout() -> float:
    """The header time-out in force (the environment's, else :data:`HEADER_TIMEOUT`)."""
    try:
        return float(os.environ.get(HEADER_TIMEOUT_ENV, HEADER_TIMEOUT))
    except ValueError:
        return HEADER_TIMEOUT


class _HeaderDeadline:
    """The header deadline of a uvicorn protocol: armed when a connection opens and after each
    response, cancelled when it closes; :meth:`_stalled` says whether the connection is still
    without a whole request's headers when it fires (each parser knows that its own way)."""

    loop: asyncio.AbstractEventLoop
    transport: asyncio.Transport

    def _start_deadline(self) -> None:
        self._header_timer: asyncio.TimerHandle | None = None
        self._header_timeout = header_timeout()

    def _stalled(self) -> bool:
        raise NotImplementedError

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _arm(self) -> None:
        self._disarm()
        self._header_timer = self.loop.call_later(self._header_timeout, self._headers_late)

    def _headers_late(self) -> None:
        self._header_timer = None
        if self._stalled() and not self.transport.is_closing():
            self.transport.close()  # no whole request yet: a slow or stalled client

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)  # type: ignore[misc]
        self._arm()

    def on_response_complete(self) -> None:
        super().on_response_complete()  # type: ignore[misc]
        if not self.transport.is_closing():
            self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)  # type: ignore[misc]


class _PassOn:
    """Game affinity's hand-off (:mod:`.affinity`) in the server's HTTP protocol: a new
    connection whose first request opens a game's channel owned by another worker goes to
    that worker; a connection passed here is served from the bytes the first worker read
    (``_preface``), then from the connection itself."""

    loop: asyncio.AbstractEventLoop
    transport: asyncio.Transport

    def _start_pass_on(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        self._made_with = (args, kwargs)
        self._fresh = True
        self._preface = b""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)  # type: ignore[misc]
        affinity = current_affinity()
        if affinity is not None and affinity.slot is None:
            affinity.adopt(self.loop, made_like(self))
        preface, self._preface = self._preface, b""
        if preface:  # passed on by another worker: what it read comes first
            self._fresh = False
            self.data_received(preface)

    def data_received(self, data: bytes) -> None:
        if self._fresh:
            self._fresh = False
            affinity = current_affinity()
            if affinity is not None and affinity.pass_on(self.transport, data):
                self.transport.close()  # the owner holds the connection now
                return
        super().data_received(data)  # type: ignore[misc]


class H11HeaderTimeout(_PassOn, _HeaderDeadline, H11Protocol):
    """h11 with a deadline for each request's headers."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._start_deadline()
        self._start_pass_on(args, kwargs)

    def _stalled(self) -> bool:
        return bool(self.conn.their_state is h11.IDLE)


try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # no httptools: h11 it is
    HttpToolsHeaderTimeout: type[asyncio.Protocol] | None = None
    HeaderTimeoutProtocol: type[asyncio.Protocol] = H11HeaderTimeout
else:

    class _HttpToolsHeaderTimeout(_PassOn, _HeaderDeadline, HttpToolsProtocol):
        """httptools with a deadline for each request's headers (the same rule as h11's)."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._start_deadline()
            self._start_pass_on(args, kwargs)
            self._in_head = False

        def _stalled(self) -> bool:
            idle = self.cycle is None or self.cycle.response_complete
            return self._in_head or (idle and not self.pipeline)

        def on_message_begin(self) -> None:
            self._in_head = True
            super().on_message_begin()

        def on_headers_complete(self) -> None:
            self._in_head = False
            self._disarm()
            super().on_headers_complete()

    HttpToolsHeaderTimeout = _HttpToolsHeaderTimeout
    HeaderTimeoutProtocol = _HttpToolsHeaderTimeout


# -- the WebSocket protocol ------------------------------------------------------------------

PAGE_PING = b"ping"
"""What a page sends every 25 s on each of its sockets (``web/net.js``): a text frame."""

PONG_TEXT = PONG.encode()
"""Its answer, the app's own (:data:`shoal.server.sockets.PONG`)."""

QUIET_PING = 30.0
"""Seconds a socket may be silent before the server pings it (uvicorn's
``ws_ping_interval``): longer than the pages' 25 s, so a page's socket is never pinged."""

try:
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
    from websockets.protocol import State
except ImportError:  # an older uvicorn: its own WebSocket protocol, pings every 20 s
    PageSocketProtocol: type[asyncio.Protocol] | None = None
else:

    class _PageSocketProtocol(WebSocketsSansIOProtocol):
        """uvicorn's WebSocket protocol with the pages' keep-alive done at the connection.

        A page's ``ping`` went up through the app's stack (the middlewares, the socket's
        handler) and its ``pong`` back down, and uvicorn pinged every socket every 20 s
        besides (issue 56; ``scripts/pingbench.py``: 23 to 24 us of server CPU a ping
        through the app, 14.5 to 16.5 us answered here). Here:

        * a text frame ``ping`` is answered :data:`PONG_TEXT` by the connection itself, the
          app never sees it (after the handshake, before a close; anything else goes up);
        * the server pings only a socket silent for ``ws_ping_interval`` seconds
          (:data:`QUIET_PING`), and closes it when no pong comes within ``ws_ping_timeout``:
          a page that pings is never pinged; a client that does not, or a page whose timers
          a browser slowed down, is, and a vanished peer is still found out.
        """

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.heard = self.loop.time()

        def data_received(self, data: bytes) -> None:
            self.heard = self.loop.time()
            super().data_received(data)

        def handle_text(self, event: Any) -> None:
            if (
                event.fin
                and event.data == PAGE_PING
                and self.handshake_complete
                and not self.close_sent
                and not self.frames
            ):
                if self.conn.state is not State.OPEN:  # came with the peer's close: no pong
                    return
                self.conn.send_text(PONG_TEXT)
                self.transport.write(b"".join(self.conn.data_to_send()))
                return
            super().handle_text(event)

        def send_keepalive_ping(self) -> None:
            quiet = self.loop.time() - self.heard
            if self.ping_interval is not None and quiet < self.ping_interval:
                self.ping_timer = self.loop.call_later(
                    self.ping_interval - quiet, self.send_keepalive_ping
                )
                return
            super().send_keepalive_ping()

    PageSocketProtocol = _PageSocketProtocol


def protocols() -> dict[str, Any]:
    """uvicorn's options for the protocols ``shoal serve`` runs: the HTTP protocol with its
    header time-out, the idle keep-alive, and the WebSocket protocol of the pages (where this
    uvicorn has the sans-I/O one it builds on) with its quiet interval."""
    options: dict[str, Any] = {
        "http": HeaderTimeoutProtocol,
        "timeout_keep_alive": KEEP_ALIVE_TIMEOUT,
        # no per-message-deflate: it cost a compression per message per socket (docs/server.md)
        "ws_per_message_deflate": False,
    }
    if PageSocketProtocol is not None:
        options["ws"] = PageSocketProtocol
        options["ws_ping_interval"] = QUIET_PING
    return options
