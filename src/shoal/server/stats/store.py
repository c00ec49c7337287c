"""The stats domain's read-only queries: the finished games between people of one game.

The query itself is :func:`shoal.analysis.metrics.humans.load_human_games` (SELECTs on
``shoal_games`` and ``shoal_rated_games``, the same that ``shoal analyze --from-db``
runs), given the site's own engine; nothing here writes. :func:`fingerprint` is one
aggregate row over the same tables that changes whenever any of those games does.
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from shoal.analysis.metrics.humans import HumanGame, load_human_games

__all__ = ["fingerprint", "human_games"]

# Light table clauses naming only the columns read (the games and ratings domains own the
# tables; this domain reads them, as ``load_human_games`` does).
_GAMES = sa.table("shoal_games", sa.column("game"), sa.column("version"), sa.column("updated"))
_RATED = sa.table("shoal_rated_games", sa.column("game"), sa.column("settled"))


def human_games(engine: Engine, game_id: str) -> list[HumanGame]:
    """The finished games between people of ``game_id`` (read only)."""
    return load_human_games(engine, game_id)


def fingerprint(engine: Engine, game_id: str) -> tuple[object, ...]:
    """What changes whenever a game of ``game_id`` or its rating row does.

    Each save of a game raises its ``version`` and sets ``updated``; a rated game's row is
    made once and settled once. So the games' count, the sum of their versions, the
    newest ``updated`` and the rated rows' counts cover every change that can move a figure.
    """
    games = sa.select(
        sa.func.count(), sa.func.coalesce(sa.func.sum(_GAMES.c.version), 0),
        sa.func.max(_GAMES.c.updated),
    ).where(_GAMES.c.game == game_id)  # fmt: skip
    rated = sa.select(
        sa.func.count(), sa.func.count(sa.case((_RATED.c.settled, 1)))
    ).where(_RATED.c.game == game_id)  # fmt: skip
    with engine.connect() as connection:
        first = connection.execute(games).one()
        second = connection.execute(rated).one()
    return (*first, *second)
