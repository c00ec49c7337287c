"""Puzzles (issue 25): positions where the side to move wins by force, solved by clicking.

* the pages ``/puzzles`` and ``/puzzles/{game}`` (``puzzles.html``);
* ``GET /api/puzzles``: the games with puzzles, how many, their themes with how many each
  (each by its key, ``theme``, and its ``name`` in the reader's language), and the signed-in
  account's rating and streak in each;
* ``GET /api/puzzles/{game}/next?rating=R&exclude=ID,ID&theme=T``: the next puzzle (nearest
  the rating: the account's on the server, else ``rating``; only of theme ``T`` when given,
  an unknown theme is a 400 naming the known ones), as its start view;
* ``GET /api/puzzles/{id}``: one puzzle's start view;
* ``POST /api/puzzles/{id}/attempt`` ``{"actions": [...], "rating": {...}, "give_up": false}``:
  the learner's actions so far, judged (see :func:`shoal.core.puzzles.attempt`): the board
  after them and the defender's automatic replies, or after a wrong one the refutation.
  Once finished (solved, wrong, or given up) the answer holds the solution's frames and
  the new rating: an account's is stored (with the puzzle's and the streak, once per
  puzzle in a row); a guest's is computed from the ``rating`` sent and kept by the browser.

The logic is the service's (:class:`~.service.Puzzles`); like ``learn``, the server keeps no
attempt between requests.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response
from fastapi.responses import FileResponse, HTMLResponse
from pydantic import BaseModel, Field

from shoal.ratings.glicko2 import Rating

from ..accounts.service import Player
from ..errors import refusals
from ..files import page
from ..language import language_of_sync
from .schemas import PuzzleGame, PuzzleOut
from .service import PuzzlesDep, words_of

__all__ = ["AttemptIn", "RatingIn", "router"]

VARY = "Accept-Language, Cookie"
"""What an answer's language depends on (the themes' names, the verdict's words)."""

router = APIRouter(tags=["puzzles"], responses=refusals(400, 401, 403, 404, 413))


class RatingIn(BaseModel):
    """A guest's Glicko-2 rating as the browser keeps it."""

    r: float = Field(1500.0, ge=0, le=5000)
    rd: float = Field(350.0, ge=30, le=350)
    sigma: float = Field(0.06, ge=0.001, le=0.2)


class AttemptIn(BaseModel):
    """The learner's atomic actions so far (notation); a guest's rating; giving up."""

    actions: list[str] = Field(default_factory=list, max_length=100)
    rating: RatingIn | None = None
    give_up: bool = False


def _language(request: Request, response: Response) -> str:
    """The reader's language; the answer says it varies with the language."""
    response.headers["Vary"] = VARY
    return language_of_sync(request)


@router.get("/puzzles", response_class=HTMLResponse)
async def puzzles_index_page() -> FileResponse:
    return page("puzzles.html")


@router.get("/puzzles/{game_id}", response_class=HTMLResponse)
async def puzzles_page(game_id: str) -> FileResponse:
    return page("puzzles.html")


@router.get(
    "/api/puzzles",
    summary="The games with puzzles, and my standing in each",
    response_model=list[PuzzleGame],
    response_model_exclude_unset=True,
)
def puzzle_games(
    puzzles: PuzzlesDep, user: Player, request: Request, response: Response
) -> list[dict[str, Any]]:
    return puzzles.games(user, words_of(_language(request, response)))


@router.get(
    "/api/puzzles/{game_id}/next",
    summary="The next puzzle for my rating",
    response_model=PuzzleOut,
    response_model_exclude_unset=True,
)
def next_one(
    game_id: str,
    puzzles: PuzzlesDep,
    user: Player,
    request: Request,
    response: Response,
    rating: Annotated[float, Query(ge=0, le=5000)] = 1500.0,
    exclude: Annotated[str, Query(max_length=20_000)] = "",
    theme: Annotated[str, Query(max_length=100)] = "",
) -> dict[str, Any]:
    language = _language(request, response)
    return puzzles.next(game_id, user, rating, exclude.split(",")[:500], theme, language)


@router.get(
    "/api/puzzles/{puzzle_id}",
    summary="One puzzle's start",
    response_model=PuzzleOut,
    response_model_exclude_unset=True,
)
def one(
    puzzle_id: str, puzzles: PuzzlesDep, user: Player, request: Request, response: Response
) -> dict[str, Any]:
    return puzzles.one(puzzle_id, user, _language(request, response))


@router.post(
    "/api/puzzles/{puzzle_id}/attempt",
    summary="Judge my actions in a puzzle",
    response_model=PuzzleOut,
    response_model_exclude_unset=True,
)
def post_attempt(
    puzzle_id: str,
    body: AttemptIn,
    puzzles: PuzzlesDep,
    user: Player,
    request: Request,
    response: Response,
) -> dict[str, Any]:
    guest = (
        None if body.rating is None else Rating(body.rating.r, body.rating.rd, body.rating.sigma)
    )
    language = _language(request, response)
    return puzzles.attempt(puzzle_id, body.actions, user, guest, body.give_up, language)
