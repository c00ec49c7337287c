"""The SQLAlchemy tables of accounts: users, their sessions, and the seats they hold.

Added by migration ``0002``. A session row keeps only the SHA-256 of the
session's secret; a user row keeps only the Argon2id hash of the password.
"""

from __future__ import annotations

import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from ..db.tables import Base

__all__ = ["Base", "SeatRow", "SessionRow", "UserRow"]


class UserRow(Base):
    """An account. ``name_key`` is the username in lower case (unique: names ignore case)."""

    __tablename__ = "shoal_users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    username: Mapped[str] = mapped_column(String(20))
    name_key: Mapped[str] = mapped_column(String(20), unique=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    created: Mapped[datetime.datetime] = mapped_column(DateTime)
    disabled: Mapped[bool] = mapped_column(Boolean, default=False)
    deleted: Mapped[bool] = mapped_column(Boolean, default=False)
    prefs: Mapped[dict[str, Any]] = mapped_column(JSON)


class SessionRow(Base):
    """A signed-in browser: the hash of its cookie's secret, whose account, until when."""

    __tablename__ = "shoal_sessions"

    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("shoal_users.id"), index=True)
    created: Mapped[datetime.datetime] = mapped_column(DateTime)
    expires: Mapped[datetime.datetime] = mapped_column(DateTime)


class SeatRow(Base):
    """A seat of a game held by an account (the index behind "My games" and profiles)."""

    __tablename__ = "shoal_seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("shoal_games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("shoal_users.id"), index=True)
