"""Pictures for the Cyclix rules page, built from real positions (``game.diagrams()``).

>>> from shoal.games.cyclix import Cyclix
>>> [d.name for d in Cyclix().diagrams()]
['start', 'king-sight', 'carry', 'reentry', 'check', 'mate']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shoal.core import Diagram

from .geometry import PASS, SQUARE_NAMES, decode, square_of
from .rules import CyclixState

if TYPE_CHECKING:
    from .game import Cyclix

__all__ = ["diagrams"]


def _targets(state: CyclixState, frm: str) -> tuple[str, ...]:
    square = square_of(frm)
    return tuple(
        sorted(
            {
                SQUARE_NAMES[decode(a)[1]]
                for a in state.legal_actions()
                if a != PASS and decode(a)[0] == square
            }
        )
    )


def diagrams(game: Cyclix) -> list[Diagram]:
    """Start, king sight over gaps, carrying a tile, re-entry, a check and a mate."""
    start = game.initial()
    sight = game.load("......k/~~.~..~/.~~~.~./.~.K~~./.~~~.r./B....../~...... w RNbn - 0 20")
    carry_before = game.load("......k/~~~..nb/.~~~r../..~~~~./..R.~../BN~~.../K...... w - - 0 12")
    carry_action = carry_before.parse_action("Rc3-c5^")
    reentry_before = game.load("......k/.....nb/......./......./..R..../~B...../K...... w Nr - 0 9")
    reentry_action = reentry_before.parse_action("Ka1-a3=N")
    check = game.load("......k/~~~~.nb/~~~~~../.~.~..~/..~~R../.~~..../K~..r.. w BN - 0 30")
    mate_before = game.load(
        "~~~~~~k/~~~~~~~/~~~~.~~/~~~~~~~/~~~~~~~/~~~~~~~/K~R~~~~ w BNrbn - 0 41"
    )
    mate_action = mate_before.parse_action("Rc1-c7^")
    return [
        Diagram("start", "The provisional start position: all 49 tiles in place.", start),
        Diagram(
            "king-sight",
            "The white king on d4 looks past the sea to the first tile in each direction; "
            "the highlighted tiles are its moves.",
            sight,
            highlight=_targets(sight, "d4"),
        ),
        Diagram(
            "carry",
            "Rc3-c5^: the rook lands on a square without a tile and takes its tile along; "
            "c3 is now sea.",
            carry_before.child(carry_action),
            last=(carry_action,),
        ),
        Diagram(
            "reentry",
            "Ka1-a3=N: the king moves and the knight from hand takes the tile it left.",
            reentry_before.child(reentry_action),
            last=(reentry_action,),
        ),
        Diagram(
            "check",
            "White is in check from the rook on e1, which sees a1 over the sea on b1: the "
            "king may only step to an adjacent tile (a2, highlighted), or Re3xe1 captures "
            "the checker.",
            check,
            highlight=_targets(check, "a1"),
        ),
        Diagram(
            "mate",
            "Rc1-c7^ carries a tile to c7 and checkmates: a king in check may only step to "
            "an adjacent tile, and every square around g7 is sea.",
            mate_before.child(mate_action),
            last=(mate_action,),
        ),
    ]
