"""Recurring tournaments: a schedule per game (a weekly Swiss, a monthly correspondence
round robin...) whose events the server makes itself, once each across processes.

An admin adds a schedule (``shoal admin tournament add``): what each event is, how often
(``day``, ``week`` or ``month``: the same day of the next month, the last day when the
month is shorter) and when the first starts. Every server process's tournament ticker
calls :meth:`ScheduleStore.make_due`: an occurrence starting within ``lead`` seconds is
made as an upcoming event by a guarded update of the schedule's ``next_at`` (from this
occurrence to the following one) in the same transaction as the event's row, so exactly
one process makes it. Occurrences missed while no server ran are skipped.

>>> following(datetime.datetime(2030, 1, 31, 18, 0), "month")
datetime.datetime(2030, 2, 28, 18, 0)
>>> following(datetime.datetime(2030, 1, 31, 18, 0), "week")
datetime.datetime(2030, 2, 7, 18, 0)
"""

from __future__ import annotations

import calendar
import dataclasses
import datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from shoal.pairing.records import EVERY, FORMATS, TournamentError, check_max_players

from ..db.rows import as_data
from .store import Tournament, as_tournament, utcnow
from .tables import TournamentRow, TournamentScheduleRow

__all__ = ["EVERY", "Schedule", "ScheduleStore", "check_schedule", "following"]


def following(when: datetime.datetime, every: str) -> datetime.datetime:
    """The occurrence after ``when``."""
    if every == "day":
        return when + datetime.timedelta(days=1)
    if every == "week":
        return when + datetime.timedelta(days=7)
    if every == "month":
        year, month = (when.year + 1, 1) if when.month == 12 else (when.year, when.month + 1)
        day = min(when.day, calendar.monthrange(year, month)[1])
        return when.replace(year=year, month=month, day=day)
    raise TournamentError(f"every is one of {', '.join(EVERY)}, not {every!r}")


def check_schedule(format: str, every: str, rounds: int, max_players: int) -> None:
    """Refuse a schedule the events could not follow (a clear :class:`TournamentError`)."""
    if format not in FORMATS:
        raise TournamentError(f"unknown format {format!r}: one of {', '.join(FORMATS)}")
    if every not in EVERY:
        raise TournamentError(f"every is one of {', '.join(EVERY)}, not {every!r}")
    if format == "swiss" and not 1 <= rounds <= 20:
        raise TournamentError("a Swiss needs --rounds, 1 to 20")
    check_max_players(format, max_players)


@dataclasses.dataclass(frozen=True)
class Schedule:
    """A recurring event (the columns of ``shoal_tournament_schedules``)."""

    id: int
    name: str
    game: str
    options: dict[str, Any]
    format: str
    rounds: int
    clock: str
    rated: bool
    max_players: int
    every: str
    next_at: datetime.datetime
    creator_id: int


def _schedule(row: TournamentScheduleRow) -> Schedule:
    return as_data(Schedule, row)


class ScheduleStore:
    """The schedules' queries."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def add(self, **values: Any) -> Schedule:
        """Store a schedule (the columns of :class:`Schedule` but ``id``)."""
        with Session(self.engine) as session:
            row = TournamentScheduleRow(**values)
            session.add(row)
            session.commit()
            return _schedule(row)

    def all(self) -> list[Schedule]:
        """Every schedule."""
        with Session(self.engine) as session:
            rows = session.scalars(select(TournamentScheduleRow).order_by(TournamentScheduleRow.id))
            return [_schedule(r) for r in rows]

    def make_due(self, lead: float, now: datetime.datetime | None = None) -> list[Tournament]:
        """Make the occurrences starting within ``lead`` seconds (each once, see above)."""
        now = now or utcnow()
        made: list[Tournament] = []
        for schedule in self.all():
            when = schedule.next_at
            while when < now:  # missed while no server ran: the next one still ahead
                when = following(when, schedule.every)
            if when > now + datetime.timedelta(seconds=lead):
                continue
            with Session(self.engine) as session:
                done = session.execute(
                    update(TournamentScheduleRow)
                    .where(
                        TournamentScheduleRow.id == schedule.id,
                        TournamentScheduleRow.next_at == schedule.next_at,
                    )
                    .values(next_at=following(when, schedule.every))
                )
                if not done.rowcount:  # type: ignore[attr-defined]
                    session.rollback()  # another process made it
                    continue
                row = TournamentRow(
                    name=f"{schedule.name} {when:%Y-%m-%d}",
                    description=f"Every {schedule.every}.",
                    game=schedule.game,
                    options=dict(schedule.options),
                    format=schedule.format,
                    rounds=schedule.rounds,
                    clock=schedule.clock,
                    rated=schedule.rated,
                    starts_at=when,
                    max_players=schedule.max_players,
                    creator_id=schedule.creator_id,
                    status="upcoming",
                    round=0,
                    created=utcnow(),
                )
                session.add(row)
                session.commit()
                made.append(as_tournament(row))
        return made
