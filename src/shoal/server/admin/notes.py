"""Notes of the changes every server process must learn, written by whoever makes them.

An operator's command (``shoal admin close-user``, ``delete-game``, ``ban-address``...)
runs in its own process, not in a server; a player's own deletion runs in one server
process of several. Either way the other processes hold what changed in memory (a
loaded game, an open socket, the list of bans), so the change is written as a *note*, a
row of ``shoal_admin_notes`` with a ``kind`` and a JSON ``body``, in the transaction of
:meth:`Notes.write`:

* every server process reads the notes after the last one it saw, on a tick
  (:data:`TICK` seconds; :mod:`.watcher`): on SQLite (one server process, and the
  operator's command in another) that is how the server learns;
* on PostgreSQL the same transaction also sends ``pg_notify`` on the servers' own channel
  (:data:`shoal.server.relay.EVENTS`), in the relay's format ``{"o": ORIGIN, "c":
  "admin", "p": {"note": ID}}``: every process's relay hands it to its events
  (:mod:`shoal.server.events`, channel :data:`CHANNEL`), and the process reads the notes
  at once rather than at its next tick. A notification that is lost (a process was
  reconnecting) is made good by the tick.

Reading a note twice does no harm: each kind's handling is idempotent (a game already
gone, a socket already closed, bans read again). Notes older than :data:`KEEP` seconds
are deleted by the next write.
"""

from __future__ import annotations

import dataclasses
import json
import os
import time
from typing import Any

from sqlalchemy import delete, func, select, text
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from .tables import NoteRow

__all__ = ["CHANNEL", "KEEP", "TICK", "Note", "Notes"]

CHANNEL = "admin"
"""The events' channel of the notes (:mod:`shoal.server.events`): ``{"note": ID}``."""

TICK = 2.0
"""Seconds between two reads of the notes by a server process."""

KEEP = 86400.0
"""Seconds a note is kept (a process that was away longer has reloaded everything)."""

EVENTS = "shoal_events"
"""PostgreSQL's channel of the servers' events (the same as :data:`shoal.server.relay.EVENTS`;
repeated here so an operator's command does not import the server's relay)."""


@dataclasses.dataclass(frozen=True)
class Note:
    """One note: its id (in the order written), kind and body."""

    id: int
    kind: str
    body: dict[str, Any]


class Notes:
    """The notes of the database of ``engine``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.origin = f"notes-{os.getpid()}"

    def write(self, kind: str, body: dict[str, Any]) -> int:
        """Write a note (on PostgreSQL, tell the servers at its commit); its id."""
        now = time.time()
        with Session(self.engine) as session, session.begin():
            session.execute(delete(NoteRow).where(NoteRow.created < now - KEEP))
            row = NoteRow(kind=kind, body=body, created=now)
            session.add(row)
            session.flush()
            note_id = row.id
            if self.engine.dialect.name == "postgresql":
                payload = json.dumps({"o": self.origin, "c": CHANNEL, "p": {"note": note_id}})
                session.execute(text("SELECT pg_notify(:c, :p)"), {"c": EVENTS, "p": payload})
        return note_id

    def last(self) -> int:
        """The id of the newest note (0: none)."""
        with Session(self.engine) as session:
            return int(session.scalar(select(func.max(NoteRow.id))) or 0)

    def after(self, note_id: int) -> list[Note]:
        """The notes written after the note ``note_id``, oldest first."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(NoteRow).where(NoteRow.id > note_id).order_by(NoteRow.id)
            ).all()
            return [Note(r.id, r.kind, dict(r.body)) for r in rows]
