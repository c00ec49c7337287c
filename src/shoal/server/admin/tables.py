"""The operator's tables (migration ``w57b_admin``): ``shoal_admin_notes``, the changes an
operator's command (or a player's own deletion) made that every server process must
learn, and ``shoal_bans``, the banned address ranges.
"""

from __future__ import annotations

import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, Float, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from ..db.tables import Base

__all__ = ["BanRow", "NoteRow"]


class NoteRow(Base):
    """A change the server processes must learn: its ``kind`` and what it says (``body``).

    The processes read the notes after the last one they saw (:mod:`.notes`); rows older
    than a day are deleted by whoever writes one.
    """

    __tablename__ = "shoal_admin_notes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    kind: Mapped[str] = mapped_column(String(20))
    body: Mapped[dict[str, Any]] = mapped_column(JSON)
    created: Mapped[float] = mapped_column(Float, index=True)


class BanRow(Base):
    """A banned address range (CIDR, in its normal form): every change and socket from it
    is refused, or only a guest's (``guests_only``), until ``expires`` (None: for good)."""

    __tablename__ = "shoal_bans"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    network: Mapped[str] = mapped_column(String(64), unique=True)
    guests_only: Mapped[bool] = mapped_column(Boolean, default=False)
    reason: Mapped[str] = mapped_column(String(200), default="")
    by: Mapped[str] = mapped_column(String(40), default="operator")
    created: Mapped[datetime.datetime] = mapped_column(DateTime)
    expires: Mapped[datetime.datetime | None] = mapped_column(DateTime, nullable=True)
