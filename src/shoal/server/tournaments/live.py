"""An event's open pages, live (issues 56 and 59): ``WS /api/tournaments/{id}/ws``.

Every change of an event (an entry, a withdrawal, its start, a round paired, a game made,
a result, its end) publishes ``{"event": ID}`` on the ``tournaments`` channel
(:meth:`.service.Tournaments.changed`). The :class:`EventHub` of each process that has
pages of that event open reads the event once for all of them and sends each page what
changed since the view it has:

* on connecting, ``{"type": "view", "tag": TAG, "view": VIEW}``: the whole view as the
  page's reader sees it (``GET /api/tournaments/{id}``'s answer);
* then, on each change, ``{"type": "change", "tag": NEW, "base": TAG, ...}``: the change
  from the view of tag ``base`` to the new one, in the keys of ``GET .../changes``
  (:mod:`.deltas`), its ``set`` holding the reader's own keys;
* ``{"type": "gone"}`` and close :data:`GONE` for an event that is not there.

Events close together are read once: a change starts a read :data:`GAP` seconds later, and
what comes meanwhile joins it (an arena of 500 ends several games a second). An event is a
hint to read the database, so a process that may have missed some (its relay listened
again) reads every event it has pages of; a page that reconnects gets the whole view. A
read that meets the database gone logs one line and waits for that.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from starlette.websockets import WebSocket

from ..accounts.models import User
from ..db_down import DATABASE_ERRORS
from ..sockets import send
from .deltas import tag_of, view_delta
from .store import TournamentStore
from .views import Parts, event_parts

if TYPE_CHECKING:
    from ..events import Events

__all__ = ["CHANNEL", "GAP", "GONE", "EventHub"]

CHANNEL = "tournaments"
"""The events channel of tournaments: ``{"event": ID}``, the event changed."""

GAP = 0.25
"""Seconds between a change and the read that sends it (changes meanwhile join it)."""

GONE = 4404
"""The close code of a socket whose event is gone (the page stops retrying)."""

log = logging.getLogger("shoal.server.tournaments")


@dataclass
class Room:
    """The pages of one event in this process, and the view they all have."""

    sockets: dict[WebSocket, User | None] = field(default_factory=dict)
    tag: str | None = None
    shared: dict[str, Any] | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    dirty: bool = False
    reading: asyncio.Task[None] | None = None


class EventHub:
    """The open sockets of each event in this process."""

    def __init__(
        self,
        store: TournamentStore,
        bots: Callable[[list[int]], set[int]],
        events: Events,
        *,
        gap: float = GAP,
    ) -> None:
        self.store = store
        self.bots = bots
        self.gap = gap
        self.rooms: dict[int, Room] = {}
        self.stop = events.subscribe(CHANNEL, self.on_event)
        events.on_missed(self.read_all)

    async def join(self, event_id: int, socket: WebSocket, user: User | None) -> bool:
        """Add the page and send it the whole view (False: no such event)."""
        room = self.rooms.setdefault(event_id, Room())
        try:
            async with room.lock:
                before, old = room.tag, room.shared
                parts = await self._read(event_id, room)
                if parts is None:
                    return False
                await self._changed(room, before, old, parts)  # the pages here already
                room.sockets[socket] = user
                message = {"type": "view", "tag": room.tag, "view": parts.view(user)}
        finally:
            self._drop(event_id, room)  # when it has no page (none came, or the read failed)
        if not await send(socket, message):
            self.leave(event_id, socket)
        return True

    def leave(self, event_id: int, socket: WebSocket) -> None:
        room = self.rooms.get(event_id)
        if room is not None:
            room.sockets.pop(socket, None)
            self._drop(event_id, room)

    def _drop(self, event_id: int, room: Room) -> None:
        if not room.sockets and not room.lock.locked() and self.rooms.get(event_id) is room:
            del self.rooms[event_id]  # a read under way ends with nobody to send to

    def on_event(self, payload: Any) -> None:
        event_id = payload.get("event") if isinstance(payload, dict) else None
        if isinstance(event_id, int) and event_id in self.rooms:
            self.soon(event_id)

    def soon(self, event_id: int) -> None:
        """Read the event and send its pages the change, :attr:`gap` seconds from now (or
        once more after the read under way)."""
        room = self.rooms.get(event_id)
        if room is None:
            return
        room.dirty = True
        if room.reading is None or room.reading.done():
            room.reading = asyncio.get_running_loop().create_task(self._reads(event_id, room))

    async def read_all(self) -> None:
        """Events may have been missed: every event with pages here is read again."""
        for event_id in list(self.rooms):
            self.soon(event_id)

    async def _reads(self, event_id: int, room: Room) -> None:
        while room.dirty:
            await asyncio.sleep(self.gap)
            room.dirty = False
            async with room.lock:
                before, old = room.tag, room.shared
                try:
                    parts = await self._read(event_id, room)
                except DATABASE_ERRORS as error:  # the relay's listening again reads it
                    log.warning("event %s: its pages wait for the database: %s", event_id, error)
                    return
                if parts is None:
                    await self._gone(event_id, room)
                    return
                await self._changed(room, before, old, parts)
            self._drop(event_id, room)

    async def _changed(
        self, room: Room, before: str | None, old: dict[str, Any] | None, parts: Parts
    ) -> None:
        """Send the room's pages, which have the view ``old`` of tag ``before``, the change
        to ``parts`` (read last: the room's tag now)."""
        if old is None or before == room.tag or not room.sockets:
            return
        delta = view_delta(old, parts.shared)
        for socket, user in list(room.sockets.items()):
            change = {"type": "change", "tag": room.tag, "base": before, **delta}
            change["set"] = {**delta["set"], **parts.reader_keys(user)}
            if not await send(socket, change):
                room.sockets.pop(socket, None)

    async def _read(self, event_id: int, room: Room) -> Parts | None:
        """The event now (None: gone); the room's view and tag become it."""
        event = await asyncio.to_thread(self.store.get, event_id)
        if event is None:
            return None
        parts = await asyncio.to_thread(event_parts, self.store, event, self.bots)
        room.tag, room.shared = tag_of(parts.shared), parts.shared
        return parts

    async def _gone(self, event_id: int, room: Room) -> None:
        for socket in list(room.sockets):
            await send(socket, {"type": "gone"})
            with contextlib.suppress(Exception):
                await socket.close(GONE)
        room.sockets.clear()
        if self.rooms.get(event_id) is room:
            del self.rooms[event_id]

    def close(self) -> None:
        self.stop()
        for room in self.rooms.values():
            if room.reading is not None:
                room.reading.cancel()
