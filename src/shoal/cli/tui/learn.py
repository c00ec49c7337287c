"""``shoal learn GAME``: a course in the terminal, on the same session and screens as a game.

Each step starts a :class:`Session` at the step's position with a person on both seats; a
listener checks the learner's actions against the step's goal after every batch (the
course's own :meth:`~shoal.core.course.Course.attempt`), so a solved step moves on and a
wrong answer shows its feedback and starts the step again. The last step is a game against
the computer through the ordinary :class:`CommandLoop`. Glue only: the rules and the goals
live in the game and its course.
"""

from __future__ import annotations

import functools
from typing import Any

from shoal.core import Game
from shoal.core.course import Course
from shoal.i18n.courses import verdict_words

from .loop import CommandLoop
from .screen import UI
from .session import Played, Session
from .words import catalogue, level_word

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
    """Take ``course`` of ``game`` at the terminal, from step ``first`` (0-based); the
    terminal's own words and the course's texts in ``language``."""

    def __init__(
        self, game: Game[Any], course: Course, ui: UI, first: int = 0, language: str = "en"
    ) -> None:
        self.language = language
        self.words = catalogue(language)
        self.game = game
        self.course = course
        self.ui = ui
        self.first = first

    def run(self) -> int:
        """Every step from ``first`` to the end; returns an exit code."""
        _ = self.words.gettext  # the course's texts are messages too (course.toml, extracted)
        self.ui.say(_(self.course.title), "title")
        self.ui.say(_(self.course.intro))
        total = len(self.course.steps)
        try:
            for index in range(self.first, total):
                step = self.course.steps[index]
                said = _("Step {n} of {total}: {title}")
                self.ui.say(said.format(n=index + 1, total=total, title=_(step.title)), "title")
                self.ui.say(_(step.text))
                if step.kind == "game":
                    self._game(index)
                else:
                    self._task(index)
        except _Quit:
            said = _("Come back with: {command}")
            self.ui.say(said.format(command=f"shoal learn {self.game.id} --step {index + 1}"))
            return 0
        said = _("You have finished the {game} course.").format(game=self.game.title)
        self.ui.say(said, "good")
        return 0

    def _task(self, index: int) -> None:
        _ = self.words.gettext
        step = self.course.steps[index]
        while True:
            session = Session(
                step.game(self.game),
                start=step.start(self.game).position(),
                language=self.language,
            )
            session.message = _("Task: {task}").format(task=_(step.task))
            texts: list[str] = []

            def check(session: Session, played: Played, texts: list[str] = texts) -> None:
                before = played.before
                for action in played.actions:
                    texts.append(before.action_text(action))
                    before = before.child(action)
                verdict = self.course.attempt(self.game, index, texts)
                if verdict.solved or verdict.wrong:
                    said = verdict_words(step, verdict, _)
                    raise _StepOver("solved" if verdict.solved else "wrong", said)

            session.listeners.append(check)
            loop = CommandLoop(session, self.ui)
            hint, skip = _("show a solution of this step"), _("go to the next step")
            loop.add_command("hint", hint, lambda _r: self._hint(index))
            loop.add_command("skip", skip, lambda _r: self._raise("skipped"))
            loop.add_command("quit", _("leave the course"), lambda _r: self._raise("quit"))
            loop.add_command("exit", _("leave the course"), lambda _r: self._raise("quit"))
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
        session = Session(step.game(self.game), levels=(None, step.level), language=self.language)
        level = level_word(self.words, step.level)
        session.message = self.words.gettext("Play against the {level} computer").format(
            level=level
        )
        CommandLoop(session, self.ui).run()

    def _hint(self, index: int) -> None:
        solution = self.course.steps[index].solutions[0]
        then = self.words.gettext("{moves}, then {move}")
        moves = functools.reduce(lambda moves, move: then.format(moves=moves, move=move), solution)
        self.ui.say(self.words.gettext("One way: {moves}").format(moves=moves))

    @staticmethod
    def _raise(how: str) -> None:
        raise _StepOver(how)
