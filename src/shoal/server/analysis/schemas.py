"""The answers of the analysis board's routes: a position, and a tree to explore."""

from __future__ import annotations

from pydantic import Field

from ..games.schemas import BoardView, LegalAction
from ..schemas import GameRef, OptionValue, Out, ResultView

__all__ = ["AnalysisBoard", "AnalysisView", "TreeNode", "TreeOut"]


class AnalysisView(BoardView):
    """A position of the analysis board: the board after the line, what may follow."""

    legal: list[LegalAction]
    result: ResultView | None
    game: GameRef
    engine_position: str | None = Field(description="the browser engine's state, in hex")


class TreeNode(Out):
    """A move of the tree (depth first, main lines first): its parent's index (-1: the
    root), its text, a comment, its turn's number, whether it starts a turn, its seat."""

    parent: int
    move: str
    comment: str | None = Field(None, description="only when there is one")
    mark: str | None = Field(None, description="a mark such as ! or ?, only when there is one")
    number: int
    first: bool
    seat: int | None


class TreeOut(Out):
    """A move tree: the start position and the moves, flat."""

    start: str
    nodes: list[TreeNode]
    comment: str | None = Field(None, description="only when the root has one")


class AnalysisBoard(Out):
    """A tree to explore on the analysis board, and where it came from."""

    game: GameRef
    options: dict[str, OptionValue]
    sides: list[str]
    players: list[str]
    tree: TreeOut
    source: str = Field(description="position, game, record or import")
