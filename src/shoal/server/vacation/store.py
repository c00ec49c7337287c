"""The vacations' queries (issue 43): an account's row of the year, who is away until when."""

from __future__ import annotations

import datetime

from sqlalchemy import select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from .tables import VacationRow

__all__ = ["VacationStore"]


class VacationStore:
    """The vacations' rows and the deadline shifts they make."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def row(self, user_id: int, year: int) -> VacationRow:
        """The account's row for ``year`` (a detached copy; the days reset each year)."""
        with Session(self.engine) as session:
            row = session.get(VacationRow, user_id)
            if row is None:
                return VacationRow(user_id=user_id, year=year, used=0, booked=0)
            session.expunge(row)
            over = row.until is None or row.until < datetime.datetime(year, 1, 1)
            if row.year != year and over:  # a vacation over New Year counts in its year
                row.year, row.used, row.until, row.started = year, 0, None, None
            return row

    def save(self, row: VacationRow) -> None:
        with Session(self.engine) as session:
            session.merge(row)
            session.commit()

    def until(self, user_ids: list[int], now: datetime.datetime) -> dict[int, datetime.datetime]:
        """The accounts among ``user_ids`` on vacation at ``now``, with its end."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(VacationRow).where(
                    VacationRow.user_id.in_(user_ids), VacationRow.until > now
                )
            )
            return {r.user_id: r.until for r in rows if r.until is not None}
