"""The queries of notifications (issue 22): :class:`NoticeStore`. Times are naive UTC."""

from __future__ import annotations

import datetime
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from .models import Notice
from .tables import NotificationRow

__all__ = ["Notice", "NoticeStore"]


def _notice(row: NotificationRow) -> Notice:
    return Notice(row.id, row.kind, row.game_id, row.text, dict(row.data), row.read, row.created)


class NoticeStore:
    """Notifications."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

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
