"""Sytran (Christian Freeling, 2023): Strands placement and Symple scoring on a hexhex board.

Modules (the same names in every game): :mod:`.game` (the Game object: options, start,
loading, hooks), :mod:`.rules` (the state: legal actions, apply, end of game),
:mod:`.geometry` (cells, rings, names, bitboards), :mod:`.notation` (action and turn
text, position strings), :mod:`.explain` (why an action is illegal, in words),
:mod:`.render` (text, SVG, click paths), :mod:`.diagrams` (rules-page pictures),
:mod:`.heuristics` (features, evaluation, hint reasons).

>>> from shoal.games import get
>>> game = get("sytran", base=6)
>>> game.geo.num_cells, game.num_distinct_actions
(91, 92)
"""

from .game import Sytran, SytranOptions
from .rules import SytranState

GAME_CLASS = Sytran

__all__ = ["GAME_CLASS", "Sytran", "SytranOptions", "SytranState"]
