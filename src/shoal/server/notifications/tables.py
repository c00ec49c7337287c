"""The tables of correspondence clocks and notifications (issue 22), added by migration r0005.

* ``shoal_correspondence``: one row per correspondence game: ``days`` per move, the
  seat to move and its ``deadline`` (naive UTC; null once the game is over), and the
  game ``version`` the row was last brought up to (the claim of a change: a row is
  moved on only from the version it was read at).
* ``shoal_notifications``: one row per notice to an account (``kind``: ``your_turn``,
  ``challenge``, ``game_ended``, ``offer``), read or not.
* ``shoal_mail_sent``: one row per mail sent, keyed by what it was about (at most one
  mail per game per turn: the insert is the claim).
* ``shoal_notify_settings``: an account's email address and whether it wants mail.
* ``shoal_site_secrets``: the site's secrets (the unsubscribe links' key, the VAPID key), made once;
  sealed with the site key when one is set (:mod:`shoal.server.db.sealed`).
"""

from __future__ import annotations

import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from ..db.tables import Base

__all__ = [
    "CorrespondenceRow",
    "MailSentRow",
    "NotificationRow",
    "NotifySettingsRow",
    "SiteSecretRow",
]


class CorrespondenceRow(Base):
    """A correspondence game's clock: ``days`` per move; who must move by when."""

    __tablename__ = "shoal_correspondence"

    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    days: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    turn: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer)
    deadline: Mapped[datetime.datetime | None] = mapped_column(DateTime, nullable=True, index=True)


class NotificationRow(Base):
    """A notice to an account."""

    __tablename__ = "shoal_notifications"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[int] = mapped_column(Integer, index=True)
    kind: Mapped[str] = mapped_column(String(16))
    game_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    text: Mapped[str] = mapped_column(String(300))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    read: Mapped[bool] = mapped_column(Boolean, default=False)
    created: Mapped[datetime.datetime] = mapped_column(DateTime)


class MailSentRow(Base):
    """A mail sent (or being sent): ``key`` names what about, e.g. ``turn:GAME:VERSION:USER``."""

    __tablename__ = "shoal_mail_sent"

    key: Mapped[str] = mapped_column(String(120), primary_key=True)
    user_id: Mapped[int] = mapped_column(Integer)
    created: Mapped[datetime.datetime] = mapped_column(DateTime)


class NotifySettingsRow(Base):
    """An account's email address (optional) and its mail settings."""

    __tablename__ = "shoal_notify_settings"

    user_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    mail_turns: Mapped[bool] = mapped_column(Boolean, default=True)
    mail_challenges: Mapped[bool] = mapped_column(Boolean, default=True)


class SiteSecretRow(Base):
    """A secret of the site, made once and shared by every server process."""

    __tablename__ = "shoal_site_secrets"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(Text)  # sealed or in the clear (db/sealed.py); w57
