"""The queries of correspondence clocks and notifications (issue 22): :class:`NoticeStore`.

Every change of a shared row is a claim: a correspondence row moves on only from the
game version it was read at (``UPDATE ... WHERE version = old``). So several server
processes on one database never both end a game on time or notify a turn twice.
Times are naive UTC.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Callable
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from .models import Deadline, Notice
from .tables import CorrespondenceRow, NotificationRow

__all__ = ["Deadline", "Notice", "NoticeStore"]


def _deadline(row: CorrespondenceRow) -> Deadline:
    return Deadline(row.game_id, row.days, row.seat, row.turn, row.version, row.deadline)


def _notice(row: NotificationRow) -> Notice:
    return Notice(row.id, row.kind, row.game_id, row.text, dict(row.data), row.read, row.created)


class NoticeStore:
    """Correspondence clocks and notifications."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- correspondence -------------------------------------------------------------
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
        with Session(self.engine) as session:
            row = session.get(CorrespondenceRow, game_id)
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

    # -- notifications ----------------------------------------------------------------
    def add(
        self, user_id: int, kind: str, game_id: str | None, text: str, data: dict[str, Any]
    ) -> Notice:
        """Store a notification; the stored one."""
        now = datetime.datetime.now(datetime.UTC).replace(tzinfo=None)
        row = NotificationRow(
            user_id=user_id,
            kind=kind,
            game_id=game_id,
            text=text[:300],
            data=data,
            read=False,
            created=now,
        )
        with Session(self.engine) as session:
            session.add(row)
            session.commit()
            return _notice(row)

    def get(self, notice_id: int) -> Notice | None:
        """The notification ``notice_id``, or None."""
        with Session(self.engine) as session:
            row = session.get(NotificationRow, notice_id)
            return None if row is None else _notice(row)

    def notices(self, user_id: int, *, unread: bool = False, limit: int = 50) -> list[Notice]:
        """The user's notifications, newest first."""
        query = select(NotificationRow).where(NotificationRow.user_id == user_id)
        if unread:
            query = query.where(~NotificationRow.read)
        query = query.order_by(NotificationRow.id.desc()).limit(limit)
        with Session(self.engine) as session:
            return [_notice(r) for r in session.scalars(query)]

    def unread(self, user_id: int) -> int:
        """How many of the user's notifications are unread."""
        with Session(self.engine) as session:
            count = session.scalar(
                select(func.count())
                .select_from(NotificationRow)
                .where(NotificationRow.user_id == user_id, ~NotificationRow.read)
            )
            return int(count or 0)

    def mark_read(self, user_id: int, notice_id: int | None = None) -> int:
        """Mark one notification (or all, with None) of the user read; how many changed."""
        query = update(NotificationRow).where(
            NotificationRow.user_id == user_id, ~NotificationRow.read
        )
        if notice_id is not None:
            query = query.where(NotificationRow.id == notice_id)
        with Session(self.engine) as session:
            result = session.execute(query.values(read=True))
            session.commit()
            return int(getattr(result, "rowcount", 0) or 0)

    def mark_game_read(self, user_id: int, game_id: str, kind: str) -> int:
        """Mark the user's unread ``kind`` notifications of ``game_id`` read; how many changed."""
        query = update(NotificationRow).where(
            NotificationRow.user_id == user_id,
            NotificationRow.game_id == game_id,
            NotificationRow.kind == kind,
            ~NotificationRow.read,
        )
        with Session(self.engine) as session:
            result = session.execute(query.values(read=True))
            session.commit()
            return int(getattr(result, "rowcount", 0) or 0)

    def forget(self, user_id: int) -> None:
        """Delete the user's notifications (an account deleted)."""
        with Session(self.engine) as session:
            session.execute(delete(NotificationRow).where(NotificationRow.user_id == user_id))
            session.commit()

    def owns(self, user_id: int, notice_id: int) -> bool:
        """True when notification ``notice_id`` is the user's."""
        with Session(self.engine) as session:
            row = session.get(NotificationRow, notice_id)
            return row is not None and row.user_id == user_id
