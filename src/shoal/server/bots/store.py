"""The queries of bot accounts and API tokens (:class:`BotStore`).

It shares the engine of :class:`~shoal.server.games.store.Store`. Tokens arrive
here already hashed (SHA-256 of a random secret, like seat tokens).
"""

from __future__ import annotations

from collections.abc import Collection

from sqlalchemy import select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from shoal.i18n import N_

from ..accounts.models import User, user_of_row, utcnow
from ..accounts.tables import UserRow
from ..db.rows import committed
from .tables import BotRow, BotTokenRow

__all__ = ["BotStore"]


class BotStore:
    """Bot marks and API tokens in the database of ``engine``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def mark(self, user_id: int, level: str | None = None) -> bool:
        """Mark the account a bot (``level``: the computer plays it); False if it was one."""
        with Session(self.engine) as session:
            if session.get(BotRow, user_id) is not None:
                return False
            session.add(BotRow(user_id=user_id, level=level, created=utcnow()))
            return committed(session)  # False: another process marked it meanwhile

    def is_bot(self, user_id: int) -> bool:
        """True when the account is a bot (a program's or the computer's)."""
        with Session(self.engine) as session:
            return session.get(BotRow, user_id) is not None

    def bot_ids(self, user_ids: Collection[int]) -> set[int]:
        """Those of ``user_ids`` that are bots (one query: a list of names to mark, issue 61)."""
        wanted = [u for u in set(user_ids) if u is not None]
        if not wanted:
            return set()
        with Session(self.engine) as session:
            return set(session.scalars(select(BotRow.user_id).where(BotRow.user_id.in_(wanted))))

    def level_of(self, user_id: int) -> str | None:
        """The computer's level when the account is one of the server's own bots, else None."""
        with Session(self.engine) as session:
            row = session.get(BotRow, user_id)
            return None if row is None else row.level

    def levels_of(self, user_ids: Collection[int]) -> dict[int, str]:
        """The computer's level of each of ``user_ids`` that is one of the server's own bots
        (one query; the others are left out)."""
        wanted = list(set(user_ids))
        if not wanted:
            return {}
        with Session(self.engine) as session:
            rows = session.execute(
                select(BotRow.user_id, BotRow.level).where(
                    BotRow.user_id.in_(wanted), BotRow.level.is_not(None)
                )
            )
            return {user_id: level for user_id, level in rows if level is not None}

    def computer_bots(self) -> dict[str, User]:
        """The server's own bots by level."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(BotRow.level, UserRow)
                .join(UserRow, UserRow.id == BotRow.user_id)
                .where(BotRow.level.is_not(None))
            )
            return {str(level): user_of_row(user) for level, user in rows}

    def bots(self) -> list[tuple[User, str | None]]:
        """Every bot that can play (not disabled or deleted) with its level, oldest first."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(UserRow, BotRow.level)
                .join(UserRow, UserRow.id == BotRow.user_id)
                .where(UserRow.disabled.is_(False), UserRow.deleted.is_(False))
                .order_by(UserRow.id)
            )
            return [(user_of_row(user), level) for user, level in rows]

    def add_token(self, user_id: int, token_hash: str) -> None:
        """Store a new token of the bot ``user_id``."""
        with Session(self.engine) as session:
            session.add(BotTokenRow(token_hash=token_hash, user_id=user_id, created=utcnow()))
            session.commit()

    def token_user(self, token_hash: str) -> tuple[User | None, str]:
        """The account of a live token, or None and why not (in words)."""
        with Session(self.engine) as session:
            row = session.scalar(select(BotTokenRow).where(BotTokenRow.token_hash == token_hash))
            if row is None:
                return None, N_("this API token is not known")
            if row.revoked is not None:
                return None, N_("this API token was revoked")
            user = session.get(UserRow, row.user_id)
            if user is None or user.deleted:
                return None, N_("the account of this API token is deleted")
            if user.disabled:
                return None, N_("the account of this API token is disabled")
            return user_of_row(user), ""

    def revoke_tokens(self, user_id: int) -> int:
        """Revoke every live token of a bot; returns how many there were."""
        with Session(self.engine) as session:
            result = session.execute(
                update(BotTokenRow)
                .where(BotTokenRow.user_id == user_id, BotTokenRow.revoked.is_(None))
                .values(revoked=utcnow())
            )
            session.commit()
            return int(getattr(result, "rowcount", 0) or 0)
