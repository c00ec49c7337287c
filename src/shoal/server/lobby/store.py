"""The queries of the lobby (issue 22): seeks (:class:`LobbyStore`); challenges have their own.

It shares the engine of :class:`~shoal.server.games.store.Store`. Taking a seek is one
conditional ``UPDATE ... WHERE status = 'open'``: of
several acceptors (threads, server processes) exactly one changes the row.
Times are naive UTC; ``now`` is injected so tests can move the clock.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any, Literal

from sqlalchemy import and_, delete, func, or_, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from ..db.rows import as_data
from ..limits.serial import serially
from .models import Seek
from .tables import SeekRow

__all__ = ["LIVE_SEEK_LIFETIME", "SEEK_LIFETIME", "LobbyStore", "utcnow"]


LIVE_SEEK_LIFETIME = datetime.timedelta(minutes=10)
"""A seek with a live clock is withdrawn this long after it was made (issue 38)."""

SEEK_LIFETIME = datetime.timedelta(days=7)
"""A correspondence seek (or one without a clock) is withdrawn this long after it was made."""


def utcnow() -> datetime.datetime:
    """Now, as naive UTC."""
    return datetime.datetime.now(datetime.UTC).replace(tzinfo=None)


def _seek(row: SeekRow) -> Seek:
    return as_data(Seek, row)


def _open(session: Session, who: Any) -> int:
    """How many open seeks match ``who``."""
    counted = select(func.count()).select_from(SeekRow).where(SeekRow.status == "open", who)
    return int(session.scalar(counted) or 0)


class LobbyStore:
    """Seeks and challenges in the database of ``engine``; ``now`` tells the time."""

    def __init__(self, engine: Engine, now: Callable[[], datetime.datetime] = utcnow) -> None:
        self.engine = engine
        self.now = now

    # -- seeks ---------------------------------------------------------------------
    def add_seek(
        self, *, most: int, guests_most: int, guest_address: str | None = None, **values: Any
    ) -> Seek | Literal["yours", "address"]:
        """Store a new open seek (the columns of :class:`Seek` but id, status, created),
        unless its creator has ``most`` open seeks already (answers ``"yours"``) or, for
        a guest, the guests of ``guest_address`` (a hash of the address) have
        ``guests_most`` (``"address"``). The counts and the insert are one transaction that
        no other process runs at the same time for the same creator
        (:func:`~shoal.server.limits.serial.serially`): the caps hold for the site."""
        self.expire()
        user_id = values.get("user_id")
        mine = (
            SeekRow.user_id == user_id
            if user_id is not None
            else SeekRow.guest_hash == values.get("guest_hash")
        )
        key = f"seeks:u{user_id}" if user_id is not None else "seeks:guests"
        with serially(self.engine, key) as session:
            if _open(session, mine) >= most:
                return "yours"
            if user_id is None and _open(session, SeekRow.guest_address == guest_address) >= (
                guests_most
            ):
                return "address"
            row = SeekRow(status="open", created=self.now(), guest_address=guest_address, **values)
            session.add(row)
            session.flush()
            return _seek(row)

    def seek(self, seek_id: int) -> Seek | None:
        """The seek ``seek_id`` (any status), or None."""
        with Session(self.engine) as session:
            row = session.get(SeekRow, seek_id)
            return None if row is None else _seek(row)

    def expire(self) -> int:
        """Withdraw the seeks past their lifetime (:data:`LIVE_SEEK_LIFETIME` for a live
        clock, :data:`SEEK_LIFETIME` otherwise); how many went."""
        now = self.now()
        live = SeekRow.time_control.contains("+")
        old = or_(
            and_(live, SeekRow.created < now - LIVE_SEEK_LIFETIME),
            and_(or_(SeekRow.time_control.is_(None), ~live), SeekRow.created < now - SEEK_LIFETIME),
        )
        with Session(self.engine) as session, session.begin():
            done = session.execute(
                update(SeekRow).where(SeekRow.status == "open", old).values(status="gone")
            )
            return int(getattr(done, "rowcount", 0) or 0)

    def open_seeks(self) -> list[Seek]:
        """The open seeks, oldest first (those past their lifetime withdrawn first)."""
        self.expire()
        with Session(self.engine) as session:
            rows = session.scalars(
                select(SeekRow).where(SeekRow.status == "open").order_by(SeekRow.id)
            ).all()
            return [_seek(row) for row in rows]

    @staticmethod
    def taking(seek_id: int, game_id: str, creator_token: str) -> Callable[[Session], bool]:
        """Taking the open seek for the game ``game_id`` in the transaction that stores
        the game (a :data:`~shoal.server.games.models.Claim`): False when it is not open
        any more (someone was first, or it was withdrawn)."""

        def claim(session: Session) -> bool:
            result = session.execute(
                update(SeekRow)
                .where(SeekRow.id == seek_id, SeekRow.status == "open")
                .values(status="taken", game_id=game_id, creator_token=creator_token)
            )
            return bool(getattr(result, "rowcount", 0) == 1)

        return claim

    def pick_up(self, seek_id: int) -> str | None:
        """The creator's seat token of a taken seek, once (None when already picked up)."""
        with Session(self.engine) as session:
            row = session.get(SeekRow, seek_id)
            if row is None or row.creator_token is None:
                return None
            token = row.creator_token
            result = session.execute(
                update(SeekRow)
                .where(SeekRow.id == seek_id, SeekRow.creator_token == token)
                .values(creator_token=None)
            )
            session.commit()
            return token if result.rowcount == 1 else None  # type: ignore[attr-defined]

    def cancel(self, seek_id: int) -> bool:
        """Withdraw an open seek; False when it is not open."""
        with Session(self.engine) as session:
            result = session.execute(
                update(SeekRow)
                .where(SeekRow.id == seek_id, SeekRow.status == "open")
                .values(status="gone")
            )
            session.commit()
            return bool(result.rowcount == 1)  # type: ignore[attr-defined]

    def cancel_live(self, user_id: int | None, guest_hash: str | None) -> list[int]:
        """Withdraw the open seeks of a creator that are not correspondence; their ids."""
        who = (
            SeekRow.user_id == user_id if user_id is not None else SeekRow.guest_hash == guest_hash
        )
        with Session(self.engine) as session:
            rows = session.scalars(select(SeekRow).where(SeekRow.status == "open", who)).all()
            ids = [r.id for r in rows if not (r.time_control or "").endswith("d")]
            if ids:
                session.execute(
                    update(SeekRow)
                    .where(SeekRow.id.in_(ids), SeekRow.status == "open")
                    .values(status="gone")
                )
                session.commit()
            return ids

    def forget_gone(self, before: datetime.datetime) -> None:
        """Delete seeks withdrawn before ``before`` (housekeeping)."""
        with Session(self.engine) as session:
            session.execute(
                delete(SeekRow).where(SeekRow.status == "gone", SeekRow.created < before)
            )
            session.commit()
