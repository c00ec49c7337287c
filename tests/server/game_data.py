"""A stored game's row as the store takes it: a local connect4 game, for tests of the store;
a move made on it, and the game as another process reads it back."""

from __future__ import annotations

import dataclasses
from typing import Any

from shoal.server.games.models import GameData
from shoal.server.games.store import Store


def local_game(game_id: str, version: int = 1, actions: list[int] | None = None) -> GameData:
    """A local connect4 game ``game_id`` at ``version`` with these ``actions`` (none)."""
    return GameData(
        id=game_id,
        game="connect4",
        options={},
        seed=0,
        start=None,
        mode="local",
        level=None,
        computer_seat=None,
        players=["a", "b"],
        token_hashes=["x", "x"],
        actions=list(actions or []),
        clock=None,
        ended=None,
        version=version,
    )


def moved(data: GameData, action: int, **changes: Any) -> GameData:
    """``data`` with ``action`` played, the version raised and ``changes`` made (nothing stored)."""
    return dataclasses.replace(
        data, actions=[*data.actions, action], version=data.version + 1, **changes
    )


def read_back(url: str, game_id: str) -> GameData | None:
    """The game as another process reads it (a store of its own)."""
    other = Store(url)
    try:
        return other.load(game_id)
    finally:
        other.close()
