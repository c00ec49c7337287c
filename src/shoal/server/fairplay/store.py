"""The queries of fair play (:class:`FairplayStore`) on ``shoal_fairplay``."""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Collection, Sequence

from sqlalchemy import func, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from shoal.analysis.fairplay import Agreement, GameFigure

from .tables import FairplayRow

__all__ = ["STALE", "FairplayStore", "Seat"]

STALE = datetime.timedelta(minutes=30)
"""A claim still running after this long (its process died) may be taken over."""


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC).replace(tzinfo=None)


@dataclasses.dataclass(frozen=True)
class Seat:
    """A seat of a rated game to check: whose, at which rating before the game."""

    seat: int
    user_id: int
    rating: float


class FairplayStore:
    """The fair-play figures of rated games in the database of ``engine``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def claim(self, game_id: str, game: str, speed: str, seats: Sequence[Seat]) -> bool:
        """Claim the check of a game (its seats' rows, ``running``): True for the one process
        that gets it; a claim left running for :data:`STALE` is taken over."""
        now = _now()
        with Session(self.engine) as session:
            taken = session.execute(
                update(FairplayRow)
                .where(
                    FairplayRow.game_id == game_id,
                    FairplayRow.status == "running",
                    FairplayRow.created < now - STALE,
                )
                .values(created=now)
            )
            if getattr(taken, "rowcount", 0):
                session.commit()
                return True
            for seat in seats:
                session.add(
                    FairplayRow(
                        game_id=game_id,
                        seat=seat.seat,
                        user_id=seat.user_id,
                        game=game,
                        speed=speed,
                        status="running",
                        rating=seat.rating,
                        turns=0,
                        agreed=0,
                        accuracy=0.0,
                        created=now,
                    )
                )
            try:
                session.commit()
            except IntegrityError:  # checked, or being checked, elsewhere
                session.rollback()
                return False
            return True

    def finish(self, game_id: str, figures: Sequence[Agreement]) -> None:
        """Store what the review found for the claimed seats."""
        with Session(self.engine) as session, session.begin():
            for figure in figures:
                session.execute(
                    update(FairplayRow)
                    .where(FairplayRow.game_id == game_id, FairplayRow.seat == figure.seat)
                    .values(
                        status="done",
                        turns=figure.turns,
                        agreed=figure.agreed,
                        accuracy=round(figure.accuracy, 2),
                    )
                )

    def fail(self, game_id: str) -> None:
        """The check of the game broke (logged): its rows say so, and are not tested."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(FairplayRow)
                .where(FairplayRow.game_id == game_id, FairplayRow.status == "running")
                .values(status="failed")
            )

    def window(self, user_id: int, game: str, speed: str, limit: int) -> list[GameFigure]:
        """The account's last ``limit`` checked games of ``game`` at ``speed``, newest first."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(FairplayRow.rating, FairplayRow.turns, FairplayRow.agreed)
                .where(
                    FairplayRow.user_id == user_id,
                    FairplayRow.game == game,
                    FairplayRow.speed == speed,
                    FairplayRow.status == "done",
                )
                .order_by(FairplayRow.created.desc(), FairplayRow.game_id.desc())
                .limit(limit)
            )
            return [GameFigure(row[0], row[1], row[2]) for row in rows]

    def reference(
        self,
        game: str,
        speed: str,
        ratings: Sequence[float],
        *,
        exclude: Collection[int],
        per_rating: int,
    ) -> list[GameFigure]:
        """Other players' checked games of ``game`` at ``speed``: for each of ``ratings``, the
        ``per_rating`` nearest it (the accounts of ``exclude`` left out), without repeats."""
        found: dict[tuple[str, int], GameFigure] = {}
        with Session(self.engine) as session:
            for rating in dict.fromkeys(round(r) for r in ratings):
                query = (
                    select(
                        FairplayRow.game_id,
                        FairplayRow.seat,
                        FairplayRow.rating,
                        FairplayRow.turns,
                        FairplayRow.agreed,
                    )
                    .where(
                        FairplayRow.game == game,
                        FairplayRow.speed == speed,
                        FairplayRow.status == "done",
                    )
                    .order_by(func.abs(FairplayRow.rating - rating), FairplayRow.game_id)
                    .limit(per_rating)
                )
                if exclude:
                    query = query.where(FairplayRow.user_id.not_in(list(exclude)))
                for row in session.execute(query):
                    found[(row[0], row[1])] = GameFigure(row[2], row[3], row[4])
        return list(found.values())

    def summary(self, user_id: int) -> list[dict[str, object]]:
        """Per game and speed, the account's checked games: how many, and their mean
        agreement and accuracy (the moderators' page)."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(
                    FairplayRow.game,
                    FairplayRow.speed,
                    func.count(),
                    func.sum(FairplayRow.agreed),
                    func.sum(FairplayRow.turns),
                    func.avg(FairplayRow.accuracy),
                )
                .where(FairplayRow.user_id == user_id, FairplayRow.status == "done")
                .group_by(FairplayRow.game, FairplayRow.speed)
            )
            return [
                {
                    "game": row[0],
                    "speed": row[1],
                    "games": int(row[2]),
                    "agreement": round(int(row[3] or 0) / int(row[4]), 3) if row[4] else None,
                    "accuracy": round(float(row[5] or 0.0), 1),
                }
                for row in rows
            ]
