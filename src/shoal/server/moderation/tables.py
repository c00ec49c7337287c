"""The SQLAlchemy tables of moderation (issue 61), added by migration ``w61_moderation``.

* ``shoal_roles``: the accounts the operator made moderators (or operators).
* ``shoal_reports``: what players (and the fair-play checks) reported, and its state.
* ``shoal_mod_log``: every moderator's (and the operator's) action: who, when, whom, why.
* ``shoal_mod_standing``: an account's standing: muted until when, marked as an engine
  user, banned.
"""

from __future__ import annotations

import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from ..db.tables import Base

__all__ = ["AuditRow", "ReportRow", "RoleRow", "StandingRow"]


class RoleRow(Base):
    """An account with a role: ``moderator`` or ``operator`` (given by ``shoal admin grant``)."""

    __tablename__ = "shoal_roles"

    user_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    role: Mapped[str] = mapped_column(String(16))
    granted: Mapped[datetime.datetime] = mapped_column(DateTime)


class ReportRow(Base):
    """A report: who reported whom, about what (a player, a chat line, a study, a game, or a
    fair-play signal), why, and its state (``open`` until a moderator handles it)."""

    __tablename__ = "shoal_reports"
    __table_args__ = (
        Index("ix_shoal_reports_status_target", "status", "target_id"),
        Index("ix_shoal_reports_reporter", "reporter_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    reporter_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """None: the site itself (a fair-play signal)."""
    target_id: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    reason: Mapped[str] = mapped_column(String(24))
    text: Mapped[str] = mapped_column(Text)
    game_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    chat_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    study_id: Mapped[str | None] = mapped_column(String(16), nullable=True)
    details: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(12))
    created: Mapped[datetime.datetime] = mapped_column(DateTime)
    handled: Mapped[datetime.datetime | None] = mapped_column(DateTime, nullable=True)
    handled_by: Mapped[int | None] = mapped_column(Integer, nullable=True)
    outcome: Mapped[str | None] = mapped_column(String(200), nullable=True)


class AuditRow(Base):
    """One action of a moderator (``moderator_id`` None: the operator's command, or the site's
    own fair-play checks): when, by whom, on whom, why, and what exactly."""

    __tablename__ = "shoal_mod_log"
    __table_args__ = (Index("ix_shoal_mod_log_target", "target_id", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    created: Mapped[datetime.datetime] = mapped_column(DateTime, index=True)
    moderator_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    moderator: Mapped[str] = mapped_column(String(40))
    action: Mapped[str] = mapped_column(String(24))
    target_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    target: Mapped[str] = mapped_column(String(40))
    reason: Mapped[str] = mapped_column(Text)
    details: Mapped[dict[str, Any]] = mapped_column(JSON)
    report_id: Mapped[int | None] = mapped_column(Integer, nullable=True)


class StandingRow(Base):
    """An account's standing with the moderators (a row only once one acted)."""

    __tablename__ = "shoal_mod_standing"

    user_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    muted_until: Mapped[datetime.datetime | None] = mapped_column(DateTime, nullable=True)
    engine: Mapped[bool] = mapped_column(Boolean, default=False)
    banned: Mapped[bool] = mapped_column(Boolean, default=False)
    updated: Mapped[datetime.datetime] = mapped_column(DateTime)
