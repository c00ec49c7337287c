"""The mails' tables (issues 22 and 43).

* ``shoal_notify_settings``: an account's email address and whether it wants mail.
* ``shoal_mail_sent``: one row per mail sent, keyed by what it was about (at most one
  mail per game per turn: the insert is the claim).
* ``shoal_mail_digest`` (issue 43): how an account wants turn mail (``mode``: ``turn``,
  ``digest`` or ``none``; ``hours`` between digests) and when its last digest went
  (``sent``: moved by a conditional update, the claim that makes it once across workers).
"""

from __future__ import annotations

import datetime

from sqlalchemy import Boolean, DateTime, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from ..db.tables import Base

__all__ = ["DigestRow", "MailSentRow", "NotifySettingsRow"]


class NotifySettingsRow(Base):
    """An account's email address (optional) and its mail settings."""

    __tablename__ = "shoal_notify_settings"

    user_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    mail_turns: Mapped[bool] = mapped_column(Boolean, default=True)
    mail_challenges: Mapped[bool] = mapped_column(Boolean, default=True)


class MailSentRow(Base):
    """A mail sent (or being sent): ``key`` names what about, e.g. ``turn:GAME:VERSION:USER``."""

    __tablename__ = "shoal_mail_sent"

    key: Mapped[str] = mapped_column(String(120), primary_key=True)
    user_id: Mapped[int] = mapped_column(Integer)
    created: Mapped[datetime.datetime] = mapped_column(DateTime)


class DigestRow(Base):
    """An account's turn-mail mode and its last digest."""

    __tablename__ = "shoal_mail_digest"

    user_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    mode: Mapped[str] = mapped_column(String(8))
    hours: Mapped[int] = mapped_column(Integer)
    sent: Mapped[datetime.datetime | None] = mapped_column(DateTime, nullable=True)
    seen: Mapped[int] = mapped_column(Integer, default=0)
    """The newest ``your_turn`` notification the last digest covered."""
