"""Why an action is illegal, in words a player understands.

>>> from shoal.games.syrtis import Syrtis
>>> s = Syrtis.with_options({"variant": "minor"}).load("cSsC/ScLCDs/sLCcSD/CsSc play 0 0 - 0,0 9")
>>> why_illegal(s, s.geo.sink_base + s.geo.cell("c3"))
'c3 carries a tower'
>>> s.parse_action("b3-c3")
Traceback (most recent call last):
...
shoal.core.errors.IllegalActionError: b3-c3: c3 is occupied by a tower
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .rules import CHOOSE, PLACE, PLAY, SWAP

if TYPE_CHECKING:
    from .rules import SyrtisState

__all__ = ["why_illegal"]

_SIDE = ("Light", "Dark")
_OWN = (("light", "circle"), ("dark", "square"))


def why_illegal(state: SyrtisState, action: int) -> str:
    """A reason in words why ``action`` is not legal in ``state`` (it may also be legal)."""
    geo = state.geo
    names = geo.names
    c = geo.cells
    if state.outcome is not None:
        return "the game is over"
    if action in state.legal_actions():
        return "it is legal"
    phase = state.phase
    is_play = action < geo.place_l_base or action == geo.pass_action
    if is_play and phase != PLAY:
        return "the set-up is not finished: " + _phase_task(state)
    if geo.place_l_base <= action < geo.swap_base and phase != PLACE:
        return "towers are placed only during the set-up, after the pair switching"
    if geo.swap_base <= action < geo.pass_action:
        if phase != SWAP:
            return "pairs are switched only during the set-up, while a colour or shape is connected"
        return f"the two tiles of the pair at {names[action - geo.swap_base]} are alike"
    if action in (geo.light_action, geo.dark_action):
        return "the side choice comes after the four towers are placed"
    tiles = state.tiles
    occupied = state.towers[0] | state.towers[1]
    if phase == PLACE:
        light = action < geo.place_d_base
        cell = action - (geo.place_l_base if light else geo.place_d_base)
        bit = 1 << cell
        who, own = (_SIDE[0], _OWN[0]) if light else (_SIDE[1], _OWN[1])
        if state.towers[0 if light else 1].bit_count() >= 2:
            return f"both {who} towers are already placed"
        if not tiles & bit:
            return f"{names[cell]} has no tile"
        if occupied & bit:
            return f"{names[cell]} already carries a tower"
        return f"a {who} tower stands on a {own[0]} or {own[1]} tile"
    side = state.side_to_move
    assert side is not None
    own_towers = state.towers[side]
    who = _SIDE[side]
    if action < geo.sink_base:
        slide = action >= geo.slide_base
        a = action - geo.slide_base if slide else action
        f, t = a // c, a % c
        fbit, tbit = 1 << f, 1 << t
        if not own_towers & fbit:
            return f"no {who} tower stands on {names[f]}"
        if f == t:
            return "the destination must differ from the start"
        if slide:
            if tiles & tbit:
                return f"{names[t]} is not empty: a tile slides only through empty cells"
            box = geo.box(tiles)
            if not box & tbit:
                return f"{names[t]} is outside the bounding box of the tiles"
            if not geo.flood(fbit, (box & ~tiles) | fbit) & tbit:
                return f"no path of empty cells inside the box leads from {names[f]} to {names[t]}"
            return "the tiles would not stay in one connected group"
        if not tiles & tbit:
            return f"{names[t]} has no tile"
        if occupied & tbit:
            return f"{names[t]} is occupied by a tower"
        colour, shape = _OWN[side]
        return f"{names[t]} is not in the tower's {colour} or {shape} island"
    if action < geo.place_l_base:
        t = action - geo.sink_base
        tbit = 1 << t
        if not tiles & tbit:
            return f"{names[t]} has no tile"
        if occupied & tbit:
            return f"{names[t]} carries a tower"
        if not geo.neighbours(own_towers) & tbit:
            return f"{names[t]} is not next to a tile carrying a {who} tower"
        empty = geo.full & ~tiles
        if not (geo.neighbours(empty) | geo.border) & tbit:
            return f"{names[t]} has no open edge"
        return "the tiles would not stay in one connected group"
    return "it is not a legal action in this position"


def _phase_task(state: SyrtisState) -> str:
    if state.phase == SWAP:
        return "seat 0 must switch pairs until no colour or shape is connected"
    if state.phase == PLACE:
        return "seat 0 places the towers"
    if state.phase == CHOOSE:
        return "seat 1 chooses a side"
    return "it is not a legal action in this position"
