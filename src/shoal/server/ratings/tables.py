"""The SQLAlchemy tables of ratings (issue 23), added by migration ``0006``.

* ``shoal_ratings``: the current Glicko-2 rating of an account in a game at a speed.
* ``shoal_rating_history``: one row per rated game and player (the rating after it).
* ``shoal_rated_games``: the games created rated, and whether their end was settled
  (the claim that makes the update happen exactly once).
* ``shoal_rating_exclusions``: the accounts whose games no longer count (marked as engine
  users by a moderator, issue 61; migration ``w61_moderation``).
"""

from __future__ import annotations

import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, Float, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from ..db.tables import Base

__all__ = ["ExclusionRow", "RatedGameRow", "RatingHistoryRow", "RatingRow"]


class RatingRow(Base):
    """An account's rating in one game at one speed (``live`` or ``correspondence``)."""

    __tablename__ = "shoal_ratings"

    user_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    speed: Mapped[str] = mapped_column(String(16), primary_key=True)
    r: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    updated: Mapped[datetime.datetime] = mapped_column(DateTime)


class RatingHistoryRow(Base):
    """An account's rating after one rated game, and the change the game made."""

    __tablename__ = "shoal_rating_history"
    __table_args__ = (Index("ix_shoal_rating_history_user", "user_id", "game", "speed"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[int] = mapped_column(Integer)
    game: Mapped[str] = mapped_column(String(64))
    speed: Mapped[str] = mapped_column(String(16))
    game_id: Mapped[str] = mapped_column(String(32))
    r: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    change: Mapped[float] = mapped_column(Float)
    created: Mapped[datetime.datetime] = mapped_column(DateTime)


class RatedGameRow(Base):
    """A game created rated: its speed, and once settled, what its end did to each seat.

    ``changes`` is null until the end is settled; then a list per seat of
    ``{"user_id", "before", "after", "change", "rd"}``, or ``{"unrated": reason}``
    when the game could not count (a guest took a seat, an abort).
    """

    __tablename__ = "shoal_rated_games"

    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    speed: Mapped[str] = mapped_column(String(16))
    settled: Mapped[bool] = mapped_column(Boolean, default=False)
    changes: Mapped[Any] = mapped_column(JSON, nullable=True)
    created: Mapped[datetime.datetime] = mapped_column(DateTime)


class ExclusionRow(Base):
    """An account whose games do not count for ratings (an engine user, issue 61)."""

    __tablename__ = "shoal_rating_exclusions"

    user_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    created: Mapped[datetime.datetime] = mapped_column(DateTime)
