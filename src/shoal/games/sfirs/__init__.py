"""SFIRS (Martijn Althuisen, SPLLN): cubes leave the start area; the last to move one in play wins.

Modules (the same names in every game): :mod:`.game` (the Game object: options, start,
loading, hooks), :mod:`.rules` (the state: legal actions, apply, end of game),
:mod:`.geometry` (board tables, move rays), :mod:`.notation` (action and turn text,
position strings), :mod:`.explain` (why an action is illegal, in words), :mod:`.render`
(text, SVG, click paths), :mod:`.diagrams` (rules-page pictures), :mod:`.heuristics`
(features, evaluation, hint reasons).

Rules: docs/games/sfirs.md.

>>> from shoal.games.sfirs import Sfirs
>>> Sfirs().initial().position()
'12/1B8B1/12/12/4bwbw4/4wbwb4/4bwbw4/4wbwb4/12/12/1W8W1/12 w - - 0 wb'
"""

from .game import Sfirs, SfirsOptions
from .rules import SfirsState

GAME_CLASS = Sfirs

__all__ = ["GAME_CLASS", "Sfirs", "SfirsOptions", "SfirsState"]
