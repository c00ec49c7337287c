"""``shoal learn GAME``: a course in the terminal, on the same session and screens as a game.

Each step starts a :class:`Session` at the step's position with a person on both seats; a
listener checks the learner's actions against the step's goal after every batch (the
course's own :meth:`~shoal.core.course.Course.attempt`), so a solved step moves on and a
wrong answer shows its feedback and starts the step again. The last step is a game against
the computer through the ordinary :class:`CommandLoop`. Glue only: the rules and the goals
live in the game and its course.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from shoal.core import Game
from shoal.core.course import Course
from shoal.i18n.courses import verdict_words

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


def _same(text: str) -> str:
    return text


class LearnLoop:
    """Take ``course`` of ``game`` at the terminal, from step ``first`` (0-based); ``say``
    gives the course's texts and verdicts in the learner's language (a catalogue's
    ``gettext``; the course is judged in English, the same in every language)."""

    def __init__(
        self,
        game: Game[Any],
        course: Course,
        ui: UI,
        first: int = 0,
        say: Callable[[str], str] = _same,
    ) -> None:
        self.game = game
        self.course = course
        self.ui = ui
        self.first = first
        self.say = say

    def run(self) -> int:
        """Every step from ``first`` to the end; returns an exit code."""
        say = _ = self.say  # the literal messages are extracted (``_``)
        self.ui.say(say(self.course.title), "title")
        self.ui.say(say(self.course.intro))
        total = len(self.course.steps)
        try:
            for index in range(self.first, total):
                step = self.course.steps[index]
                count = _("Step {step} of {total}").format(step=index + 1, total=total)
                self.ui.say(f"{count}: {say(step.title)}", "title")
                self.ui.say(say(step.text))
                if step.kind == "game":
                    self._game(index)
                else:
                    self._task(index)
        except _Quit:
            command = f"shoal learn {self.game.id} --step {index + 1}"
            self.ui.say(_("Come back with: {command}").format(command=command))
            return 0
        self.ui.say(_("You have finished the {game} course.").format(game=self.game.title), "good")
        return 0

    def _task(self, index: int) -> None:
        step = self.course.steps[index]
        while True:
            session = Session(step.game(self.game), start=step.start(self.game).position())
            _ = self.say
            session.message = _("Task: {task}").format(task=self.say(step.task))
            texts: list[str] = []

            def check(session: Session, played: Played, texts: list[str] = texts) -> None:
                before = played.before
                for action in played.actions:
                    texts.append(before.action_text(action))
                    before = before.child(action)
                verdict = self.course.attempt(self.game, index, texts)
                if verdict.solved or verdict.wrong:
                    words = verdict_words(step, verdict, self.say)
                    raise _StepOver("solved" if verdict.solved else "wrong", words)

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
                    self.ui.say(_("Try again from the same position."))
                    continue
                if over.how == "solved":
                    self.ui.show(session.screen())
                    self.ui.say(over.message, "good")
                return
            raise _Quit  # end of input

    def _game(self, index: int) -> None:
        step = self.course.steps[index]
        session = Session(step.game(self.game), levels=(None, step.level))
        _ = self.say
        session.message = _("Play against the {level} computer").format(level=step.level)
        CommandLoop(session, self.ui).run()

    def _hint(self, index: int) -> None:
        solution = self.course.steps[index].solutions[0]
        _ = self.say
        self.ui.say(_("One way: {moves}").format(moves=_(", then ").join(solution)))

    @staticmethod
    def _raise(how: str) -> None:
        raise _StepOver(how)
