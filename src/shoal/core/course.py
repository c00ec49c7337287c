"""Courses: a game taught one idea at a time, on real positions, by doing it.

A course is data in the game's package (``course.toml`` beside its rules, read by
:meth:`shoal.core.Game.course`). Each step has a position (a position string, or the
game's start), one to three sentences, a task, the solutions (atomic actions in the
game's notation), feedback for likely mistakes, and a **goal**: what must be true once
the learner has acted. The goal is checked with the engine, never by comparing texts, so
any action that does what the step teaches solves it, and a test can prove that every
listed solution does (:meth:`Course.problems`). The last step is a short game against a
computer level.

A goal may name any of these checks; all that it names must hold:

- ``turn_over``: the learner's turn has ended (the other side is to move, or the game ended);
- ``actions``: the learner took exactly this many atomic actions;
- ``result``: the game ended and its reason contains this text;
- ``winner``: ``learner``, ``opponent`` or ``draw`` (the game ended so);
- ``status``: the game's status line (``Game.status``) contains this text;
- ``position``: a regular expression found in the position string.

Without ``turn_over`` the goal is tried after every action; with it, at the end of the turn.
A turn that ends without meeting the goal is a wrong answer: the learner sees the step's
feedback for it (or the task again) and the step starts over.

>>> from shoal.games import get
>>> course = get("sytran").course()
>>> course is not None and 8 <= len(course.steps) <= 15
True
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .errors import ShoalError

if TYPE_CHECKING:
    from .game import Game
    from .state import State

__all__ = ["Course", "CourseError", "Goal", "Step", "Verdict", "parse_course"]

WINNERS = ("learner", "opponent", "draw")


class CourseError(ShoalError):
    """A course file that cannot be read, with where and why."""


@dataclasses.dataclass(frozen=True)
class Goal:
    """What must hold after the learner's actions (see the module docs)."""

    turn_over: bool | None = None
    actions: int | None = None
    result: str | None = None
    winner: str | None = None
    status: str | None = None
    position: str | None = None

    def unmet(self, game: Game[Any], start: State, after: State, taken: int) -> list[str]:
        """The checks that do not hold (empty: the goal is met)."""
        learner = start.to_move
        out = []
        over = after.outcome is not None
        if self.turn_over is not None and (over or after.to_move != learner) != self.turn_over:
            out.append("turn_over")
        if self.actions is not None and taken != self.actions:
            out.append("actions")
        if self.result is not None and (
            after.outcome is None or self.result not in after.outcome.reason
        ):
            out.append("result")
        if self.winner is not None:
            if after.outcome is None or learner is None:
                out.append("winner")
            else:
                want = {"learner": learner, "opponent": 1 - learner, "draw": None}[self.winner]
                if after.outcome.winner != want:
                    out.append("winner")
        if self.status is not None and self.status not in game.status(after):
            out.append("status")
        if self.position is not None and not re.search(self.position, after.position()):
            out.append("position")
        return out


@dataclasses.dataclass(frozen=True)
class Step:
    """One idea: a position, a few sentences, a task and how to check it."""

    title: str
    text: str
    task: str = ""
    position: str | None = None
    options: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    solutions: tuple[tuple[str, ...], ...] = ()
    mistakes: Mapping[str, str] = dataclasses.field(default_factory=dict)
    goal: Goal = Goal()
    kind: str = "task"
    """``task`` (solve it on the board) or ``game`` (a short game against ``level``)."""
    level: str = "beginner"

    def game(self, base: Game[Any]) -> Game[Any]:
        """The game of this step: the course's game with this step's options."""
        if not self.options:
            return base
        return type(base).with_options(dict(self.options))

    def start(self, base: Game[Any]) -> State:
        """The step's position."""
        game = self.game(base)
        state: State = game.load(self.position) if self.position is not None else game.initial(0)
        return state


@dataclasses.dataclass(frozen=True)
class Verdict:
    """How the learner's actions so far stand: going on, solved, or wrong (with feedback)."""

    state: State
    solved: bool = False
    wrong: bool = False
    message: str = ""


