"""Pictures for the Sytran rules page, built from real positions (``game.diagrams()``).

>>> from shoal.games.sytran import Sytran
>>> [d.name for d in Sytran().diagrams()]
['rings', 'coordinates', 'turn-of-three', 'swap', 'final']
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from shoal.core import Diagram

from .rules import SytranState, colour_scores, count_groups

if TYPE_CHECKING:
    from .game import Sytran

__all__ = ["diagrams"]


def _play(state: SytranState, *texts: str) -> SytranState:
    for text in texts:
        for action in state.parse_turn(text):
            state = state.child(action)
    return state


def diagrams(game: Sytran) -> list[Diagram]:
    """The rules page's pictures: rings, coordinates, a turn of three, the swap, a final score."""
    game_class = type(game)
    out = []
    start = game.initial()
    geo = game.geo
    sizes = ", ".join(str(geo.ring_sizes[k]) for k in range(1, geo.num_rings + 1))
    ring1 = tuple(geo.names[c] for c in range(geo.num_cells) if geo.ring[c] == 1)
    out.append(
        Diagram(
            "rings",
            f"The base-{geo.base} board: rings 1 (centre, lightest) to {geo.num_rings} "
            f"(rim, darkest) with {sizes} cells; ring 1 outlined.",
            start,
            highlight=ring1,
        )
    )
    base10 = game if geo.base == 10 else game_class(game_class.Options(base=10))
    names = ("j10", "i10", "k10", "j9", "j11", "k9", "i11", "a10", "a19", "j19", "s10", "s1", "j1")
    out.append(
        Diagram(
            "coordinates",
            "Coordinates on base 10: the centre j10, its six neighbours and the corners "
            "a10, a19, j19, s10, s1 and j1.",
            base10.initial(),
            highlight=names,
        )
    )
    if geo.base == 10:
        before = _play(start, "j11", "b12,e7,h19,p2,r9")
        after = _play(before, "f11,l5,m13")
        turn = before.parse_turn("f11,l5,m13")
        out.append(
            Diagram(
                "turn-of-three",
                "White's turn f11,l5,m13: its innermost stone is on ring 3, so it places "
                "exactly three stones (marked).",
                after,
                last=tuple(turn),
            )
        )
        opening = _play(start, "b12,e7,h19,p2,r9")
        swapped = opening.child(geo.num_cells)
        out.append(
            Diagram(
                "swap",
                "White opened with five rim stones; Black swapped: the stones stay White, "
                "the player who placed them now plays Black and moves.",
                swapped,
                last=tuple(start.parse_turn("b12,e7,h19,p2,r9")),
            )
        )
    small = game if geo.base == 6 else game_class(game_class.Options(base=6, penalty=game.penalty))
    rng = random.Random(7)
    state = small.initial()
    turn_actions: list[int] = []
    while state.outcome is None:
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        if state.placed == 0:
            turn_actions = []
        turn_actions.append(action)
        state = state.child(action)
    white, black = state.white, state.black
    w_score, b_score = colour_scores(white, black, small.geo.width, small.penalty)
    wg = count_groups(white, small.geo.width)
    bg = count_groups(black, small.geo.width)
    out.append(
        Diagram(
            "final",
            f"A finished base-6 game (P = {small.penalty}): White {white.bit_count()} stones "
            f"in {wg} groups scores {white.bit_count()} - {small.penalty} x {wg} = {w_score}; "
            f"Black {black.bit_count()} stones in {bg} groups scores {b_score}.",
            state,
            last=tuple(turn_actions),
        )
    )
    return out
