"""The queries of ratings (:class:`RatingStore`): marking games rated, settling their end once.

It shares the engine of :class:`~shoal.server.games.store.Store`. The update of
a game's end is exactly-once across threads and server processes: :meth:`settle`
first *claims* the game (``UPDATE shoal_rated_games SET settled = true WHERE
settled = false``; only one transaction sees its row change), then, in the same
transaction, reads both players' ratings (``SELECT ... FOR UPDATE`` on PostgreSQL,
SQLite's single writer elsewhere), writes the new ones and the history. A crash
before the commit leaves the game unclaimed, so the next try settles it.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import delete, exists, func, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from shoal.ratings.glicko2 import DEFAULT, PROVISIONAL_RD, Rating, Result
from shoal.ratings.glicko2 import update as glicko_update

from ..accounts.models import utcnow
from ..accounts.tables import UserRow
from ..bots.tables import BotRow
from ..games.tables import GameRow
from .tables import ExclusionRow, RatedGameRow, RatingHistoryRow, RatingRow

__all__ = ["EXCLUDED", "SPEEDS", "LeaderRow", "RatingStore", "StoredRating"]

EXCLUDED = "a player was marked as an engine user"
"""Why a rated game of an engine user does not count (issue 61)."""

SPEEDS: tuple[str, ...] = ("live", "correspondence")
"""A game with a clock is ``live``; a game without one is ``correspondence`` (docs/ratings.md)."""


@dataclasses.dataclass(frozen=True)
class StoredRating:
    """An account's rating in a game at a speed, with its count of rated games."""

    game: str
    speed: str
    rating: Rating
    games: int
    updated: datetime.datetime | None

    def as_json(self) -> dict[str, Any]:
        """``{rating, rd, games, provisional, display}`` for the API."""
        return {
            "rating": round(self.rating.r),
            "rd": round(self.rating.rd),
            "games": self.games,
            "provisional": self.rating.provisional,
            "display": self.rating.display(),
        }


@dataclasses.dataclass(frozen=True)
class LeaderRow:
    """A leaderboard line."""

    username: str
    rating: Rating
    games: int
    user_id: int = 0


