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

from shoal.core.words import ENGLISH, Translator

from .notation import SETUP_WORDS
from .rules import CHOOSE, PLACE, PLAY, SWAP

if TYPE_CHECKING:
    from .geometry import Geometry
    from .rules import SyrtisState

__all__ = ["action_label", "ending_sentence", "why_illegal"]

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
        if phase == CHOOSE:
            return "all four towers are placed: seat 1 now chooses a side"
        if phase == PLAY:
            return "towers are placed only during the set-up"
        return "towers are placed only after the pair switching: " + _phase_task(state)
    if geo.swap_base <= action < geo.pass_action:
        if phase != SWAP:
            return "pairs are switched only during the set-up, while a colour or shape is connected"
        cell = action - geo.swap_base
        first = state.game.pair_first(cell)
        if first != cell:
            return f"a pair is named by its first cell: swap {names[first]}"
        return f"the two tiles of the pair at {names[cell]} are alike"
    if action in (geo.light_action, geo.dark_action):
        if phase == PLAY:
            return "the sides are already chosen"
        return "the side choice comes after the four towers are placed: " + _phase_task(state)
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
            if occupied & fbit:
                verb = "slides only tiles under its own towers" if slide else "moves only its own"
                return f"{names[f]} carries a {_SIDE[1 - side]} tower: {who} {verb}"
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
            return _split(state, (tiles & ~fbit) | tbit, f"after the slide to {names[t]}")
        if not tiles & tbit:
            return f"{names[t]} has no tile: a tower moves only onto a tile"
        if occupied & tbit:
            return f"{names[t]} is occupied by a tower"
        return f"{names[t]} is not in the tower's {_islands_of(state, side, f)}"
    if action < geo.place_l_base:
        t = action - geo.sink_base
        tbit = 1 << t
        if not tiles & tbit:
            return f"{names[t]} has no tile"
        if occupied & tbit:
            return f"{names[t]} carries a tower"
        if not geo.neighbours(own_towers) & tbit:
            if _diagonal(geo, own_towers) & tbit:
                return (
                    f"{names[t]} touches a tile carrying a {who} tower only at a corner: "
                    "it must share an edge"
                )
            return f"{names[t]} is not next to a tile carrying a {who} tower"
        empty = geo.full & ~tiles
        if not (geo.neighbours(empty) | geo.border) & tbit:
            return f"{names[t]} has no open edge: all four of its neighbours are tiles"
        return _split(state, tiles & ~tbit, f"without {names[t]}")
    return "it is not a legal action in this position"


def _islands_of(state: SyrtisState, side: int, cell: int) -> str:
    """The islands a tower on ``cell`` moves through, e.g. "light island (b3 is a light
    square)" or "light or circle island"."""
    bit = 1 << cell
    colour, shape = _OWN[side]
    is_light, is_circle = bool(state.light & bit), bool(state.circle & bit)
    has_colour = is_light == (side == 0)
    has_shape = is_circle == (side == 0)
    tile = f"{'light' if is_light else 'dark'} {'circle' if is_circle else 'square'}"
    where = state.geo.names[cell]
    if has_colour and has_shape:
        return f"{colour} or {shape} island"
    if has_colour:
        return f"{colour} island ({where} is a {tile})"
    return f"{shape} island ({where} is a {tile})"


def _split(state: SyrtisState, tiles: int, when: str) -> str:
    """Why a sink or slide leaving ``tiles`` is illegal: the tiles fall apart."""
    groups = state.geo.islands(tiles)
    return f"{when} the tiles would fall apart into {groups} groups: they must stay connected"


def _diagonal(geo: Geometry, bits: int) -> int:
    """The cells touching a cell of ``bits`` at a corner only."""
    n = geo.n
    rows = ((bits << n) & geo.full) | (bits >> n)
    return ((rows << 1) & geo.not_first) | ((rows >> 1) & geo.not_last)


def _phase_task(state: SyrtisState) -> str:
    if state.phase != PLAY:
        return SETUP_WORDS[state.phase].duty
    return "it is not a legal action in this position"


def side_title(side: str, tr: Translator = ENGLISH) -> str:
    """A side (``light``, ``dark``) as a sentence names its player, with a capital: the
    side's word on the game page (``light``) in ``tr``'s language."""
    word = {"light": tr.gettext("light"), "dark": tr.gettext("dark")}.get(side, side)
    return word[:1].upper() + word[1:]


