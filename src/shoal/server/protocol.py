"""The HTTP protocol ``shoal serve`` runs: uvicorn's h11 protocol with a header time-out.

uvicorn closes an idle keep-alive connection after ``timeout_keep_alive`` seconds, but a
client that opens a connection and sends its request headers slowly, a few bytes at a
time, is held as long as it likes (a probe held 300 such connections for 70 s). With
:class:`HeaderTimeoutProtocol`, a connection that has not sent a whole request line and
headers within :data:`HEADER_TIMEOUT` seconds of opening, or of its last response, is
closed. A proxy in front (docs/security.md) should enforce its own limits as well.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["HEADER_TIMEOUT", "HEADER_TIMEOUT_ENV", "KEEP_ALIVE_TIMEOUT", "HeaderTimeoutProtocol"]

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


class HeaderTimeoutProtocol(H11Protocol):
    """h11 with a deadline for each request's headers."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_timer: asyncio.TimerHandle | None = None
        self._header_timeout = header_timeout()

    def _arm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
        self._header_timer = self.loop.call_later(self._header_timeout, self._headers_late)

    def _headers_late(self) -> None:
        self._header_timer = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()  # no whole request yet: a slow or stalled client

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None
        super().connection_lost(exc)
