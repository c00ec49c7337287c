"""Why a well-formed Sirtet action is illegal, in words a player understands.

>>> from shoal.games.sirtet import Sirtet
>>> s = Sirtet().initial(1)
>>> illegal_reason(s, "pick c5")
"c5 is a hole (the Start tile's cell): there is no tile to take"
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shoal.core.words import ENGLISH, Translator

from .geometry import CELL_NAMES, DOUBLE_OFFSETS, KING_MASK, cell_index
from .notation import BURN, CHOOSE, DROP, OVER, PICK, TAKE1, TAKE2
from .words import tile_name

if TYPE_CHECKING:
    from .rules import SirtetState

__all__ = ["illegal_reason", "reach_words", "what_next"]

_STEPS = (
    ({(1, 0)}, "a neighbour"),
    ({(1, 1)}, "a diagonal neighbour"),
    ({(2, 0)}, "two cells straight"),
    ({(3, 0)}, "three cells straight"),
    ({(2, 1)}, "a knight's step"),
)


def reach_words(shape: str) -> str:
    """What a shape's Double Harvest reaches, in words.

    >>> reach_words("I")
    'one, two or three cells along a rank or file'
    >>> reach_words("O")
    'a neighbour or a diagonal neighbour'
    """
    offsets = DOUBLE_OFFSETS[shape]
    if shape == "I":  # only straight steps
        return "one, two or three cells along a rank or file"
    words = [w for steps, w in _STEPS if steps <= offsets]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _article(shape: str) -> str:
    return ("an " if shape in "ILOS" else "a ") + shape


def _first(state: SirtetState) -> str:
    """An example legal action of the state, as text."""
    legal = state.legal_actions()
    for action in legal:
        text = state.action_text(action)
        if text not in ("pass", "keep"):
            return text
    return state.action_text(legal[0]) if legal else ""


def what_next(state: SirtetState) -> str:
    """The decision the state waits for, in words (with an example that is legal now)."""
    phase = state.phase
    ts = state.ts
    example = _first(state)
    if phase == PICK:
        return (
            "the game starts with the picks: you pick one tile next to the Start cell "
            f"{CELL_NAMES[state.start]} (e.g. {example})"
        )
    if phase == CHOOSE:
        return (
            "first pay with a tile from your harvest: double TILE to take two board tiles, "
            f"single TILE to take one (e.g. {example}); or pass"
        )
    if phase == TAKE2:
        shape = ts.shapes[ts.shape_of[state.pending]]
        return (
            f"you paid {ts.names[state.pending]} for a Double Harvest: now take two board tiles "
            f"that sit like two cells of {_article(shape)} (e.g. {example})"
        )
    if phase == TAKE1:
        return f"you are making a Single Harvest: now take any one board tile (e.g. {example})"
    if phase == BURN:
        return (
            "your Single Harvest ends with the optional board discard: burn a board tile "
            f"(e.g. {example}) or keep"
        )
    if phase == DROP:
        mine = state.harvest(state.mover).bit_count()
        other = state.harvest(1 - state.mover).bit_count()
        return (
            f"the game is over but for the evening out: you hold {mine} tiles to {other} "
            f"and drop one at a time (e.g. {example})"
        )
    return "the game is over"


_OUT_OF_PHASE = {
    "pick": "the picks are over",
    "double": "you cannot start a harvest now",
    "single": "you cannot start a harvest now",
    "pass": "you cannot pass now",
    "take": "tiles are taken only after paying with a harvest tile",
    "burn": "a board tile is burnt only right after the tile of a Single Harvest",
    "keep": "keep answers the optional burn after the tile of a Single Harvest",
    "drop": "tiles are dropped only at the end, to even out the harvests",
}


def _where(state: SirtetState, tile: int) -> str:
    """Where a tile that is not in the mover's harvest is."""
    name = state.ts.names[tile]
    if state.harvest(1 - state.mover) >> tile & 1:
        return f"{name} is in your opponent's harvest, not yours"
    if state.disc >> tile & 1:
        return f"{name} is in the discard zone, not in your harvest"
    cell = state.layout.index(tile)
    return f"{name} is still on the board at {CELL_NAMES[cell]}, not in your harvest"


