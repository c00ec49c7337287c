"""A task per server process that samples what no request counts, every second.

* The event loop's lag: how much later than asked a one-second sleep ends
  (:data:`~.metrics.LOOP_LAG`); a loop held by a blocking call shows here first.
* Every :data:`GAUGES_EVERY` seconds: the games in memory, playing and over, and the
  database pool's connections in use and idle.
* With other processes (PostgreSQL's relay), every :data:`HEARTBEAT_EVERY` seconds a
  heartbeat on the events' channel :data:`HEARTBEAT` carrying the time it was sent; each
  other process observes how long it took to arrive (:data:`~.metrics.RELAY_LAG`: the
  relay's queue and PostgreSQL's delivery; on two machines, their clocks' difference too).
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

from .metrics import DB_POOL, GAMES_IN_MEMORY, LOOP_LAG, RELAY_LAG, WORKERS, labelled, process_gone

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

    from ..events import Events
    from ..games.manager import GameManager

__all__ = ["GAUGES_EVERY", "HEARTBEAT", "HEARTBEAT_EVERY", "sample"]

GAUGES_EVERY = 5
"""Seconds between two samples of the games in memory and the pool."""

HEARTBEAT = "ops.heartbeat"
"""The events' channel of the relay's heartbeats."""

HEARTBEAT_EVERY = 5
"""Seconds between two heartbeats of a process."""


def _heard(payload: Any) -> None:
    if isinstance(payload, dict) and isinstance(payload.get("t"), int | float):
        RELAY_LAG.observe(max(0.0, time.time() - payload["t"]))


def _gauges(manager: GameManager, engine: Engine) -> None:
    playing = over = 0
    for entry in manager.all_loaded():
        if entry.live.over:
            over += 1
        else:
            playing += 1
    labelled(GAMES_IN_MEMORY, "playing").set(playing)
    labelled(GAMES_IN_MEMORY, "over").set(over)
    pool: Any = engine.pool
    if hasattr(pool, "checkedout"):  # a QueuePool (a server database, a SQLite file)
        labelled(DB_POOL, "in_use").set(pool.checkedout())
        labelled(DB_POOL, "idle").set(pool.checkedin())


async def sample(
    manager: GameManager, engine: Engine, events: Events, interval: float = 1.0
) -> None:
    """Sample until cancelled (the app's shutdown); then this process stops counting."""
    loop = asyncio.get_running_loop()
    stop = events.subscribe(HEARTBEAT, _heard, here=False)
    WORKERS.set(1)
    tick = 0
    try:
        while True:
            if tick % GAUGES_EVERY == 0:
                _gauges(manager, engine)
            if events.forward is not None and tick % HEARTBEAT_EVERY == 0:
                events.publish(HEARTBEAT, {"t": time.time()})
            start = loop.time()
            await asyncio.sleep(interval)
            LOOP_LAG.observe(max(0.0, loop.time() - start - interval))
            tick += 1
    finally:
        stop()
        process_gone()
