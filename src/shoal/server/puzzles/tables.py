"""The SQLAlchemy tables of puzzles (issue 25), added by migration r0008_puzzles.py.

* ``shoal_puzzle_players``: an account's puzzle rating (Glicko-2) and streak, per game;
* ``shoal_puzzle_ratings``: each puzzle's rating, moved by the accounts' attempts.

Guests keep their rating in the browser and move no puzzle's rating.
"""

from __future__ import annotations

import datetime

from sqlalchemy import DateTime, Float, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from ..db.tables import Base

__all__ = ["PuzzlePlayerRow", "PuzzleRatingRow"]


class PuzzlePlayerRow(Base):
    """One account's puzzle rating and streak in one game."""

    __tablename__ = "shoal_puzzle_players"

    user_id: Mapped[int] = mapped_column(ForeignKey("shoal_users.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(16), primary_key=True)
    r: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    solved: Mapped[int] = mapped_column(Integer)
    failed: Mapped[int] = mapped_column(Integer)
    streak: Mapped[int] = mapped_column(Integer)
    best_streak: Mapped[int] = mapped_column(Integer)
    last_puzzle: Mapped[str | None] = mapped_column(String(32), nullable=True)
    updated: Mapped[datetime.datetime] = mapped_column(DateTime)


class PuzzleRatingRow(Base):
    """One puzzle's rating (its difficulty until an account first tries it)."""

    __tablename__ = "shoal_puzzle_ratings"

    puzzle_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    r: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    attempts: Mapped[int] = mapped_column(Integer)
    solved: Mapped[int] = mapped_column(Integer)
