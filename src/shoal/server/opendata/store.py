"""The reads the open data needs (:class:`OpenDataStore`): finished games, names, ratings.

Read-only queries over other domains' tables, as the export is a read of the whole site:
games (``shoal_games``: never their tokens), accounts (names, and whether closed: never
e-mail, passwords or sessions), the rated games' settled ratings and the puzzles' ratings.
It never reads the chat, the notices or the mail tables. Games come ordered by game and end
time, a few hundred rows at a time, so an export of a large site streams.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Iterator
from typing import Any

from sqlalchemy import select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from ..accounts.tables import UserRow
from ..games.tables import GameRow
from ..puzzles.tables import PuzzleRatingRow
from ..ratings.tables import RatedGameRow

__all__ = ["ExportGame", "OpenDataStore"]


@dataclasses.dataclass(frozen=True)
class ExportGame:
    """The columns of a stored game that may be published (no token, no guest's name)."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int | None
    start: str | None
    mode: str
    level: str | None
    computer_seat: int | None
    accounts: list[int | None]
    actions: list[int]
    ended: dict[str, Any] | None
    time_control: str | None
    rated: bool
    created: datetime.datetime
    updated: datetime.datetime


class OpenDataStore:
    """The export's reads in the database of ``engine``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def games(self, batch: int = 500) -> Iterator[ExportGame]:
        """Every stored game, by game id and then end time (finished or not: the caller
        replays it to know)."""
        query = (
            select(
                GameRow.id,
                GameRow.game,
                GameRow.options,
                GameRow.seed,
                GameRow.start,
                GameRow.mode,
                GameRow.level,
                GameRow.computer_seat,
                GameRow.accounts,
                GameRow.actions,
                GameRow.ended,
                GameRow.time_control,
                GameRow.rated,
                GameRow.created,
                GameRow.updated,
            )
            .order_by(GameRow.game, GameRow.updated, GameRow.id)
            .execution_options(yield_per=batch)
        )
        with Session(self.engine) as session:
            for row in session.execute(query):
                yield ExportGame(
                    id=row.id,
                    game=row.game,
                    options=dict(row.options or {}),
                    seed=row.seed,
                    start=row.start,
                    mode=row.mode,
                    level=row.level,
                    computer_seat=row.computer_seat,
                    accounts=list(row.accounts or [None, None]),
                    actions=list(row.actions),
                    ended=row.ended,
                    time_control=row.time_control,
                    rated=bool(row.rated),
                    created=row.created,
                    updated=row.updated,
                )

    def names(self) -> dict[int, str | None]:
        """Every account's name by id; None for a closed (deleted) account."""
        with Session(self.engine) as session:
            rows = session.execute(select(UserRow.id, UserRow.username, UserRow.deleted))
            return {uid: None if deleted else name for uid, name, deleted in rows}

    def ratings_before(self) -> dict[str, list[int | None]]:
        """Per settled rated game, each seat's rating before it."""
        out: dict[str, list[int | None]] = {}
        with Session(self.engine) as session:
            query = select(RatedGameRow.game_id, RatedGameRow.changes).where(
                RatedGameRow.settled.is_(True)
            )
            for game_id, changes in session.execute(query):
                if isinstance(changes, list) and len(changes) == 2:
                    out[game_id] = [
                        round(c["before"]) if isinstance(c, dict) and "before" in c else None
                        for c in changes
                    ]
        return out

    def puzzle_ratings(self) -> dict[str, tuple[float, float, int, int]]:
        """Per puzzle tried on the site: its rating, deviation, attempts and solves."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(
                    PuzzleRatingRow.puzzle_id,
                    PuzzleRatingRow.r,
                    PuzzleRatingRow.rd,
                    PuzzleRatingRow.attempts,
                    PuzzleRatingRow.solved,
                )
            )
            return {pid: (r, rd, attempts, solved) for pid, r, rd, attempts, solved in rows}
