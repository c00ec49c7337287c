"""The HTTP protocol ``shoal serve`` runs: uvicorn's httptools protocol (h11 where httptools
is missing) with a header time-out.

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

__all__ = [
    "HEADER_TIMEOUT",
    "HEADER_TIMEOUT_ENV",
    "KEEP_ALIVE_TIMEOUT",
    "H11HeaderTimeout",
    "HeaderTimeoutProtocol",
    "HttpToolsHeaderTimeout",
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


class H11HeaderTimeout(_HeaderDeadline, H11Protocol):
    """h11 with a deadline for each request's headers."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._start_deadline()

    def _stalled(self) -> bool:
        return bool(self.conn.their_state is h11.IDLE)


try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # no httptools: h11 it is
    HttpToolsHeaderTimeout: type[asyncio.Protocol] | None = None
    HeaderTimeoutProtocol: type[asyncio.Protocol] = H11HeaderTimeout
else:

    class _HttpToolsHeaderTimeout(_HeaderDeadline, HttpToolsProtocol):
        """httptools with a deadline for each request's headers (the same rule as h11's)."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._start_deadline()
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
