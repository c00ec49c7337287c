"""The SQLAlchemy tables of bot accounts and their API tokens (issue 23).

Added by migration ``0007``. A bot row marks an account as a bot: a program
playing through the Bot API (``level`` None) or the computer at a level
(``level`` set: the in-process AI plays it). A token row keeps only the
SHA-256 of the token; a revoked token keeps its row with ``revoked`` set.
"""

from __future__ import annotations

import datetime

from sqlalchemy import DateTime, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from ..db.tables import Base

__all__ = ["BotRow", "BotTokenRow"]


class BotRow(Base):
    """An account marked as a bot; ``level`` is the computer's level for the server's own bots."""

    __tablename__ = "shoal_bots"

    user_id: Mapped[int] = mapped_column(ForeignKey("shoal_users.id"), primary_key=True)
    level: Mapped[str | None] = mapped_column(String(16), nullable=True)
    created: Mapped[datetime.datetime] = mapped_column(DateTime)


class BotTokenRow(Base):
    """An API token of a bot: the hash of its secret, whose, since when, revoked when."""

    __tablename__ = "shoal_bot_tokens"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("shoal_users.id"), index=True)
    created: Mapped[datetime.datetime] = mapped_column(DateTime)
    revoked: Mapped[datetime.datetime | None] = mapped_column(DateTime, nullable=True)
