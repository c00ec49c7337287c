"""Sytran knowledge for the AI: features, a projected-score evaluation and hint reasons.

The score is stones minus P per group, so what matters is how many groups each
side will end with. The evaluation projects the final score difference: the
stones now, half of the empty cells to each side, and each side's groups minus
the merges it can still make (empty cells touching two or more of its groups,
counted at half weight since the opponent can contest them). The difference is
squashed to [-1, 1] with ``tanh``.

>>> from shoal.games.sytran import Sytran
>>> s = Sytran(Sytran.Options(base=6)).initial()
>>> s = s.apply_text("f6")
>>> explain(s, s.parse_action("e6"))
'e6 places a Black stone on ring 1 next to a White group, contesting it'
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from shoal.core import Action, Seat
from shoal.core.words import ENGLISH, Translator

from .geometry import Geometry
from .rules import COLOUR_NAMES, SytranState, group_bitboards
from .words import colour_title

__all__ = ["evaluate", "explain", "features", "projected_scores"]


def _group_of(groups: list[int], bit: int) -> int:
    for index, group in enumerate(groups):
        if group & bit:
            return index
    return -1


def _neighbour_groups(geo: Geometry, groups: list[int], cell: int) -> set[int]:
    mask = geo.neighbour_mask[cell]
    return {i for i, g in enumerate(groups) if g & mask}


def _merge_cells(width: int, groups: list[int], empty: int) -> int:
    """Empty cells (bitboard ``empty``) that touch two or more of the given groups.

    Each group is grown by one step with the board's shifts (the adjacency
    ``group_bitboards`` uses); a cell reached by a second group counts.
    """
    if len(groups) < 2:
        return 0
    once = twice = 0
    for group in groups:
        a = group | group >> 1
        b = group | group << 1
        grown = a | b | a << width | b >> width
        twice |= once & grown
        once |= grown
    return (twice & empty).bit_count()


def projected_scores(state: SytranState) -> tuple[float, float]:
    """Projected final scores of White and Black (see the module docstring)."""
    geo = state.game.geo
    penalty = state.game.penalty
    empties = len(state.empty_cells)
    empty = geo.full & ~(state.white | state.black)
    out = []
    for colour in (0, 1):
        stones = state.stones_of(colour)
        groups = group_bitboards(stones, geo.width)
        merges = _merge_cells(geo.width, groups, empty)
        expected_groups = max(1.0, len(groups) - 0.5 * merges) if empties else len(groups)
        out.append(stones.bit_count() + empties / 2 - penalty * expected_groups)
    return out[0], out[1]


def features(state: SytranState) -> dict[str, float]:
    """Named features, differences from seat 0's point of view, plus raw counts."""
    geo = state.game.geo
    sign = -1.0 if state.swapped else 1.0  # seat 0 plays White unless swapped
    result: dict[str, float] = {}
    groups = [group_bitboards(state.stones_of(c), geo.width) for c in (0, 1)]
    empty = geo.full & ~(state.white | state.black)
    merges = [_merge_cells(geo.width, groups[c], empty) for c in (0, 1)]
    for c in (0, 1):
        name = COLOUR_NAMES[c]
        result[f"{name}_stones"] = float(state.stones_of(c).bit_count())
        result[f"{name}_groups"] = float(len(groups[c]))
        result[f"{name}_merge_cells"] = float(merges[c])
    for k in range(1, geo.num_rings + 1):
        mask = geo.ring_mask[k]
        diff = (state.white & mask).bit_count() - (state.black & mask).bit_count()
        result[f"ring{k}_stones_diff"] = sign * diff
    result["stones_diff"] = sign * (result["white_stones"] - result["black_stones"])
    result["groups_diff"] = sign * (result["white_groups"] - result["black_groups"])
    result["merge_cells_diff"] = sign * (merges[0] - merges[1])
    white, black = projected_scores(state)
    result["projected_score_diff"] = sign * (white - black)
    return result


def feature_words(names: Iterable[str], tr: Translator = ENGLISH) -> dict[str, str]:
    """The features' names in words in ``tr``'s language (``Game.feature_words``)."""
    said = {
        "white_stones": tr.gettext("white stones"),
        "black_stones": tr.gettext("black stones"),
        "white_groups": tr.gettext("white groups"),
        "black_groups": tr.gettext("black groups"),
        "white_merge_cells": tr.gettext("white merge cells"),
        "black_merge_cells": tr.gettext("black merge cells"),
        "stones_diff": tr.gettext("stones diff"),
        "groups_diff": tr.gettext("groups diff"),
        "merge_cells_diff": tr.gettext("merge cells diff"),
        "projected_score_diff": tr.gettext("projected score diff"),
    }
    out = {}
    for name in names:
        ring = name.removeprefix("ring").removesuffix("_stones_diff")
        if name not in said and ring.isdigit() and name == f"ring{ring}_stones_diff":
            out[name] = tr.gettext("ring{k} stones diff").format(k=ring)
        else:
            out[name] = said.get(name) or name.replace("_", " ")
    return out


def evaluate(state: SytranState, seat: Seat) -> float:
    """The projected score difference for ``seat``, squashed into [-1, 1]."""
    if state.outcome is not None:
        return state.outcome.value_for(seat)
    white, black = projected_scores(state)
    diff = white - black
    if state.seat_of_colour(0) != seat:
        diff = -diff
    scale = 2.0 * state.game.penalty + 10.0
    return math.tanh(diff / scale)


def explain(state: SytranState, action: Action, tr: Translator = ENGLISH) -> str:
    """A one-line reason in words for a hint (in ``tr``'s language)."""
    geo = state.game.geo
    if action == geo.num_cells:
        return tr.gettext("swap: take over White's opening stones and let the opponent play Black")
    colour = state.colour_to_move
    if colour is None:
        return tr.gettext("{cell}: the game is over").format(cell=geo.names[action])
    name = geo.names[action]
    me, them = colour_title(colour, tr), colour_title(1 - colour, tr)
    penalty = state.game.penalty
    own = _neighbour_groups(geo, group_bitboards(state.stones_of(colour), geo.width), action)
    opp = _neighbour_groups(geo, group_bitboards(state.stones_of(1 - colour), geo.width), action)
    ring = geo.ring[action]
    if len(own) >= 2:
        words = {2: tr.gettext("two"), 3: tr.gettext("three")}
        count = words.get(len(own), str(len(own)))
        saved = penalty * (len(own) - 1)
        return tr.gettext("{cell} joins {count} {side} groups, saving {points} points").format(
            cell=name, count=count, side=me, points=saved
        )
    if len(opp) >= 2:
        return tr.gettext(
            "{cell} keeps {count} {side} groups apart, denying {side} {points} points"
        ).format(cell=name, count=len(opp), side=them, points=penalty * (len(opp) - 1))
    if own:
        return tr.gettext(
            "{cell} extends a {side} group on ring {ring} without adding a group"
        ).format(cell=name, side=me, ring=ring)
    if opp:
        return tr.gettext(
            "{cell} places a {side} stone on ring {ring} next to a {other} group, contesting it"
        ).format(cell=name, side=me, ring=ring, other=them)
    return tr.gettext(
        "{cell} starts a new {side} group on ring {ring} (costs {points} points unless joined)"
    ).format(cell=name, side=me, ring=ring, points=penalty)
