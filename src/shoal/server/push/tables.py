"""The tables of Web Push (issue 43), added by migration r0012.

* ``shoal_push_subscriptions``: one row per device (browser) subscribed: its push
  service ``endpoint`` (unique: a device subscribed again replaces its row, whoever
  signs in on it) and the keys of RFC 8291 (``p256dh``, ``auth``).
* ``shoal_push_settings``: which kinds of notification an account wants pushed
  (``kinds``: kind -> bool; a kind missing is on).

The VAPID key pair is a site secret (``shoal_site_secrets``, name ``vapid``).
"""

from __future__ import annotations

import datetime

from sqlalchemy import JSON, DateTime, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from ..db.tables import Base

__all__ = ["PushSettingsRow", "PushSubscriptionRow"]


class PushSubscriptionRow(Base):
    """A device's push subscription, held by an account."""

    __tablename__ = "shoal_push_subscriptions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[int] = mapped_column(Integer, index=True)
    endpoint_hash: Mapped[str] = mapped_column(String(64), unique=True)
    endpoint: Mapped[str] = mapped_column(Text)
    p256dh: Mapped[str] = mapped_column(String(200))
    auth: Mapped[str] = mapped_column(String(100))
    created: Mapped[datetime.datetime] = mapped_column(DateTime)


class PushSettingsRow(Base):
    """The kinds of notification an account wants pushed."""

    __tablename__ = "shoal_push_settings"

    user_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kinds: Mapped[dict[str, bool]] = mapped_column(JSON)
