"""The SQLAlchemy tables: one row per game (``shoal_games``), one per uploaded record."""

from __future__ import annotations

import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, DateTime, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = ["Base", "GameRow", "RecordRow"]


class Base(DeclarativeBase):
    """The declarative base of shoal's tables (its ``metadata`` creates them)."""


class GameRow(Base):
    """A game: the columns of :class:`~shoal.server.storage.data.GameData`, and two times."""

    __tablename__ = "shoal_games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)  # seeds reach 2**63
    start: Mapped[str | None] = mapped_column(Text, nullable=True)
    mode: Mapped[str] = mapped_column(String(16))
    level: Mapped[str | None] = mapped_column(String(32), nullable=True)
    computer_seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    players: Mapped[list[str]] = mapped_column(JSON)
    token_hashes: Mapped[list[str | None]] = mapped_column(JSON)
    actions: Mapped[list[int]] = mapped_column(JSON)
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    ended: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    accounts: Mapped[list[int | None] | None] = mapped_column(JSON, nullable=True)  # rev 0002
    version: Mapped[int] = mapped_column(Integer)
    created: Mapped[datetime.datetime] = mapped_column(DateTime)
    updated: Mapped[datetime.datetime] = mapped_column(DateTime)


class RecordRow(Base):
    """An uploaded record's text."""

    __tablename__ = "shoal_records"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    text: Mapped[str] = mapped_column(Text)
    created: Mapped[datetime.datetime] = mapped_column(DateTime)
