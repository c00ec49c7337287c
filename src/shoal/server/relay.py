"""Events across server processes through PostgreSQL's ``LISTEN``/``NOTIFY``: one connection.

Every process on one PostgreSQL database listens on the one channel :data:`EVENTS`.
:meth:`Events.publish <shoal.server.events.Events.publish>` hands the relay ``(channel,
JSON)``, sent as ``{"o": ORIGIN, "c": CHANNEL, "p": PAYLOAD}``; every other process passes
it to its own subscribers (:mod:`shoal.server.events`). The server's parts each have a
channel of :mod:`~shoal.server.events`: ``lobby`` (seeks), ``notices`` (notifications)
and ``games``, kept here: after a process commits a change of a game it publishes
``{"game": GAME, "version": VERSION}``; every other process that has the game loaded
reloads it from the database (under the game's lock, only when the version is newer) and
sends the new view to its own WebSocket watchers. No extra service: the database carries
the events. A change that only adds (or takes back) actions, moves the clock or ends the
game travels as its patch (:mod:`.games.patch`, ``{"game", "version", "patch"}``): a
process that has the version it was made from makes the new one without reading the row
(issue 56: the read was most of a cross-process move's cost). A change saved on the
event loop's own connection carries its note in the save's statement (:meth:`Relay.notice`,
:meth:`Store.save_in_loop <shoal.server.games.store.Store.save_in_loop>`): it goes out
exactly when the change commits, with no round trip of its own.

When the database goes away (a restart, a fail-over, its connection terminated) the
listener reconnects on its own, waiting 1 s, then up to :data:`RECONNECT_MAX` seconds
between tries. Notifications sent while a process was not listening are gone (PostgreSQL
keeps none for a listener that is not connected), so once it listens again the process
reads back what it may have missed: every loaded game still on whose stored version is
newer is reloaded and its watchers get the new view once
(:meth:`GameManager.refresh <shoal.server.games.manager.GameManager.refresh>`), and the
lobby and the notifications refresh their sockets (:meth:`Events.missed
<shoal.server.events.Events.missed>`). A notification that could not be sent (the
database was down at that moment) is made good the same way by the receivers, whose
listeners were cut off too. Each connection names itself to PostgreSQL
(``application_name`` ``shoal listen PID`` / ``shoal notify PID``, seen in
``pg_stat_activity``) and uses TCP keep-alives, so a connection to a database that
vanished without closing it is noticed within about half a minute.

The notes go out in order, one ``pg_notify`` at a time; the notes that came meanwhile
(a busy server: a commit every few milliseconds) go together in the next one, as a JSON
array of notes of at most :data:`BATCH_BYTES` (issue 39: one round trip, and one
notification to read back, for many changes).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import secrets
from collections import deque
from typing import Any

from sqlalchemy.engine import make_url

from .db.async_pool import KEEPALIVES
from .db.async_pool import conninfo as url_conninfo
from .events import Events
from .games.manager import GameEntry, GameManager
from .games.patch import apply_patch
from .periodic import Failures, doubling

__all__ = ["EVENTS", "GAMES", "RECONNECT_MAX", "Relay", "conninfo", "is_postgres"]

EVENTS = "shoal_events"
"""The PostgreSQL notification channel of every event (:mod:`shoal.server.events`)."""

GAMES = "games"
"""The events' channel of game changes: ``{"game": GAME, "version": VERSION}``."""

BATCH_BYTES = 7_900
"""The most bytes of notes one notification carries, brackets aside (PostgreSQL's limit
is 8,000; a note alone goes as it is)."""

_GAME_NOTE = re.compile(r'\{"o":"[^"\\]*","c":"games","p":\{"game":"([^"\\]*)"')
"""The start of a lone note of a game's change as :meth:`Relay.notice` and
:meth:`Relay.forward` write it: its game's id, read without decoding the note."""

RECONNECT_MAX = 5.0
"""The longest wait in seconds between two tries of the listener to connect again."""

_KEEPALIVES = KEEPALIVES
"""libpq settings of the relay's connections: a dead peer is noticed, a connect gives up."""

log = logging.getLogger("shoal.server.relay")


def is_postgres(url: str) -> bool:
    """Whether the SQLAlchemy URL names a PostgreSQL database."""
    return make_url(url).get_backend_name() == "postgresql"


def conninfo(url: str) -> str:
    """The libpq connection string of a SQLAlchemy PostgreSQL URL (any driver)."""
    return url_conninfo(make_url(url))


