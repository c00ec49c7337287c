"""The answers of the blocks' routes."""

from __future__ import annotations

from pydantic import Field

from ..schemas import Out

__all__ = ["BlockOut", "BlockedOut"]


class BlockedOut(Out):
    """A player I block."""

    username: str
    since: str = Field(description="ISO 8601, UTC")


class BlockOut(Out):
    """A block made or undone."""

    username: str
    blocked: bool
