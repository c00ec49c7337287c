"""``shoal learn GAME``: a course in the terminal, on the same session and screens as a game.

Each step starts a :class:`Session` at the step's position with a person on both seats; a
listener checks the learner's actions against the step's goal after every batch (the
course's own :meth:`~shoal.core.course.Course.attempt`), so a solved step moves on and a
wrong answer shows its feedback and starts the step again. The last step is a game against
the computer through the ordinary :class:`CommandLoop`. Glue only: the rules and the goals
live in the game and its course.
"""

from __future__ import annotations

from typing import Any

from shoal.core import Game
from shoal.core.course import Course

from .loop import CommandLoop
from .screen import UI
from .session import Played, Session

__all__ = ["LearnLoop"]


class _StepOver(Exception):
    """Leaves the command loop of a step: ``solved``, ``wrong`` or ``skipped``."""

    def __init__(self, how: str, message: str = "") -> None:
        super().__init__(how)
        self.how = how
        self.message = message


class _Quit(Exception):
    pass


class LearnLoop:
    """Take ``course`` of ``game`` at the terminal, from step ``first`` (0-based)."""

    def __init__(self, game: Game[Any], course: Course, ui: UI, first: int = 0) -> None:
        self.game = game
        self.course = course
        self.ui = ui
        self.first = first

    def run(self) -> int:
        """Every step from ``first`` to the end; returns an exit code."""
        self.ui.say(self.course.title, "title")
        self.ui.say(self.course.intro)
        total = len(self.course.steps)
        try:
            for index in range(self.first, total):
                step = self.course.steps[index]
                self.ui.say(f"Step {index + 1} of {total}: {step.title}", "title")
                self.ui.say(step.text)
                if step.kind == "game":
                    self._game(index)
                else:
                    self._task(index)
        except _Quit:
            self.ui.say(f"Come back with: shoal learn {self.game.id} --step {index + 1}")
            return 0
        self.ui.say(f"You have finished the {self.game.title} course.", "good")
        return 0

    def _task(self, index: int) -> None:
        step = self.course.steps[index]
        while True:
            session = Session(step.game(self.game), start=step.start(self.game).position())
            session.message = f"Task: {step.task}"
            texts: list[str] = []

            def check(session: Session, played: Played, texts: list[str] = texts) -> None:
                before = played.before
                for action in played.actions:
                    texts.append(before.action_text(action))
                    before = before.child(action)
                verdict = self.course.attempt(self.game, index, texts)
                if verdict.solved:
                    raise _StepOver("solved", verdict.message)
                if verdict.wrong:
                    raise _StepOver("wrong", verdict.message)

            session.listeners.append(check)
            loop = CommandLoop(session, self.ui)
            loop.add_command("hint", "show a solution of this step", lambda _r: self._hint(index))
            loop.add_command("skip", "go to the next step", lambda _r: self._raise("skipped"))
            loop.add_command("quit", "leave the course", lambda _r: self._raise("quit"))
            loop.add_command("exit", "leave the course", lambda _r: self._raise("quit"))
            try:
                loop.run()
            except _StepOver as over:
                if over.how == "quit":
                    raise _Quit from None
                if over.how == "wrong":
                    self.ui.say(over.message, "error")
                    self.ui.say("Try again from the same position.")
                    continue
                if over.how == "solved":
                    self.ui.show(session.screen())
                    self.ui.say(over.message, "good")
                return
            raise _Quit  # end of input

    def _game(self, index: int) -> None:
        step = self.course.steps[index]
        session = Session(step.game(self.game), levels=(None, step.level))
        session.message = f"Play against the {step.level} computer"
        CommandLoop(session, self.ui).run()

    def _hint(self, index: int) -> None:
        solution = self.course.steps[index].solutions[0]
        self.ui.say("One way: " + ", then ".join(solution))

    @staticmethod
    def _raise(how: str) -> None:
        raise _StepOver(how)
