"""The SQLAlchemy tables of tournaments (issue 42), migration ``t0042``.

* ``shoal_tournaments``: one row per event. ``round`` is the last round paired (an
  arena's last pairing moment): pairing round n is a guarded update from n - 1 to n,
  so exactly one process pairs it (see :mod:`.store`).
* ``shoal_tournament_players``: who entered, in order; withdrawn players keep their row.
* ``shoal_tournament_rounds``: each round once (its primary key backs the claim up), with
  its bye.
* ``shoal_tournament_games``: each pairing, its game once made, its result once ended.
* ``shoal_tournament_schedules``: recurring events (``shoal admin tournament add``): the
  next occurrence is made by a guarded update of ``next_at``, so once across processes.
"""

from __future__ import annotations

import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, Float, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from ..db.tables import Base

__all__ = [
    "TournamentGameRow",
    "TournamentPlayerRow",
    "TournamentRoundRow",
    "TournamentRow",
    "TournamentScheduleRow",
]


class TournamentRow(Base):
    """An event: what is played, how it is paired, when it starts, where it stands."""

    __tablename__ = "shoal_tournaments"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(80))
    description: Mapped[str] = mapped_column(Text, default="")
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    format: Mapped[str] = mapped_column(String(24))
    rounds: Mapped[int] = mapped_column(Integer)
    clock: Mapped[str] = mapped_column(String(32))
    rated: Mapped[bool] = mapped_column(Boolean)
    starts_at: Mapped[datetime.datetime | None] = mapped_column(DateTime, nullable=True)
    max_players: Mapped[int] = mapped_column(Integer)
    min_rating: Mapped[int | None] = mapped_column(Integer, nullable=True)
    max_rating: Mapped[int | None] = mapped_column(Integer, nullable=True)
    invited: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)
    creator_id: Mapped[int] = mapped_column(ForeignKey("shoal_users.id"))
    status: Mapped[str] = mapped_column(String(16), index=True)
    round: Mapped[int] = mapped_column(Integer, default=0)
    created: Mapped[datetime.datetime] = mapped_column(DateTime)
    started: Mapped[datetime.datetime | None] = mapped_column(DateTime, nullable=True)
    ends_at: Mapped[datetime.datetime | None] = mapped_column(DateTime, nullable=True)
    finished: Mapped[datetime.datetime | None] = mapped_column(DateTime, nullable=True)


class TournamentPlayerRow(Base):
    """An entrant: their account and name, when they joined, withdrawn or not, no-shows."""

    __tablename__ = "shoal_tournament_players"

    tournament_id: Mapped[int] = mapped_column(ForeignKey("shoal_tournaments.id"), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("shoal_users.id"), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    joined: Mapped[float] = mapped_column(Float)
    seed: Mapped[float] = mapped_column(Float, default=0.0)
    withdrawn: Mapped[bool] = mapped_column(Boolean, default=False)
    no_shows: Mapped[int] = mapped_column(Integer, default=0)


class TournamentRoundRow(Base):
    """A round paired (once: the primary key), with the player given its bye."""

    __tablename__ = "shoal_tournament_rounds"

    tournament_id: Mapped[int] = mapped_column(ForeignKey("shoal_tournaments.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    bye: Mapped[str | None] = mapped_column(String(40), nullable=True)
    paired: Mapped[float] = mapped_column(Float)


class TournamentGameRow(Base):
    """A pairing: its seats, its game (once made), its result (once over)."""

    __tablename__ = "shoal_tournament_games"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("shoal_tournaments.id"), index=True)
    round: Mapped[int] = mapped_column(Integer)
    board: Mapped[int] = mapped_column(Integer)
    first: Mapped[str] = mapped_column(String(40))
    second: Mapped[str] = mapped_column(String(40))
    game_id: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    result: Mapped[str | None] = mapped_column(String(8), nullable=True)
    forfeit: Mapped[bool] = mapped_column(Boolean, default=False)
    finished: Mapped[float | None] = mapped_column(Float, nullable=True)


class TournamentScheduleRow(Base):
    """A recurring event: what each occurrence is, how often, when the next one starts."""

    __tablename__ = "shoal_tournament_schedules"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(80))
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    format: Mapped[str] = mapped_column(String(24))
    rounds: Mapped[int] = mapped_column(Integer)
    clock: Mapped[str] = mapped_column(String(32))
    rated: Mapped[bool] = mapped_column(Boolean)
    max_players: Mapped[int] = mapped_column(Integer)
    every: Mapped[str] = mapped_column(String(8))
    next_at: Mapped[datetime.datetime] = mapped_column(DateTime)
    creator_id: Mapped[int] = mapped_column(ForeignKey("shoal_users.id"))
