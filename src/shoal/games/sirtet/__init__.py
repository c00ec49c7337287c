"""Sirtet (Giuliano Polverari): harvest coloured tetromino tiles from a 6x6 board.

Modules (the same names in every game): :mod:`.game` (the Game object: options, start,
loading, hooks), :mod:`.rules` (the state: legal actions, apply, end of game),
:mod:`.geometry` (cells, tiles, shapes, action numbers), :mod:`.notation` (action and
turn text, position strings), :mod:`.explain` (why an action is illegal, in words),
:mod:`.render` (text, SVG, click paths), :mod:`.diagrams` (rules-page pictures),
:mod:`.heuristics` (features, evaluation, hint reasons); and :mod:`.observe` (board-plane
observations for learning agents).

Action numbers (489 in all; each number has one meaning in every phase):

=========  ===========  ==========================================
numbers    action       meaning
=========  ===========  ==========================================
0-35       pick CELL    initial pick (cell = 6 * file + rank)
36-71      take CELL    the tile of a Single Harvest
72-107     burn CELL    the optional board discard of a Single Harvest
108        keep         no board discard
109        pass
110-144    double TILE  discard TILE (0-34) for a Double Harvest
145-179    single TILE  discard TILE for a Single Harvest
180-214    drop TILE    an equalising discard at the end
215-488    take A+B     the pair number of cells A < B (the 274 pairs
                        some shape reaches)
=========  ===========  ==========================================

>>> game = Sirtet()
>>> state = game.initial(5)
>>> state.phase_name, state.to_move
('pick', 0)
>>> state = state.apply(state.legal_actions()[0])
>>> state = state.apply(state.legal_actions()[0])
>>> state.phase_name, state.to_move, state.turn
('choose', 0, 2)
"""

from .game import Sirtet
from .rules import SirtetOptions, SirtetState

GAME_CLASS = Sirtet

__all__ = ["GAME_CLASS", "Sirtet", "SirtetOptions", "SirtetState"]
