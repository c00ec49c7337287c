"""The answer of the opening explorer: a position's moves with counts, value and proof."""

from __future__ import annotations

from pydantic import Field

from ..schemas import Number, Out

__all__ = ["ExplorerMove", "ExplorerOut"]


class ExplorerMove(Out):
    """A move played from the position: counts (from the mover's side), percentages, the
    players' average rating, the last game, the engine's value and a proof."""

    action: int
    text: str
    games: int
    wins: int
    draws: int
    losses: int
    win_pct: Number
    draw_pct: Number
    loss_pct: Number
    average_rating: int | None
    last_game: str | None
    value: Number | None
    proven: str | None
    position: str = Field(description="the position after the move")


class ExplorerOut(Out):
    """A position of the explorer and every move counted from it."""

    game: str
    source: str
    position: str
    to_move: int | None
    side: str | None
    games: int
    moves: list[ExplorerMove]