class RatingStore:
    """Ratings, their history and the rated games in the database of ``engine``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.clock: Callable[[], datetime.datetime] = utcnow
        """Now, as naive UTC (tests inject another clock)."""

    # -- rated games ------------------------------------------------------------------
    def rated_game(self, game_id: str) -> dict[str, Any] | None:
        """``{speed, settled, changes}`` of a rated game, or None for a casual one."""
        with Session(self.engine) as session:
            row = session.get(RatedGameRow, game_id)
            if row is None:
                return None
            return {"speed": row.speed, "settled": row.settled, "changes": row.changes}

    def unsettled(self) -> list[str]:
        """The ids of the games created rated whose end is not settled (on, or over when a
        crash came between the end and its settling), oldest first."""
        settled = select(RatedGameRow.game_id).where(RatedGameRow.settled.is_(True))
        with Session(self.engine) as session:
            rows = session.execute(
                select(GameRow.id)
                .where(GameRow.rated.is_(True), GameRow.id.not_in(settled))
                .order_by(GameRow.updated)
            )
            return [row[0] for row in rows]

    def settle(
        self,
        game_id: str,
        game: str,
        speed: str,
        accounts: Sequence[int | None] | None,
        scores: tuple[float, float] | None,
        now: datetime.datetime | None = None,
    ) -> list[dict[str, Any]] | None:
        """Apply the end of ``game_id`` to its players' ratings, once; the changes per seat.

        ``scores`` is ``(1, 0)``, ``(0.5, 0.5)``, ``(0, 1)``, or None for a game that
        ended without a result (aborted). Call it only for games created rated;
        answers None when the game was already settled (by this or another
        process) or could not count, else what was written.
        """
        now = now or self.clock()
        for attempt in range(3):
            try:
                return self._settle_once(game_id, game, speed, accounts, scores, now)
            except IntegrityError:  # two first ratings of one account at once: try again
                if attempt == 2:
                    raise
        return None

    def _settle_once(
        self,
        game_id: str,
        game: str,
        speed: str,
        accounts: Sequence[int | None] | None,
        scores: tuple[float, float] | None,
        now: datetime.datetime,
    ) -> list[dict[str, Any]] | None:
        with Session(self.engine) as session, session.begin():
            claimed = session.execute(
                update(RatedGameRow)
                .where(RatedGameRow.game_id == game_id, RatedGameRow.settled.is_(False))
                .values(settled=True)
            )
            if getattr(claimed, "rowcount", 0) != 1:
                if session.get(RatedGameRow, game_id) is not None:
                    return None  # settled already (here or by another process)
                # a rated game not marked at creation (the lobby's): the insert is the claim
                session.add(
                    RatedGameRow(game_id=game_id, game=game, speed=speed, settled=True, created=now)
                )
                session.flush()  # IntegrityError when another process claimed it meanwhile
            row = session.get(RatedGameRow, game_id)
            assert row is not None
            ids = list(accounts or ())
            reason = _unrated_reason(ids, scores)
            if reason is not None or scores is None:
                row.changes = {"unrated": reason}
                return None
            a, b = int(ids[0] or 0), int(ids[1] or 0)
            excluded = session.scalars(
                select(ExclusionRow.user_id).where(ExclusionRow.user_id.in_((a, b)))
            ).first()
            if excluded is not None:
                row.changes = {"unrated": EXCLUDED}
                return None
            old = {uid: self._locked(session, uid, row.game, row.speed) for uid in sorted((a, b))}
            changes: list[dict[str, Any]] = []
            for uid, other, score in ((a, b, scores[0]), (b, a, scores[1])):
                before = old[uid]
                after = glicko_update(before.rating, [Result(old[other].rating, score)])
                _write(session, uid, row.game, row.speed, after, before.games + 1, now)
                change = after.r - before.rating.r
                session.add(
                    RatingHistoryRow(
                        user_id=uid,
                        game=row.game,
                        speed=row.speed,
                        game_id=game_id,
                        r=after.r,
                        rd=after.rd,
                        change=change,
                        created=now,
                    )
                )
                changes.append(
                    {
                        "user_id": uid,
                        "before": round(before.rating.r),
                        "after": round(after.r),
                        "change": round(after.r) - round(before.rating.r),
                        "display": after.display(),
                        "provisional": after.provisional,
                    }
                )
            row.changes = changes
            return changes

    def _locked(self, session: Session, user_id: int, game: str, speed: str) -> StoredRating:
        query = select(RatingRow).where(
            RatingRow.user_id == user_id, RatingRow.game == game, RatingRow.speed == speed
        )
        found = session.execute(query.with_for_update()).scalar_one_or_none()
        if found is None:
            return StoredRating(game, speed, DEFAULT, 0, None)
        return _stored(found)

    # -- engine users (issue 61) -----------------------------------------------------------
    def exclude(self, user_id: int) -> dict[str, Any]:
        """Take ``user_id`` out of the ratings, as lichess does for an engine user: each of its
        settled rated games no longer counts (the game says why), each opponent who lost
        rating in one gets the points back (a history line of the refund), its own ratings and
        history go, and its new rated games will not count. What was done, in numbers."""
        now = self.clock()
        refunds: dict[int, int] = {}
        games = 0
        with Session(self.engine) as session, session.begin():
            if session.get(ExclusionRow, user_id) is None:
                session.add(ExclusionRow(user_id=user_id, created=now))
            played = select(RatingHistoryRow.game_id).where(RatingHistoryRow.user_id == user_id)
            rows = session.scalars(
                select(RatedGameRow)
                .where(RatedGameRow.game_id.in_(played), RatedGameRow.settled.is_(True))
                .order_by(RatedGameRow.game_id)
            ).all()
            for rated in rows:
                changes = rated.changes
                if not isinstance(changes, list):
                    continue
                games += 1
                for change in changes:
                    other = int(change["user_id"])
                    lost = int(change["change"])
                    if other == user_id or lost >= 0:
                        continue
                    refunds[other] = refunds.get(other, 0) - lost
                    self._refund(session, other, rated, -lost, now)
                rated.changes = {"unrated": EXCLUDED, "was": changes}
            session.execute(delete(RatingRow).where(RatingRow.user_id == user_id))
            session.execute(delete(RatingHistoryRow).where(RatingHistoryRow.user_id == user_id))
        return {"games": games, "refunded": {str(k): v for k, v in sorted(refunds.items())}}

    def _refund(
        self,
        session: Session,
        user_id: int,
        rated: RatedGameRow,
        points: int,
        now: datetime.datetime,
    ) -> None:
        """Give ``user_id`` back ``points`` lost in ``rated`` (to its current rating)."""
        found = session.execute(
            select(RatingRow)
            .where(
                RatingRow.user_id == user_id,
                RatingRow.game == rated.game,
                RatingRow.speed == rated.speed,
            )
            .with_for_update()
        ).scalar_one_or_none()
        if found is None:
            return
        found.r += points
        found.updated = now
        session.add(
            RatingHistoryRow(
                user_id=user_id,
                game=rated.game,
                speed=rated.speed,
                game_id=rated.game_id,
                r=found.r,
                rd=found.rd,
                change=float(points),
                created=now,
            )
        )

    def include(self, user_id: int) -> bool:
        """Let ``user_id``'s new rated games count again (the refunds stay); False when it was
        not excluded."""
        with Session(self.engine) as session, session.begin():
            done = session.execute(delete(ExclusionRow).where(ExclusionRow.user_id == user_id))
            return bool(getattr(done, "rowcount", 0))

    def excluded(self) -> list[int]:
        """The accounts whose games do not count."""
        with Session(self.engine) as session:
            return list(session.scalars(select(ExclusionRow.user_id)))

    # -- reading ---------------------------------------------------------------------
    def ratings(self, user_id: int) -> list[StoredRating]:
        """Every rating of an account (game, speed), most played first."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(RatingRow)
                .where(RatingRow.user_id == user_id)
                .order_by(RatingRow.games.desc(), RatingRow.game)
            ).scalars()
            return [_stored(r) for r in rows]

    def rating(self, user_id: int, game: str, speed: str) -> StoredRating:
        """An account's rating in ``game`` at ``speed`` (a newcomer's when it has none)."""
        with Session(self.engine) as session:
            found = session.get(RatingRow, (user_id, game, speed))
            return StoredRating(game, speed, DEFAULT, 0, None) if found is None else _stored(found)

    def displays(self, user_ids: Sequence[int], game: str, speed: str) -> dict[int, str]:
        """Each account's rating as shown beside its name (``1500?`` for a newcomer).

        The helper for lists of names (the lobby, My games): one query for all.
        """
        out = {uid: DEFAULT.display() for uid in user_ids}
        if not user_ids:
            return out
        with Session(self.engine) as session:
            rows = session.execute(
                select(RatingRow).where(
                    RatingRow.user_id.in_(list(user_ids)),
                    RatingRow.game == game,
                    RatingRow.speed == speed,
                )
            ).scalars()
            for r in rows:
                out[r.user_id] = Rating(r.r, r.rd, r.sigma).display()
        return out

    def history(self, user_id: int, game: str) -> dict[str, list[dict[str, Any]]]:
        """Per speed, the account's rating after each of its rated games, oldest first."""
        out: dict[str, list[dict[str, Any]]] = {}
        with Session(self.engine) as session:
            rows = session.execute(
                select(RatingHistoryRow)
                .where(RatingHistoryRow.user_id == user_id, RatingHistoryRow.game == game)
                .order_by(RatingHistoryRow.id)
            ).scalars()
            for r in rows:
                out.setdefault(r.speed, []).append(
                    {
                        "at": r.created.isoformat() + "Z",
                        "rating": round(r.r),
                        "rd": round(r.rd),
                        "game_id": r.game_id,
                    }
                )
        return out

    def leaderboard(
        self, game: str, speed: str, limit: int = 50, days: int = 90, *, bots: bool = False
    ) -> list[LeaderRow]:
        """The top ``limit`` established players (rd <= 110) rated in the last ``days``:
        people, or with ``bots`` the bot accounts (``shoal_bots``: programs and the server's
        own levels), so the two never share a board."""
        since = self.clock() - datetime.timedelta(days=days)
        is_bot = exists().where(BotRow.user_id == RatingRow.user_id)
        with Session(self.engine) as session:
            rows = session.execute(
                select(RatingRow, UserRow.username)
                .join(UserRow, UserRow.id == RatingRow.user_id)
                .where(
                    RatingRow.game == game,
                    RatingRow.speed == speed,
                    RatingRow.rd <= PROVISIONAL_RD,
                    RatingRow.updated >= since,
                    UserRow.deleted.is_(False),
                    UserRow.disabled.is_(False),
                    RatingRow.user_id.not_in(select(ExclusionRow.user_id)),
                    is_bot if bots else ~is_bot,
                )
                .order_by(RatingRow.r.desc(), UserRow.username)
                .limit(limit)
            )
            return [
                LeaderRow(name, Rating(row.r, row.rd, row.sigma), row.games, row.user_id)
                for row, name in rows
            ]

    def count(self, game: str) -> int:
        """How many accounts have a rating in ``game`` (any speed)."""
        with Session(self.engine) as session:
            query = select(func.count()).select_from(RatingRow).where(RatingRow.game == game)
            return int(session.execute(query).scalar_one())


def _unrated_reason(ids: list[int | None], scores: tuple[float, float] | None) -> str | None:
    if scores is None:
        return "the game was aborted"
    if len(ids) != 2 or ids[0] is None or ids[1] is None:
        return "a seat was not held by an account"
    if ids[0] == ids[1]:
        return "one account held both seats"
    return None


def _write(
    session: Session,
    user_id: int,
    game: str,
    speed: str,
    rating: Rating,
    games: int,
    now: datetime.datetime,
) -> None:
    row = session.get(RatingRow, (user_id, game, speed))
    if row is None:
        session.add(
            RatingRow(
                user_id=user_id,
                game=game,
                speed=speed,
                r=rating.r,
                rd=rating.rd,
                sigma=rating.sigma,
                games=games,
                updated=now,
            )
        )
    else:
        row.r, row.rd, row.sigma, row.games, row.updated = (
            rating.r,
            rating.rd,
            rating.sigma,
            games,
            now,
        )


def _stored(row: RatingRow) -> StoredRating:
    return StoredRating(
        row.game, row.speed, Rating(row.r, row.rd, row.sigma), row.games, row.updated
    )
