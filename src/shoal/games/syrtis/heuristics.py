"""What the AI knows about Syrtis: features, an evaluation in [-1, 1], hint reasons.

Features per side (``l_`` Light, ``d_`` Dark): ``islands`` the fewest islands
of its colour or of its shape (1 means complete), ``colour_islands``,
``shape_islands``, ``mobility`` (tower move destinations), ``sinks`` (tiles it
could sink now) and the race state ``race`` (the sink streak, positive for
Light, negative for Dark).

>>> from shoal.games.syrtis import Syrtis
>>> g = Syrtis.with_options({"variant": "minor"})
>>> s = g.load("cSsC/ScLCDs/sLCcSD/CsSc play 0 0 - 0,0 9")
>>> f = g.features(s)
>>> f["l_islands"], f["d_islands"], f["race"]
(5.0, 4.0, 0.0)
>>> -1 <= g.evaluate(s, 0) <= 1
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from shoal.core import Action, Seat
from shoal.core.words import ENGLISH, Translator

from .geometry import Geometry
from .rules import DARK, LIGHT, PLAY, RACE_LENGTH, SyrtisState

__all__ = ["evaluate", "explain", "feature_words", "features"]

_SIDE = ("Light", "Dark")
_SETS = (("light", "circle"), ("dark", "square"))


def _sets(state: SyrtisState, side: int) -> tuple[int, int]:
    tiles = state.tiles
    if side == LIGHT:
        return state.light, state.circle
    return tiles & ~state.light, tiles & ~state.circle


def _island_counts(geo: Geometry, tiles: int, light: int, circle: int) -> list[list[int]]:
    """Islands of [[light, circle], [dark, square]]."""
    return [
        [geo.islands(light & tiles), geo.islands(circle & tiles)],
        [geo.islands(tiles & ~light), geo.islands(tiles & ~circle)],
    ]


def _mobility(state: SyrtisState, side: int) -> tuple[int, int]:
    geo = state.geo
    colour, shape = _sets(state, side)
    occupied = state.towers[0] | state.towers[1]
    own = state.towers[side]
    moves = 0
    tmp = own
    while tmp:
        fbit = tmp & -tmp
        tmp ^= fbit
        dests = 0
        if fbit & colour:
            dests = geo.flood(fbit, colour)
        if fbit & shape:
            dests |= geo.flood(fbit, shape)
        moves += (dests & ~occupied).bit_count()
    empty = geo.full & ~state.tiles
    open_tiles = state.tiles & (geo.neighbours(empty) | geo.border)
    sinks = (geo.neighbours(own) & open_tiles & ~occupied).bit_count()
    return moves, sinks


def features(state: SyrtisState) -> dict[str, float]:
    """Named features (absolute, per side)."""
    geo = state.geo
    counts = _island_counts(geo, state.tiles, state.light, state.circle)
    out: dict[str, float] = {}
    for side, prefix in ((LIGHT, "l_"), (DARK, "d_")):
        moves, sinks = _mobility(state, side)
        out[prefix + "colour_islands"] = float(counts[side][0])
        out[prefix + "shape_islands"] = float(counts[side][1])
        out[prefix + "islands"] = float(max(1, min(counts[side])))
        out[prefix + "mobility"] = float(moves)
        out[prefix + "sinks"] = float(sinks)
    race = 0 if state.sinker < 0 else state.streak * (1 if state.sinker == LIGHT else -1)
    out["race"] = float(race)
    out["tiles"] = float(state.tiles.bit_count())
    return out


def feature_words(names: Iterable[str], tr: Translator = ENGLISH) -> dict[str, str]:
    """The features' names in words in ``tr``'s language (``Game.feature_words``); the
    English is the key's (``l_`` Light's, ``d_`` Dark's)."""
    said = {
        "l_colour_islands": tr.gettext("l colour islands"),
        "l_shape_islands": tr.gettext("l shape islands"),
        "l_islands": tr.gettext("l islands"),
        "l_mobility": tr.gettext("l mobility"),
        "l_sinks": tr.gettext("l sinks"),
        "d_colour_islands": tr.gettext("d colour islands"),
        "d_shape_islands": tr.gettext("d shape islands"),
        "d_islands": tr.gettext("d islands"),
        "d_mobility": tr.gettext("d mobility"),
        "d_sinks": tr.gettext("d sinks"),
        "race": tr.gettext("race"),
        "tiles": tr.gettext("tiles"),
    }
    return {name: said.get(name) or name.replace("_", " ") for name in names}


