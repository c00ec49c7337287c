"""Connect Four, the calibration game (listed only by ``shoal games --all``)."""

from .rules import GAME_CLASS, Connect4, Connect4Options, Connect4State

__all__ = ["GAME_CLASS", "Connect4", "Connect4Options", "Connect4State"]
