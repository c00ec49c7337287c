"""The mails' queries (issue 22): an account's mail settings, and the claim that sends a
mail once: a mail is sent only by the process whose insert of its key succeeded, so several
server processes on one database never mail a turn twice.
"""

from __future__ import annotations

import dataclasses
import datetime

from sqlalchemy import delete, func, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from ..db.rows import committed
from .tables import MailSentRow, NotifySettingsRow

__all__ = ["MailSettings", "MailStore"]


@dataclasses.dataclass(frozen=True)
class MailSettings:
    """An account's email address and which mails it wants."""

    email: str | None = None
    mail_turns: bool = True
    mail_challenges: bool = True


class MailStore:
    """Mail settings and mails sent, in the database of ``engine``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def claim_mail(self, key: str, user_id: int) -> bool:
        """True for the one caller that first claims the mail ``key`` (then it sends it)."""
        now = datetime.datetime.now(datetime.UTC).replace(tzinfo=None)
        with Session(self.engine) as session:
            session.add(MailSentRow(key=key[:120], user_id=user_id, created=now))
            return committed(session)

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
        """Delete the user's mail settings, its address with them (an account deleted)."""
        with Session(self.engine) as session:
            session.execute(delete(NotifySettingsRow).where(NotifySettingsRow.user_id == user_id))
            session.commit()
