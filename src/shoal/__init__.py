"""shoal: five two-player abstract games, their AI, and ways to play and study them.

>>> import shoal.games
>>> game = shoal.games.get("connect4")
>>> state = game.initial()
>>> state.apply_text("d").to_move
1
"""

__version__ = "0.1.0"
__all__ = ["__version__"]
