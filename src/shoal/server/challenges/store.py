"""The queries of challenges (issue 22): :class:`ChallengeStore`.

It shares the engine of :class:`~shoal.server.games.store.Store`. Answering a challenge is
one conditional ``UPDATE ... WHERE status = 'open'``: of several answers (tabs, threads,
server processes) exactly one changes the row. A challenge not answered within
:data:`~.models.CHALLENGE_DAYS` days reads as ``expired``. Times are naive UTC; ``now`` is
injected so tests can move the clock.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Callable, Iterable
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from ..accounts.models import utcnow
from ..limits.serial import serially
from .models import CHALLENGE_DAYS, Challenge
from .tables import ChallengeRow

__all__ = ["ChallengeStore"]


class ChallengeStore:
    """Challenges in the database of ``engine``."""

    def __init__(self, engine: Engine, now: Callable[[], datetime.datetime] = utcnow) -> None:
        self.engine = engine
        self.now = now

    def _challenge(self, row: ChallengeRow) -> Challenge:
        values = {f.name: getattr(row, f.name) for f in dataclasses.fields(Challenge)}
        if row.status == "open" and self.now() - row.created > datetime.timedelta(
            days=CHALLENGE_DAYS
        ):
            values["status"] = "expired"
        return Challenge(**values)

    def add_challenge(self, *, most: int, **values: Any) -> Challenge | None:
        """Store a new open challenge (the columns of :class:`Challenge` but id, status...),
        unless its challenger has ``most`` open challenges already (None). The count and the
        insert are one transaction no other process runs at the same time for the same
        challenger (:func:`~shoal.server.limits.serial.serially`): the cap holds for the site."""
        since = self.now() - datetime.timedelta(days=CHALLENGE_DAYS)
        challenger = values["challenger"]
        with serially(self.engine, f"challenges:u{challenger}") as session:
            sent = session.scalar(
                select(func.count())
                .select_from(ChallengeRow)
                .where(
                    ChallengeRow.status == "open",
                    ChallengeRow.created >= since,
                    ChallengeRow.challenger == challenger,
                )
            )
            if int(sent or 0) >= most:
                return None
            row = ChallengeRow(status="open", created=self.now(), **values)
            session.add(row)
            session.flush()
            return self._challenge(row)

    def challenge(self, challenge_id: int) -> Challenge | None:
        """The challenge ``challenge_id``, or None."""
        with Session(self.engine) as session:
            row = session.get(ChallengeRow, challenge_id)
            return None if row is None else self._challenge(row)

    def challenges(self, challenge_ids: Iterable[int]) -> dict[int, Challenge]:
        """The challenges of ``challenge_ids`` that exist, by id (one query)."""
        wanted = sorted(set(challenge_ids))
        if not wanted:
            return {}
        with Session(self.engine) as session:
            rows = session.scalars(select(ChallengeRow).where(ChallengeRow.id.in_(wanted)))
            return {row.id: self._challenge(row) for row in rows}

    def challenges_of(self, user_id: int) -> list[Challenge]:
        """The open (unexpired) challenges to or from ``user_id``, newest first."""
        since = self.now() - datetime.timedelta(days=CHALLENGE_DAYS)
        with Session(self.engine) as session:
            rows = session.scalars(
                select(ChallengeRow)
                .where(
                    ChallengeRow.status == "open",
                    ChallengeRow.created >= since,
                    (ChallengeRow.challenger == user_id) | (ChallengeRow.challenged == user_id),
                )
                .order_by(ChallengeRow.id.desc())
            ).all()
            return [self._challenge(row) for row in rows]

    def answer(self, challenge_id: int, status: str, game_id: str | None = None) -> bool:
        """Close an open, unexpired challenge as ``status``; False when someone was first."""
        close = self._closing(challenge_id, status, game_id)
        with Session(self.engine) as session:
            closed = close(session)
            session.commit()
            return closed

    def accepting(self, challenge_id: int, game_id: str) -> Callable[[Session], bool]:
        """Accepting the open, unexpired challenge for the game ``game_id`` in the
        transaction that stores the game (a :data:`~shoal.server.games.models.Claim`):
        False when someone answered it first or it expired."""
        return self._closing(challenge_id, "accepted", game_id)

    def _closing(
        self, challenge_id: int, status: str, game_id: str | None
    ) -> Callable[[Session], bool]:
        """Closing the open, unexpired challenge as ``status`` in a session: the guarded
        update, True for the one session whose update changed the row."""
        since = self.now() - datetime.timedelta(days=CHALLENGE_DAYS)

        def close(session: Session) -> bool:
            result = session.execute(
                update(ChallengeRow)
                .where(
                    ChallengeRow.id == challenge_id,
                    ChallengeRow.status == "open",
                    ChallengeRow.created >= since,
                )
                .values(status=status, game_id=game_id)
            )
            return bool(getattr(result, "rowcount", 0) == 1)

        return close
