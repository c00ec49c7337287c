"""Syrtis (David Vander Laan): consolidate your colour or shape on a sinking island.

Modules (the same names in every game): :mod:`.game` (the Game object: options, start,
loading, hooks), :mod:`.rules` (the state: legal actions, apply, end of game),
:mod:`.geometry` (cells, masks, action numbers), :mod:`.notation` (action and turn text,
position strings), :mod:`.explain` (why an action is illegal, in words), :mod:`.render`
(text, SVG, click paths), :mod:`.diagrams` (rules-page pictures), :mod:`.heuristics`
(features, evaluation, hint reasons); and :mod:`.setup` (the random start board).

>>> from shoal.games import get
>>> s = get("syrtis", variant="minor").load("cSsC/ScLCDs/sLCcSD/CsSc play 0 0 - 0,0 9")
>>> sorted(s.legal_texts())
['b3-b2', 'b3-c2', 'pass', 'xa1', 'xa3', 'xb4']
"""

from .game import GAME_CLASS, Syrtis, SyrtisOptions
from .rules import SyrtisState

__all__ = ["GAME_CLASS", "Syrtis", "SyrtisOptions", "SyrtisState"]
