"""The queries of puzzle ratings and streaks (issue 25): :class:`PuzzleStore`.

It shares the engine of :class:`~shoal.server.games.store.Store`. One attempt is one
transaction: the account's row and the puzzle's row move together.
"""

from __future__ import annotations

import dataclasses

from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from shoal.ratings.glicko2 import DEFAULT, Rating

from ..accounts.models import utcnow
from .tables import PuzzlePlayerRow, PuzzleRatingRow

__all__ = ["PuzzlePlayer", "PuzzleStore"]


@dataclasses.dataclass(frozen=True)
class PuzzlePlayer:
    """An account's puzzle standing in one game."""

    rating: Rating = DEFAULT
    solved: int = 0
    failed: int = 0
    streak: int = 0
    best_streak: int = 0

    def view(self) -> dict[str, object]:
        """The JSON a client gets."""
        return {
            "rating": {"r": self.rating.r, "rd": self.rating.rd, "sigma": self.rating.sigma},
            "display": self.rating.display(),
            "solved": self.solved,
            "failed": self.failed,
            "streak": self.streak,
            "best_streak": self.best_streak,
        }


def _player(row: PuzzlePlayerRow | None) -> PuzzlePlayer:
    if row is None:
        return PuzzlePlayer()
    return PuzzlePlayer(
        Rating(row.r, row.rd, row.sigma), row.solved, row.failed, row.streak, row.best_streak
    )


class PuzzleStore:
    """Puzzle ratings in the database of ``engine``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def player(self, user_id: int, game: str) -> PuzzlePlayer:
        """The account's standing in ``game`` (a newcomer's without a row)."""
        with Session(self.engine) as session:
            return _player(session.get(PuzzlePlayerRow, (user_id, game)))

    def players(self, user_id: int) -> dict[str, PuzzlePlayer]:
        """The account's standing in every game it tried."""
        with Session(self.engine) as session:
            rows = session.query(PuzzlePlayerRow).filter_by(user_id=user_id).all()
            return {row.game: _player(row) for row in rows}

    def puzzle(self, puzzle_id: str, default: Rating) -> tuple[Rating, int, int]:
        """A puzzle's rating, attempts and solves (``default`` before any attempt)."""
        with Session(self.engine) as session:
            row = session.get(PuzzleRatingRow, puzzle_id)
            if row is None:
                return default, 0, 0
            return Rating(row.r, row.rd, row.sigma), row.attempts, row.solved

    def record(
        self,
        user_id: int,
        game: str,
        puzzle_id: str,
        solved: bool,
        solver: Rating,
        puzzle: Rating,
    ) -> PuzzlePlayer:
        """Store one finished attempt with both new ratings; the account's new standing.

        A second finish of the same puzzle in a row (retrying it) changes nothing.
        """
        with Session(self.engine) as session:
            row = session.get(PuzzlePlayerRow, (user_id, game))
            if row is not None and row.last_puzzle == puzzle_id:
                return _player(row)
            if row is None:
                row = PuzzlePlayerRow(
                    user_id=user_id, game=game, solved=0, failed=0, streak=0, best_streak=0
                )
                session.add(row)
            row.r, row.rd, row.sigma = solver.r, solver.rd, solver.sigma
            if solved:
                row.solved += 1
                row.streak += 1
                row.best_streak = max(row.best_streak, row.streak)
            else:
                row.failed += 1
                row.streak = 0
            row.last_puzzle = puzzle_id
            row.updated = utcnow()
            rated = session.get(PuzzleRatingRow, puzzle_id)
            if rated is None:
                rated = PuzzleRatingRow(puzzle_id=puzzle_id, attempts=0, solved=0)
                session.add(rated)
            rated.r, rated.rd, rated.sigma = puzzle.r, puzzle.rd, puzzle.sigma
            rated.attempts += 1
            rated.solved += int(solved)
            session.commit()
            return _player(row)
