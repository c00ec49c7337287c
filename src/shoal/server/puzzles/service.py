"""The puzzles' actions (issue 25), one method each: the games with puzzles and an account's
standing in each, the next puzzle for a rating, one puzzle's start, and an attempt judged.

:class:`Puzzles` reads the puzzles of each game (data files, :mod:`shoal.analysis.puzzle_play`)
and keeps the ratings in its store; the routes (:mod:`.routes`) only read the request and
call it. An attempt is judged by :func:`shoal.core.puzzles.attempt`: the board after the
learner's actions and the defender's automatic replies, or after a wrong one the
refutation. Once finished (solved, wrong, or given up) the answer holds the solution's
frames and the new rating: an account's is stored (with the puzzle's and the streak, once per
puzzle in a row); a guest's is computed from the rating the browser sent and kept there.
The server keeps no attempt between requests.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Annotated, Any

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
from shoal.core.puzzles import Puzzle, PuzzleVerdict
from shoal.core.puzzles import attempt as judge
from shoal.core.words import ENGLISH, Translator
from shoal.i18n import SOURCE, catalogue
from shoal.ratings.glicko2 import Rating

from ..accounts.models import User
from ..errors import ApiError
from ..games.views import board_words, legal_entries
from ..provide import provided
from .store import PuzzlePlayer, PuzzleStore

__all__ = ["Puzzles", "PuzzlesDep", "build", "words_of"]

Say = Callable[[str], str]
"""A language's ``gettext``: a theme's name in the reader's language (the catalogues hold
each theme a game's ``puzzles.jsonl`` names, extracted by
:func:`shoal.i18n.extract.extract_puzzle_themes`), and the verdict's own words
(:data:`shoal.core.puzzles.Words`)."""


def words_of(language: str) -> Say:
    """The ``gettext`` of ``language`` (English: each text as it is)."""
    return catalogue(language).gettext


def _english(text: str) -> str:
    return text


def build(store: PuzzleStore) -> Puzzles:
    """The puzzles' service on its store."""
    return Puzzles(store)


