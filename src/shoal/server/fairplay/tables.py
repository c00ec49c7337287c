"""The SQLAlchemy table of fair play (issue 61), added by migration ``w61_moderation``.

``shoal_fairplay``: one row per rated game and seat: the player's rating before the game,
how many of its turns were judged and how many were the engine's own choice (its
*agreement*), its accuracy. The rows of a game are inserted together as ``running`` (the
claim: one process analyses a game) and become ``done`` (or ``failed``, or ``exempt`` for
a bot's seat).
"""

from __future__ import annotations

import datetime

from sqlalchemy import DateTime, Float, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from ..db.tables import Base

__all__ = ["FairplayRow"]


class FairplayRow(Base):
    """One seat of one rated game as the fair-play check saw it."""

    __tablename__ = "shoal_fairplay"
    __table_args__ = (Index("ix_shoal_fairplay_user", "user_id", "game", "speed", "created"),)

    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(Integer)
    game: Mapped[str] = mapped_column(String(64))
    speed: Mapped[str] = mapped_column(String(16))
    status: Mapped[str] = mapped_column(String(12))
    rating: Mapped[float] = mapped_column(Float)
    turns: Mapped[int] = mapped_column(Integer)
    agreed: Mapped[int] = mapped_column(Integer)
    accuracy: Mapped[float] = mapped_column(Float)
    created: Mapped[datetime.datetime] = mapped_column(DateTime)
