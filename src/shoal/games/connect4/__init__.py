"""Connect Four, the calibration game (listed only by ``shoal games --all``).

Kept minimal on purpose: one module, :mod:`.rules`, holds the state, the game
object, its notation and its text and SVG rendering.
"""

from .rules import GAME_CLASS, Connect4, Connect4Options, Connect4State

__all__ = ["GAME_CLASS", "Connect4", "Connect4Options", "Connect4State"]
