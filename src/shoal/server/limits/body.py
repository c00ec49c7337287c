"""The body limit: 413 for a request body over the server's limit (``--max-body``)."""

from __future__ import annotations

from collections.abc import Awaitable

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..errors import body_too_large
from ..language import language_of_guest

__all__ = ["BodyLimit"]


class BodyLimit:
    """ASGI middleware: 413 for a request body over ``limit`` bytes.

    A body whose Content-Length says so is refused before it is read; one sent
    without a length (chunked) is counted as it arrives.
    """

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        # a plain function: a socket passed on keeps no frame of it (see :mod:`..lane`)
        if scope["type"] != "http":
            return self.app(scope, receive, send)
        return self._limited(scope, receive, send)

    async def _limited(self, scope: Scope, receive: Receive, send: Send) -> None:
        words = body_too_large(self.limit).say(language_of_guest(HTTPConnection(scope)))
        too_large = JSONResponse({"detail": words}, status_code=413)
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
