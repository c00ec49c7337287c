"""The queries of blocks (:class:`BlockStore`) on ``shoal_blocks``."""

from __future__ import annotations

import datetime
from collections.abc import Collection

from sqlalchemy import delete, or_, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from .tables import BlockRow

__all__ = ["BlockStore"]


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC).replace(tzinfo=None)


class BlockStore:
    """Who blocked whom, in the database of ``engine``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def add(self, blocker: int, blocked: int) -> bool:
        """Block (True), or find it blocked already (False)."""
        with Session(self.engine) as session:
            if session.get(BlockRow, (blocker, blocked)) is not None:
                return False
            session.add(BlockRow(blocker_id=blocker, blocked_id=blocked, created=_now()))
            try:
                session.commit()
            except IntegrityError:  # the same block from another tab at the same moment
                session.rollback()
                return False
            return True

    def remove(self, blocker: int, blocked: int) -> bool:
        """Unblock; False when there was no such block."""
        with Session(self.engine) as session, session.begin():
            done = session.execute(
                delete(BlockRow).where(
                    BlockRow.blocker_id == blocker, BlockRow.blocked_id == blocked
                )
            )
            return bool(getattr(done, "rowcount", 0))

    def of(self, blocker: int) -> list[tuple[int, datetime.datetime]]:
        """The accounts ``blocker`` blocked and since when, newest first."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(BlockRow.blocked_id, BlockRow.created)
                .where(BlockRow.blocker_id == blocker)
                .order_by(BlockRow.created.desc(), BlockRow.blocked_id)
            )
            return [(row[0], row[1]) for row in rows]

    def blocks(self, blocker: int, blocked: int) -> bool:
        """Whether ``blocker`` blocked ``blocked``."""
        with Session(self.engine) as session:
            return session.get(BlockRow, (blocker, blocked)) is not None

    def pairs(self, users: Collection[int]) -> set[tuple[int, int]]:
        """Every (blocker, blocked) pair with either side among ``users`` (one query)."""
        if not users:
            return set()
        wanted = list(set(users))
        with Session(self.engine) as session:
            rows = session.execute(
                select(BlockRow.blocker_id, BlockRow.blocked_id).where(
                    or_(BlockRow.blocker_id.in_(wanted), BlockRow.blocked_id.in_(wanted))
                )
            )
            return {(row[0], row[1]) for row in rows}
