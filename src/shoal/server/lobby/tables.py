"""The SQLAlchemy table of the lobby (issue 22): open seeks (challenges: ``challenges.tables``).

Added by migration ``r0004`` (which also adds ``shoal_games.time_control``). A
seek's creator is an account (``user_id``) or a guest (``guest_hash``, the SHA-256
of the guest key the browser keeps).
"""

from __future__ import annotations

import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from ..db.tables import Base

__all__ = ["SeekRow"]


class SeekRow(Base):
    """A seek: ``status`` is ``open`` until ``taken`` (then ``game_id`` is set) or gone."""

    __tablename__ = "shoal_seeks"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    colour: Mapped[str] = mapped_column(String(8))
    time_control: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    user_id: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)
    guest_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    guest_address: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    """A guest's seek: the SHA-256 of the client's address (the cap of guests per address)."""
    name: Mapped[str] = mapped_column(String(40))
    status: Mapped[str] = mapped_column(String(8), index=True)
    game_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    creator_token: Mapped[str | None] = mapped_column(String(64), nullable=True)
    created: Mapped[datetime.datetime] = mapped_column(DateTime)
