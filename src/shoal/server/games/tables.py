"""A game's tables: one row per game (``shoal_games``), one per uploaded record.

The social side of a game lives in its own tables (issue 23): the open offers and
mutes of a game (``shoal_offers``) and its chat messages (``shoal_chat``). Their
rows name seats, never people, so accounts can own seats later without a change here.

A correspondence game's clock (issue 22, migration r0005) is a row of
``shoal_correspondence``: ``days`` per move, the seat to move and its ``deadline`` (naive
UTC; null once the game is over), and the game ``version`` the row was last brought up to
(the claim of a change: a row is moved on only from the version it was read at).
"""

from __future__ import annotations

import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from ..db.tables import Base

__all__ = ["ChatRow", "CorrespondenceRow", "GameRow", "OfferRow", "RecordRow"]


class GameRow(Base):
    """A game: the columns of :class:`~shoal.server.games.models.GameData`, and two times."""

    __tablename__ = "shoal_games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)  # seeds reach 2**63
    start: Mapped[str | None] = mapped_column(Text, nullable=True)
    mode: Mapped[str] = mapped_column(String(16))
    level: Mapped[str | None] = mapped_column(String(32), nullable=True)
    computer_seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    players: Mapped[list[str]] = mapped_column(JSON)
    token_hashes: Mapped[list[str | None]] = mapped_column(JSON)
    actions: Mapped[list[int]] = mapped_column(JSON)
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    ended: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    accounts: Mapped[list[int | None] | None] = mapped_column(JSON, nullable=True)  # rev 0002
    time_control: Mapped[str | None] = mapped_column(String(32), nullable=True)  # rev r0004
    rated: Mapped[bool | None] = mapped_column(Boolean, nullable=True)  # rev r0004
    event: Mapped[int | None] = mapped_column(Integer, nullable=True)  # rev w59_game_event
    version: Mapped[int] = mapped_column(Integer)
    created: Mapped[datetime.datetime] = mapped_column(DateTime)
    updated: Mapped[datetime.datetime] = mapped_column(DateTime)


class RecordRow(Base):
    """An uploaded record's text."""

    __tablename__ = "shoal_records"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    text: Mapped[str] = mapped_column(Text)
    created: Mapped[datetime.datetime] = mapped_column(DateTime)


class OfferRow(Base):
    """A game's open offers and its players' mutes (one row per game, made on first use).

    ``draw`` and ``takeback`` are ``{"seat", "ply"}`` (who asked, after how many
    actions) or null; ``mutes`` lists the seats that muted their opponent. A rematch
    offer: ``rematch_by`` the seat that offered, ``rematch_game`` the new game once
    accepted, ``rematch_key`` the hash of the offerer's token in it (columns of their own,
    written by conditional updates: two processes never start two rematches).
    """

    __tablename__ = "shoal_offers"

    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    draw: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    takeback: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    mutes: Mapped[list[int]] = mapped_column(JSON)
    updated: Mapped[datetime.datetime] = mapped_column(DateTime)
    rematch_by: Mapped[int | None] = mapped_column(Integer, nullable=True)  # rev w56_rematch
    rematch_game: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rematch_key: Mapped[str | None] = mapped_column(String(64), nullable=True)


class ChatRow(Base):
    """A chat message of a game: the players' room or the spectators' room."""

    __tablename__ = "shoal_chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(String(32), index=True)
    room: Mapped[str] = mapped_column(String(16))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(Text)
    hidden: Mapped[bool] = mapped_column(Boolean, default=False)
    created: Mapped[datetime.datetime] = mapped_column(DateTime)
    user_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The writer's account (None: a guest), so that a line can be reported (issue 61)."""
    shadow: Mapped[bool] = mapped_column(Boolean, default=False)
    """Shown to its writer only: a muted writer's line, or one to a player who blocked them."""


class CorrespondenceRow(Base):
    """A correspondence game's clock: ``days`` per move; who must move by when."""

    __tablename__ = "shoal_correspondence"

    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    days: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    turn: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer)
    deadline: Mapped[datetime.datetime | None] = mapped_column(DateTime, nullable=True, index=True)
