"""The queries of correspondence clocks and notifications (issue 22): :class:`NoticeStore`.

Every change of a shared row is a claim: a correspondence row moves on only from the
game version it was read at (``UPDATE ... WHERE version = old``), a mail is sent only
by the process whose insert of its key succeeded. So several server processes on one
database never both end a game on time, notify a turn twice or mail it twice.
Times are naive UTC.
"""

from __future__ import annotations

import dataclasses
import datetime
import secrets
from collections.abc import Callable
from typing import Any, cast

from sqlalchemy import delete, func, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..db.sealed import PREFIX, Sealer, open_value
from .push_tables import PushSettingsRow, PushSubscriptionRow
from .tables import (
    CorrespondenceRow,
    MailSentRow,
    NotificationRow,
    NotifySettingsRow,
    SiteSecretRow,
)

__all__ = ["Deadline", "MailSettings", "Notice", "NoticeStore"]


@dataclasses.dataclass(frozen=True)
class Deadline:
    """A correspondence game's clock as stored."""

    game_id: str
    days: int
    seat: int | None
    turn: int
    version: int
    deadline: datetime.datetime | None


@dataclasses.dataclass(frozen=True)
class Notice:
    """A notification as a client sees it."""

    id: int
    kind: str
    game_id: str | None
    text: str
    data: dict[str, Any]
    read: bool
    created: datetime.datetime

    def view(self) -> dict[str, Any]:
        """The JSON of a notification (``time`` in epoch seconds)."""
        return {
            "id": self.id,
            "kind": self.kind,
            "game": self.game_id,
            "text": self.text,
            "data": self.data,
            "read": self.read,
            "time": round(self.created.replace(tzinfo=datetime.UTC).timestamp(), 3),
        }


@dataclasses.dataclass(frozen=True)
class MailSettings:
    """An account's email address and which mails it wants."""

    email: str | None = None
    mail_turns: bool = True
    mail_challenges: bool = True


def _deadline(row: CorrespondenceRow) -> Deadline:
    return Deadline(row.game_id, row.days, row.seat, row.turn, row.version, row.deadline)


def _notice(row: NotificationRow) -> Notice:
    return Notice(row.id, row.kind, row.game_id, row.text, dict(row.data), row.read, row.created)


class NoticeStore:
    """Correspondence clocks, notifications, mails sent and mail settings."""

    def __init__(self, engine: Engine, sealer: Sealer | None = None) -> None:
        self.engine = engine
        self.sealer = sealer
        """Seals the site's secrets at rest (None: no site key, they are kept in the clear)."""

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

    def owns(self, user_id: int, notice_id: int) -> bool:
        """True when notification ``notice_id`` is the user's."""
        with Session(self.engine) as session:
            row = session.get(NotificationRow, notice_id)
            return row is not None and row.user_id == user_id

    # -- mail -------------------------------------------------------------------------
    def claim_mail(self, key: str, user_id: int) -> bool:
        """True for the one caller that first claims the mail ``key`` (then it sends it)."""
        now = datetime.datetime.now(datetime.UTC).replace(tzinfo=None)
        with Session(self.engine) as session:
            session.add(MailSentRow(key=key[:120], user_id=user_id, created=now))
            try:
                session.commit()
            except IntegrityError:
                session.rollback()
                return False
            return True

    def mails_sent(self, user_id: int) -> int:
        """How many mails were claimed for the user."""
        with Session(self.engine) as session:
            count = session.scalar(
                select(func.count()).select_from(MailSentRow).where(MailSentRow.user_id == user_id)
            )
            return int(count or 0)

    def settings(self, user_id: int) -> MailSettings:
        """The user's mail settings (defaults when never set)."""
        with Session(self.engine) as session:
            row = session.get(NotifySettingsRow, user_id)
            if row is None:
                return MailSettings()
            return MailSettings(row.email, row.mail_turns, row.mail_challenges)

    def save_settings(self, user_id: int, settings: MailSettings) -> None:
        """Write the user's mail settings."""
        with Session(self.engine) as session:
            row = session.get(NotifySettingsRow, user_id)
            if row is None:
                row = NotifySettingsRow(user_id=user_id)
                session.add(row)
            row.email = settings.email
            row.mail_turns = settings.mail_turns
            row.mail_challenges = settings.mail_challenges
            session.commit()

    def forget(self, user_id: int) -> None:
        """Delete the user's notifications, mail settings (its address with them) and push
        subscriptions (issue 43)."""
        with Session(self.engine) as session:
            session.execute(delete(NotificationRow).where(NotificationRow.user_id == user_id))
            session.execute(delete(NotifySettingsRow).where(NotifySettingsRow.user_id == user_id))
            for table in (PushSubscriptionRow, PushSettingsRow):
                session.execute(delete(table).where(table.user_id == user_id))
            session.commit()

    def secret(self, name: str, make: Callable[[], str] | None = None) -> str:
        """The site's secret ``name``, made on first use (the same for every process), sealed
        at rest when there is a site key (:mod:`shoal.server.db.sealed`).

        ``make`` makes a new one (default: 32 random bytes in hex).
        """
        with Session(self.engine) as session:
            row = session.get(SiteSecretRow, name)
            if row is not None:
                return open_value(self.sealer, name, row.value)
            value = make() if make is not None else secrets.token_hex(32)
            stored = self.sealer.seal(name, value) if self.sealer is not None else value
            session.add(SiteSecretRow(name=name, value=stored))
            try:
                session.commit()
            except IntegrityError:  # another process made it first
                session.rollback()
        with Session(self.engine) as session:
            row = session.get(SiteSecretRow, name)
            assert row is not None
            return open_value(self.sealer, name, row.value)

    def seal_secrets(self) -> int:
        """Check that every site secret opens (:class:`~shoal.server.db.sealed.SealError`
        otherwise: sealed with no key or another key) and, with a site key, seal those still
        in the clear; how many were sealed now."""
        sealed = 0
        with Session(self.engine) as session:
            for name, value in session.execute(select(SiteSecretRow.name, SiteSecretRow.value)):
                open_value(self.sealer, name, value)
                if self.sealer is not None and not value.startswith(PREFIX):
                    changed = session.execute(  # once, should two processes start together
                        update(SiteSecretRow)
                        .where(SiteSecretRow.name == name, SiteSecretRow.value == value)
                        .values(value=self.sealer.seal(name, value))
                    )
                    sealed += cast(Any, changed).rowcount
            session.commit()
        return sealed
