"""The queries of correspondence clocks (issue 22): :class:`ClockStore`.

Every change of a clock's row is a claim: a row moves on only from the game version it was
read at (``UPDATE ... WHERE version = old``). So several server processes on one database
never both end a game on time or notify a turn twice. Times are naive UTC.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Callable
from typing import Any, cast

from sqlalchemy import Table, bindparam, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from .models import Deadline
from .tables import CorrespondenceRow

__all__ = ["ClockStore"]

_CLOCK_OF = select(cast(Table, CorrespondenceRow.__table__)).where(
    CorrespondenceRow.game_id == bindparam("game_id")
)
"""One game's clock row, as a plain row (no ORM object: a game's first move in each process
reads it, unless the game cannot have one)."""


def _deadline(row: Any) -> Deadline:
    """The clock of a row (an ORM object or a plain row: the same names)."""
    return Deadline(row.game_id, row.days, row.seat, row.turn, row.version, row.deadline)


class ClockStore:
    """The correspondence games' clocks in the database of ``engine``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def start_clock(self, deadline: Deadline) -> None:
        """Store a new correspondence game's clock."""
        with Session(self.engine) as session:
            session.add(CorrespondenceRow(**dataclasses.asdict(deadline)))
            session.commit()

    @staticmethod
    def clock_claim(deadline: Deadline) -> Callable[[Session], bool]:
        """Storing a new game's clock in the transaction that stores the game (a
        :data:`~shoal.server.games.models.Claim`)."""

        def claim(session: Session) -> bool:
            session.add(CorrespondenceRow(**dataclasses.asdict(deadline)))
            return True

        return claim

    def clock(self, game_id: str) -> Deadline | None:
        """The correspondence clock of ``game_id`` (None: not a correspondence game)."""
        with self.engine.connect() as connection:
            row = connection.execute(_CLOCK_OF, {"game_id": game_id}).first()
        return None if row is None else _deadline(row)

    def move_clock(self, old: Deadline, new: Deadline) -> bool:
        """Replace ``old`` by ``new`` only where the row is still at ``old.version``.

        True for the one caller that moved it (the claim).
        """
        with Session(self.engine) as session:
            result = session.execute(
                update(CorrespondenceRow)
                .where(
                    CorrespondenceRow.game_id == old.game_id,
                    CorrespondenceRow.version == old.version,
                )
                .values(seat=new.seat, turn=new.turn, version=new.version, deadline=new.deadline)
            )
            session.commit()
            return getattr(result, "rowcount", 0) == 1

    def overdue(self, now: datetime.datetime, limit: int = 100) -> list[Deadline]:
        """The clocks whose deadline has passed, oldest first."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(CorrespondenceRow)
                .where(CorrespondenceRow.deadline.is_not(None), CorrespondenceRow.deadline <= now)
                .order_by(CorrespondenceRow.deadline)
                .limit(limit)
            )
            return [_deadline(r) for r in rows]

    def shift_deadlines(self, seats: list[tuple[str, int]], delta: datetime.timedelta) -> int:
        """Move the deadlines of the games where these seats are to move by ``delta`` (a
        vacation begun or ended); how many moved."""
        moved = 0
        with Session(self.engine) as session:
            for game_id, seat in seats:
                row = session.get(CorrespondenceRow, game_id)
                if row is None or row.deadline is None or row.seat != seat:
                    continue
                result = session.execute(
                    update(CorrespondenceRow)
                    .where(
                        CorrespondenceRow.game_id == game_id,
                        CorrespondenceRow.version == row.version,
                    )
                    .values(deadline=row.deadline + delta)
                )
                moved += getattr(result, "rowcount", 0)
            session.commit()
        return moved
