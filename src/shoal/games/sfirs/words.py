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

from shoal.core.words import ENGLISH, Translator

from .geometry import CELLS, EDGE, START, cell_name
from .notation import REVIVE
from .rules import SfirsState

__all__ = ["action_news", "cell_names", "cube_words"]


def cube_words(colour: int, kind: str, tr: Translator = ENGLISH) -> str:
    """A cube in words: its colour (0 White, 1 Black) and its state (``active``,
    ``inactive``, ``start``), in ``tr``'s language: "white cube, active"."""
    if colour == 0:
        if kind == "active":
            return tr.gettext("white cube, active")
        if kind == "inactive":
            return tr.gettext("white cube, inactive")
        return tr.gettext("white cube, in the start area")
    if kind == "active":
        return tr.gettext("black cube, active")
    if kind == "inactive":
        return tr.gettext("black cube, inactive")
    return tr.gettext("black cube, in the start area")


def cell_names(state: SfirsState, tr: Translator = ENGLISH) -> dict[str, str]:
    """Every square: its name, its cube (colour and state) or empty, and its area (the start
    area, the outer edge; the play area is not named)."""
    empty = (
        tr.gettext("empty"),
        tr.gettext("empty, start area"),
        tr.gettext("empty, outer edge"),
    )
    on_edge = tr.gettext("{cube}, outer edge")
    out = {}
    for c in range(CELLS):
        name = cell_name(c)
        bit = 1 << c
        cube = state.cube_at(c)
        if cube is None:
            what = empty[1] if START & bit else empty[2] if EDGE & bit else empty[0]
            out[name] = f"{name}: {what}"
            continue
        colour, kind = cube
        what = cube_words(colour, kind, tr)
        if EDGE & bit and kind != "start":
            what = on_edge.format(cube=what)
        out[name] = f"{name}: {what}"
    return out


def _cells(bits: int, tr: Translator) -> str:
    names = [cell_name(c) for c in range(CELLS) if bits >> c & 1]
    if len(names) == 1:
        return names[0]
    return tr.gettext("{some} and {last}").format(some=", ".join(names[:-1]), last=names[-1])


def action_news(
    state: SfirsState, action: int, child: SfirsState, tr: Translator = ENGLISH
) -> list[str]:
    """The moved cube turning active or inactive (an active cube that stays so is no news),
    the other cubes the move turned inactive, and whether the chain may go on (a follow-up
    or stop)."""
    news = []
    if action < REVIVE:
        origin, to = divmod(action, CELLS)
        ends_active = bool(child.active >> to & 1)
        was_active = bool(state.active >> origin & 1)
        if ends_active and not was_active:
            news.append(tr.gettext("the cube turns active"))
        elif not ends_active:
            news.append(
                tr.gettext("the cube turns inactive")
                if was_active
                else tr.gettext("the cube ends inactive")
            )
        turned = state.active & ~child.active & ~(1 << origin)
        if turned:
            said = (
                tr.gettext("the cubes on {cells} turn inactive")
                if turned.bit_count() > 1
                else tr.gettext("the cube on {cells} turns inactive")
            )
            news.append(said.format(cells=_cells(turned, tr)))
        if child.in_chain and child.to_move == state.to_move:
            news.append(tr.gettext("the chain may go on"))
    return news
