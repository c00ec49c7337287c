"""The answers of the puzzles' routes: the games with puzzles, a puzzle, an attempt."""

from __future__ import annotations

from pydantic import Field

from ..games.schemas import LegalAction
from ..schemas import Number, Out

__all__ = ["Frame", "PuzzleGame", "PuzzleMe", "PuzzleOut", "PuzzleRating", "ThemeCount"]


class PuzzleRating(Out):
    """A Glicko-2 rating (``display``: as shown, e.g. ``1500?`` while provisional)."""

    r: Number
    rd: Number
    sigma: Number
    display: str | None = Field(None, description="not in an account's standing")


class PuzzleMe(Out):
    """The solver's standing: an account's (with its counts) or a guest's new rating."""

    rating: PuzzleRating
    display: str
    solved: int | None = Field(None, description="an account's only")
    failed: int | None = Field(None, description="an account's only")
    streak: int | None = Field(None, description="an account's only")
    best_streak: int | None = Field(None, description="an account's only")


class ThemeCount(Out):
    """A theme (its key: ``?theme=``), its name in the reader's language, how many puzzles
    have it."""

    theme: str | None
    name: str | None = Field(None, description="the theme in the reader's language")
    count: int


class PuzzleGame(Out):
    """A game with puzzles, its themes, and the reader's standing (None for a guest)."""

    game: str
    title: str
    count: int
    themes: list[ThemeCount]
    me: PuzzleMe | None


class Frame(Out):
    """A step of the solution: the action (None at the start), its seat, the board after."""

    text: str | None
    seat: int | None
    svg: str


class LineFrame(Out):
    """A step of a line: the action in notation and in words, its side, the board after
    (the first frame: the board before, with no action)."""

    text: str | None
    label: str | None
    side: str | None
    svg: str


class PuzzleOut(Out):
    """A puzzle as the solver sees it, and the verdict on the actions so far."""

    id: str
    game: str
    title: str
    theme: str | None
    theme_name: str | None = Field(None, description="the theme in the reader's language")
    difficulty: int
    puzzle_rating: PuzzleRating
    attempts: int
    solves: int
    winner: int
    side: str
    svg: str
    legal: list[LegalAction]
    to_move: int | None
    status: str
    words: list[str]
    cells: dict[str, str] = Field(description="each cell's accessible name by its id")
    position: str
    correct: bool
    solved: bool
    wrong: bool
    finished: bool
    replies: list[str]
    refutation: list[str]
    message: str
    solution: list[str] | None
    frames: list[Frame] | None
    rated: bool
    me: PuzzleMe | None
    refutation_frames: list[LineFrame] | None = Field(
        None, description="after a wrong action: it and the refutation, step by step"
    )
