"""Sytran: why a stone or a swap is illegal, in words (the reasons behind every refusal).

>>> from shoal.games import get
>>> state = get("sytran").initial()
>>> swap_reason(state)
"only Black may swap, on Black's first decision"
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shoal.core.words import ENGLISH, Translator

from .shortage import literal_reason, strands_reason

if TYPE_CHECKING:
    from .rules import SytranState

__all__ = ["cell_reason", "swap_reason"]


def swap_reason(state: SytranState) -> str:
    """Why ``swap`` is illegal in ``state``."""
    if state.swapped:
        return "the swap has already been made"
    if state.turn == 0:
        return "only Black may swap, on Black's first decision"
    return "the swap is only allowed as Black's first decision"


def cell_reason(state: SytranState, cell: int) -> str:
    """Why a stone on ``cell`` is illegal in ``state``."""
    geo = state.game.geo
    name = geo.names[cell]
    if state.cell_colour(cell) is not None:
        return f"{name} is occupied"
    ring = geo.ring[cell]
    n = state.placed
    if ring > n and state.game.shortage == "literal":
        return literal_reason(geo, state.empty_cells, n, state.smallest, cell)
    if n and state.game.shortage == "strands":
        return strands_reason(geo, state.smallest, cell)
    return (
        f"{name} is on ring {ring}: after {n} stone{'s' if n != 1 else ''} this turn "
        f"(innermost ring {state.smallest}) a further stone must go on ring {n + 1} or "
        f"beyond, since a stone on ring {ring} would allow only {ring} "
        f"stone{'s' if ring != 1 else ''} in the turn"
    )


def action_label(text: str, tr: Translator = ENGLISH) -> str:
    """A stone or the swap in words, for menus, buttons and a screen reader.

    >>> action_label("h6"), action_label("swap")
    ('Stone on h6', 'Swap colours')
    """
    if text == "swap":
        return tr.gettext("Swap colours")
    return tr.gettext("Stone on {cell}").format(cell=text)
