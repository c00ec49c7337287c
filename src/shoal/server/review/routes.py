"""Game review (issue 26): a finished game or an uploaded record, reviewed once in the background.

* ``POST /api/games/{id}/review`` starts the review of a finished game (409 while
  it is played: a review would help a player in the middle of a game);
  ``GET /api/games/{id}/review`` reports it: ``status`` ``none``, ``running``
  (with ``done`` searches out of ``total``), ``done`` (with ``review``) or
  ``failed`` (with ``error``; POST starts it again).
* ``POST /api/records/{id}/review``, ``GET /api/records/{id}/review``: the same
  for an uploaded record.

The body of a POST may name a ``level`` (``quick``, ``normal``, ``deep``;
default ``normal``, the documented budget of docs/review.md). A review is
computed once per game and level: a second POST returns the stored one.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field

from shoal.analysis.review import LEVEL_FACTORS
from shoal.i18n import N_

from ..errors import ApiError, refusals
from ..games.env import GamesDep
from .schemas import ReviewStatus
from .service import ReviewerDep

__all__ = ["ReviewIn", "router"]

router = APIRouter(tags=["review"], responses=refusals(400, 404, 409, 413))


class ReviewIn(BaseModel):
    """What to review with: the level of the budget."""

    level: str = Field(default="normal", json_schema_extra={"enum": list(LEVEL_FACTORS)})


def _level(level: str) -> str:
    if level not in LEVEL_FACTORS:
        names = ", ".join(LEVEL_FACTORS)
        raise ApiError(
            400,
            "review level {level} is unknown; the levels are {names}",
            level=repr(level),
            names=names,
        )
    return level


@router.post(
    "/api/games/{game_id}/review",
    summary="Start the review of a finished game",
    response_model=ReviewStatus,
    response_model_exclude_unset=True,
)
async def start_game_review(
    game_id: str, games: GamesDep, reviews: ReviewerDep, body: ReviewIn | None = None
) -> dict[str, Any]:
    level = _level((body or ReviewIn()).level)
    record = await games.finished_record(
        game_id,
        N_(
            "a review is made once a game has ended (it would help a player in the middle of "
            "a game)"
        ),
    )
    return await reviews.start(f"game/{game_id}", level, record)


@router.get(
    "/api/games/{game_id}/review",
    summary="The review of a game and its progress",
    response_model=ReviewStatus,
    response_model_exclude_unset=True,
)
async def game_review(
    game_id: str, games: GamesDep, reviews: ReviewerDep, level: str = "normal"
) -> dict[str, Any]:
    await games.manager.entry(game_id)  # 404 for an unknown game
    return await reviews.status(f"game/{game_id}", _level(level))


@router.post(
    "/api/records/{record_id}/review",
    summary="Start the review of an uploaded record",
    response_model=ReviewStatus,
    response_model_exclude_unset=True,
)
async def start_record_review(
    record_id: str, games: GamesDep, reviews: ReviewerDep, body: ReviewIn | None = None
) -> dict[str, Any]:
    level = _level((body or ReviewIn()).level)
    record = await games.records.get(record_id)
    return await reviews.start(f"record/{record_id}", level, record)


@router.get(
    "/api/records/{record_id}/review",
    summary="The review of an uploaded record",
    response_model=ReviewStatus,
    response_model_exclude_unset=True,
)
async def record_review(
    record_id: str, games: GamesDep, reviews: ReviewerDep, level: str = "normal"
) -> dict[str, Any]:
    await games.records.get(record_id)  # 404 for an unknown record
    return await reviews.status(f"record/{record_id}", _level(level))
