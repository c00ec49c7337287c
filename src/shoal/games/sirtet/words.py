"""Sirtet for a player who does not see the board: each cell's and harvest tile's name,
what lies beside the board (the harvests, the discard zone), and which tiles an action
moves (the labels name cells; a sighted player sees the tiles go).

>>> from shoal.games.sirtet import Sirtet
>>> s = Sirtet().initial(3)
>>> pick = s.legal_actions()[0]
>>> s.action_text(pick), action_news(s, pick, s.child(pick))
('pick d1', ['the white L goes to the first player’s harvest'])
>>> off_board_words(s.child(pick))[0]
'First player’s harvest: the white L'
"""

from __future__ import annotations

from .geometry import ACT_BURN, ACT_KEEP, CELL_NAMES, CELLS, NUM_TILES
from .rules import SirtetState

__all__ = ["action_news", "cell_names", "off_board_words"]


def _tile(state: SirtetState, tile: int) -> str:
    shape, _, colour = state.ts.names[tile].partition(".")
    return f"the {colour} {shape}"


def _tiles(state: SirtetState, bits: int) -> list[str]:
    return [_tile(state, t) for t in range(NUM_TILES) if bits >> t & 1]


def _joined(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _owner(state: SirtetState, seat: int) -> str:
    return f"the {state.sides()[seat]} player\u2019s harvest"


def cell_names(state: SirtetState) -> dict[str, str]:
    """Each board cell (its tile, or a hole; the Start cell so named) and each harvest tile
    (whose harvest it lies in), by the ids the SVG's cells carry."""
    out = {}
    for c in range(CELLS):
        tile = state.tile_at(c)
        if tile is not None:
            what = f"{_tile(state, tile)[4:]} tile"
        else:
            what = "hole, the start cell" if c == state.start else "hole"
        out[CELL_NAMES[c]] = f"{CELL_NAMES[c]}: {what}"
    for seat in (0, 1):
        harvest = state.harvest(seat)
        for t in range(NUM_TILES):
            if harvest >> t & 1:
                owner = _owner(state, seat)
                out[f"h{seat}-{state.ts.codes[t]}"] = f"{_tile(state, t)[4:]} in {owner}"
    return out


def off_board_words(state: SirtetState) -> list[str]:
    """Each harvest's tiles, then the discard zone's."""
    out = []
    for seat in (0, 1):
        tiles = _tiles(state, state.harvest(seat))
        owner = _owner(state, seat)
        out.append(f"{owner[4:5].upper()}{owner[5:]}: {', '.join(tiles) or 'empty'}")
    out.append(
        f"Discard zone: the Start tile{''.join(', ' + t for t in _tiles(state, state.disc))}"
    )
    return out


def action_news(state: SirtetState, action: int, child: SirtetState) -> list[str]:
    """The tiles a pick or a harvest takes into the mover's harvest, or a burn discards."""
    seat = state.mover
    news = []
    gained = child.harvest(seat) & ~state.harvest(seat)
    if gained:
        tiles = _tiles(state, gained)
        verb = "goes" if len(tiles) == 1 else "go"
        news.append(f"{_joined(tiles)} {verb} to {_owner(state, seat)}")
    if ACT_BURN <= action < ACT_KEEP:
        burned = child.disc & ~state.disc
        news.append(f"{_joined(_tiles(state, burned))} goes to the discard zone")
    return news
