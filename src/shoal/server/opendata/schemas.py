"""The answer of the open data's route: the published files."""

from __future__ import annotations

from pydantic import Field

from ..schemas import Out

__all__ = ["DataFile", "Database"]


class DataFile(Out):
    """A published file (``/database/files/{name}``)."""

    name: str
    kind: str = Field(description="games-text, games-jsonl, puzzles or book")
    game: str
    month: str | None = Field(None, description="YYYY-MM (games only)")
    bytes: int
    count: int = Field(description="games, puzzles or book games in the file")
    sha256: str


class Database(Out):
    """The published export (``exported`` null and no files: nothing published yet)."""

    exported: str | None
    version: int | None
    files: list[DataFile]
