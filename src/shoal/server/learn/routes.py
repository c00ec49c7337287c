"""Learn: each game's course, one step at a time, on the same board as a game.

* the pages ``/learn`` and ``/learn/{game}`` (``learn.html``) are in ``pages``;
* ``GET /api/learn``: the courses (title, number of steps);
* ``GET /api/learn/{game}``: one course (steps with position, text, task, solutions);
* ``POST /api/learn/{game}/{step}`` ``{"actions": [...]}``: the learner's actions so far
  (notation) played from the step's position: the board to show, the legal actions with
  their click paths, and the verdict (going on, solved, or wrong with feedback).

The server keeps nothing between requests: a step's attempt is replayed from its position
each time (a few actions), so a course works for guests with no storage at all; the
browser keeps the learner's progress.

Every text of a course (``course.toml``) is a message of the catalogues (extracted by
:func:`shoal.i18n.extract.extract_course`): these routes answer in the reader's language
(:func:`~shoal.server.language.language_of_sync`), translating at this edge only. The game
package's course stays English and the engine judges a step as before, so a step's checks
are the same in every language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field

from shoal import games
from shoal.core import Game, ShoalError
from shoal.core.course import Course
from shoal.i18n import catalogue
from shoal.i18n.courses import verdict_words

from ..errors import ApiError, refusals
from ..games.views import board_words, legal_entries
from ..language import language_of_sync
from .schemas import AttemptOut, CourseOut, CourseSummary

__all__ = ["AttemptIn", "router"]

router = APIRouter(tags=["learn"], responses=refusals(400, 404, 413))


class AttemptIn(BaseModel):
    """The learner's atomic actions in this step so far, in the game's notation."""

    actions: list[str] = Field(default_factory=list, max_length=100)


def _course(game_id: str) -> tuple[Game[Any], Course]:
    if game_id not in games.ids(all=True):
        raise ApiError(404, "no game {game}", game=repr(game_id))
    game = games.get(game_id)
    course = game.course()
    if course is None:
        raise ApiError(404, "{title} has no course yet", title=game.title)
    return game, course


VARY = "Accept-Language, Cookie"
"""What an answer's language depends on (a cache keeps one answer per language)."""


def _words(request: Request, response: Response | None = None) -> Callable[[str], str]:
    """The reader's language's ``gettext`` (English: each text as it is); the answer says
    it varies with the language."""
    if response is not None:
        response.headers["Vary"] = VARY
    return catalogue(language_of_sync(request)).gettext


def translated_course(data: dict[str, Any], say: Callable[[str], str]) -> dict[str, Any]:
    """A course as :meth:`Course.as_dict` gives it, its texts in ``say``'s language (its
    positions, options and solutions as they are)."""
    steps = [
        {
            **step,
            **{key: say(step[key]) if step[key] else "" for key in ("title", "text", "task")},
        }
        for step in data["steps"]
    ]
    return {
        **data,
        "title": say(data["title"]),
        "intro": say(data["intro"]),
        "steps": steps,
    }


@router.get("/api/learn", summary="The courses", response_model=list[CourseSummary])
def courses(request: Request, response: Response) -> list[dict[str, Any]]:
    say = _words(request, response)
    out = []
    for game_id in games.ids():
        game = games.get(game_id)
        course = game.course()
        if course is not None:
            out.append(
                {"game": game_id, "title": say(course.title), "intro": say(course.intro),
                 "steps": len(course.steps)}
            )  # fmt: skip
    return out


@router.get("/api/learn/{game_id}", summary="A game's course", response_model=CourseOut)
def course(game_id: str, request: Request, response: Response) -> dict[str, Any]:
    game, found = _course(game_id)
    return translated_course(found.as_dict(game), _words(request, response))


@router.post(
    "/api/learn/{game_id}/{step}",
    summary="Play the learner's actions in a step",
    response_model=AttemptOut,
)
def attempt(
    game_id: str, step: int, body: AttemptIn, request: Request, response: Response
) -> dict[str, Any]:
    game, found = _course(game_id)
    if not 1 <= step <= len(found.steps):
        raise ApiError(
            404,
            "the {title} course has steps 1 to {steps}",
            title=game.title,
            steps=len(found.steps),
        )
    item = found.steps[step - 1]
    if item.kind != "task":
        raise ApiError(400, "step {step} is a game: start it with POST /api/games", step=step)
    try:
        verdict = found.attempt(game, step - 1, body.actions)
    except ShoalError as error:
        raise ApiError(400, str(error)) from None
    state = verdict.state
    step_game = item.game(game)
    words = catalogue(language_of_sync(request))  # the game's words in the reader's
    legal = []
    if not (verdict.solved or verdict.wrong):
        legal = legal_entries(step_game, state, tr=words)
    svg = step_game.render_svg(state)
    return {
        "step": step,
        "svg": board_words(svg, step_game.svg_words(state, tr=words)),
        "legal": legal,
        "status": step_game.status(state, tr=words),
        "words": step_game.describe(state, tr=words),
        "cells": step_game.cell_names(state, tr=words),
        "position": state.position(),
        "to_move": state.to_move,
        "solved": verdict.solved,
        "wrong": verdict.wrong,
        "message": verdict_words(item, verdict, _words(request, response)),
    }
