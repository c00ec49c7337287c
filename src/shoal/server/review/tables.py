"""The SQLAlchemy table of game reviews (issue 26): ``shoal_reviews``, added by migration 0009.

One row per reviewed subject: ``game/ID`` (a stored game) or ``record/ID`` (an
uploaded record), at one level. The row is made when a review starts, keeps its
progress (searches done out of the total) while it runs, and its result (the
JSON of :meth:`shoal.analysis.review.Review.to_json_dict`) once done, so a
review is computed once.
"""

from __future__ import annotations

import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from ..db.tables import Base

__all__ = ["ReviewRow"]


class ReviewRow(Base):
    """A review: running (with its progress), done (with its result) or failed (with why)."""

    __tablename__ = "shoal_reviews"

    subject: Mapped[str] = mapped_column(String(48), primary_key=True)
    level: Mapped[str] = mapped_column(String(16), primary_key=True)
    status: Mapped[str] = mapped_column(String(16))
    done: Mapped[int] = mapped_column(Integer)
    total: Mapped[int] = mapped_column(Integer)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    created: Mapped[datetime.datetime] = mapped_column(DateTime)
    updated: Mapped[datetime.datetime] = mapped_column(DateTime)
