"""A stored game's row as the store takes it: a local connect4 game, for tests of the store."""

from __future__ import annotations

from shoal.server.games.models import GameData


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
