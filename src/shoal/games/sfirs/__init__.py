"""SFIRS (Martijn Althuisen, SPLLN): cubes leave the start area; the last to move one in play wins.

Rules: docs/games/sfirs.md. Modules: :mod:`.geometry` (board tables),
:mod:`.rules` (state and legal actions), :mod:`.notation` (action texts and the
position string), :mod:`.render`, :mod:`.heuristics`, :mod:`.diagrams`,
:mod:`.game` (the Game object).

>>> from shoal.games.sfirs import Sfirs
>>> Sfirs().initial().position()
'12/1B8B1/12/12/4bwbw4/4wbwb4/4bwbw4/4wbwb4/12/12/1W8W1/12 w - - 0 wb'
"""

from .game import Sfirs, SfirsOptions
from .rules import SfirsState

GAME_CLASS = Sfirs

__all__ = ["GAME_CLASS", "Sfirs", "SfirsOptions", "SfirsState"]
