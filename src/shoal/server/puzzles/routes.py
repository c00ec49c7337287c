"""Puzzles (issue 25): positions where the side to move wins by force, solved by clicking.

* the pages ``/puzzles`` and ``/puzzles/{game}`` (``puzzles.html``);
* ``GET /api/puzzles``: the games with puzzles, how many, their themes with how many each,
  and the signed-in account's rating and streak in each;
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

Like ``learn``, the server keeps no attempt between requests.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Query
from fastapi.responses import FileResponse, HTMLResponse
from pydantic import BaseModel, Field

from shoal import games
from shoal.analysis.puzzle_play import (
    find_puzzle,
    next_puzzle,
    of_theme,
    puzzle_rating,
    puzzles_of,
    rate,
    refuter,
    themes_of,
)
from shoal.core import Game, ShoalError, State
from shoal.core.puzzles import Puzzle, PuzzleVerdict, attempt
from shoal.ratings.glicko2 import Rating

from ..accounts.models import User
from ..accounts.service import Player
from ..context import Context, ServerContext
from ..errors import ApiError, refusals
from ..games.views import legal_entries
from .schemas import PuzzleGame, PuzzleOut
from .store import PuzzlePlayer

__all__ = ["AttemptIn", "RatingIn", "router"]

router = APIRouter(tags=["puzzles"], responses=refusals(400, 401, 403, 404, 413))

_PAGE = Path(__file__).resolve().parents[2] / "web" / "puzzles.html"


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


@router.get("/puzzles", response_class=HTMLResponse)
async def puzzles_index_page() -> FileResponse:
    return FileResponse(_PAGE, media_type="text/html")


@router.get("/puzzles/{game_id}", response_class=HTMLResponse)
async def puzzles_page(game_id: str) -> FileResponse:
    return FileResponse(_PAGE, media_type="text/html")


def _game_puzzles(game_id: str) -> tuple[Game[Any], list[Puzzle]]:
    if game_id not in games.ids(all=True):
        raise ApiError(404, f"no game {game_id!r}")
    game = games.get(game_id)
    found = puzzles_of(game_id)
    if not found:
        raise ApiError(404, f"{game.title} has no puzzles yet")
    return game, found


def _rating_view(rating: Rating) -> dict[str, Any]:
    return {"r": rating.r, "rd": rating.rd, "sigma": rating.sigma, "display": rating.display()}


@router.get(
    "/api/puzzles",
    summary="The games with puzzles, and my standing in each",
    response_model=list[PuzzleGame],
    response_model_exclude_unset=True,
)
def puzzle_games(context: Context, user: Player) -> list[dict[str, Any]]:
    standing = context.puzzles.players(user.id) if user else {}
    out = []
    for game_id in games.ids():
        found = puzzles_of(game_id)
        if found:
            mine = standing.get(game_id)
            out.append(
                {
                    "game": game_id,
                    "title": games.get(game_id).title,
                    "count": len(found),
                    "themes": [{"theme": t, "count": n} for t, n in themes_of(found)],
                    "me": None if user is None else (mine or PuzzlePlayer()).view(),
                }
            )
    return out


@router.get(
    "/api/puzzles/{game_id}/next",
    summary="The next puzzle for my rating",
    response_model=PuzzleOut,
    response_model_exclude_unset=True,
)
def next_one(
    game_id: str,
    context: Context,
    user: Player,
    rating: Annotated[float, Query(ge=0, le=5000)] = 1500.0,
    exclude: Annotated[str, Query(max_length=20_000)] = "",
    theme: Annotated[str, Query(max_length=100)] = "",
) -> dict[str, Any]:
    game, found = _game_puzzles(game_id)
    if theme:
        try:
            found = of_theme(found, theme)
        except ShoalError as error:
            raise ApiError(400, f"{game.title}: {error}") from None
    if user is not None:
        rating = context.puzzles.player(user.id, game_id).rating.r
    chosen = next_puzzle(found, rating, exclude.split(",")[:500])
    assert chosen is not None
    return _view(game, chosen, chosen.start(game), None, context, user, None, False)


@router.get(
    "/api/puzzles/{puzzle_id}",
    summary="One puzzle's start",
    response_model=PuzzleOut,
    response_model_exclude_unset=True,
)
def one(puzzle_id: str, context: Context, user: Player) -> dict[str, Any]:
    game, puzzle = _puzzle(puzzle_id)
    return _view(game, puzzle, puzzle.start(game), None, context, user, None, False)


def _puzzle(puzzle_id: str) -> tuple[Game[Any], Puzzle]:
    try:
        puzzle = find_puzzle(puzzle_id)
    except ShoalError as error:
        raise ApiError(500, str(error)) from None
    if puzzle is None:
        raise ApiError(404, f"no puzzle {puzzle_id!r}")
    return games.get(puzzle.game_id), puzzle


@router.post(
    "/api/puzzles/{puzzle_id}/attempt",
    summary="Judge my actions in a puzzle",
    response_model=PuzzleOut,
    response_model_exclude_unset=True,
)
def post_attempt(puzzle_id: str, body: AttemptIn, context: Context, user: Player) -> dict[str, Any]:
    game, puzzle = _puzzle(puzzle_id)
    verdict: PuzzleVerdict | None = None
    state = puzzle.start(game)
    if body.actions:
        try:
            verdict = attempt(puzzle, game, body.actions, refuter(puzzle.game(game)))
        except ShoalError as error:
            raise ApiError(400, str(error)) from None
        state = verdict.state
    guest = (
        None if body.rating is None else Rating(body.rating.r, body.rating.rd, body.rating.sigma)
    )
    out = _view(game, puzzle, state, verdict, context, user, guest, body.give_up)
    if verdict is not None and not verdict.correct:
        # the wrong action and the refutation, to step through (issue 40, defect 9)
        before = puzzle.start(game)
        if len(body.actions) > 1:
            before = attempt(puzzle, game, body.actions[:-1]).state
        out["refutation_frames"] = _line_frames(puzzle.game(game), before, verdict.last)
    return out


def _line_frames(game: Game[Any], state: State, line: tuple[int, ...]) -> list[dict[str, Any]]:
    """``line`` from ``state`` action by action: each in notation and in the game's words,
    who played it, and the board after it (the first frame: the board before)."""
    out: list[dict[str, Any]] = [
        {"text": None, "label": None, "side": None, "svg": game.render_svg(state)}
    ]
    for action in line:
        seat = state.to_move
        entry = {
            "text": state.action_text(action),
            "label": game.action_label(state, action),
            "side": None if seat is None else state.side_name(seat),
        }
        state = state.apply(action)
        out.append({**entry, "svg": game.render_svg(state, last=[action])})
    return out


def _frames(game: Game[Any], puzzle: Puzzle) -> list[dict[str, Any]]:
    """The solution move by move: each action with the board after it."""
    state = puzzle.start(game)
    out: list[dict[str, Any]] = [{"text": None, "seat": None, "svg": game.render_svg(state)}]
    for text in puzzle.solution:
        action = state.parse_action(text)
        seat = state.to_move
        state = state.apply(action)
        out.append({"text": text, "seat": seat, "svg": game.render_svg(state, last=[action])})
    return out


def _view(
    base: Game[Any],
    puzzle: Puzzle,
    state: State,
    verdict: PuzzleVerdict | None,
    context: ServerContext,
    user: User | None,
    guest: Rating | None,
    give_up: bool,
) -> dict[str, Any]:
    game = puzzle.game(base)
    start = puzzle.start(base)
    solved = verdict is not None and verdict.solved
    wrong = verdict is not None and not verdict.correct
    finished = solved or wrong or give_up
    store = context.puzzles
    rating, attempts, solves = store.puzzle(puzzle.id, puzzle_rating(puzzle))
    legal = []
    if not finished and state.to_move == puzzle.winner:
        legal = legal_entries(game, state)
    last = verdict.last if verdict is not None else ()
    out: dict[str, Any] = {
        "id": puzzle.id,
        "game": game.id,
        "title": game.title,
        "theme": puzzle.theme,
        "difficulty": puzzle.difficulty,
        "puzzle_rating": _rating_view(rating),
        "attempts": attempts,
        "solves": solves,
        "winner": puzzle.winner,
        "side": start.side_name(puzzle.winner),
        "svg": game.render_svg(state, last=last),
        "legal": legal,
        "to_move": state.to_move,
        "status": game.status(state),
        "words": game.describe(state),
        "cells": game.cell_names(state),
        "position": state.position(),
        "correct": verdict is None or verdict.correct,
        "solved": solved,
        "wrong": wrong,
        "finished": finished,
        "replies": list(verdict.replies) if verdict else [],
        "refutation": list(verdict.refutation) if verdict else [],
        "message": verdict.message if verdict else "",
        "solution": list(puzzle.solution) if finished else None,
        "frames": _frames(base, puzzle) if finished else None,
        "rated": False,
        "me": None,
    }
    if finished:
        if user is not None:
            mine = store.player(user.id, game.id)
            solver, puzzle_new = rate(mine.rating, rating, solved)
            out["me"] = store.record(user.id, game.id, puzzle.id, solved, solver, puzzle_new).view()
            out["rated"] = True
        elif guest is not None:
            solver, _ = rate(guest, rating, solved)
            out["me"] = {"rating": _rating_view(solver), "display": solver.display()}
            out["rated"] = True
    return out
