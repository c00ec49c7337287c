"""The answers of the courses' routes: the list, a course, a step's attempt."""

from __future__ import annotations

from pydantic import Field

from ..games.schemas import LegalAction
from ..schemas import OptionValue, Out

__all__ = ["AttemptOut", "CourseOut", "CourseStep", "CourseSummary"]


class CourseSummary(Out):
    """A course in the list: its game, title, introduction and number of steps."""

    game: str
    title: str
    intro: str
    steps: int


class CourseStep(Out):
    """One step: a task on a position (with its solutions) or a game against a level."""

    title: str
    text: str
    task: str
    kind: str
    level: str | None
    options: dict[str, OptionValue]
    position: str
    solutions: list[list[str]]


class CourseOut(Out):
    """A game's course."""

    game: str
    title: str
    intro: str
    steps: list[CourseStep]


class AttemptOut(Out):
    """Where the learner's actions in a step stand: the board, what may follow, the verdict."""

    step: int
    svg: str
    legal: list[LegalAction]
    status: str
    words: list[str]
    cells: dict[str, str] = Field(description="each cell's accessible name by its id")
    position: str
    to_move: int | None
    solved: bool
    wrong: bool
    message: str
