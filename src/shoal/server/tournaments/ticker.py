"""The tournaments' tick: what no request asks for (events starting at their time, an
arena's free players paired, no-shows), every ``tick`` seconds in every server process.

A tick reads the schedules every :data:`SCHEDULE_TICKS` ticks (their events are made a day
ahead) and the events upcoming and running in one query. A site with no such event has
nothing to do until one is made or changed, and every such change is announced on the
events' channel :data:`~.live.CHANNEL` in every process (:meth:`Tournaments.changed
<.service.Tournaments.changed>`: an event made, entered, started, paired, finished). So
once a read found none, the next ticks read nothing until:

* a change is heard (from this process or another, through the relay);
* the relay listens again after a cut (what was announced meanwhile is lost);
* the schedules' tick, which reads the events as well (the fallback: 30 s).

Issue 56: an idle worker spent most of its CPU on this read. On the development machine
a pooled query's first touch after two seconds of rest cost 40 to 55 ms of CPU where the
same query run again at once cost under 1 ms (memory left alone is dear there: docs/
server.md, "Memory left alone"), and every process ran it every 2 s.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from ..events import Events
from ..periodic import Failures, every
from .games import watch_game
from .live import CHANNEL
from .store import Tournament, utcnow

if TYPE_CHECKING:
    from .service import Tournaments

__all__ = ["SCHEDULE_TICKS", "Ticker"]

SCHEDULE_TICKS = 15
"""The schedules are read every this many ticks (30 s at 2 s a tick; each occurrence is
made a day ahead)."""

log = logging.getLogger("shoal.server.tournaments")


class Ticker:
    """The background tick of one process's :class:`~.service.Tournaments`."""

    def __init__(self, service: Tournaments, events: Events, every_s: float) -> None:
        self.service = service
        self.every = every_s
        self.ticks = 0
        """Ticks over (done or failed): it moves only when no query of one is left."""
        self.idle = False
        """The last read found no event upcoming or running."""
        self.stale = True
        """A change was announced since the last read began (or none was made yet)."""
        self.stop = events.subscribe(CHANNEL, self._heard)
        events.on_missed(self._missed)

    def _heard(self, payload: Any) -> None:
        del payload  # any event's change: the next tick reads
        self.stale = True

    async def _missed(self) -> None:
        self.stale = True

    async def run(self) -> None:
        """Tick every :attr:`every` seconds (an outage: two lines of log, not one a tick)."""
        failures = Failures("the tournaments' tick", log, f"every {self.every:g} s")
        await every(self.every, self.tick, failures)

    async def tick(self) -> None:
        """One round: the schedules every :data:`SCHEDULE_TICKS` ticks, then the events
        upcoming and running, unless the last read found none and no change came since."""
        service = self.service
        try:
            schedules = self.ticks % SCHEDULE_TICKS == 0
            if schedules:
                await asyncio.to_thread(service.schedules.make_due, service.schedule_lead)
            if schedules or self.stale or not self.idle:
                await self._advance_all()
        finally:
            self.ticks += 1

    async def _advance_all(self) -> None:
        service = self.service
        self.stale = False  # a change announced during the read makes the next tick read
        try:
            found = await asyncio.to_thread(service.store.with_status, "upcoming", "running")
        except BaseException:
            self.stale = True
            raise
        self.idle = not found
        for event in found:
            if event.status == "upcoming":
                if event.starts_at is not None and utcnow() >= event.starts_at:
                    await service.advance(event.id)  # starts it, and pairs its first round
                continue
            # pairs what is due (an arena's free players; a round whose last result another
            # process stored, or that a crash left unpaired): the claim makes it once
            await service.advance(event.id)
            if not event.clock.endswith("d"):
                await self._no_shows(event)

    async def _no_shows(self, event: Tournament) -> None:
        service = self.service
        now = service.clock()
        for pairing in await asyncio.to_thread(service.store.pairings, event.id):
            if pairing.result is not None or pairing.game_id is None:
                continue
            entry = await service.games.manager.entry(pairing.game_id)
            if entry.live.over:
                service.after_change(entry)
                continue
            await watch_game(service.games, entry, now, service.first_move_seconds)
