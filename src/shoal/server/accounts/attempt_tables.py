"""The SQLAlchemy table of sign-in attempts (issue 21): ``shoal_attempts``, migration 0010.

One row per attempt and key (``address:IP`` or ``account:name``), with its time in
seconds since the epoch. Every server process counts the same rows, so the limits
hold across ``--workers``; rows older than the window are deleted as attempts come.
"""

from __future__ import annotations

from sqlalchemy import Float, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from ..db.tables import Base

__all__ = ["AttemptRow"]


class AttemptRow(Base):
    """One sign-in attempt counted against ``key`` at ``at`` (epoch seconds)."""

    __tablename__ = "shoal_attempts"
    __table_args__ = (Index("ix_shoal_attempts_key_at", "key", "at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(120))
    at: Mapped[float] = mapped_column(Float)
