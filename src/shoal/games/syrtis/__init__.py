"""Syrtis (David Vander Laan): consolidate your colour or shape on a sinking island.

Package layout: :mod:`.geometry` (cells, masks, action numbers), :mod:`.rules`
(state, legal actions, end of game), :mod:`.notation` (action text, position
strings), :mod:`.illegal` (reasons for refusals), :mod:`.render` (text, SVG,
click paths), :mod:`.heuristics` (features, evaluation, hints),
:mod:`.diagrams` (rules-page pictures).

>>> from shoal.games import get
>>> s = get("syrtis", variant="minor").load("cSsC/ScLCDs/sLCcSD/CsSc play 0 0 - 0,0 9")
>>> sorted(s.legal_texts())
['b3-b2', 'b3-c2', 'pass', 'xa1', 'xa3', 'xb4']
"""

from .game import GAME_CLASS, Syrtis, SyrtisOptions
from .rules import SyrtisState

__all__ = ["GAME_CLASS", "Syrtis", "SyrtisOptions", "SyrtisState"]
