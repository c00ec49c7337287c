"""The games of shoal, one package each, found through :data:`REGISTRY`.

>>> from shoal import games
>>> 'connect4' in games.ids(all=True)
True
>>> games.get("connect4").title
'Connect Four'
"""

from __future__ import annotations

from typing import Any

from shoal.core import Game, GameEntry, Registry

__all__ = ["REGISTRY", "get", "ids"]

REGISTRY = Registry(
    [
        GameEntry("syrtis", "Syrtis", "shoal.games.syrtis"),
        GameEntry("sirtet", "Sirtet", "shoal.games.sirtet"),
        GameEntry("sytran", "Sytran", "shoal.games.sytran"),
        GameEntry("cyclix", "Cyclix", "shoal.games.cyclix"),
        GameEntry("sfirs", "SFIRS", "shoal.games.sfirs"),
        GameEntry("connect4", "Connect Four", "shoal.games.connect4", listed=False),
    ]
)


def get(game_id: str, **options: Any) -> Game:
    """The game ``game_id`` with options by name, e.g. ``get("sytran", base=8)``."""
    return REGISTRY.get(game_id, **options)


def ids(*, all: bool = False) -> tuple[str, ...]:
    """The ids of the listed games (with ``all``, also the calibration game)."""
    return REGISTRY.ids(all=all)