def setup_status(phase: int, tr: Translator = ENGLISH) -> str:
    """A set-up phase's step for the status line (:data:`SETUP_WORDS`' ``status``), in
    ``tr``'s language."""
    if phase == SWAP:
        return tr.gettext(
            "the set-up player switches pairs until no colour or shape is all one group"
        )
    if phase == PLACE:
        return tr.gettext("the set-up player places the towers")
    if phase == CHOOSE:
        return tr.gettext("the other player chooses Light or Dark")
    return SETUP_WORDS[phase].status


def ending_sentence(state: SyrtisState, tr: Translator = ENGLISH) -> str:
    """How a finished game ended, in a sentence (who won and why that wins), in ``tr``'s
    language."""
    outcome = state.outcome
    if outcome is None or outcome.winner is None:
        return ""
    sides = state.sides()
    winner = side_title(sides[outcome.winner], tr)
    passer = side_title("light" if state.passes[0] >= state.passes[1] else "dark", tr)
    reason = outcome.reason
    if reason == "quicksand race":
        return tr.gettext(
            "{side} sank four tiles in a row and wins the race against the quicksand."
        ).format(side=winner)
    if reason == "complete island":
        return tr.gettext(
            "{side} wins with a complete island: all their remaining tiles of one colour, "
            "or of one shape, touch in a single group."
        ).format(side=winner)
    if reason == "initiative: both islands complete":
        why = tr.gettext("Both players completed an island at once")
    elif reason == "initiative: consecutive passes":
        why = tr.gettext("Both players passed, one after the other")
    elif reason == "initiative: four passes":
        why = tr.gettext("{side} passed four turns in a row").format(side=passer)
    elif reason == "initiative: turn limit":
        why = tr.gettext("The game reached its turn limit")
    else:
        return tr.gettext("{side} wins: {reason}.").format(side=winner, reason=reason)
    if state.sinker < 0:
        return tr.gettext(
            "{why}, so the initiative decides: nobody sank a tile, and {side}, who moved "
            "first, wins."
        ).format(why=why, side=side_title("light", tr))
    return tr.gettext(
        "{why}, so the initiative decides: {side} sank a tile most recently and wins."
    ).format(why=why, side=winner)


def reason_words(reason: str, tr: Translator = ENGLISH) -> str:
    """An outcome's short reason (``quicksand race``...) in ``tr``'s language."""
    return {
        "quicksand race": tr.gettext("quicksand race"),
        "complete island": tr.gettext("complete island"),
        "initiative: both islands complete": tr.gettext("initiative: both islands complete"),
        "initiative: consecutive passes": tr.gettext("initiative: consecutive passes"),
        "initiative: four passes": tr.gettext("initiative: four passes"),
        "initiative: turn limit": tr.gettext("initiative: turn limit"),
    }.get(reason, reason)


def action_label(text: str, tr: Translator = ENGLISH) -> str:
    """An action's notation in words, for menus and buttons (in ``tr``'s language).

    >>> action_label("L@e3"), action_label("swap c1"), action_label("a3>b2")
    ('Light tower on e3', 'Switch the pair of c1', 'Slide the tile on a3 to b2')
    """
    if text.startswith("L@"):
        return tr.gettext("Light tower on {cell}").format(cell=text[2:])
    if text.startswith("D@"):
        return tr.gettext("Dark tower on {cell}").format(cell=text[2:])
    if text.startswith("swap "):
        return tr.gettext("Switch the pair of {cell}").format(cell=text[5:])
    if text.startswith("x"):
        return tr.gettext("Sink the tile on {cell}").format(cell=text[1:])
    if ">" in text:
        frm, to = text.split(">")
        return tr.gettext("Slide the tile on {a} to {b}").format(a=frm, b=to)
    if "-" in text:
        frm, to = text.split("-")
        return tr.gettext("Move the tower on {a} to {b}").format(a=frm, b=to)
    if text == "pass":
        return tr.gettext("Pass")
    if text == "light":
        return tr.gettext("Play Light")
    if text == "dark":
        return tr.gettext("Play Dark")
    return text
