"""The queries of the lobby (issue 22): seeks and challenges (:class:`LobbyStore`).

It shares the engine of :class:`~shoal.server.storage.store.Store`. Taking a seek or
answering a challenge is one conditional ``UPDATE ... WHERE status = 'open'``: of
several acceptors (threads, server processes) exactly one changes the row.
Times are naive UTC; ``now`` is injected so tests can move the clock.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Callable, Iterable
from typing import Any

from sqlalchemy import and_, delete, func, or_, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from .lobby_tables import ChallengeRow, SeekRow

__all__ = [
    "CHALLENGE_DAYS",
    "LIVE_SEEK_LIFETIME",
    "SEEK_LIFETIME",
    "Challenge",
    "LobbyStore",
    "Seek",
    "utcnow",
]

CHALLENGE_DAYS = 7
"""A challenge not answered within this many days has expired."""


LIVE_SEEK_LIFETIME = datetime.timedelta(minutes=10)
"""A seek with a live clock is withdrawn this long after it was made (issue 38)."""

SEEK_LIFETIME = datetime.timedelta(days=7)
"""A correspondence seek (or one without a clock) is withdrawn this long after it was made."""


def utcnow() -> datetime.datetime:
    """Now, as naive UTC."""
    return datetime.datetime.now(datetime.UTC).replace(tzinfo=None)


@dataclasses.dataclass(frozen=True)
class Seek:
    """A seek as plain data (``guest_hash`` never leaves the server)."""

    id: int
    game: str
    options: dict[str, Any]
    colour: str
    time_control: str | None
    rated: bool
    user_id: int | None
    guest_hash: str | None
    name: str
    status: str
    game_id: str | None
    created: datetime.datetime


@dataclasses.dataclass(frozen=True)
class Challenge:
    """A challenge as plain data; ``status`` reads ``expired`` once 7 days have passed."""

    id: int
    challenger: int
    challenged: int
    game: str
    options: dict[str, Any]
    colour: str
    time_control: str | None
    rated: bool
    status: str
    game_id: str | None
    created: datetime.datetime


def _seek(row: SeekRow) -> Seek:
    return Seek(**{f.name: getattr(row, f.name) for f in dataclasses.fields(Seek)})


class LobbyStore:
    """Seeks and challenges in the database of ``engine``; ``now`` tells the time."""

    def __init__(self, engine: Engine, now: Callable[[], datetime.datetime] = utcnow) -> None:
        self.engine = engine
        self.now = now

    # -- seeks ---------------------------------------------------------------------
    def add_seek(self, **values: Any) -> Seek:
        """Store a new open seek (the columns of :class:`Seek` but id, status, created)."""
        with Session(self.engine) as session:
            row = SeekRow(status="open", created=self.now(), **values)
            session.add(row)
            session.commit()
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

    def count_open(self, user_id: int | None, guest_hash: str | None) -> int:
        """How many open seeks the account (or else the guest) has."""
        self.expire()
        who = (
            SeekRow.user_id == user_id if user_id is not None else SeekRow.guest_hash == guest_hash
        )
        with Session(self.engine) as session:
            return int(
                session.scalar(
                    select(func.count()).select_from(SeekRow).where(SeekRow.status == "open", who)
                )
                or 0
            )

    def take(self, seek_id: int) -> bool:
        """Mark the open seek taken; False when it is not open any more (someone was first)."""
        with Session(self.engine) as session:
            result = session.execute(
                update(SeekRow)
                .where(SeekRow.id == seek_id, SeekRow.status == "open")
                .values(status="taken")
            )
            session.commit()
            return bool(result.rowcount == 1)  # type: ignore[attr-defined]

    def reopen(self, seek_id: int) -> None:
        """Open a taken seek again (its game could not be made)."""
        with Session(self.engine) as session:
            session.execute(update(SeekRow).where(SeekRow.id == seek_id).values(status="open"))
            session.commit()

    def started(self, seek_id: int, game_id: str, creator_token: str) -> None:
        """Record the game made from a taken seek, and the creator's seat token to pick up."""
        with Session(self.engine) as session:
            session.execute(
                update(SeekRow)
                .where(SeekRow.id == seek_id)
                .values(game_id=game_id, creator_token=creator_token)
            )
            session.commit()

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

    # -- challenges ------------------------------------------------------------------
    def _challenge(self, row: ChallengeRow) -> Challenge:
        values = {f.name: getattr(row, f.name) for f in dataclasses.fields(Challenge)}
        if row.status == "open" and self.now() - row.created > datetime.timedelta(
            days=CHALLENGE_DAYS
        ):
            values["status"] = "expired"
        return Challenge(**values)

    def add_challenge(self, **values: Any) -> Challenge:
        """Store a new open challenge (the columns of :class:`Challenge` but id, status...)."""
        with Session(self.engine) as session:
            row = ChallengeRow(status="open", created=self.now(), **values)
            session.add(row)
            session.commit()
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
        since = self.now() - datetime.timedelta(days=CHALLENGE_DAYS)
        with Session(self.engine) as session:
            result = session.execute(
                update(ChallengeRow)
                .where(
                    ChallengeRow.id == challenge_id,
                    ChallengeRow.status == "open",
                    ChallengeRow.created >= since,
                )
                .values(status=status, game_id=game_id)
            )
            session.commit()
            return bool(result.rowcount == 1)  # type: ignore[attr-defined]

    def set_game(self, challenge_id: int, game_id: str) -> None:
        """Record the game an accepted challenge made."""
        with Session(self.engine) as session:
            session.execute(
                update(ChallengeRow).where(ChallengeRow.id == challenge_id).values(game_id=game_id)
            )
            session.commit()