@dataclasses.dataclass(frozen=True)
class Course:
    """A game's course: a title, an introduction and its steps."""

    game_id: str
    title: str
    intro: str
    steps: tuple[Step, ...]

    def attempt(self, base: Game[Any], index: int, texts: Sequence[str]) -> Verdict:
        """Play ``texts`` (the learner's atomic actions, in notation) in step ``index``.

        Raises the game's own error (illegal action, bad notation) for an action that
        cannot be played; nothing is kept between calls.
        """
        step = self.steps[index]
        start = step.start(base)
        game = step.game(base)
        state = start
        for count, text in enumerate(texts, 1):
            state = state.apply_text(text)
            unmet = step.goal.unmet(game, start, state, count)
            if not unmet:
                return Verdict(state, solved=True, message="Well done!")
            turn_over = state.outcome is not None or state.to_move != start.to_move
            if turn_over or count >= 50:
                message = step.mistakes.get(texts[0]) or step.mistakes.get(" ".join(texts))
                return Verdict(state, wrong=True, message=message or f"Not quite. {step.task}")
        return Verdict(state)

    def problems(self, base: Game[Any]) -> list[str]:
        """Everything wrong with this course against the engine (empty when sound)."""
        out = []
        for number, step in enumerate(self.steps, 1):
            where = f"step {number} ({step.title})"
            try:
                start = step.start(base)
            except ShoalError as error:
                out.append(f"{where}: the position does not load: {error}")
                continue
            if step.kind == "game":
                continue
            if start.outcome is not None:
                out.append(f"{where}: the game is already over")
            for solution in step.solutions:
                try:
                    verdict = self.attempt(base, number - 1, solution)
                except ShoalError as error:
                    out.append(f"{where}: solution {' '.join(solution)}: {error}")
                    continue
                if not verdict.solved:
                    out.append(f"{where}: solution {' '.join(solution)} does not reach the goal")
            for mistake in step.mistakes:
                try:
                    verdict = self.attempt(base, number - 1, [mistake])
                except ShoalError as error:
                    out.append(f"{where}: mistake {mistake}: {error}")
                    continue
                if verdict.solved:
                    out.append(f"{where}: the mistake {mistake} solves the step")
        return out

    def as_dict(self, base: Game[Any]) -> dict[str, Any]:
        """The course as JSON-ready data (``shoal learn GAME --export``, ``/api/learn``)."""
        steps = []
        for step in self.steps:
            steps.append(
                {
                    "title": step.title,
                    "text": step.text,
                    "task": step.task,
                    "kind": step.kind,
                    "level": step.level if step.kind == "game" else None,
                    "options": dict(step.options),
                    "position": step.start(base).position(),
                    "solutions": [list(s) for s in step.solutions],
                }
            )
        return {"game": self.game_id, "title": self.title, "intro": self.intro, "steps": steps}


_STEP_KEYS = {f.name for f in dataclasses.fields(Step)}
_GOAL_KEYS = {f.name for f in dataclasses.fields(Goal)}


def _text(where: str, table: Mapping[str, Any], key: str, required: bool = True) -> str:
    value = table.get(key, "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise CourseError(f"{where}: '{key}' must be a non-empty text")
    return " ".join(value.split())


def parse_course(game_id: str, text: str) -> Course:
    """A course from the text of a ``course.toml``; CourseError says where a problem is."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise CourseError(f"{game_id} course: not valid TOML: {error}") from None
    unknown = set(data) - {"title", "intro", "step"}
    if unknown:
        raise CourseError(f"{game_id} course: unknown key(s) {', '.join(sorted(unknown))}")
    raw_steps = data.get("step")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise CourseError(f"{game_id} course: no [[step]]")
    steps = []
    for number, raw in enumerate(raw_steps, 1):
        where = f"{game_id} course, step {number}"
        unknown = set(raw) - _STEP_KEYS
        if unknown:
            raise CourseError(f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
        kind = raw.get("kind", "task")
        if kind not in ("task", "game"):
            raise CourseError(f"{where}: kind must be 'task' or 'game', not {kind!r}")
        goal_raw = raw.get("goal", {})
        if not isinstance(goal_raw, dict) or set(goal_raw) - _GOAL_KEYS:
            raise CourseError(f"{where}: goal keys are {', '.join(sorted(_GOAL_KEYS))}")
        if kind == "task" and not goal_raw:
            raise CourseError(f"{where}: a task needs a goal")
        if goal_raw.get("winner") not in (None, *WINNERS):
            raise CourseError(f"{where}: goal winner must be one of {', '.join(WINNERS)}")
        solutions = raw.get("solutions", [])
        if kind == "task" and (
            not isinstance(solutions, list)
            or not solutions
            or not all(
                isinstance(s, list) and s and all(isinstance(a, str) for a in s) for s in solutions
            )
        ):
            raise CourseError(f"{where}: solutions must be a list of lists of actions")
        mistakes = raw.get("mistakes", {})
        if not isinstance(mistakes, dict) or not all(isinstance(v, str) for v in mistakes.values()):
            raise CourseError(f"{where}: mistakes must map an action to a text")
        position = raw.get("position")
        if position is not None and not isinstance(position, str):
            raise CourseError(f"{where}: position must be a position string")
        steps.append(
            Step(
                title=_text(where, raw, "title"),
                text=_text(where, raw, "text"),
                task=_text(where, raw, "task", required=kind == "task"),
                position=position,
                options=dict(raw.get("options", {})),
                solutions=tuple(tuple(s) for s in solutions),
                mistakes=dict(mistakes),
                goal=Goal(**goal_raw),
                kind=kind,
                level=str(raw.get("level", "beginner")),
            )
        )
    return Course(
        game_id=game_id,
        title=_text(f"{game_id} course", data, "title"),
        intro=_text(f"{game_id} course", data, "intro"),
        steps=tuple(steps),
    )
