"""The explorer's queries (:class:`ExplorerStore`): counting a finished game once, lookups.

Counting is exactly-once across threads and server processes: :meth:`count`
first *claims* the game (``INSERT`` into ``shoal_explorer_games``; its primary key
lets one transaction in), then, in the same transaction, adds the game to every
counted node with ``INSERT ... ON CONFLICT DO UPDATE`` (``games = games + 1``).
A second try of the same game fails on the claim and rolls back, so it adds
nothing; a crash before the commit leaves the game unclaimed, so it is counted
when next seen.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Sequence
from typing import Any

from sqlalchemy import and_, case, func, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from shoal.analysis.explorer import MoveStats, Step, result_for, sort_moves

from .tables import ExplorerGameRow, ExplorerMoveRow, ExplorerPlayerMoveRow

__all__ = ["BAND", "ExplorerStore", "Filters", "FinishedGame", "band_of"]

BAND = 200
"""Rating bands are this wide: a game's band is its players' average rating rounded down."""


def band_of(ratings: Sequence[int | None]) -> int:
    """The band of a game whose players have ``ratings`` (0 unless both are rated)."""
    if len(ratings) != 2 or any(r is None for r in ratings):
        return 0
    average = sum(r for r in ratings if r is not None) // 2
    return max(BAND, average // BAND * BAND)


@dataclasses.dataclass(frozen=True)
class FinishedGame:
    """What the explorer counts of a finished game."""

    game_id: str
    steps: Sequence[Step]
    winner: int | None
    rated: bool
    speed: str
    ratings: tuple[int | None, int | None]
    accounts: tuple[int | None, int | None]
    ended: datetime.datetime


@dataclasses.dataclass(frozen=True)
class Filters:
    """Which games a lookup counts (None: all)."""

    rated: bool | None = None
    speeds: tuple[str, ...] | None = None
    min_rating: int | None = None
    max_rating: int | None = None
    user_id: int | None = None
    seat: int | None = None
    """With ``user_id``: only the games where the account held this seat."""


class ExplorerStore:
    """The explorer's counts in the database of ``engine``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._upserts: dict[str, Any] = {}

    def _insert(self, table: Any) -> Any:
        return (postgresql if self.engine.dialect.name == "postgresql" else sqlite).insert(table)

    def counted(self, game_id: str) -> bool:
        """True when ``game_id`` is counted."""
        with Session(self.engine) as session:
            return session.get(ExplorerGameRow, game_id) is not None

    def count(self, game: FinishedGame) -> bool:
        """Add ``game`` to the counts, once: False when it was counted already."""
        try:
            with Session(self.engine) as session, session.begin():
                session.add(ExplorerGameRow(game_id=game.game_id, counted=game.ended))
                session.flush()  # the claim: a second try stops here, before any count
                self._add(session, game)
        except IntegrityError:
            return False
        return True

    def _add(self, session: Session, game: FinishedGame) -> None:
        band = band_of(game.ratings)
        rated = [r for r in game.ratings if r is not None]
        site: list[dict[str, Any]] = []
        players: list[dict[str, Any]] = []
        for step in game.steps:
            result = result_for(step.seat, game.winner)
            row = {
                "node": step.node,
                "action": step.action,
                "rated": game.rated,
                "speed": game.speed,
                "text": step.text,
                "games": 1,
                "wins": int(result == "win"),
                "draws": int(result == "draw"),
                "losses": int(result == "loss"),
                "rating_sum": sum(rated),
                "rated_players": len(rated),
                "last_game": game.game_id,
                "last_at": game.ended,
            }
            site.append({**row, "band": band})
            players.extend(
                {**row, "user_id": user, "seat": seat}
                for seat, user in enumerate(game.accounts)
                if user is not None
            )
        for table, rows in ((ExplorerMoveRow, site), (ExplorerPlayerMoveRow, players)):
            if rows:
                session.execute(self._upsert(table), _merged(rows))

    def _upsert(self, table: Any) -> Any:
        """``INSERT ... ON CONFLICT (its key) DO UPDATE`` adding the counts (built once)."""
        found = self._upserts.get(table.__tablename__)
        if found is not None:
            return found
        stmt = self._insert(table)
        t = table.__table__.c
        newer = stmt.excluded.last_at >= t.last_at
        found = self._upserts[table.__tablename__] = stmt.on_conflict_do_update(
            index_elements=[c.name for c in table.__table__.primary_key.columns],
            set_={
                "games": t.games + stmt.excluded.games,
                "wins": t.wins + stmt.excluded.wins,
                "draws": t.draws + stmt.excluded.draws,
                "losses": t.losses + stmt.excluded.losses,
                "rating_sum": t.rating_sum + stmt.excluded.rating_sum,
                "rated_players": t.rated_players + stmt.excluded.rated_players,
                "last_game": case((newer, stmt.excluded.last_game), else_=t.last_game),
                "last_at": case((newer, stmt.excluded.last_at), else_=t.last_at),
            },
        )
        return found

    def moves(self, node: str, filters: Filters) -> list[MoveStats]:
        """The moves counted at ``node`` under ``filters``, most played first."""
        personal = filters.user_id is not None
        table: Any = ExplorerPlayerMoveRow if personal else ExplorerMoveRow
        t = table.__table__.c
        conditions = [t.node == node]
        if personal:
            conditions.append(t.user_id == filters.user_id)
            if filters.seat is not None:
                conditions.append(t.seat == filters.seat)
        if filters.rated is not None:
            conditions.append(t.rated == filters.rated)
        if filters.speeds is not None:
            conditions.append(t.speed.in_(filters.speeds))
        if not personal and filters.min_rating is not None:
            conditions.append(t.band >= filters.min_rating // BAND * BAND)
            conditions.append(t.band > 0)
        if not personal and filters.max_rating is not None:
            conditions.append(t.band < filters.max_rating)
            conditions.append(t.band > 0)
        query = select(
            t.action,
            t.text,
            t.games,
            t.wins,
            t.draws,
            t.losses,
            t.rating_sum,
            t.rated_players,
            t.last_game,
            t.last_at,
        ).where(and_(*conditions))
        found: dict[int, MoveStats] = {}
        latest: dict[int, tuple[datetime.datetime, str]] = {}
        with Session(self.engine) as session:
            for row in session.execute(query):
                stats = found.get(row.action)
                if stats is None:
                    stats = found[row.action] = MoveStats(row.action, row.text)
                stats.games += row.games
                stats.wins += row.wins
                stats.draws += row.draws
                stats.losses += row.losses
                stats.rating_sum += row.rating_sum
                stats.rated_players += row.rated_players
                mark = (row.last_at, row.last_game)
                if row.action not in latest or mark > latest[row.action]:
                    latest[row.action] = mark
        for action, (at, game_id) in latest.items():
            found[action].last_game = game_id
            found[action].last_at = at.isoformat()
        return sort_moves(found.values())

    def total(self) -> int:
        """How many games are counted."""
        with Session(self.engine) as session:
            return int(session.scalar(select(func.count()).select_from(ExplorerGameRow)) or 0)


def _merged(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per key (a position met twice in one game adds up): one upsert per row."""
    merged: dict[tuple[Any, ...], dict[str, Any]] = {}
    for row in rows:
        key = tuple(row.get(k) for k in ("node", "action", "band", "user_id", "seat"))
        found = merged.get(key)
        if found is None:
            merged[key] = dict(row)
        else:
            for name in ("games", "wins", "draws", "losses", "rating_sum", "rated_players"):
                found[name] += row[name]
    return list(merged.values())
