"""The vacations' table (issue 43), added by migration r0012: ``shoal_vacations``, an
account's vacation days spent in a ``year`` and the vacation running (``started``, ``until``;
null when none).
"""

from __future__ import annotations

import datetime

from sqlalchemy import DateTime, Integer
from sqlalchemy.orm import Mapped, mapped_column

from ..db.tables import Base

__all__ = ["VacationRow"]


class VacationRow(Base):
    """An account's vacation: the days spent this year, the one running."""

    __tablename__ = "shoal_vacations"

    user_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    year: Mapped[int] = mapped_column(Integer)
    used: Mapped[int] = mapped_column(Integer)
    started: Mapped[datetime.datetime | None] = mapped_column(DateTime, nullable=True)
    until: Mapped[datetime.datetime | None] = mapped_column(DateTime, nullable=True)
    booked: Mapped[int] = mapped_column(Integer, default=0)
