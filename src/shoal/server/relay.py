"""Live updates across server processes through PostgreSQL's ``LISTEN``/``NOTIFY``.

Every process on one PostgreSQL database listens on the channel ``shoal_games``.
After a process commits a change of a game it notifies ``"ORIGIN GAME VERSION"``;
every other process that has the game loaded reloads it from the database (under
the game's lock, only when the version is newer) and sends the new view to its
own WebSocket watchers. No extra service: the database carries the events.

The same relay carries every other kind of event (lobby seeks, notifications, ...):
:meth:`Events.publish <shoal.server.events.Events.publish>` hands it ``(channel,
JSON)``, sent on :data:`EVENTS` as ``{"o": ORIGIN, "c": CHANNEL, "p": PAYLOAD}``;
every other process passes it to its own subscribers (:mod:`shoal.server.events`).

A notification lost while a process was disconnected only delays that process's
watchers: the next client action with a newer version catches the game up
(:meth:`GameManager.catch_up <shoal.server.manager.GameManager.catch_up>`), and the
listener reconnects on its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from typing import Any

from sqlalchemy.engine import make_url

from .events import Events
from .manager import GameEntry, GameManager

__all__ = ["CHANNEL", "EVENTS", "Relay", "conninfo", "is_postgres"]

CHANNEL = "shoal_games"
"""The PostgreSQL notification channel of game changes."""

EVENTS = "shoal_events"
"""The PostgreSQL notification channel of the other events (:mod:`shoal.server.events`)."""

log = logging.getLogger("shoal.server.relay")


def is_postgres(url: str) -> bool:
    """Whether the SQLAlchemy URL names a PostgreSQL database."""
    return make_url(url).get_backend_name() == "postgresql"


def conninfo(url: str) -> str:
    """The libpq connection string of a SQLAlchemy PostgreSQL URL (any driver)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Relay:
    """Publishes this process's commits and applies the other processes' ones."""

    def __init__(self, manager: GameManager, url: str, events: Events | None = None) -> None:
        self.manager = manager
        self.events = events
        self.conninfo = conninfo(url)
        self.origin = secrets.token_hex(8)  # this process: its own notifications are skipped
        self._send: Any = None
        self._send_lock = asyncio.Lock()
        self._task: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()

    async def start(self) -> None:
        """Connect and start listening (returns once ``LISTEN`` is in force)."""
        import psycopg

        self._send = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)
        self.manager.on_commit(self.publish)
        if self.events is not None:
            self.events.forward = self.forward
        self._task = asyncio.get_running_loop().create_task(self._listen())
        await asyncio.wait_for(self._ready.wait(), timeout=30)

    def publish(self, game_id: str, version: int) -> None:
        """Tell the other processes that ``game_id`` is now at ``version`` (a commit hook)."""
        self.manager.spawn(self._notify(f"{self.origin} {game_id} {version}"))

    def forward(self, channel: str, text: str) -> None:
        """Send an event of :mod:`~shoal.server.events` (its payload as JSON ``text``)."""
        note = f'{{"o":{json.dumps(self.origin)},"c":{json.dumps(channel)},"p":{text}}}'
        self.manager.spawn(self._notify(note, EVENTS))

    async def _notify(self, payload: str, channel: str = CHANNEL) -> None:
        async with self._send_lock:
            try:
                await self._send.execute("SELECT pg_notify(%s, %s)", (channel, payload))
            except Exception as error:  # the connection broke: reconnect once, then give up
                log.warning("shoal relay: notify failed (%s); reconnecting", error)
                import psycopg

                with contextlib.suppress(Exception):
                    await self._send.close()
                self._send = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)
                await self._send.execute("SELECT pg_notify(%s, %s)", (channel, payload))

    async def _listen(self) -> None:
        import psycopg

        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.conninfo, autocommit=True
                ) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    await conn.execute(f"LISTEN {EVENTS}")
                    self._ready.set()
                    async for note in conn.notifies():
                        if note.channel == EVENTS:
                            self._event(note.payload)
                        else:
                            self._received(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("shoal relay: listening failed (%s); again in 1 s", error)
                await asyncio.sleep(1)

    def _received(self, payload: str) -> None:
        parts = payload.split()
        if len(parts) != 3 or parts[0] == self.origin or not parts[2].isdigit():
            return
        entry = self.manager.loaded(parts[1])
        if entry is not None and int(parts[2]) > entry.live.data.version:
            self.manager.spawn(self._catch_up(entry, int(parts[2])))

    def _event(self, payload: str) -> None:
        try:
            note = json.loads(payload)
            origin, channel, data = note["o"], note["c"], note["p"]
        except (ValueError, KeyError, TypeError):
            log.warning("shoal relay: an event that is not ours: %.80s", payload)
            return
        if origin != self.origin and self.events is not None:
            self.events.deliver(channel, data)

    async def _catch_up(self, entry: GameEntry, version: int) -> None:
        async with entry.lock:
            entry.changed_elsewhere = version  # the announcing process plays the computer
            await self.manager.catch_up(entry, version)

    async def close(self) -> None:
        """Stop listening and close the connections."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task
        if self._send is not None:
            with contextlib.suppress(Exception):
                await self._send.close()
