"""The rules of text at the server's edge, one per kind of input: names, text, ids.

* **NUL and control characters** (:class:`ControlGuard`, ASGI middleware in front of every
  route): a path or query with a control character, or a request body holding a NUL
  (raw, or ``\\u0000`` in JSON), is refused with 400 before any route runs. PostgreSQL's
  text cannot hold NUL (SQLite's can), so without the guard one database stored what the
  other answered 500 to; now both refuse alike.
* **Names** shown beside a seat or a chat message (:func:`clean_name`): one line of plain
  text, at most :data:`NAME_LENGTH` characters, spaces at the ends dropped; a control
  character (a newline, a tab) is refused, since a name goes into a record's tag line.
  Usernames of accounts have their own, stricter rule (``accounts.check_username``).
* **Shown text** such as a chat message (:func:`clean_text`): no control characters.

>>> clean_name("  Ann ", "Guest")
'Ann'
>>> clean_name("", "Guest")
'Guest'
>>> try:
...     clean_name('a"]\\n[Result "1-0"]', "Guest")
... except ApiError as error:
...     print(error.status, error.message)
400 a name is one line of plain text (no control characters such as a newline)
"""

from __future__ import annotations

import re
from collections.abc import Awaitable
from urllib.parse import unquote_to_bytes

from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from shoal.i18n import N_, say

from .errors import ApiError
from .language import language_of_guest

__all__ = ["NAME_LENGTH", "NUL_REFUSED", "ControlGuard", "clean_name", "clean_text"]

NAME_LENGTH = 40
"""The longest name shown for a seat or a chat message."""

NUL_REFUSED = N_("plain text only: the NUL character and other control characters are refused")
"""The words of the guard's 400."""

_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_JSON_NUL = re.compile(rb"(?<!\\)(?:\\\\)*\\u0000", re.IGNORECASE)


def clean_name(text: str, default: str) -> str:
    """The name rule: one line of plain text (400 otherwise), ``default`` when empty."""
    name = text.strip()
    if any(not ch.isprintable() for ch in name):
        raise ApiError(
            400, "a name is one line of plain text (no control characters such as a newline)"
        )
    if len(name) > NAME_LENGTH:
        raise ApiError(
            400,
            "a name has at most {name_length} characters",
            name_length=NAME_LENGTH,
        )
    return name or default


def clean_text(text: str) -> str:
    """The rule of shown text (a chat message): no control characters (400), ends stripped."""
    if _CONTROL.search(text):
        raise ApiError(400, "a message is plain text (no control characters)")
    return text.strip()


def _bad_target(scope: Scope) -> bool:
    if _CONTROL.search(scope.get("path", "")):
        return True
    query = scope.get("query_string", b"")
    return bool(query) and any(b < 0x20 or b == 0x7F for b in unquote_to_bytes(query))


class ControlGuard:
    """ASGI middleware: 400 for a control character in a path or query, or a NUL in a body."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        # a plain function: what it passes on keeps no frame of it (a socket held open by
        # each of 20,000 pages, issue 56: see :mod:`.lane`)
        if scope["type"] not in ("http", "websocket"):
            return self.app(scope, receive, send)
        if scope["type"] == "websocket" and not _bad_target(scope):
            return self.app(scope, receive, send)
        return self._guard(scope, receive, send)

    async def _guard(self, scope: Scope, receive: Receive, send: Send) -> None:
        words = say(NUL_REFUSED, language_of_guest(HTTPConnection(scope)))
        refused = JSONResponse({"detail": words}, status_code=400)
        if _bad_target(scope):
            if scope["type"] == "http":
                await refused(scope, receive, send)
            else:
                await send({"type": "websocket.close", "code": 4400, "reason": NUL_REFUSED})
            return
        tail = b""
        started = False

        async def guarded_receive() -> Message:
            nonlocal tail
            message = await receive()
            if message["type"] == "http.request":
                body = tail + message.get("body", b"")
                if b"\x00" in body or _JSON_NUL.search(body):
                    raise HTTPException(400, NUL_REFUSED)
                tail = body[-16:]  # an escape split between two chunks is still seen
            return message

        async def watched_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, guarded_receive, watched_send)
        except HTTPException as error:
            if error.detail != NUL_REFUSED or started:
                raise
            await refused(scope, receive, send)
