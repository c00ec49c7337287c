"""The answers of the review routes: a review's progress and, once done, the review."""

from __future__ import annotations

from pydantic import Field

from ..schemas import Number, Out

__all__ = ["ReviewData", "ReviewPlayer", "ReviewStatus", "ReviewTurn"]


class ReviewTurn(Out):
    """A turn as the engine judged it: winning chances before and after, the drop, a mark."""

    number: int
    seat: int
    side: str
    played: str
    best: str
    before: Number
    after: Number
    drop: Number
    mark: str | None
    engine_choice: bool
    forced: bool
    start: int
    end: int


class ReviewPlayer(Out):
    """A player's accuracy and the count of each mark."""

    seat: int
    side: str
    name: str
    turns: int
    accuracy: Number
    counts: dict[str, int]


class ReviewData(Out):
    """A finished review: the winning-chance graph, each turn, each player."""

    game: str
    simulations: int
    budget: str
    seed: int
    thresholds: dict[str, Number] = Field(description="the least drop of each mark")
    graph: list[Number]
    turns: list[ReviewTurn]
    players: list[ReviewPlayer]


class ReviewStatus(Out):
    """A review's progress (``none``, ``running``, ``done``, ``failed``), and once done the
    review."""

    status: str
    level: str
    done: int
    total: int
    review: ReviewData | None
    error: str | None = Field(None, description="absent when none was started")
