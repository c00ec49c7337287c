"""The SQLAlchemy table of blocks (issue 61), added by migration ``w61_moderation``.

One row per account that blocked another: ``shoal_blocks`` (blocker, blocked, since when).
"""

from __future__ import annotations

import datetime

from sqlalchemy import DateTime, Integer
from sqlalchemy.orm import Mapped, mapped_column

from ..db.tables import Base

__all__ = ["BlockRow"]


class BlockRow(Base):
    """``blocker_id`` blocked ``blocked_id`` at ``created``."""

    __tablename__ = "shoal_blocks"

    blocker_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    blocked_id: Mapped[int] = mapped_column(Integer, primary_key=True, index=True)
    created: Mapped[datetime.datetime] = mapped_column(DateTime)
