"""Playing puzzles, shared by the web and the terminal: where the puzzles come from, the
defender's refutation by the AI, choosing the next puzzle, and the Glicko-2 ratings.

* Puzzles are the game's package data (:func:`shoal.core.puzzles.load_puzzles`); the
  environment variable ``SHOAL_PUZZLES_DIR`` names a folder of ``GAME.jsonl`` files read
  instead (to try new puzzles, and for the tests before a game ships any).
* A wrong action is refuted by the AI's choice at :data:`REFUTE_LEVEL` with
  :data:`REFUTE_SECONDS` per action: a puzzle is short and its wrong moves usually lose or
  let the win slip at once, which a small search finds; nothing is stored.
* A solved puzzle is a win of the solver against the puzzle, a failed one a loss: both
  ratings move by one Glicko-2 period (:func:`rate`). A puzzle's starting rating is its
  ``difficulty`` with deviation :data:`PUZZLE_RD`.
* A player may keep to one theme (:func:`themes_of`, :func:`of_theme`): the next puzzle is
  then chosen among that theme's puzzles alone, the same way.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from shoal import games
from shoal.ai import hint
from shoal.core import Action, Game, InvalidOptionError, State
from shoal.core.puzzles import Chooser, Puzzle, load_puzzles, parse_puzzles
from shoal.ratings.glicko2 import Rating, Result, update

__all__ = [
    "PUZZLE_RD",
    "REFUTE_LEVEL",
    "REFUTE_SECONDS",
    "find_puzzle",
    "next_puzzle",
    "of_theme",
    "puzzle_rating",
    "puzzles_of",
    "rate",
    "refuter",
    "themes_of",
]

REFUTE_LEVEL = "club"
REFUTE_SECONDS = 0.4
PUZZLE_RD = 150.0


def puzzles_of(game_id: str) -> list[Puzzle]:
    """The puzzles of a game (``SHOAL_PUZZLES_DIR`` first, else the game's package)."""
    folder = os.environ.get("SHOAL_PUZZLES_DIR")
    if folder:
        path = Path(folder) / f"{game_id}.jsonl"
        if path.is_file():
            return parse_puzzles(game_id, path.read_text(encoding="utf-8"), path.name)
    return load_puzzles(games.get(game_id))


def find_puzzle(puzzle_id: str) -> Puzzle | None:
    """The puzzle with this id (``GAME-NNNN``), or None."""
    game_id = puzzle_id.rpartition("-")[0]
    if game_id not in games.ids(all=True):
        return None
    return next((p for p in puzzles_of(game_id) if p.id == puzzle_id), None)


def next_puzzle(
    puzzles: Sequence[Puzzle], rating: float, exclude: Sequence[str] = ()
) -> Puzzle | None:
    """The puzzle whose difficulty is nearest ``rating`` among those not in ``exclude``
    (all of them again once every one is excluded); None without puzzles."""
    if not puzzles:
        return None
    left = [p for p in puzzles if p.id not in set(exclude)] or list(puzzles)
    return min(left, key=lambda p: (abs(p.difficulty - rating), p.id))


def themes_of(puzzles: Sequence[Puzzle]) -> list[tuple[str, int]]:
    """The themes the puzzles name, each with how many: the most common first, then by name
    (puzzles without a theme are in none)."""
    counts = Counter(p.theme for p in puzzles if p.theme)
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


def _plain(theme: str) -> str:
    return " ".join(theme.replace("-", " ").replace("_", " ").casefold().split())


def of_theme(puzzles: Sequence[Puzzle], theme: str) -> list[Puzzle]:
    """The puzzles of ``theme`` (case, hyphens and underscores aside: ``mate-in-two`` is
    ``mate in two``); an unknown theme is refused in words naming the known ones."""
    wanted = _plain(theme)
    chosen = [p for p in puzzles if p.theme and _plain(p.theme) == wanted]
    if not chosen:
        known = [name for name, _ in themes_of(puzzles)]
        words = f"the themes are: {', '.join(known)}" if known else "these puzzles name none"
        raise InvalidOptionError(f"no puzzles of the theme {theme!r}; {words}")
    return chosen


def refuter(game: Game, seconds: float = REFUTE_SECONDS, seed: int = 0) -> Chooser:
    """A chooser for :func:`shoal.core.puzzles.attempt`: the AI's best action."""

    def choose(state: State) -> Action:
        return hint(game, state, level=REFUTE_LEVEL, seed=seed, seconds=seconds).action

    return choose


def puzzle_rating(puzzle: Puzzle) -> Rating:
    """A puzzle's starting rating: its difficulty, deviation :data:`PUZZLE_RD`."""
    return Rating(float(puzzle.difficulty), PUZZLE_RD)


def rate(solver: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """Both ratings after one attempt (a game the solver wins when solved)."""
    score = 1.0 if solved else 0.0
    return (
        update(solver, [Result(puzzle, score)]),
        update(puzzle, [Result(solver, 1.0 - score)]),
    )
