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

import functools
import re

from shoal.core.words import ENGLISH, Translator

from .geometry import ACT_BURN, ACT_KEEP, CELL_NAMES, CELLS, NUM_TILES
from .rules import _ORDINALS as ORDINALS
from .rules import SirtetState

__all__ = ["action_news", "cell_names", "off_board_words", "tile_forms", "tile_name"]


def tile_forms(colour: str, tr: Translator = ENGLISH) -> tuple[str, str, str]:
    """A tile of ``colour`` in words, templates with its ``{shape}``: with its article ("the
    red {shape}"), without ("red {shape}"), and as a tile on the board ("red {shape} tile")."""
    if colour == "red":
        return (
            tr.gettext("the red {shape}"),
            tr.gettext("red {shape}"),
            tr.gettext("red {shape} tile"),
        )
    if colour == "orange":
        return (
            tr.gettext("the orange {shape}"),
            tr.gettext("orange {shape}"),
            tr.gettext("orange {shape} tile"),
        )
    if colour == "yellow":
        return (
            tr.gettext("the yellow {shape}"),
            tr.gettext("yellow {shape}"),
            tr.gettext("yellow {shape} tile"),
        )
    if colour == "green":
        return (
            tr.gettext("the green {shape}"),
            tr.gettext("green {shape}"),
            tr.gettext("green {shape} tile"),
        )
    if colour == "cyan":
        return (
            tr.gettext("the cyan {shape}"),
            tr.gettext("cyan {shape}"),
            tr.gettext("cyan {shape} tile"),
        )
    if colour == "blue":
        return (
            tr.gettext("the blue {shape}"),
            tr.gettext("blue {shape}"),
            tr.gettext("blue {shape} tile"),
        )
    if colour == "white":
        return (
            tr.gettext("the white {shape}"),
            tr.gettext("white {shape}"),
            tr.gettext("white {shape} tile"),
        )
    return (f"the {colour} {{shape}}", f"{colour} {{shape}}", f"{colour} {{shape}} tile")


def tile_name(name: str, form: int = 0, tr: Translator = ENGLISH) -> str:
    """A tile's name (``L.red``) in words, in one of :func:`tile_forms`' forms."""
    if tr is ENGLISH:  # every view names every tile: the English names are made once
        return _english_name(name, form)
    shape, _, colour = name.partition(".")
    return tile_forms(colour, tr)[form].format(shape=shape)


@functools.cache
def _english_name(name: str, form: int) -> str:
    shape, _, colour = name.partition(".")
    return tile_forms(colour)[form].format(shape=shape)


def _tile(state: SirtetState, tile: int, tr: Translator = ENGLISH) -> str:
    return tile_name(state.ts.names[tile], 0, tr)


def _tiles(state: SirtetState, bits: int, tr: Translator = ENGLISH) -> list[str]:
    return [_tile(state, t, tr) for t in range(NUM_TILES) if bits >> t & 1]


def _joined(words: list[str], tr: Translator = ENGLISH) -> str:
    if len(words) == 1:
        return words[0]
    return tr.gettext("{some} and {last}").format(some=", ".join(words[:-1]), last=words[-1])


def _owner(state: SirtetState, seat: int, tr: Translator = ENGLISH) -> str:
    if state.sides()[seat] == "first":
        return tr.gettext("the first player’s harvest")
    return tr.gettext("the second player’s harvest")


def cell_names(state: SirtetState, tr: Translator = ENGLISH) -> dict[str, str]:
    """Each board cell (its tile, or a hole; the Start cell so named) and each harvest tile
    (whose harvest it lies in), by the ids the SVG's cells carry."""
    out = {}
    names = state.ts.names
    for c in range(CELLS):
        tile = state.tile_at(c)
        if tile is not None:
            what = tile_name(names[tile], 2, tr)
        else:
            what = tr.gettext("hole, the start cell") if c == state.start else tr.gettext("hole")
        out[CELL_NAMES[c]] = f"{CELL_NAMES[c]}: {what}"
    for seat in (0, 1):
        harvest = state.harvest(seat)
        owner = tr.gettext("{tile} in {harvest}")
        for t in range(NUM_TILES):
            if harvest >> t & 1:
                out[f"h{seat}-{state.ts.codes[t]}"] = owner.format(
                    tile=tile_name(names[t], 1, tr), harvest=_owner(state, seat, tr)
                )
    return out


def off_board_words(state: SirtetState, tr: Translator = ENGLISH) -> list[str]:
    """Each harvest's tiles, then the discard zone's."""
    out = []
    for seat in (0, 1):
        tiles = ", ".join(_tiles(state, state.harvest(seat), tr))
        owner = _upper_first(_owner(state, seat, tr))
        if tiles:
            out.append(tr.gettext("{Harvest}: {tiles}").format(Harvest=owner, tiles=tiles))
        else:
            out.append(tr.gettext("{Harvest}: empty").format(Harvest=owner))
    tiles = "".join(", " + t for t in _tiles(state, state.disc, tr))
    out.append(tr.gettext("Discard zone: the Start tile{tiles}").format(tiles=tiles))
    return out


def _upper_first(words: str) -> str:
    """``words`` without a first "the " (English's article before a possessive), with a
    capital: "the first player’s harvest" -> "First player’s harvest"."""
    words = words.removeprefix("the ")
    return words[:1].upper() + words[1:]


def reason_words(reason: str, tr: Translator = ENGLISH) -> str:
    """An outcome's short reason ("largest colour group 5 v 3") in ``tr``'s language."""
    if reason == "draw: equal colour groups":
        return tr.gettext("draw: equal colour groups")
    found = re.fullmatch(r"(.+) colour group (\d+) v (\d+)", reason)
    if found is None:
        return reason
    ordinals = (
        tr.gettext("largest"),
        tr.gettext("second largest"),
        tr.gettext("third largest"),
        tr.gettext("fourth largest"),
        tr.gettext("fifth largest"),
        tr.gettext("sixth largest"),
        tr.gettext("seventh largest"),
    )
    english = dict(zip(ORDINALS, ordinals, strict=True))
    return tr.gettext("{ordinal} colour group {high} v {low}").format(
        ordinal=english.get(found[1], found[1]), high=found[2], low=found[3]
    )


def action_news(
    state: SirtetState, action: int, child: SirtetState, tr: Translator = ENGLISH
) -> list[str]:
    """The tiles a pick or a harvest takes into the mover's harvest, or a burn discards."""
    seat = state.mover
    news = []
    gained = child.harvest(seat) & ~state.harvest(seat)
    if gained:
        tiles = _tiles(state, gained, tr)
        said = (
            tr.gettext("{tiles} goes to {harvest}")
            if len(tiles) == 1
            else tr.gettext("{tiles} go to {harvest}")
        )
        news.append(said.format(tiles=_joined(tiles, tr), harvest=_owner(state, seat, tr)))
    if ACT_BURN <= action < ACT_KEEP:
        burned = child.disc & ~state.disc
        news.append(
            tr.gettext("{tiles} goes to the discard zone").format(
                tiles=_joined(_tiles(state, burned, tr), tr)
            )
        )
    return news
