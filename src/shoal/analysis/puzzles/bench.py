"""The AI's test suite: each level searches each shipped puzzle for a fixed time.

A level solves a puzzle when its search, given ``seconds`` (and the level's
own iteration budget or depth), picks one of the puzzle's accepted first
actions, or proves that the action it picks wins too (a puzzle's first action
is the only win within the puzzle's bound; a search may prove a slower one,
which is counted apart as ``other_wins``). This is the search's choice, as a
hint gives it: the deliberate errors of Sirtet's beginner and casual are not
made here (they would only measure the error rate).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from shoal import games
from shoal.ai.levels import level_player

from .data import shipped

__all__ = ["BENCH_LEVELS", "PuzzleScore", "bench_puzzles"]

BENCH_LEVELS: tuple[str, ...] = ("beginner", "casual", "club", "strong", "max")


@dataclasses.dataclass(frozen=True)
class PuzzleScore:
    """How one level did on one game's puzzles."""

    game: str
    level: str
    solved: int
    total: int
    missed: tuple[str, ...]
    """The ids of the puzzles it got wrong."""
    other_wins: int = 0
    """Solved puzzles where the search proved a win by another, slower first action."""

    @property
    def share(self) -> float:
        """The share solved, in [0, 1]."""
        return self.solved / self.total if self.total else 0.0


def bench_puzzles(
    game_id: str,
    levels: Sequence[str] = BENCH_LEVELS,
    seconds: float = 1.0,
    limit: int | None = None,
    progress: Callable[[PuzzleScore], None] | None = None,
) -> list[PuzzleScore]:
    """Each level's score on the first ``limit`` (default all) shipped puzzles of ``game_id``."""
    puzzles = shipped(game_id)[:limit]
    scores = []
    for level in levels:
        solved, other, missed = 0, 0, []
        for puzzle in puzzles:
            game = games.REGISTRY.from_mapping(game_id, puzzle["options"])
            state = game.load(puzzle["position"])
            player = level_player(level, game, seed=0)
            result = player.analyse(state, seconds)
            if state.action_text(result.action) in puzzle["accepted_first"]:
                solved += 1
            elif result.proven == "win":
                solved, other = solved + 1, other + 1
            else:
                missed.append(puzzle["id"])
        score = PuzzleScore(game_id, level, solved, len(puzzles), tuple(missed), other)
        scores.append(score)
        if progress:
            progress(score)
    return scores
