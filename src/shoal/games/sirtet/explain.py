"""Why a well-formed Sirtet action is illegal, in words a player understands.

>>> from shoal.games.sirtet import Sirtet
>>> s = Sirtet().initial(1)
>>> illegal_reason(s, "pass")
'now seat 0 picks a tile next to the Start cell (pick b4)'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .notation import BURN, CHOOSE, DROP, OVER, PICK, TAKE1, TAKE2
from .tiles import CELL_NAMES, KING_MASK, cell_index

if TYPE_CHECKING:
    from .rules import SirtetState

__all__ = ["illegal_reason", "what_next"]


def what_next(state: SirtetState) -> str:
    """The decision the state waits for, in words."""
    seat = state.mover
    phase = state.phase
    if phase == PICK:
        return f"now seat {seat} picks a tile next to the Start cell (pick b4)"
    if phase == CHOOSE:
        return f"now seat {seat} discards a harvest tile (double L.cyan, single O.blue) or passes"
    if phase == TAKE2:
        return f"now seat {seat} takes the two tiles of the Double Harvest (take c3+d5)"
    if phase == TAKE1:
        return f"now seat {seat} takes the tile of the Single Harvest (take e2)"
    if phase == BURN:
        return f"now seat {seat} may discard a board tile (burn b6) or not (keep)"
    if phase == DROP:
        return f"now seat {seat} discards harvest tiles down to equal numbers (drop T.red)"
    return "the game is over"


def _hole(state: SirtetState, name: str) -> str | None:
    if state.tile_at(cell_index(name)) is None:
        return f"{name} is a hole"
    return None


def illegal_reason(state: SirtetState, text: str) -> str:
    """Why ``text`` (normalised, well-formed) names no legal action of ``state``."""
    if state.phase == OVER:
        return "the game is over"
    verb, _, arg = text.partition(" ")
    wanted = {
        "pick": (PICK,),
        "double": (CHOOSE,),
        "single": (CHOOSE,),
        "pass": (CHOOSE,),
        "take": (TAKE1, TAKE2),
        "burn": (BURN,),
        "keep": (BURN,),
        "drop": (DROP,),
    }[verb]
    if state.phase not in wanted:
        return what_next(state)
    ts = state.ts
    harvest = state.harvest(state.mover)
    if verb in ("double", "single", "drop"):
        tile = ts.tile_by_name(arg)
        if not harvest >> tile & 1:
            return f"{arg} is not in your harvest"
        if verb == "double":
            shape = ts.shapes[ts.shape_of[tile]]
            return f"no two board tiles sit like two cells of {_article(shape)}"
        return "not a legal action in this position"
    if verb == "pick":
        hole = _hole(state, arg)
        if hole:
            return hole
        if not KING_MASK[state.start] >> cell_index(arg) & 1:
            return f"{arg} is not next to the Start cell {CELL_NAMES[state.start]}"
        return "not a legal action in this position"
    if verb in ("take", "burn"):
        cells = arg.split("+")
        for name in cells:
            hole = _hole(state, name)
            if hole:
                return hole
        if verb == "take" and state.phase == TAKE2:
            if len(cells) != 2:
                return "a Double Harvest takes two tiles (take c3+d5)"
            shape = ts.shapes[ts.shape_of[state.pending]]
            return (
                f"{cells[0]} and {cells[1]} do not sit like two cells of the discarded "
                f"{shape} ({ts.names[state.pending]})"
            )
        if verb == "take" and len(cells) != 1:
            return "a Single Harvest takes one tile (take e2)"
    return "not a legal action in this position"


def _article(shape: str) -> str:
    return ("an " if shape in "ILOS" else "a ") + shape
