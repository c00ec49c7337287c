"""Notifications pushed across server processes through PostgreSQL's ``LISTEN``/``NOTIFY``.

Like :mod:`.relay` for games: every process on one PostgreSQL database listens on the
channel ``shoal_notices``. After a process stores a notification (or read marks) it
notifies ``"ORIGIN USER NOTICE"`` (``NOTICE`` 0 for a new count only); every other
process with a page of that account open reads the notification from the database and
pushes it with the unread count. A lost notification only delays a badge: the page reads
the count again on its next load.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from typing import Any

from .notifications import Notifier

__all__ = ["NOTICE_CHANNEL", "NoticeRelay"]

NOTICE_CHANNEL = "shoal_notices"
"""The PostgreSQL notification channel of notifications."""

log = logging.getLogger("shoal.server.notice_relay")


class NoticeRelay:
    """Publishes this process's notifications and pushes the other processes' ones."""

    def __init__(self, notifier: Notifier, conninfo: str) -> None:
        self.notifier = notifier
        self.conninfo = conninfo
        self.origin = secrets.token_hex(8)
        self._send: Any = None
        self._send_lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._listener: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()

    async def start(self) -> None:
        """Connect and start listening (returns once ``LISTEN`` is in force)."""
        import psycopg

        self._send = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)
        self.notifier.published = self.publish
        self._listener = asyncio.get_running_loop().create_task(self._listen())
        await asyncio.wait_for(self._ready.wait(), timeout=30)

    def publish(self, user_id: int, notice_id: int) -> None:
        """Tell the other processes of a notification (or a new count, with 0)."""
        task = asyncio.get_running_loop().create_task(
            self._notify(f"{self.origin} {user_id} {notice_id}")
        )
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _notify(self, payload: str) -> None:
        async with self._send_lock:
            try:
                await self._send.execute("SELECT pg_notify(%s, %s)", (NOTICE_CHANNEL, payload))
            except Exception as error:  # the connection broke: the next page load catches up
                log.warning("shoal notice relay: notify failed (%s)", error)

    async def _listen(self) -> None:
        import psycopg

        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.conninfo, autocommit=True
                ) as conn:
                    await conn.execute(f"LISTEN {NOTICE_CHANNEL}")
                    self._ready.set()
                    async for note in conn.notifies():
                        self._received(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("shoal notice relay: listening failed (%s); again in 1 s", error)
                await asyncio.sleep(1)

    def _received(self, payload: str) -> None:
        parts = payload.split()
        if len(parts) != 3 or parts[0] == self.origin or not (parts[1] + parts[2]).isdigit():
            return
        user_id, notice_id = int(parts[1]), int(parts[2])
        if user_id in self.notifier.sockets:
            task = asyncio.get_running_loop().create_task(self._push(user_id, notice_id))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _push(self, user_id: int, notice_id: int) -> None:
        notice = None
        if notice_id:
            notice = await asyncio.to_thread(self.notifier.store.get, notice_id)
        await self.notifier.push(user_id, notice, relay=False)

    async def close(self) -> None:
        """Stop listening and close the connections."""
        for task in [self._listener, *self._tasks]:
            if task is not None:
                task.cancel()
                with contextlib.suppress(BaseException):
                    await task
        if self._send is not None:
            with contextlib.suppress(Exception):
                await self._send.close()
