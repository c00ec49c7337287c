"""``shoal puzzles GAME``: puzzles in the terminal, on the same session and screens as a game.

Each puzzle starts a :class:`Session` at its position with a person on both seats; a
listener judges the learner's actions after every batch with
:func:`shoal.core.puzzles.attempt` and plays the defender's replies into the session itself,
so the board shows them. A wrong action is answered at once by the AI's refutation (played
on the board too) and ends the puzzle. The rating (Glicko-2) and the streak of the run are
shown after each puzzle; the terminal keeps no file. Glue only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from shoal.analysis.puzzle_play import next_puzzle, puzzle_rating, rate, refuter
from shoal.core import Game
from shoal.core.puzzles import Puzzle, attempt
from shoal.ratings.glicko2 import Rating

from .loop import CommandLoop
from .screen import UI
from .session import Played, Session
from .words import catalogue, side_word

__all__ = ["PuzzleLoop"]


class _Over(Exception):
    """Leaves a puzzle's command loop: ``solved``, ``wrong``, ``solution``, ``skip``, ``quit``."""

    def __init__(self, how: str, message: str = "") -> None:
        super().__init__(how)
        self.how = how
        self.message = message


class PuzzleLoop:
    """Solve ``puzzles`` of ``game`` at the terminal, nearest the rating first (``theme``:
    the one theme they were chosen by, named in the title); the terminal's own words in
    ``language``."""

    def __init__(
        self,
        game: Game[Any],
        puzzles: Sequence[Puzzle],
        ui: UI,
        *,
        rating: Rating | None = None,
        first: Puzzle | None = None,
        seconds: float | None = None,
        theme: str | None = None,
        language: str = "en",
    ) -> None:
        self.language = language
        self.words = catalogue(language)
        self.game = game
        self.theme = theme
        self.puzzles = puzzles
        self.ui = ui
        self.rating = rating or Rating()
        self.first = first
        self.seconds = seconds
        self.streak = 0
        self.solved = 0
        self.tried = 0
        self.seen: list[str] = []

    def run(self) -> int:
        """Puzzle after puzzle until ``quit`` or the end of input; returns an exit code."""
        _ = self.words.gettext
        count = len(self.puzzles)
        if self.theme:
            title = _("{game} puzzles, {theme}: {n}").format(
                game=self.game.title, theme=_(self.theme), n=count
            )
        else:
            title = _("{game} puzzles: {n}").format(game=self.game.title, n=count)
        self.ui.say(title, "title")
        self.ui.say(
            _(
                "Find the winning action; the other side answers by itself. Type an action or "
                "a turn, or: solution, skip, ? (legal actions), quit."
            )
        )
        puzzle = self.first or next_puzzle(self.puzzles, self.rating.r, self.seen)
        while puzzle is not None:
            if not self._one(puzzle):
                break
            puzzle = next_puzzle(self.puzzles, self.rating.r, self.seen)
        said = _("{solved} of {tried} solved; rating {rating}, streak {streak}.")
        self.ui.say(
            said.format(
                solved=self.solved,
                tried=self.tried,
                rating=self.rating.display(),
                streak=self.streak,
            )
        )
        return 0

    def _one(self, puzzle: Puzzle) -> bool:
        """One puzzle; False when the learner quits."""
        _ = self.words.gettext
        self.seen.append(puzzle.id)
        game = puzzle.game(self.game)
        start = puzzle.start(self.game)
        side = side_word(self.words, start.side_name(puzzle.winner))
        if puzzle.theme:
            said = _("Puzzle {id} ({theme}), rated {rating}").format(
                id=puzzle.id, theme=_(puzzle.theme), rating=puzzle.difficulty
            )
        else:
            said = _("Puzzle {id}, rated {rating}").format(id=puzzle.id, rating=puzzle.difficulty)
        self.ui.say(said, "title")
        session = Session(game, start=puzzle.position, language=self.language)
        session.message = _("{side} to play and win").format(side=side[:1].upper() + side[1:])
        texts: list[str] = []
        choose = refuter(game) if self.seconds is None else refuter(game, self.seconds)
        auto = [False]

        def check(session: Session, played: Played) -> None:
            if auto[0]:
                return
            before = played.before
            for action in played.actions:
                texts.append(before.action_text(action))
                before = before.child(action)
            verdict = attempt(puzzle, self.game, texts, choose, _)
            auto[0] = True
            try:
                state = session.state
                for text in verdict.replies or verdict.refutation:
                    action = state.parse_action(text)
                    session.history.play(action)
                    state = state.apply(action)
            finally:
                auto[0] = False
            if verdict.solved:
                raise _Over("solved", verdict.message)
            if not verdict.correct:
                raise _Over("wrong", verdict.message)
            if verdict.replies:
                session.note(verdict.message)

        session.listeners.append(check)
        loop = CommandLoop(session, self.ui)
        solution, skip = (
            _("show the solution (the puzzle counts as failed)"),
            _("go to the next puzzle (unrated)"),
        )
        loop.add_command("solution", solution, lambda _r: self._raise("solution"))
        loop.add_command("skip", skip, lambda _r: self._raise("skip"))
        loop.add_command("quit", _("stop solving puzzles"), lambda _r: self._raise("quit"))
        loop.add_command("exit", _("stop solving puzzles"), lambda _r: self._raise("quit"))
        try:
            loop.run()
        except _Over as over:
            if over.how in ("quit",):
                return False
            if over.how == "skip":
                return True
            self.ui.show(session.screen())
            solved = over.how == "solved"
            self.ui.say(over.message, "good" if solved else "error")
            if not solved:
                said = _("The solution: {moves}").format(moves=", ".join(puzzle.solution))
                self.ui.say(said)
            self._rate(puzzle, solved)
            return True
        return False  # end of input

    def _rate(self, puzzle: Puzzle, solved: bool) -> None:
        before = self.rating
        self.rating, _ = rate(self.rating, puzzle_rating(puzzle), solved)
        self.tried += 1
        self.solved += int(solved)
        self.streak = self.streak + 1 if solved else 0
        change = round(self.rating.r - before.r)
        said = self.words.gettext(
            "Rating {rating} ({change}), streak {streak}, {solved} of {tried} solved."
        )
        self.ui.say(
            said.format(
                rating=self.rating.display(),
                change=f"{change:+d}",
                streak=self.streak,
                solved=self.solved,
                tried=self.tried,
            )
        )

    @staticmethod
    def _raise(how: str) -> None:
        raise _Over(how)
