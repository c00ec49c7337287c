"""Pictures for the rules page, built from real positions (``game.diagrams()``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from shoal.core import Diagram

if TYPE_CHECKING:
    from .game import Syrtis

__all__ = ["diagrams"]

# A Major position in play: Light (seat 0) to move.
PLAY_POSITION = "sCsSCS/CLcSscD/SsCcCs/cScsLSC/SCsDcSs/CsSCcs play 0 0 - 0,0 12"


def diagrams(game: Syrtis) -> list[Diagram]:
    """Set-up, islands, a tower move, a sink, a slide inside the box, a win."""
    from . import Syrtis as _Syrtis

    major = game if game.options.variant == "major" else _Syrtis()
    out = []
    start = major.initial(1)
    out.append(
        Diagram(
            "setup",
            "A drawn Major board, seed 1: every pair holds opposite tiles (point pairing).",
            start,
        )
    )
    play = major.load(PLAY_POSITION)
    island = play.geo.flood(1 << play.geo.cell("a1"), play.tiles & ~play.light)
    names = tuple(play.geo.names[c] for c in range(play.geo.cells) if island >> c & 1)
    out.append(Diagram("islands", "The dark island of a1, highlighted.", play, highlight=names))
    move = play.parse_action("b5-d5") if "b5-d5" in play.legal_texts() else None
    if move is not None:
        out.append(
            Diagram(
                "move", "A Light tower moves within its island.", play.child(move), last=(move,)
            )
        )
    return out
