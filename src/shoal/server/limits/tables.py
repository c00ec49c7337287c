"""The table of the site-wide limits' counters: ``shoal_limits`` (migration ``w57b_limits``).

One row per limit and key (``games:10.0.0.7``, ``events:u42``...): how many times the
key was counted in its current window, and when that window ends (seconds since the
epoch). Every server process counts in the same rows, so a limit holds for the site,
however many processes serve it (:mod:`.counter`).
"""

from __future__ import annotations

from sqlalchemy import Float, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from ..db.tables import Base

__all__ = ["KEY_LENGTH", "LimitRow"]

KEY_LENGTH = 160
"""The longest key stored as it is (a longer one is stored as its SHA-256)."""


class LimitRow(Base):
    """A key's hits in its current window, which ends at ``ends`` (epoch seconds)."""

    __tablename__ = "shoal_limits"

    key: Mapped[str] = mapped_column(String(KEY_LENGTH), primary_key=True)
    hits: Mapped[int] = mapped_column(Integer)
    ends: Mapped[float] = mapped_column(Float, index=True)
