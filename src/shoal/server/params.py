"""Request parameters several routers share."""

from __future__ import annotations

from typing import Annotated

from fastapi import Path

__all__ = ["RowId"]

RowId = Annotated[int, Path(ge=1, le=2**31 - 1, description="the row's number")]
"""A seek's, challenge's or notification's number: an INTEGER key (a larger number
would fail in the database driver, PostgreSQL's 32-bit INTEGER or SQLite's 64-bit
one, rather than answer 404)."""
