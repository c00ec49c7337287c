"""The database going away: a 503 with words, and connections that recover by themselves.

When PostgreSQL stops (a restart, a fail-over, ``pg_ctl stop -m immediate``), the driver
raises :class:`sqlalchemy.exc.OperationalError` (or ``InterfaceError``) in whatever request
touched it. :func:`add_database_handlers` answers those with 503, ``Retry-After`` and a
sentence, never a 500; nothing was changed, since the transaction did not commit. The
first disconnect error renews the engine's whole pool, and a connection that rested a
second or more is pinged before use (:mod:`shoal.server.db.pool`), so once the database
is back the next request gets a fresh connection: no restart of the server is needed.

The WebSocket routes wear :func:`survives_database`: a socket whose handler meets the
database gone is closed with code :data:`TRY_AGAIN` (1013, "try again later") and
:data:`SOCKET_DOWN` as its reason, which the pages' ``connectSocket`` (``web/net.js``)
answers by reconnecting with back-off; a socket already open when the database goes
stays open (watching a game, the lobby or the notifications needs no query), and the
events it missed are made good when the relay listens again (:mod:`.relay`). Background
work (the flag timers, rating settles, sweeps) retries on :data:`DATABASE_ERRORS`.
"""

from __future__ import annotations

import contextlib
import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any, ParamSpec

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import JSONResponse, Response
from sqlalchemy.exc import InterfaceError, OperationalError
from starlette.websockets import WebSocketState

from shoal.i18n import N_, say

__all__ = [
    "DATABASE_DOWN",
    "DATABASE_ERRORS",
    "RETRY_AFTER",
    "SOCKET_DOWN",
    "TRY_AGAIN",
    "add_database_handlers",
    "survives_database",
]

DATABASE_ERRORS: tuple[type[Exception], ...] = (OperationalError, InterfaceError)
"""What the driver raises when the database is not there (stopped, restarting, cut off)."""

TRY_AGAIN = 1013
"""The WebSocket close code of a socket that met the database gone ("try again later")."""

SOCKET_DOWN = "the database is not answering: reconnecting"
"""The close reason of such a socket (at most 123 bytes)."""

P = ParamSpec("P")

DATABASE_DOWN = N_("the database is not answering: nothing was changed; try again in a few seconds")
"""The words of the 503."""

RETRY_AFTER = 5
"""Seconds a client is told to wait."""

log = logging.getLogger("shoal.server.db_down")


def add_database_handlers(app: FastAPI) -> None:
    """Answer a lost database connection with 503 and :data:`DATABASE_DOWN`."""

    from .language import language_of_guest  # (the accounts' service imports this module)

    async def _down(request: Request, error: Exception) -> Response:
        log.warning("the database is not answering: %s", type(error).__name__)
        return JSONResponse(
            {"detail": say(DATABASE_DOWN, language_of_guest(request))},
            status_code=503,
            headers={"Retry-After": str(RETRY_AFTER)},
        )

    app.add_exception_handler(OperationalError, _down)
    app.add_exception_handler(InterfaceError, _down)


def survives_database(
    handler: Callable[P, Awaitable[None]],
) -> Callable[P, Awaitable[None]]:
    """A WebSocket route that closes with :data:`TRY_AGAIN` when the database is gone
    (its first argument is the socket), instead of an error and a traceback."""

    @functools.wraps(handler)
    async def guarded(*args: P.args, **kwargs: P.kwargs) -> None:
        try:
            await handler(*args, **kwargs)
        except DATABASE_ERRORS as error:
            socket = _socket_of(args, kwargs)
            log.warning("a socket met the database gone: %s", type(error).__name__)
            if socket is None:
                raise
            with contextlib.suppress(Exception):  # the page may be gone as well
                if socket.client_state == WebSocketState.CONNECTING:
                    await socket.accept()
                if socket.client_state == WebSocketState.CONNECTED:
                    await socket.close(code=TRY_AGAIN, reason=SOCKET_DOWN)

    guarded.survives_database = True  # type: ignore[attr-defined]  # (checked by a test)
    return guarded


def _socket_of(args: Any, kwargs: dict[str, Any]) -> WebSocket | None:
    for value in (*args, *kwargs.values()):
        if isinstance(value, WebSocket):
            return value
    return None
