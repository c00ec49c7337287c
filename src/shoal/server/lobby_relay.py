"""The lobby's live messages across server processes on one PostgreSQL database.

Every process listens on the channel ``shoal_lobby``. When a process changes the seeks
(or must send a message to a member, such as a seek's creator whose lobby page is open on
another process), it notifies ``{"origin", "kind", ...}`` as JSON; every other process
passes it to its own :class:`~shoal.server.lobby.Lobby`, which pushes it to its sockets.
Like :mod:`shoal.server.relay` for games: no extra service, the database carries it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Callable, Coroutine
from typing import Any

from .relay import conninfo

__all__ = ["CHANNEL", "LobbyRelay"]

CHANNEL = "shoal_lobby"
"""The PostgreSQL notification channel of the lobby."""

log = logging.getLogger("shoal.server.lobby_relay")


class LobbyRelay:
    """Sends this process's lobby messages to the others and hands theirs to ``received``."""

    def __init__(
        self, url: str, received: Callable[[dict[str, Any]], Coroutine[Any, Any, None]]
    ) -> None:
        self.conninfo = conninfo(url)
        self.received = received
        self.origin = secrets.token_hex(8)
        self._send: Any = None
        self._lock = asyncio.Lock()
        self._task: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()
        self._handlers: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        """Connect and listen (returns once ``LISTEN`` is in force)."""
        import psycopg

        self._send = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)
        self._task = asyncio.get_running_loop().create_task(self._listen())
        await asyncio.wait_for(self._ready.wait(), timeout=30)

    async def notify(self, message: dict[str, Any]) -> None:
        """Tell the other processes (a lost notification only delays them: see docs/lobby.md)."""
        payload = json.dumps({"origin": self.origin, **message}, separators=(",", ":"))
        async with self._lock:
            try:
                await self._send.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))
            except Exception as error:
                log.warning("shoal lobby relay: notify failed (%s)", error)

    async def _listen(self) -> None:
        import psycopg

        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.conninfo, autocommit=True
                ) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self._ready.set()
                    async for note in conn.notifies():
                        self._dispatch(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("shoal lobby relay: listening failed (%s); again in 1 s", error)
                await asyncio.sleep(1)

    def _dispatch(self, payload: str) -> None:
        try:
            message = json.loads(payload)
        except ValueError:
            return
        if not isinstance(message, dict) or message.get("origin") == self.origin:
            return
        task = asyncio.get_running_loop().create_task(self.received(message))
        self._handlers.add(task)
        task.add_done_callback(self._handlers.discard)

    async def close(self) -> None:
        """Stop listening and close the connections."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task
        if self._send is not None:
            with contextlib.suppress(Exception):
                await self._send.close()
