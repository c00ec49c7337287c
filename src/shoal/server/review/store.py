"""The queries of game reviews (issue 26): :class:`ReviewStore` on the table ``shoal_reviews``.

A review is claimed once: :meth:`ReviewStore.claim` inserts the running row, and
a second claim of the same subject and level (in this process or another one on
the same database) finds the row and starts nothing. A running row that has not
moved for :data:`STALE_SECONDS` (its process died) may be claimed again.
"""

from __future__ import annotations

import dataclasses
import datetime
from typing import Any

from sqlalchemy import update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from ..db.rows import committed
from .tables import ReviewRow

__all__ = ["STALE_SECONDS", "ReviewState", "ReviewStore"]

STALE_SECONDS = 120.0
"""A running review whose progress has not moved for this long is taken as abandoned."""


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC).replace(tzinfo=None)


@dataclasses.dataclass(frozen=True)
class ReviewState:
    """A review as a client sees it: ``running``, ``done`` or ``failed``, with its figures."""

    subject: str
    level: str
    status: str
    done: int
    total: int
    result: dict[str, Any] | None
    error: str | None
    updated: datetime.datetime

    @property
    def stale(self) -> bool:
        """True for a running review that has not moved for :data:`STALE_SECONDS`."""
        age = (_now() - self.updated).total_seconds()
        return self.status == "running" and age > STALE_SECONDS

    def view(self) -> dict[str, Any]:
        """The JSON a client gets (``review`` only once done)."""
        return {
            "status": self.status,
            "level": self.level,
            "done": self.done,
            "total": self.total,
            "review": self.result,
            "error": self.error,
        }


def _state(row: ReviewRow) -> ReviewState:
    return ReviewState(
        row.subject, row.level, row.status, row.done, row.total, row.result, row.error, row.updated
    )


class ReviewStore:
    """Reviews in the database of ``engine``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def get(self, subject: str, level: str) -> ReviewState | None:
        """The review of ``subject`` at ``level``, or None when none was started."""
        with Session(self.engine) as session:
            row = session.get(ReviewRow, (subject, level))
            return None if row is None else _state(row)

    def claim(self, subject: str, level: str, total: int) -> bool:
        """Start the review (True), or find it started, done or running elsewhere (False).

        A failed or stale review is claimed again.
        """
        now = _now()
        with Session(self.engine) as session:
            row = session.get(ReviewRow, (subject, level))
            if row is None:
                session.add(
                    ReviewRow(
                        subject=subject,
                        level=level,
                        status="running",
                        done=0,
                        total=total,
                        result=None,
                        error=None,
                        created=now,
                        updated=now,
                    )
                )
                return committed(session)  # False: another process claimed it first
            state = _state(row)
            if state.status != "failed" and not state.stale:
                return False
            old = row.updated
        with Session(self.engine) as session:  # take it over only if nobody else did
            result = session.execute(
                update(ReviewRow)
                .where(
                    ReviewRow.subject == subject,
                    ReviewRow.level == level,
                    ReviewRow.updated == old,
                )
                .values(status="running", done=0, total=total, error=None, updated=now)
            )
            session.commit()
            return getattr(result, "rowcount", 1) == 1

    def progress(self, subject: str, level: str, done: int, total: int) -> None:
        """Record the searches done so far."""
        self._set(subject, level, done=done, total=total)

    def finish(self, subject: str, level: str, result: dict[str, Any], total: int) -> None:
        """Store the finished review (``total`` searches, all done)."""
        self._set(subject, level, status="done", result=result, done=total, total=total)

    def fail(self, subject: str, level: str, error: str) -> None:
        """Mark the review failed, with why (it may be started again)."""
        self._set(subject, level, status="failed", error=error)

    def _set(self, subject: str, level: str, **values: Any) -> None:
        with Session(self.engine) as session:
            session.execute(
                update(ReviewRow)
                .where(ReviewRow.subject == subject, ReviewRow.level == level)
                .values(updated=_now(), **values)
            )
            session.commit()
