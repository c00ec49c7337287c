"""The queries of accounts: users, sessions and held seats (:class:`AccountStore`).

It shares the engine of :class:`~shoal.server.games.store.Store`. Times are
naive UTC. Session ids arrive here already hashed; passwords already hashed.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from .models import User, user_of_row, utcnow
from .tables import SeatRow, SessionRow, UserRow

__all__ = ["AccountStore"]


class AccountStore:
    """Users, sessions and seats in the database of ``engine``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- users -------------------------------------------------------------------
    def create_user(self, username: str, password_hash: str) -> User | None:
        """A new user, or None when the name is taken (ignoring case)."""
        row = UserRow(
            username=username,
            name_key=username.lower(),
            password_hash=password_hash,
            created=utcnow(),
            disabled=False,
            deleted=False,
            prefs={},
        )
        with Session(self.engine) as session:
            session.add(row)
            try:
                session.commit()
            except IntegrityError:
                session.rollback()
                return None
            return user_of_row(row)

    def by_name(self, username: str) -> tuple[User, str] | None:
        """The user named ``username`` (any case) and its password hash, or None."""
        with Session(self.engine) as session:
            row = session.scalar(select(UserRow).where(UserRow.name_key == username.lower()))
            return None if row is None else (user_of_row(row), row.password_hash)

    def by_id(self, user_id: int) -> User | None:
        """The user ``user_id``, or None."""
        with Session(self.engine) as session:
            row = session.get(UserRow, user_id)
            return None if row is None else user_of_row(row)

    def names(self, user_ids: Sequence[int]) -> dict[int, str]:
        """The usernames of the accounts ``user_ids`` that exist (one query)."""
        if not user_ids:
            return {}
        with Session(self.engine) as session:
            rows = session.execute(
                select(UserRow.id, UserRow.username).where(UserRow.id.in_(set(user_ids)))
            )
            return {row[0]: row[1] for row in rows}

    def users(self) -> list[User]:
        """Every user, oldest first."""
        with Session(self.engine) as session:
            return [user_of_row(r) for r in session.scalars(select(UserRow).order_by(UserRow.id))]

    def update_user(self, user_id: int, **values: Any) -> None:
        """Set columns of a user (``password_hash``, ``disabled``, ``deleted``, ``prefs``...)."""
        with Session(self.engine) as session:
            session.execute(update(UserRow).where(UserRow.id == user_id).values(**values))
            session.commit()

    # -- sessions ----------------------------------------------------------------
    def add_session(self, id_hash: str, user_id: int, expires: datetime.datetime) -> None:
        """Store a new session."""
        with Session(self.engine) as session:
            session.add(
                SessionRow(id_hash=id_hash, user_id=user_id, created=utcnow(), expires=expires)
            )
            session.commit()

    def session_user(
        self, id_hash: str, now: datetime.datetime, extend_to: datetime.datetime
    ) -> User | None:
        """The live session's user (its expiry moved to ``extend_to``), or None.

        An expired session is deleted; a disabled or deleted user has none.
        """
        with Session(self.engine) as session:
            row = session.get(SessionRow, id_hash)
            if row is None:
                return None
            user = session.get(UserRow, row.user_id)
            if row.expires <= now or user is None or user.disabled or user.deleted:
                session.delete(row)
                session.commit()
                return None
            if extend_to - row.expires > datetime.timedelta(minutes=1):
                row.expires = extend_to
                session.commit()
            return user_of_row(user)

    def session_live(self, id_hash: str) -> bool:
        """Whether ``id_hash`` is a session that has not expired, of an account that may
        sign in (read only: the expiry does not move)."""
        with Session(self.engine) as session:
            row = session.get(SessionRow, id_hash)
            if row is None or row.expires <= utcnow():
                return False
            user = session.get(UserRow, row.user_id)
            return user is not None and not user.disabled and not user.deleted

    def end_session(self, id_hash: str) -> None:
        """Delete one session."""
        with Session(self.engine) as session:
            session.execute(delete(SessionRow).where(SessionRow.id_hash == id_hash))
            session.commit()

    def end_sessions(self, user_id: int, keep: str | None = None) -> int:
        """Delete every session of a user (but the one hashed ``keep``); how many."""
        with Session(self.engine) as session:
            result = session.execute(
                delete(SessionRow).where(SessionRow.user_id == user_id, SessionRow.id_hash != keep)
                if keep is not None
                else delete(SessionRow).where(SessionRow.user_id == user_id)
            )
            session.commit()
            return int(getattr(result, "rowcount", 0) or 0)

    def session_hashes(self, user_id: int) -> list[str]:
        """The SHA-256 of each of the user's sessions (the key its open sockets are known by)."""
        with Session(self.engine) as session:
            rows = session.scalars(select(SessionRow.id_hash).where(SessionRow.user_id == user_id))
            return list(rows)

    def session_count(self, user_id: int) -> int:
        """How many sessions the user has."""
        with Session(self.engine) as session:
            rows = session.scalars(select(SessionRow.id_hash).where(SessionRow.user_id == user_id))
            return len(list(rows))

    # -- seats -------------------------------------------------------------------
    def seats_of(self, user_id: int) -> list[tuple[str, int]]:
        """The (game id, seat) pairs the user holds."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(SeatRow.game_id, SeatRow.seat).where(SeatRow.user_id == user_id)
            )
            return [(r[0], r[1]) for r in rows]
