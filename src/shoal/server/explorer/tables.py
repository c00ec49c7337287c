"""The SQLAlchemy tables of the opening explorer (issue 44), added by migration ``r0011``.

* ``shoal_explorer_games``: the games already counted (the claim that makes a
  game's counting happen exactly once, in the transaction of its counts).
* ``shoal_explorer_moves``: per node (a position of a variant, see
  :func:`shoal.analysis.explorer.node_key`), action and bucket (rated or casual,
  speed, rating band) the games, their results for the mover, the sum of the
  players' ratings and the last game.
* ``shoal_explorer_player_moves``: the same per account (the personal explorer),
  for the games the account played, by the colour (seat) it held.
"""

from __future__ import annotations

import datetime

from sqlalchemy import Boolean, DateTime, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from ..db.tables import Base

__all__ = ["ExplorerGameRow", "ExplorerMoveRow", "ExplorerPlayerMoveRow"]


class ExplorerGameRow(Base):
    """A game counted in the explorer (its presence is the claim)."""

    __tablename__ = "shoal_explorer_games"

    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    counted: Mapped[datetime.datetime] = mapped_column(DateTime)


class ExplorerMoveRow(Base):
    """The site's counts of one move at one node, in one bucket."""

    __tablename__ = "shoal_explorer_moves"

    node: Mapped[str] = mapped_column(String(32), primary_key=True)
    action: Mapped[int] = mapped_column(Integer, primary_key=True)
    rated: Mapped[bool] = mapped_column(Boolean, primary_key=True)
    speed: Mapped[str] = mapped_column(String(16), primary_key=True)
    band: Mapped[int] = mapped_column(Integer, primary_key=True)
    """The players' average rating rounded down to 200 (0: unrated, a guest's game)."""
    text: Mapped[str] = mapped_column(String(64))
    games: Mapped[int] = mapped_column(Integer)
    wins: Mapped[int] = mapped_column(Integer)
    draws: Mapped[int] = mapped_column(Integer)
    losses: Mapped[int] = mapped_column(Integer)
    rating_sum: Mapped[int] = mapped_column(Integer)
    rated_players: Mapped[int] = mapped_column(Integer)
    last_game: Mapped[str] = mapped_column(String(32))
    last_at: Mapped[datetime.datetime] = mapped_column(DateTime)


class ExplorerPlayerMoveRow(Base):
    """One account's counts of one move at one node (its games, by the seat it held)."""

    __tablename__ = "shoal_explorer_player_moves"

    user_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    node: Mapped[str] = mapped_column(String(32), primary_key=True)
    action: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    rated: Mapped[bool] = mapped_column(Boolean, primary_key=True)
    speed: Mapped[str] = mapped_column(String(16), primary_key=True)
    text: Mapped[str] = mapped_column(String(64))
    games: Mapped[int] = mapped_column(Integer)
    wins: Mapped[int] = mapped_column(Integer)
    draws: Mapped[int] = mapped_column(Integer)
    losses: Mapped[int] = mapped_column(Integer)
    rating_sum: Mapped[int] = mapped_column(Integer)
    rated_players: Mapped[int] = mapped_column(Integer)
    last_game: Mapped[str] = mapped_column(String(32))
    last_at: Mapped[datetime.datetime] = mapped_column(DateTime)
