"""The table of notifications (issue 22), added by migration r0005 (with the correspondence
clocks' table, now a game's: :mod:`shoal.server.games.tables`).

* ``shoal_notifications``: one row per notice to an account (``kind``: ``your_turn``,
  ``challenge``, ``game_ended``, ``offer``), read or not.

The mails' tables are the mail domain's (:mod:`shoal.server.mail.tables`), the site's secrets
:mod:`shoal.server.db.secrets`.
"""

from __future__ import annotations

import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from ..db.tables import Base

__all__ = ["NotificationRow"]


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
