"""Turn mail as each turn comes, as a digest, or none (issue 43).

An account chooses (``GET``/``PUT /api/mail/digest``): ``turn`` (a mail per turn, the
default: :class:`Mailer.turn <.service.Mailer>`), ``digest`` (at most one mail every ``hours``
hours, listing every correspondence game waiting for the player's move) or ``none``.
The mailer's sweep (:meth:`Mailer.sweep_digests <.service.Mailer.sweep_digests>`) sends
them: an account in ``digest`` mode with a turn notified since its last digest, and that
last digest at least ``hours`` old, gets one. The claim is the conditional update of its row
(``UPDATE ... SET sent = now WHERE sent = old``): with several workers exactly one sends it.
The games waiting are read from the turn notifications and the correspondence clocks' rows
(their tables: an exception of the import contracts).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from ..games.tables import CorrespondenceRow
from ..notifications.tables import NotificationRow
from .tables import DigestRow

__all__ = ["MODES", "Digests"]

MODES = ("turn", "digest", "none")
"""How turns are mailed: one mail each, a digest every N hours, or not at all."""


def _utc(seconds: float) -> datetime.datetime:
    return datetime.datetime.fromtimestamp(seconds, datetime.UTC).replace(tzinfo=None)


class Digests:
    """The accounts' turn-mail modes and the digests that are due."""

    def __init__(self, engine: Engine, clock: Callable[[], float]) -> None:
        self.engine = engine
        self.clock = clock

    def mode(self, user_id: int) -> tuple[str, int]:
        """``(mode, hours)`` of ``user_id`` (default: a mail per turn, 12 hours)."""
        with Session(self.engine) as session:
            row = session.get(DigestRow, user_id)
            return ("turn", 12) if row is None else (row.mode, row.hours)

    def save(self, user_id: int, mode: str, hours: int) -> None:
        with Session(self.engine) as session:
            row = session.get(DigestRow, user_id)
            if row is None:
                session.add(DigestRow(user_id=user_id, mode=mode, hours=hours, sent=None, seen=0))
            else:
                row.mode, row.hours = mode, hours
            session.commit()

    def waiting(self, user_id: int) -> list[dict[str, Any]]:
        """Every correspondence game waiting for ``user_id``'s move, deadline first."""
        with Session(self.engine) as session:
            notices = session.scalars(
                select(NotificationRow)
                .where(NotificationRow.user_id == user_id, NotificationRow.kind == "your_turn")
                .order_by(NotificationRow.id.desc())
                .limit(1000)
            )
            latest: dict[str, NotificationRow] = {}
            for n in notices:
                if n.game_id is not None:
                    latest.setdefault(n.game_id, n)
            if not latest:
                return []
            rows = session.scalars(
                select(CorrespondenceRow).where(
                    CorrespondenceRow.game_id.in_(list(latest)),
                    CorrespondenceRow.deadline.is_not(None),
                )
            )
            found = []
            for row in rows:
                notice = latest[row.game_id]
                if notice.data.get("turn") == row.turn and row.deadline is not None:
                    found.append(
                        {
                            "game": row.game_id,
                            "title": notice.data.get("title", ""),
                            "opponent": notice.data.get("opponent", ""),
                            "deadline": row.deadline,
                        }
                    )
            return sorted(found, key=lambda g: g["deadline"])

    def due(self) -> list[tuple[int, datetime.datetime | None]]:
        """Accounts in digest mode whose last digest is old enough and a turn came since.

        With the newest turn notification (``seen``) to claim with.
        """
        now = _utc(self.clock())
        with Session(self.engine) as session:
            rows = list(session.scalars(select(DigestRow).where(DigestRow.mode == "digest")))
            out = []
            for row in rows:
                if row.sent is not None and row.sent > now - datetime.timedelta(hours=row.hours):
                    continue
                since = select(NotificationRow.id).where(
                    NotificationRow.user_id == row.user_id,
                    NotificationRow.kind == "your_turn",
                    NotificationRow.id > (row.seen or 0),
                )
                if session.scalars(since.limit(1)).first() is not None:
                    out.append((row.user_id, row.sent))
            return out

    def newest(self, user_id: int) -> int:
        """The id of ``user_id``'s newest turn notification (0: none)."""
        with Session(self.engine) as session:
            found = session.scalars(
                select(NotificationRow.id)
                .where(NotificationRow.user_id == user_id, NotificationRow.kind == "your_turn")
                .order_by(NotificationRow.id.desc())
                .limit(1)
            ).first()
            return int(found or 0)

    def claim(self, user_id: int, old: datetime.datetime | None) -> bool:
        """Mark the digest of ``user_id`` sent now, only from ``old``: True for one caller."""
        sent = DigestRow.sent.is_(None) if old is None else DigestRow.sent == old
        with Session(self.engine) as session:
            result = session.execute(
                update(DigestRow)
                .where(DigestRow.user_id == user_id, sent)
                .values(sent=_utc(self.clock()), seen=self.newest(user_id))
            )
            session.commit()
            return getattr(result, "rowcount", 0) == 1
