"""The stats domain's read-only queries: the finished games between people of one game.

The query itself is :func:`shoal.analysis.metrics.humans.load_human_games` (SELECTs on
``shoal_games`` and ``shoal_rated_games``, the same that ``shoal analyze --from-db``
runs), given the site's own engine; nothing here writes.
"""

from __future__ import annotations

from sqlalchemy.engine import Engine

from shoal.analysis.metrics.humans import HumanGame, load_human_games

__all__ = ["human_games"]


def human_games(engine: Engine, game_id: str) -> list[HumanGame]:
    """The finished games between people of ``game_id`` (read only)."""
    return load_human_games(engine, game_id)
