"""Limits that protect a server: how many new games (and uploaded records) one client makes.

A :class:`CreationLimit` counts, per client address, the games and records
created in a sliding window of ``window`` seconds; past ``count`` it refuses
with 429 and says when to try again. It keeps only recent timestamps, and
forgets addresses whose window has passed, so its memory stays bounded by the
traffic of one window.

>>> limit = CreationLimit(2, 60.0, clock=lambda: 100.0)
>>> limit.check("10.0.0.1"); limit.check("10.0.0.1")
>>> try:
...     limit.check("10.0.0.1")
... except ApiError as error:
...     print(error.status, error.message)
429 too many new games from your address: at most 2 per 60 s; try again in 60 s
>>> limit.check("10.0.0.2")
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Awaitable, Callable

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .errors import ApiError, body_too_large

__all__ = ["BodyLimit", "CreationLimit"]


class BodyLimit:
    """ASGI middleware: 413 for a request body over ``limit`` bytes.

    A body whose Content-Length says so is refused before it is read; one sent
    without a length (chunked) is counted as it arrives.
    """

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        # a plain function: a socket passed on keeps no frame of it (see :mod:`.lane`)
        if scope["type"] != "http":
            return self.app(scope, receive, send)
        return self._limited(scope, receive, send)

    async def _limited(self, scope: Scope, receive: Receive, send: Send) -> None:
        too_large = JSONResponse({"detail": body_too_large(self.limit)}, status_code=413)
        length = Headers(scope=scope).get("content-length", "")
        if length.isdigit() and int(length) > self.limit:
            await too_large(scope, receive, send)
            return
        received = 0
        started = False

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise HTTPException(413)  # FastAPI passes it on to the app's handler
            return message

        async def watched_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, limited_receive, watched_send)
        except HTTPException as error:
            if error.status_code != 413 or started:
                raise
            await too_large(scope, receive, send)


class CreationLimit:
    """At most ``count`` creations per client address in any ``window`` seconds (0: no limit)."""

    def __init__(
        self, count: int, window: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.count = count
        self.window = window
        self.clock = clock
        self._times: dict[str, deque[float]] = {}
        self._sweep_at = 0.0

    def check(self, client: str) -> None:
        """Count one creation by ``client``; ApiError 429 when it is over the limit."""
        if self.count <= 0:
            return
        now = self.clock()
        self._sweep(now)
        times = self._times.setdefault(client, deque())
        while times and times[0] <= now - self.window:
            times.popleft()
        if len(times) >= self.count:
            wait = max(1, math.ceil(times[0] + self.window - now))
            raise ApiError(
                429,
                f"too many new games from your address: at most {self.count} per "
                f"{self.window:g} s; try again in {wait} s",
                headers={"Retry-After": str(wait)},
            )
        times.append(now)

    def _sweep(self, now: float) -> None:
        """Forget the addresses with nothing in the window (at most once a window)."""
        if now < self._sweep_at:
            return
        self._sweep_at = now + self.window
        cutoff = now - self.window
        for client in [c for c, t in self._times.items() if not t or t[-1] <= cutoff]:
            del self._times[client]
