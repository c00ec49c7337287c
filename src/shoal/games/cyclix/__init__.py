"""Cyclix: Shakti kings, rooks, bishops and knights on a vanishing board of 49 tiles.

Modules (the same names in every game): :mod:`.game` (the Game object: options, start,
loading, hooks), :mod:`.rules` (the state: legal actions, apply, end of game),
:mod:`.geometry` (squares, rays, action numbers), :mod:`.notation` (action and turn
text, position strings), :mod:`.explain` (why an action is illegal, in words),
:mod:`.render` (text, SVG, click paths), :mod:`.diagrams` (rules-page pictures),
:mod:`.heuristics` (features, evaluation, hint reasons).

>>> from shoal.games import get
>>> s = get("cyclix").initial()
>>> sorted(s.legal_texts())[:4]
['Ba2-b1', 'Ba2-b3', 'Ba2-c4', 'Ba2-d5']
"""

from .game import BOTH_FORFEITS_DRAW, GAME_CLASS, Cyclix, CyclixOptions
from .notation import START_POSITION
from .rules import CyclixState

__all__ = [
    "BOTH_FORFEITS_DRAW",
    "GAME_CLASS",
    "START_POSITION",
    "Cyclix",
    "CyclixOptions",
    "CyclixState",
]