class Puzzles:
    """The puzzles of every game and the ratings of their solvers (one per app)."""

    def __init__(self, store: PuzzleStore) -> None:
        self.store = store

    def games(self, user: User | None, say: Say = _english) -> list[dict[str, Any]]:
        """The games with puzzles: how many, their themes (each by its key and its name in
        ``say``'s language), and ``user``'s standing in each."""
        standing = self.store.players(user.id) if user else {}
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
                        "themes": [
                            {"theme": t, "name": say(t), "count": n} for t, n in themes_of(found)
                        ],
                        "me": None if user is None else (mine or PuzzlePlayer()).view(),
                    }
                )
        return out

    def next(
        self,
        game_id: str,
        user: User | None,
        rating: float,
        exclude: Sequence[str] = (),
        theme: str = "",
        language: str = SOURCE,
    ) -> dict[str, Any]:
        """The next puzzle of ``game_id`` nearest the rating (the account's on the server, else
        ``rating``), not one of ``exclude``, of ``theme`` when given: its start view (the
        game's words in ``language``)."""
        game, found = _game_puzzles(game_id)
        if theme:
            try:
                found = of_theme(found, theme)
            except ShoalError as error:
                raise ApiError(400, f"{game.title}: {error}") from None  # the rules' words
        if user is not None:
            rating = self.store.player(user.id, game_id).rating.r
        chosen = next_puzzle(found, rating, list(exclude))
        assert chosen is not None
        return self._view(game, chosen, chosen.start(game), None, user, None, False, language)

    def one(self, puzzle_id: str, user: User | None, language: str = SOURCE) -> dict[str, Any]:
        """The start view of the puzzle ``puzzle_id`` (the game's words in ``language``)."""
        game, puzzle = _puzzle(puzzle_id)
        return self._view(game, puzzle, puzzle.start(game), None, user, None, False, language)

    def attempt(
        self,
        puzzle_id: str,
        actions: Sequence[str],
        user: User | None,
        guest: Rating | None = None,
        give_up: bool = False,
        language: str = SOURCE,
    ) -> dict[str, Any]:
        """The learner's ``actions`` so far (notation) judged; a guest's rating is ``guest``;
        the game's words in ``language``."""
        game, puzzle = _puzzle(puzzle_id)
        verdict: PuzzleVerdict | None = None
        state = puzzle.start(game)
        if actions:
            try:
                verdict = judge(
                    puzzle, game, list(actions), refuter(puzzle.game(game)), words_of(language)
                )
            except ShoalError as error:
                raise ApiError(400, str(error)) from None
            state = verdict.state
        out = self._view(game, puzzle, state, verdict, user, guest, give_up, language)
        if verdict is not None and not verdict.correct:
            # the wrong action and the refutation, to step through (issue 40, defect 9)
            before = puzzle.start(game)
            if len(actions) > 1:
                before = judge(puzzle, game, list(actions[:-1])).state
            out["refutation_frames"] = _line_frames(
                puzzle.game(game), before, verdict.last, catalogue(language)
            )
        return out

    def _view(
        self,
        base: Game[Any],
        puzzle: Puzzle,
        state: State,
        verdict: PuzzleVerdict | None,
        user: User | None,
        guest: Rating | None,
        give_up: bool,
        language: str = SOURCE,
    ) -> dict[str, Any]:
        game = puzzle.game(base)
        tr = catalogue(language)
        start = puzzle.start(base)
        solved = verdict is not None and verdict.solved
        wrong = verdict is not None and not verdict.correct
        finished = solved or wrong or give_up
        store = self.store
        rating, attempts, solves = store.puzzle(puzzle.id, puzzle_rating(puzzle))
        legal = []
        if not finished and state.to_move == puzzle.winner:
            legal = legal_entries(game, state)
            if language != SOURCE:
                legal = [
                    {**e, "label": game.action_label(state, e["action"], tr=tr)} for e in legal
                ]
        last = verdict.last if verdict is not None else ()
        out: dict[str, Any] = {
            "id": puzzle.id,
            "game": game.id,
            "title": game.title,
            "theme": puzzle.theme,
            "theme_name": tr.gettext(puzzle.theme) if puzzle.theme else None,
            "difficulty": puzzle.difficulty,
            "puzzle_rating": _rating_view(rating),
            "attempts": attempts,
            "solves": solves,
            "winner": puzzle.winner,
            "side": start.side_name(puzzle.winner),
            "svg": board_words(game.render_svg(state, last=last), game.svg_words(state, tr=tr)),
            "legal": legal,
            "to_move": state.to_move,
            "status": game.status(state, tr=tr),
            "words": game.describe(state, tr=tr),
            "cells": game.cell_names(state, tr=tr),
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
                out["me"] = store.record(
                    user.id, game.id, puzzle.id, solved, solver, puzzle_new
                ).view()
                out["rated"] = True
            elif guest is not None:
                solver, _ = rate(guest, rating, solved)
                out["me"] = {"rating": _rating_view(solver), "display": solver.display()}
                out["rated"] = True
        return out


def _game_puzzles(game_id: str) -> tuple[Game[Any], list[Puzzle]]:
    if game_id not in games.ids(all=True):
        raise ApiError(404, "no game {game}", game=repr(game_id))
    game = games.get(game_id)
    found = puzzles_of(game_id)
    if not found:
        raise ApiError(404, "{title} has no puzzles yet", title=game.title)
    return game, found


def _rating_view(rating: Rating) -> dict[str, Any]:
    return {"r": rating.r, "rd": rating.rd, "sigma": rating.sigma, "display": rating.display()}


def _puzzle(puzzle_id: str) -> tuple[Game[Any], Puzzle]:
    try:
        puzzle = find_puzzle(puzzle_id)
    except ShoalError as error:
        raise ApiError(500, str(error)) from None
    if puzzle is None:
        raise ApiError(404, "no puzzle {puzzle}", puzzle=repr(puzzle_id))
    return games.get(puzzle.game_id), puzzle


def _line_frames(
    game: Game[Any], state: State, line: tuple[int, ...], tr: Translator = ENGLISH
) -> list[dict[str, Any]]:
    """``line`` from ``state`` action by action: each in notation and in the game's words (in
    ``tr``'s language), who played it, and the board after it (the first frame: the board
    before)."""
    out: list[dict[str, Any]] = [
        {"text": None, "label": None, "side": None, "svg": game.render_svg(state)}
    ]
    for action in line:
        seat = state.to_move
        entry = {
            "text": state.action_text(action),
            "label": game.action_label(state, action, tr=tr),
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


PuzzlesDep = Annotated[Puzzles, provided(Puzzles)]
"""A route parameter of this type receives the app's :class:`Puzzles`."""
