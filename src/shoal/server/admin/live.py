"""A server process's side of the operator's changes: the bans in force, the open sockets,
and the notes read (:mod:`.notes`).

:class:`SiteAdmin` (one per app; a route asks for it: :data:`AdminDep`) loads the bans at
start, keeps the open sockets (:class:`~.guard.OpenSockets`, filled by
:class:`~.guard.SiteGuard`) and reads the notes written after the last one it saw: every
:data:`~.notes.TICK` seconds, and at once when a note is announced on the events' channel
:data:`~.notes.CHANNEL` (PostgreSQL's ``NOTIFY`` through the relay) or written in this
process (:meth:`poke`). Where the events cross processes (the relay listens), every note
is announced in the transaction that writes it, and a relay that was cut off says so
(:meth:`Events.missed <shoal.server.events.Events.missed>`, which reads the notes at
once): the tick is then only a safety net, every :data:`RELAYED_TICK` seconds (issue 56:
a read of the notes every 2 s in every process of an idle site). What each kind of note does here:

* ``account`` ``{user, sessions, games, renamed}``: the sockets opened with those sessions
  close (those of a renamed session, a browser's after a new password, are kept under its
  new one); the games it names that this process holds are read again (their seats changed);
* ``game`` ``{game, deleted}``: the game leaves this process's memory, its sockets close;
* ``bans``: the bans are read again; the sockets from a newly banned range close.

A failure to read (the database away) is logged once, and once more when reading works
again, with how many reads failed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Annotated, Any

from sqlalchemy import or_, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from ..accounts.store import AccountStore
from ..events import Events
from ..games.manager import GameManager
from ..periodic import Failures
from ..provide import provided
from .bans import BanList, BanStore
from .guard import OpenSocket, OpenSockets, session_digest
from .notes import CHANNEL, TICK, Note, Notes
from .tables import NoteRow

__all__ = ["LATE", "RELAYED_TICK", "AdminDep", "SiteAdmin"]

log = logging.getLogger("shoal.server.admin")

LATE = 30.0
"""Seconds a note is read again after it was written: a note whose transaction committed
after a newer one (PostgreSQL numbers them before they commit) is still read."""

RELAYED_TICK = 30.0
"""Seconds between two reads of the notes where the relay announces them (at least the
tick): a note whose announcement was lost in a way the relay could not tell."""


class SiteAdmin:
    """This process's bans, open sockets and notes read."""

    def __init__(
        self, engine: Engine, manager: GameManager, events: Events, tick: float = TICK
    ) -> None:
        self.engine = engine
        self.manager = manager
        self.events = events
        self.tick = tick
        self.notes = Notes(engine)
        self.ban_store = BanStore(engine)
        self.bans = BanList()
        self.sockets = OpenSockets()
        self.accounts = AccountStore(engine)
        self._cursor = 0
        self._seen: dict[int, float] = {}
        self._wake = asyncio.Event()
        self._failures = Failures("reading the operator's notes", log)  # twice an outage
        events.subscribe(CHANNEL, self._announced)
        events.on_missed(self._missed)

    def start(self) -> None:
        """Read the bans in force and where the notes stand (blocking: at the app's start)."""
        self.bans.load(self.ban_store.active())
        self._cursor = self.notes.last()

    def signed_in(self, cookie: str) -> bool:
        """Whether ``cookie`` is a live session (blocking; for guests-only bans)."""
        digest = session_digest(cookie)
        if digest is None:
            return False
        return self.accounts.session_live(digest)

    def _announced(self, payload: Any) -> None:
        self.poke()

    async def _missed(self) -> None:
        self.poke()

    def wait(self) -> float:
        """Seconds until the next read unless poked: :data:`RELAYED_TICK` where the relay
        announces the notes, else the tick."""
        return self.tick if self.events.forward is None else max(self.tick, RELAYED_TICK)

    def poke(self) -> None:
        """Read the notes now (a note was written or announced)."""
        self._wake.set()

    async def run(self) -> None:
        """Read the notes every tick (:meth:`wait`), or when poked, until cancelled."""
        while True:
            with contextlib.suppress(TimeoutError):  # the tick: read anyway
                await asyncio.wait_for(self._wake.wait(), self.wait())
            self._wake.clear()
            await self.read()

    async def read(self) -> int:
        """Read and act on the notes not seen yet; how many."""
        try:
            notes = await asyncio.to_thread(self._unseen)
        except Exception as error:  # the database is away: once in the log, not every tick
            self._failures.failed(error)
            return 0
        self._failures.worked()
        for note in notes:
            try:
                await self.act(note)
            except Exception:
                log.exception("the operator's note %d (%s) failed here", note.id, note.kind)
        return len(notes)

    def _unseen(self) -> list[Note]:
        now = time.time()
        with Session(self.engine) as session:
            rows = session.scalars(
                select(NoteRow)
                .where(or_(NoteRow.id > self._cursor, NoteRow.created > now - LATE))
                .order_by(NoteRow.id)
            ).all()
            fresh = [Note(r.id, r.kind, dict(r.body)) for r in rows if r.id not in self._seen]
        for note in fresh:
            self._seen[note.id] = now
            self._cursor = max(self._cursor, note.id)
        for note_id in [n for n, at in self._seen.items() if at < now - 2 * LATE]:
            del self._seen[note_id]
        return fresh

    async def act(self, note: Note) -> None:
        """Do here what ``note`` says."""
        body = note.body
        if note.kind == "account":
            for old, new in body.get("renamed") or ():  # a browser's pages, now its new session
                self.sockets.rename(str(old), str(new))
            sessions = set(body.get("sessions") or ())
            await self.sockets.close(lambda s: s.session in sessions, "the account was closed")
            await self._reload([str(g) for g in body.get("games") or ()])
        elif note.kind == "game":
            game_id = str(body.get("game"))
            self.manager.forget(game_id)
            prefix = f"/api/games/{game_id}/"
            await self.sockets.close(lambda s: s.path.startswith(prefix), "the game was deleted")
        elif note.kind == "bans":
            self.bans.load(await asyncio.to_thread(self.ban_store.active))
            await self.sockets.close(self._banned, "your address was banned")
        else:
            log.warning("an operator's note of an unknown kind %r (a newer server?)", note.kind)

    def _banned(self, socket: OpenSocket) -> bool:
        ban = self.bans.match(socket.address)
        return ban is not None and (not ban.guests_only or socket.session is None)

    async def _reload(self, game_ids: list[str]) -> None:
        """Read again the games of ``game_ids`` that this process holds and that changed."""
        loaded = {g: e for g in game_ids if (e := self.manager.loaded(g)) is not None}
        if not loaded:
            return
        stored = await asyncio.to_thread(self.manager.store.versions, list(loaded))
        for game_id, version in stored.items():
            entry = loaded[game_id]
            if version > entry.live.data.version:
                async with entry.lock:
                    entry.changed_elsewhere = version  # the changing process plays on
                    await self.manager.catch_up(entry, version)


AdminDep = Annotated[SiteAdmin, provided(SiteAdmin)]
"""A route parameter of this type receives the app's :class:`SiteAdmin`."""