def evaluate(state: SyrtisState, seat: Seat) -> float:
    """A value in [-1, 1] from ``seat``'s point of view (0 before the side choice)."""
    if state.outcome is not None:
        return state.outcome.value_for(seat)
    if state.phase != PLAY:
        return 0.0
    f = features(state)
    # Light's advantage: fewer islands to join, more mobility, the race
    score = 0.55 * (f["d_islands"] - f["l_islands"])
    score += 0.04 * (f["l_mobility"] - f["d_mobility"])
    score += 0.08 * (f["l_sinks"] - f["d_sinks"])
    score += 0.35 * f["race"] * abs(f["race"]) / RACE_LENGTH
    value = math.tanh(score / 2.0)
    side = LIGHT if seat == state.light_seat else DARK
    return value if side == LIGHT else -value


def _island(side: int, k: int, tr: Translator) -> tuple[str, str]:
    """A side's (0 Light, 1 Dark) colour (k 0) or shape (k 1) island, and its tiles, in
    words: ("Light's circle island", "Light's circle tiles")."""
    if side == 0:
        if k == 0:
            return tr.gettext("Light's light island"), tr.gettext("Light's light tiles")
        return tr.gettext("Light's circle island"), tr.gettext("Light's circle tiles")
    if k == 0:
        return tr.gettext("Dark's dark island"), tr.gettext("Dark's dark tiles")
    return tr.gettext("Dark's square island"), tr.gettext("Dark's square tiles")


def explain(state: SyrtisState, action: Action, tr: Translator = ENGLISH) -> str:
    """A one-line reason in words for playing ``action`` in ``state`` (in ``tr``'s
    language)."""
    from .explain import reason_words

    geo = state.geo
    text = state.action_text(action)
    after = state.child(action)
    if state.phase != PLAY:
        if action >= geo.swap_base and action < geo.pass_action:
            return tr.gettext("{move} breaks up the fully connected colour or shape").format(
                move=text
            )
        if action in (geo.light_action, geo.dark_action):
            return tr.gettext("{move}: this side looks better placed after the set-up").format(
                move=text
            )
        return tr.gettext("{move} places a tower where it has room to move and sink").format(
            move=text
        )
    side = state.side_to_move
    assert side is not None
    if after.outcome is not None:
        reason = reason_words(after.outcome.reason, tr)
        if after.outcome.winner == state.to_move:
            return tr.gettext("{move} wins at once ({reason})").format(move=text, reason=reason)
        return tr.gettext("{move} loses at once ({reason}): only if nothing else is left").format(
            move=text, reason=reason
        )
    if action == geo.pass_action:
        return tr.gettext("pass: every other action helps the opponent more")
    before = _island_counts(geo, state.tiles, state.light, state.circle)
    now = _island_counts(geo, after.tiles, after.light, after.circle)
    for k in (0, 1):
        if now[side][k] < before[side][k]:
            island, tiles = _island(side, k, tr)
            if now[side][k] <= 1:
                return tr.gettext("{move} completes {island}").format(move=text, island=island)
            return tr.gettext("{move} leaves {tiles} in {n} islands, one fewer").format(
                move=text, tiles=tiles, n=now[side][k]
            )
    for k in (0, 1):
        if now[1 - side][k] > before[1 - side][k]:
            island = _island(1 - side, k, tr)[0]
            if geo.sink_base <= action < geo.place_l_base:
                return tr.gettext("{move} sinks the last link of {island}").format(
                    move=text, island=island
                )
            return tr.gettext("{move} splits {island} in two").format(move=text, island=island)
    if geo.sink_base <= action < geo.place_l_base:
        if after.sinker == side and after.streak >= 2:
            return tr.gettext("{move} is sink {n} of {race} in the quicksand race").format(
                move=text, n=after.streak, race=RACE_LENGTH
            )
        return tr.gettext("{move} sinks a tile and takes the initiative").format(move=text)
    if action >= geo.slide_base:
        return tr.gettext("{move} slides a tower's tile to a better spot inside the box").format(
            move=text
        )
    _, sinks = _mobility(after, side)
    return tr.gettext("{move} moves a tower where it can sink {n} tiles").format(move=text, n=sinks)