def _hole(state: SirtetState, name: str) -> str | None:
    cell = cell_index(name)
    if state.tile_at(cell) is not None:
        return None
    if cell == state.start:
        return f"{name} is a hole (the Start tile's cell): there is no tile to take"
    return f"{name} is a hole: its tile is already gone"


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
        return f"{_OUT_OF_PHASE[verb]}; {what_next(state)}"
    ts = state.ts
    harvest = state.harvest(state.mover)
    if verb in ("double", "single", "drop"):
        tile = ts.tile_by_name(arg)
        if not harvest >> tile & 1:
            return _where(state, tile)
        if verb == "double":
            shape = ts.shapes[ts.shape_of[tile]]
            return (
                f"no two board tiles sit like two cells of {_article(shape)} "
                f"({_article(shape)} reaches {reach_words(shape)}); "
                f"a Single Harvest with {arg} is possible"
            )
    elif verb == "pick":
        hole = _hole(state, arg)
        if hole:
            return hole
        if not KING_MASK[state.start] >> cell_index(arg) & 1:
            return (
                f"{arg} is not next to the Start cell {CELL_NAMES[state.start]}: pick one of "
                + ", ".join(state.action_text(a)[5:] for a in state.legal_actions())
            )
    else:  # take or burn
        cells = arg.split("+")
        for name in cells:
            hole = _hole(state, name)
            if hole:
                return hole
        if state.phase == TAKE2:
            if len(cells) != 2:
                return f"a Double Harvest takes two tiles at once (e.g. {_first(state)})"
            if cells[0] == cells[1]:
                return "a Double Harvest takes two different tiles"
            shape = ts.shapes[ts.shape_of[state.pending]]
            return (
                f"{cells[0]} and {cells[1]} do not sit like two cells of the discarded "
                f"{shape} ({ts.names[state.pending]}): {_article(shape)} reaches "
                f"{reach_words(shape)}"
            )
        if len(cells) != 1:
            return f"a Single Harvest takes one tile (e.g. take {cells[0]})"
    return f"it is not a legal action here; {what_next(state)}"  # pragma: no cover


def _tile_words(name: str, tr: Translator = ENGLISH) -> str:
    return tile_name(name, 0, tr)


def action_label(text: str, tr: Translator = ENGLISH) -> str:
    """An action's notation in words, for menus, buttons and a screen reader (in ``tr``'s
    language).

    >>> action_label("pick b4"), action_label("double L.cyan")
    ('Pick the tile on b4', 'Discard the cyan L for a double harvest')
    >>> action_label("take c3+d5"), action_label("take e2")
    ('Take the tiles on c3 and d5', 'Take the tile on e2')
    >>> action_label("single O.blue"), action_label("burn b6"), action_label("drop T.red")
    ('Discard the blue O for a single harvest', 'Burn the tile on b6', 'Drop the red T')
    """
    verb, _, rest = text.partition(" ")
    if verb == "pick":
        return tr.gettext("Pick the tile on {cell}").format(cell=rest)
    if verb == "double":
        return tr.gettext("Discard {tile} for a double harvest").format(tile=_tile_words(rest, tr))
    if verb == "single":
        return tr.gettext("Discard {tile} for a single harvest").format(tile=_tile_words(rest, tr))
    if verb == "take":
        cells = rest.split("+")
        if len(cells) == 2:
            return tr.gettext("Take the tiles on {a} and {b}").format(a=cells[0], b=cells[1])
        return tr.gettext("Take the tile on {cell}").format(cell=rest)
    if verb == "burn":
        return tr.gettext("Burn the tile on {cell}").format(cell=rest)
    if verb == "drop":
        return tr.gettext("Drop {tile}").format(tile=_tile_words(rest, tr))
    if text == "pass":
        return tr.gettext("Pass")
    if text == "keep":
        return tr.gettext("Keep the board (burn nothing)")
    return text
