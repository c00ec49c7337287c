"""The SQLAlchemy table of challenges (issue 22): ``shoal_challenges``, added by migration
``r0004`` with the lobby's seeks. A challenge is always between two accounts."""

from __future__ import annotations

import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from ..db.tables import Base

__all__ = ["ChallengeRow"]


class ChallengeRow(Base):
    """A challenge of one account by another: ``open``, ``accepted``, ``declined``..."""

    __tablename__ = "shoal_challenges"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    challenger: Mapped[int] = mapped_column(Integer, index=True)
    challenged: Mapped[int] = mapped_column(Integer, index=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    colour: Mapped[str] = mapped_column(String(8))
    time_control: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    status: Mapped[str] = mapped_column(String(10), index=True)
    game_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    created: Mapped[datetime.datetime] = mapped_column(DateTime)
