"""The one socket hub of every live page (game, chat, lobby, notifications, analysis).

* :func:`send`: one JSON message (or text already encoded) to one socket; a socket that
  fails is reported (False) and the failure logged, never raised to the sender.
* :func:`send_all`: one message to many sockets, encoded once; answers the sockets that
  dropped, for the caller to forget.
* :func:`keep_alive`: serve an accepted socket until its page leaves: ``ping`` is
  answered ``{"type": "pong"}`` (the pages ping every 25 s so proxies keep the
  connection), any other text goes to the socket's own handler.

Nothing else in the server writes to a WebSocket or reads its keep-alive, but for one
shortcut: under ``shoal serve`` a page's ``ping`` is answered by the connection itself,
before it reaches the app (:data:`shoal.server.protocol.PageSocketProtocol`; the same
:data:`PONG`), and :func:`keep_alive` answers those of the other ASGI servers (the tests').
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

import orjson
from starlette.websockets import WebSocket, WebSocketDisconnect

__all__ = ["PONG", "encode", "encode_value", "keep_alive", "send", "send_all"]

log = logging.getLogger("shoal.server.sockets")

PONG = '{"type":"pong"}'
"""The answer to a page's ``ping``."""


def encode(message: dict[str, Any]) -> str:
    """A message as the compact JSON text every socket gets (orjson: a game's view encodes
    4 to 6 times faster than with the standard library, which is left for what orjson
    refuses, such as integers beyond 64 bits)."""
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def encode_value(value: int | str) -> str:
    """A number or a text as its JSON (as :func:`encode` writes it in a message)."""
    return orjson.dumps(value).decode()


async def send(socket: WebSocket, message: dict[str, Any] | str) -> bool:
    """Send ``message`` (a dict, or text from :func:`encode`); False when the socket failed
    (its page left or the connection broke), logged."""
    text = message if isinstance(message, str) else encode(message)
    try:
        await socket.send_text(text)
    except Exception as error:  # any failure of one page's socket stays with that socket
        log.info("a socket dropped on sending: %s", type(error).__name__)
        return False
    return True


async def send_all(sockets: Iterable[WebSocket], message: dict[str, Any] | str) -> list[WebSocket]:
    """Send ``message`` (a dict, or text from :func:`encode`) to every socket (encoded once);
    answers those that dropped."""
    text = message if isinstance(message, str) else encode(message)
    return [socket for socket in list(sockets) if not await send(socket, text)]


async def keep_alive(
    socket: WebSocket, on_text: Callable[[str], Awaitable[None]] | None = None
) -> None:
    """Serve ``socket`` until its page leaves: ``ping`` gets :data:`PONG`, other texts go to
    ``on_text`` (ignored without one)."""
    try:
        while True:
            text = await socket.receive_text()
            if text == "ping":
                if not await send(socket, PONG):
                    return
            elif on_text is not None:
                await on_text(text)
    except WebSocketDisconnect:
        pass
