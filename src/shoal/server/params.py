"""Request parameters several routers share: row ids, the seat token header, the client's
address."""

from __future__ import annotations

from typing import Annotated

from fastapi import Header, Path
from starlette.requests import HTTPConnection

__all__ = ["RowId", "TokenHeader", "client_address"]

RowId = Annotated[int, Path(ge=1, le=2**31 - 1, description="the row's number")]
"""A seek's, challenge's or notification's number: an INTEGER key (a larger number
would fail in the database driver, PostgreSQL's 32-bit INTEGER or SQLite's 64-bit
one, rather than answer 404)."""

TokenHeader = Annotated[
    str | None, Header(alias="X-Shoal-Token", description="the seat token of the player")
]
"""A seat token sent in ``X-Shoal-Token`` (the routes of every area that acts for a seat)."""


def client_address(connection: HTTPConnection) -> str:
    """The client's address (behind a proxy: see ``--forwarded-allow-ips`` in docs/server.md)."""
    return connection.client.host if connection.client is not None else "unknown"
