"""ASGI middleware in front of every route: banned addresses are refused, and every open
WebSocket is known, so that an operator's change can close it in any process.

:class:`SiteGuard` answers a change (any method but ``GET``, ``HEAD``, ``OPTIONS``) or a
WebSocket from a banned range with 403 before any route runs (:mod:`.bans`). A
guests-only ban lets a request with a live session through: the session is looked up
(in a worker thread) only for requests from such a range.

Every WebSocket that is let through is kept in :class:`OpenSockets` with its path, its
address and the SHA-256 of its session cookie (if any), until it ends. An account
closed (its sessions given), a game deleted (its path) or a range banned: the process
closes the matching sockets itself (:meth:`OpenSockets.close`), sending the close frame
on the connection; the route's own ``receive`` then ends as when a page leaves.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import itertools
import logging
from collections.abc import Callable
from typing import Any

from starlette.datastructures import Headers
from starlette.requests import HTTPConnection, cookie_parser
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from shoal.i18n import N_, Text

from ..language import language_of_guest
from .bans import Ban, BanList

__all__ = ["CLOSED_CODE", "OpenSocket", "OpenSockets", "SiteGuard", "banned_words"]

log = logging.getLogger("shoal.server.admin")

CLOSED_CODE = 4410
"""The close code of a socket an operator's change ended (an account closed, a game
deleted, an address banned)."""

COOKIE = "shoal_session"
"""The session cookie (:data:`shoal.server.accounts.service.COOKIE`)."""

_READS = frozenset({"GET", "HEAD", "OPTIONS"})


def session_digest(cookie: str | None) -> str | None:
    """The SHA-256 of a session cookie's value, as the sessions' table keeps it."""
    if not cookie or len(cookie) > 100:
        return None
    return hashlib.sha256(cookie.encode()).hexdigest()


def banned_words(ban: Ban) -> Text:
    """The refusal of a request from the range of ``ban`` (said in the request's language)."""
    if ban.expires is None:
        if ban.guests_only:
            template = N_(
                "guests at your address are banned from changing anything on this site: "
                "sign in to play"
            )
        else:
            template = N_("your address is banned from changing anything on this site")
        return Text(template)
    if ban.guests_only:
        template = N_(
            "guests at your address are banned from changing anything on this site until "
            "{until} UTC: sign in to play"
        )
    else:
        template = N_(
            "your address is banned from changing anything on this site until {until} UTC"
        )
    return Text(template, {"until": f"{ban.expires:%Y-%m-%d %H:%M}"})


@dataclasses.dataclass(eq=False)
class OpenSocket:
    """An open WebSocket: where it goes, who opened it, and how to close it."""

    path: str
    address: str
    session: str | None
    send: Send
    closed: bool = False


class OpenSockets:
    """The open WebSockets of this process."""

    def __init__(self) -> None:
        self._sockets: dict[int, OpenSocket] = {}
        self._ids = itertools.count()

    def add(self, socket: OpenSocket) -> int:
        """Keep ``socket``; the key to :meth:`remove` it with."""
        key = next(self._ids)
        self._sockets[key] = socket
        return key

    def remove(self, key: int) -> None:
        """Forget a socket that ended."""
        self._sockets.pop(key, None)

    def __len__(self) -> int:
        return len(self._sockets)

    def rename(self, old: str, new: str) -> None:
        """The sockets of the session hashed ``old`` belong to the session ``new`` now."""
        for socket in self._sockets.values():
            if socket.session == old:
                socket.session = new

    async def close(self, which: Callable[[OpenSocket], bool], reason: str) -> int:
        """Close every open socket ``which`` selects (code :data:`CLOSED_CODE`); how many."""
        chosen = [s for s in list(self._sockets.values()) if not s.closed and which(s)]
        for socket in chosen:
            socket.closed = True
            try:
                await socket.send(
                    {"type": "websocket.close", "code": CLOSED_CODE, "reason": reason}
                )
            except Exception as error:  # the connection broke meanwhile: it is closed anyway
                log.info("closing a socket failed: %s", type(error).__name__)
        return len(chosen)


class SiteGuard:
    """ASGI middleware: 403 for a change or a socket from a banned range; open sockets kept.

    ``bans`` and ``sockets`` are this process's; ``signed_in(scope)`` tells (blocking: it
    is run in a worker thread) whether a request carries a live session.
    """

    def __init__(
        self,
        app: ASGIApp,
        bans: BanList,
        sockets: OpenSockets,
        signed_in: Callable[[str], bool],
    ) -> None:
        self.app = app
        self.bans = bans
        self.sockets = sockets
        self.signed_in = signed_in

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        address = client[0] if client else ""
        cookie: str | None = None
        if kind == "websocket" or len(self.bans):
            cookie = _cookie(scope)
        if len(self.bans) and (kind == "websocket" or scope.get("method") not in _READS):
            ban = self.bans.match(address)
            if ban is not None and not (
                ban.guests_only
                and cookie is not None
                and await asyncio.to_thread(self.signed_in, cookie)
            ):
                words = banned_words(ban).say(language_of_guest(HTTPConnection(scope)))
                await _refuse(scope, receive, send, words)
                return
        if kind == "http":
            await self.app(scope, receive, send)
            return
        socket = OpenSocket(scope.get("path", ""), address, session_digest(cookie), send)
        key = self.sockets.add(socket)

        async def guarded_send(message: Message) -> None:
            if socket.closed:  # closed by an operator's change: what the route sends is dropped
                if message["type"] == "websocket.close":
                    return
                raise OSError("the socket was closed by the operator")
            await send(message)

        try:
            await self.app(scope, receive, guarded_send)
        finally:
            self.sockets.remove(key)


def _cookie(scope: Scope) -> str | None:
    header = Headers(scope=scope).get("cookie")
    if not header or COOKIE not in header:
        return None
    return cookie_parser(header).get(COOKIE)


async def _refuse(scope: Scope, receive: Receive, send: Send, words: str) -> None:
    if scope["type"] == "websocket":
        # refused before it is accepted: the handshake answers 403
        await send({"type": "websocket.close", "code": 4403, "reason": words[:120]})
        return
    response: Any = JSONResponse({"detail": words}, status_code=403)
    await response(scope, receive, send)