def _game_note(game_id: str, version: int, patch: dict[str, Any] | None) -> dict[str, Any]:
    """The payload of a game's change on the channel :data:`GAMES`."""
    note: dict[str, Any] = {"game": game_id, "version": version}
    if patch is not None:
        note["patch"] = patch
    return note


class Relay:
    """Sends this process's events to the others and delivers theirs here; keeps the
    loaded games in step with the other processes' commits."""

    def __init__(self, manager: GameManager, url: str, events: Events) -> None:
        self.manager = manager
        self.events = events
        self.conninfo = conninfo(url)
        self.origin = secrets.token_hex(8)  # this process: its own notifications are skipped
        self._send: Any = None
        self._send_lock = asyncio.Lock()
        self._sends = Failures(  # an outage: two lines, not one an event (the heartbeat's too)
            "shoal relay: sending an event", log, "with the next event, on a new connection"
        )
        self._outbox: deque[str] = deque()
        self._sending = False
        self._task: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()
        self._stop_games: Any = None

    async def start(self) -> None:
        """Connect and start listening (returns once ``LISTEN`` is in force)."""
        self._send = await self._connect("notify")
        self.manager.on_commit(self.publish)
        self.manager.announce = self.notice
        self._stop_games = self.events.subscribe(GAMES, self._received, here=False)
        self.events.forward = self.forward
        self._task = asyncio.get_running_loop().create_task(self._listen())
        await asyncio.wait_for(self._ready.wait(), timeout=30)

    async def _connect(self, role: str) -> Any:
        import psycopg

        return await psycopg.AsyncConnection.connect(
            self.conninfo,
            autocommit=True,
            application_name=f"shoal {role} {os.getpid()}",
            **_KEEPALIVES,
        )

    def notice(self, game_id: str, version: int, patch: dict[str, Any] | None) -> tuple[str, str]:
        """The notification ``(channel, payload)`` of ``game_id`` changed into ``version`` by
        ``patch``: what :meth:`publish` sends, for a save to send in its own statement."""
        text = json.dumps(_game_note(game_id, version, patch), separators=(",", ":"))
        return EVENTS, self._note(GAMES, text)

    def publish(self, game_id: str, version: int) -> None:
        """Tell the other processes that ``game_id`` is now at ``version``, with the change's
        patch when it has one (a commit hook), unless its save told them already."""
        entry = self.manager.loaded(game_id)
        if entry is not None and entry.told == version:
            return
        made = entry.patch if entry is not None else None
        patch = made[1] if made is not None and made[0] == version else None
        self.events.publish(GAMES, _game_note(game_id, version, patch))

    def _note(self, channel: str, text: str) -> str:
        """The note of an event of ``channel`` (its payload as JSON ``text``) from here."""
        return f'{{"o":{json.dumps(self.origin)},"c":{json.dumps(channel)},"p":{text}}}'

    def forward(self, channel: str, text: str) -> None:
        """Send an event of :mod:`~shoal.server.events` (its payload as JSON ``text``)."""
        self._outbox.append(self._note(channel, text))
        if not self._sending:
            self._sending = True
            self.manager.spawn(self._drain())

    async def _drain(self) -> None:
        """Send the waiting notes, in order: those that came while one was sent go together."""
        try:
            while self._outbox:
                batch = [self._outbox.popleft()]
                size = len(batch[0].encode())
                while self._outbox and size + len(self._outbox[0].encode()) + 1 <= BATCH_BYTES:
                    batch.append(self._outbox.popleft())
                    size += len(batch[-1].encode()) + 1
                await self._notify(batch[0] if len(batch) == 1 else f"[{','.join(batch)}]")
        finally:
            self._sending = False

    async def _notify(self, payload: str) -> None:
        async with self._send_lock:
            for attempt in (1, 2):  # the connection broke: reconnect once, then give up
                try:
                    if attempt == 2:
                        with contextlib.suppress(Exception):
                            await self._send.close()
                        self._send = await self._connect("notify")
                    await self._send.execute("SELECT pg_notify(%s, %s)", (EVENTS, payload))
                    self._sends.worked()
                    return
                except Exception as error:  # a stale connection: the second try on a new one
                    if attempt == 2:
                        self._sends.failed(error)
                    elif not self._sends.count:  # an outage already told: quiet until it ends
                        log.warning(
                            "shoal relay: notify failed (%s); sending again on a new connection",
                            next(iter(str(error).splitlines()), type(error).__name__),
                        )

    async def _listen(self) -> None:
        waits = doubling(1.0, RECONNECT_MAX)
        cut_off = False
        failures = Failures(  # an outage: two lines, not one a try
            "shoal relay: listening", log, f"after 1 s, then every {RECONNECT_MAX:g} s"
        )
        while True:
            try:
                async with await self._connect("listen") as conn:
                    await conn.execute(f"LISTEN {EVENTS}")
                    self._ready.set()
                    waits = doubling(1.0, RECONNECT_MAX)
                    failures.worked()
                    if cut_off:  # what was sent meanwhile is lost: read it back
                        log.warning("shoal relay: listening again; refreshing the pages")
                        self.manager.spawn(self._refresh())
                    cut_off = True
                    async for note in conn.notifies(timeout=0):  # any that came with LISTEN
                        self._event(note.payload)
                    await self._hear(conn)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                cut_off = True
                failures.failed(error)
                await asyncio.sleep(next(waits))

    async def _hear(self, conn: Any) -> None:
        """Pass on the notifications of ``conn`` as they come, until it breaks (raised).

        Woken by the connection's socket only. psycopg's ``notifies()`` woke every 0.1 s,
        whatever came, to look for a Ctrl-C: ten rounds of the event loop a second in every
        process of an idle site (issue 56)."""
        loop = asyncio.get_running_loop()
        broken: asyncio.Future[None] = loop.create_future()
        pgconn, encoding = conn.pgconn, conn.info.encoding

        def readable() -> None:
            try:
                pgconn.consume_input()  # raises when the connection is gone
                while (note := pgconn.notifies()) is not None:
                    self._event(note.extra.decode(encoding))
            except Exception as error:
                if not broken.done():
                    broken.set_exception(error)

        fd = pgconn.socket
        loop.add_reader(fd, readable)
        readable()  # what libpq read already (with the LISTEN) wakes no reader
        try:
            await broken
        finally:
            loop.remove_reader(fd)

    async def _refresh(self) -> None:
        """After a cut: the games, the lobby and the notifications read back from the
        database what this process may have missed."""
        self.events.missed()
        try:
            await self.manager.refresh()
        except Exception as error:  # cut off again: the next reconnection refreshes
            log.warning("shoal relay: refreshing the games failed (%s)", error)

    def _event(self, payload: str) -> None:
        lone = _GAME_NOTE.match(payload)
        if lone is not None and self.manager.loaded(lone[1]) is None:
            # a change of a game this process does not hold: nothing here to bring up to
            # date, so the note is not decoded (issue 56: with each game's sockets in one
            # worker, most notes reach processes without the game, a tenth of their CPU)
            return
        try:
            notes = json.loads(payload)
        except ValueError:
            notes = None
        for note in notes if isinstance(notes, list) else [notes]:
            try:
                origin, channel, data = note["o"], note["c"], note["p"]
            except (KeyError, TypeError):
                log.warning("shoal relay: an event that is not ours: %.80s", payload)
                continue
            if origin != self.origin and isinstance(channel, str):
                self.events.deliver(channel, data)

    def _received(self, change: Any) -> None:
        if not isinstance(change, dict):
            return
        game_id, version = change.get("game"), change.get("version")
        if not isinstance(game_id, str) or not isinstance(version, int):
            return
        entry = self.manager.loaded(game_id)
        if entry is None or version <= entry.live.data.version:
            return
        if self.manager.drop_unneeded(entry):
            return  # nothing here follows it: read back as stored when next asked for
        self.manager.spawn(self._catch_up(entry, version, change.get("patch")))

    async def _catch_up(self, entry: GameEntry, version: int, patch: Any = None) -> None:
        async with entry.lock:
            entry.changed_elsewhere = version  # the announcing process plays the computer
            # the version this process has, changed by the patch (no read), or else the row
            fresh = apply_patch(entry.live.data, patch, version) if patch is not None else None
            await self.manager.catch_up(entry, version, fresh)

    async def close(self) -> None:
        """Stop listening and close the connections."""
        if self._stop_games is not None:
            self._stop_games()
        if self.manager.announce == self.notice:
            self.manager.announce = None
        if self.events.forward == self.forward:
            self.events.forward = None
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task
        if self._send is not None:
            with contextlib.suppress(Exception):
                await self._send.close()
