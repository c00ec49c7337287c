"""The SQLAlchemy tables of studies (issue 44), added by migration ``s0044``.

* ``shoal_studies``: a study: its title, owner, visibility, the owner's position
  when "sync" is on, and its likes.
* ``shoal_study_members``: the editors the owner invited.
* ``shoal_study_chapters``: a chapter: its game and options and its move tree (the
  JSON of :meth:`shoal.records.tree.MoveTree.to_json_dict`), with a version that
  grows by one per change (the guard of concurrent edits).
* ``shoal_study_likes``: one row per account that likes a study.
"""

from __future__ import annotations

import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from ..db.tables import Base

__all__ = ["ChapterRow", "LikeRow", "MemberRow", "StudyRow"]


class StudyRow(Base):
    """A study."""

    __tablename__ = "shoal_studies"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    owner_id: Mapped[int] = mapped_column(Integer, index=True)
    title: Mapped[str] = mapped_column(String(100))
    visibility: Mapped[str] = mapped_column(String(10))
    sync: Mapped[bool] = mapped_column(Boolean)
    sync_chapter: Mapped[int | None] = mapped_column(Integer, nullable=True)
    sync_path: Mapped[list[int]] = mapped_column(JSON)
    likes: Mapped[int] = mapped_column(Integer)
    hidden: Mapped[bool] = mapped_column(Boolean, default=False)
    """Hidden by a moderator (issue 61): only its owner and editors see it, unlisted."""
    created: Mapped[datetime.datetime] = mapped_column(DateTime)
    updated: Mapped[datetime.datetime] = mapped_column(DateTime)


class MemberRow(Base):
    """An invited editor of a study."""

    __tablename__ = "shoal_study_members"

    study_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    user_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    added: Mapped[datetime.datetime] = mapped_column(DateTime)


class ChapterRow(Base):
    """A chapter: a game with options and a move tree."""

    __tablename__ = "shoal_study_chapters"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    study_id: Mapped[str] = mapped_column(String(16), index=True)
    number: Mapped[int] = mapped_column(Integer)
    """Its place in the study (chapters are listed by number)."""
    name: Mapped[str] = mapped_column(String(100))
    game: Mapped[str] = mapped_column(String(64), index=True)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    tree: Mapped[dict[str, Any]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer)
    updated: Mapped[datetime.datetime] = mapped_column(DateTime)


class LikeRow(Base):
    """An account likes a study."""

    __tablename__ = "shoal_study_likes"

    study_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    user_id: Mapped[int] = mapped_column(Integer, primary_key=True)
