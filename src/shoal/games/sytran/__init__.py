"""Sytran (Christian Freeling, 2023): Strands placement and Symple scoring on a hexhex board.

Modules: :mod:`.geometry` (cells, rings, names, bitboards), :mod:`.rules` (the
state: count rule, swap, score), :mod:`.notation` (cell names, position
strings), :mod:`.render` (text and SVG), :mod:`.heuristics` (features,
evaluation, explanations) and :mod:`.game` (the :class:`Sytran` game object).

>>> from shoal.games import get
>>> game = get("sytran", base=6)
>>> game.geo.num_cells, game.num_distinct_actions
(91, 92)
"""

from .game import Sytran, SytranOptions
from .rules import SytranState

GAME_CLASS = Sytran

__all__ = ["GAME_CLASS", "Sytran", "SytranOptions", "SytranState"]
