"""Where the metrics are counted, hooked onto the server from outside its code paths.

* Moves: :class:`MoveCounter` is one of the game manager's listeners (told of every change of
  a loaded game) and one of its commit hooks (told of each change this process stored): the
  actions a stored change added are counted once, in the process that stored them, whatever
  door the move came through (a page, a socket, a bot, the computer). A game another process
  changed is reloaded here without a commit hook, so it is not counted twice.
* Games started: SQLAlchemy's ``after_insert`` of a game's row (:func:`count_new_games`).
* Statements: SQLAlchemy's cursor events of the app's engine (:func:`time_statements`).
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine

from ..games.manager import GameEntry, GameManager
from ..games.tables import GameRow
from .metrics import DB_QUERY, GAMES_STARTED, MOVES, labelled

__all__ = ["MoveCounter", "count_new_games", "time_statements"]

_STARTED = "shoal_statement_started"


class MoveCounter:
    """Counts the actions of every change this process stores, by game (see the module)."""

    def __init__(self, manager: GameManager) -> None:
        self.manager = manager
        self._before: dict[str, int | None] = {}
        self._now: dict[str, int] = {}

    def after_change(self, entry: GameEntry) -> None:
        """Note the game's actions before and after this change (a load has no before)."""
        game_id = entry.live.data.id
        self._before[game_id] = self._now.get(game_id)
        self._now[game_id] = len(entry.live.data.actions)

    def committed(self, game_id: str, version: int) -> None:
        """A change of ``game_id`` was stored here: count the actions it added."""
        before, now = self._before.get(game_id), self._now.get(game_id)
        entry = self.manager.loaded(game_id)
        if before is None or now is None or now <= before or entry is None:
            return
        labelled(MOVES, entry.live.data.game).inc(now - before)

    def forget(self, game_id: str) -> None:
        """``game_id`` left this process's memory (:meth:`GameManager.evict
        <shoal.server.games.manager.GameManager.evict>`): its notes go too."""
        self._before.pop(game_id, None)
        self._now.pop(game_id, None)

    def close(self) -> None:
        """Nothing to stop."""


def _started(mapper: Any, connection: Any, row: GameRow) -> None:
    labelled(GAMES_STARTED, row.game).inc()


def count_new_games() -> None:
    """Count every new game's row in :data:`~.metrics.GAMES_STARTED` (once per process)."""
    if not event.contains(GameRow, "after_insert", _started):
        event.listen(GameRow, "after_insert", _started)


def _before_statement(conn: Any, cursor: Any, statement: Any, *args: Any) -> None:
    conn.info.setdefault(_STARTED, []).append(time.perf_counter())


def _after_statement(conn: Any, cursor: Any, statement: Any, *args: Any) -> None:
    started = conn.info.get(_STARTED)
    if started:
        labelled(DB_QUERY, "statement").observe(time.perf_counter() - started.pop())


def _failed(context: Any) -> None:
    started = context.connection.info.get(_STARTED) if context.connection is not None else None
    if started:
        started.pop()


def time_statements(engine: Engine) -> None:
    """Time every statement run through ``engine`` in :data:`~.metrics.DB_QUERY`."""
    if not event.contains(engine, "before_cursor_execute", _before_statement):
        event.listen(engine, "before_cursor_execute", _before_statement)
        event.listen(engine, "after_cursor_execute", _after_statement)
        event.listen(engine, "handle_error", _failed)
