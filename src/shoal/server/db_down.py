"""The database going away: a 503 with words, and connections that recover by themselves.

When PostgreSQL stops (a restart, a fail-over, ``pg_ctl stop -m immediate``), the driver
raises :class:`sqlalchemy.exc.OperationalError` (or ``InterfaceError``) in whatever request
touched it. :func:`add_database_handlers` answers those with 503, ``Retry-After`` and a
sentence, never a 500; nothing was changed, since the transaction did not commit. The
engine checks each pooled connection before use (``pool_pre_ping``, set by the store), so
once the database is back the next request gets a fresh connection: no restart of the
server is needed.
"""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response
from sqlalchemy.exc import InterfaceError, OperationalError

__all__ = ["DATABASE_DOWN", "RETRY_AFTER", "add_database_handlers"]

DATABASE_DOWN = "the database is not answering: nothing was changed; try again in a few seconds"
"""The words of the 503."""

RETRY_AFTER = 5
"""Seconds a client is told to wait."""

log = logging.getLogger("shoal.server.db_down")


def add_database_handlers(app: FastAPI) -> None:
    """Answer a lost database connection with 503 and :data:`DATABASE_DOWN`."""

    async def _down(request: Request, error: Exception) -> Response:
        log.warning("the database is not answering: %s", type(error).__name__)
        return JSONResponse(
            {"detail": DATABASE_DOWN},
            status_code=503,
            headers={"Retry-After": str(RETRY_AFTER)},
        )

    app.add_exception_handler(OperationalError, _down)
    app.add_exception_handler(InterfaceError, _down)
