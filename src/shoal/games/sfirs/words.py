"""SFIRS for a player who does not see the board: each square's name with its cube and its
area, and what a move does besides its label: the cubes it turns (active or inactive) and
whether the chain may go on.

>>> from shoal.games.sfirs import Sfirs
>>> s = Sfirs().initial()
>>> names = cell_names(s)
>>> names["b2"], names["e5"]
('b2: white cube, active', 'e5: white cube, in the start area')
>>> names["a1"], names["c3"]
('a1: empty, outer edge', 'c3: empty')
>>> move = s.parse_action("h8-k8")
>>> action_news(s, move, s.child(move))
['the cube turns active']
>>> s = s.child(move)
>>> move = s.parse_action("h5-h1")
>>> action_news(s, move, s.child(move))
['the cube ends inactive', 'the chain may go on']
"""

from __future__ import annotations

from .geometry import CELLS, EDGE, START, cell_name
from .notation import REVIVE
from .rules import SfirsState

__all__ = ["action_news", "cell_names"]

_SIDES = ("white", "black")


def cell_names(state: SfirsState) -> dict[str, str]:
    """Every square: its name, its cube (colour and state) or empty, and its area (the start
    area, the outer edge; the play area is not named)."""
    out = {}
    for c in range(CELLS):
        name = cell_name(c)
        bit = 1 << c
        cube = state.cube_at(c)
        if cube is None:
            where = ", start area" if START & bit else ", outer edge" if EDGE & bit else ""
            out[name] = f"{name}: empty{where}"
            continue
        colour, kind = cube
        state_words = "in the start area" if kind == "start" else kind
        edge = ", outer edge" if EDGE & bit and kind != "start" else ""
        out[name] = f"{name}: {_SIDES[colour]} cube, {state_words}{edge}"
    return out


def _cells(bits: int) -> str:
    names = [cell_name(c) for c in range(CELLS) if bits >> c & 1]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def action_news(state: SfirsState, action: int, child: SfirsState) -> list[str]:
    """The moved cube turning active or inactive (an active cube that stays so is no news),
    the other cubes the move turned inactive, and whether the chain may go on (a follow-up
    or stop)."""
    news = []
    if action < REVIVE:
        origin, to = divmod(action, CELLS)
        ends_active = bool(child.active >> to & 1)
        was_active = bool(state.active >> origin & 1)
        if ends_active and not was_active:
            news.append("the cube turns active")
        elif not ends_active:
            news.append("the cube turns inactive" if was_active else "the cube ends inactive")
        turned = state.active & ~child.active & ~(1 << origin)
        if turned:
            many = turned.bit_count() > 1
            news.append(
                f"{'the cubes on' if many else 'the cube on'} {_cells(turned)} "
                f"turn{'' if many else 's'} inactive"
            )
        if child.in_chain and child.to_move == state.to_move:
            news.append("the chain may go on")
    return news
