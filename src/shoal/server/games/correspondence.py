"""Correspondence clocks (issue 22): ``N`` days per move, kept by the server.

A correspondence game has a row in ``shoal_correspondence`` (:mod:`.clock_store`): the seat
to move and its deadline. After every change this process stores (a commit hook) the row is
moved on: a new seat to move gets ``days`` from now, a finished game loses its
deadline. Each move of the row is a claim in the database (it moves only from the
game version it was read at), so the turn's notification is sent once (through
:class:`TurnNotices`: the notifications' service, given when the app is built).

A sweeper (:meth:`Correspondence.run`, every ``sweep_every`` seconds) ends the games
whose deadline has passed, loaded or not, connected players or not, and after a
restart too (the deadline is in the database). With several server processes each
sweeps; the end is stored by the game's conditional update (``UPDATE ... WHERE
version = v``, :meth:`Store.save <shoal.server.games.store.Store.save>`), so exactly one
process ends a game and the others find it ended. A player who runs out of time
loses; in the first two turns (a side that never moved) the game is aborted
instead, as lichess does. The clock is injectable (``clock``, epoch seconds) and
so is the length of a day (``day_seconds``: tests and demos use seconds).
"""

from __future__ import annotations

import asyncio
import dataclasses
import datetime
import logging
import time
from collections.abc import Callable
from typing import Any, Protocol

from shoal.core import Seat, other

from ..errors import ApiError
from ..periodic import Failures, every
from .clock_store import ClockStore
from .manager import GameEntry, GameManager
from .models import Deadline, GameData
from .session import LiveGame

__all__ = [
    "DAY",
    "MAX_DAYS",
    "Away",
    "Correspondence",
    "TurnNotices",
    "never_timed",
    "timeout_data",
]

DAY = 86400.0
"""A day, in seconds."""

MAX_DAYS = 14
"""The most days per move a game may give."""

log = logging.getLogger("shoal.server.games.correspondence")


class TurnNotices(Protocol):
    """Who tells the players of a correspondence game's turns and end (the notifications'
    :class:`~shoal.server.notifications.service.Notifier`)."""

    async def your_turn(self, live: LiveGame, seat: Seat | None, days: int) -> None:
        """``seat`` is to move in ``live``, with ``days`` per move."""

    async def game_ended(self, live: LiveGame) -> None:
        """``live`` ended."""


Away = Callable[[list[int], datetime.datetime], dict[int, datetime.datetime]]
"""The accounts among some that are on vacation at a moment, with its end
(:meth:`VacationStore.until <shoal.server.vacation.store.VacationStore.until>`)."""


def _utc(seconds: float) -> datetime.datetime:
    return datetime.datetime.fromtimestamp(seconds, datetime.UTC).replace(tzinfo=None)


def _epoch(when: datetime.datetime) -> float:
    return when.replace(tzinfo=datetime.UTC).timestamp()


def never_timed(data: GameData) -> bool:
    """Whether the game ``data`` can have no correspondence clock, whatever the database
    says: one agreed with a live clock (``"M+S"``), a game at one screen, or one against
    the computer not agreed with days per move (issue 56: each process asked the database
    once for each game it moved; only the agreements with days, a friend's game with days
    per move and their rematches get one)."""
    control = data.time_control or ""
    if control.endswith("d"):
        return False
    return "+" in control or data.mode in ("local", "computer")


def timeout_data(live: LiveGame, seat: Seat, days: int) -> GameData:
    """The data after ``seat`` let its correspondence deadline pass.

    In the first two turns the game is aborted (nobody wins); later the other seat wins.
    """
    side = live.state.side_name(seat)
    span = "1 day" if days == 1 else f"{days} days"
    if live.state.turn < 2:
        ended: dict[str, Any] = {
            "winner": None,
            "reason": f"aborted: {side} did not move within {span}",
            "aborted": True,
        }
    else:
        ended = {"winner": other(seat), "reason": f"{side} ran out of time ({span} per move)"}
    return live.next_data(ended=ended)


class Correspondence:
    """The correspondence clocks of one app: deadlines moved on commit, a sweeper that ends."""

    def __init__(
        self,
        manager: GameManager,
        store: ClockStore,
        notifier: TurnNotices,
        *,
        day_seconds: float = DAY,
        sweep_every: float = 10.0,
        clock: Callable[[], float] = time.time,
        away: Away | None = None,
    ) -> None:
        self.manager = manager
        self.store = store
        self.notifier = notifier
        self.day_seconds = day_seconds
        self.sweep_every = sweep_every
        self.clock = clock
        self._lock: asyncio.Lock | None = None
        self._pending: set[asyncio.Task[Any]] = set()
        self.away = away
        """Who is on vacation until when (issue 43): a turn coming to a player away starts
        when they return."""
        manager.on_commit(self._committed)

    @property
    def lock(self) -> asyncio.Lock:
        """Serialises this process's moves of the rows (created inside the running loop)."""
        if self._lock is None:
            self._lock = asyncio.Lock()
        return self._lock

    def deadline_after(self, days: int) -> datetime.datetime:
        """The deadline of a turn that starts now."""
        return _utc(self.clock() + days * self.day_seconds)

    def deadline_for(self, live: LiveGame, seat: Seat | None, days: int) -> datetime.datetime:
        """The deadline of ``seat``'s turn starting now: after its vacation, if away."""
        user = (live.data.accounts or [None, None])[seat] if seat is not None else None
        if user is None or self.away is None:
            return self.deadline_after(days)
        back = self.away([user], _utc(self.clock())).get(user)
        start = self.clock() if back is None else max(self.clock(), _epoch(back))
        return _utc(start + days * self.day_seconds)

    async def away_seat(self, game_id: str, seat: int | None) -> dict[str, Any] | None:
        """``{seat, until}`` when the seat to move of ``game_id`` is on vacation, else None."""
        if seat is None or self.away is None:
            return None
        entry = await self.manager.entry(game_id)
        user = (entry.live.data.accounts or [None, None])[seat]
        if user is None:
            return None
        back = await asyncio.to_thread(self.away, [user], _utc(self.clock()))
        return {"seat": seat, "until": _epoch(back[user])} if user in back else None

    def shift(self, seats: list[tuple[str, int]], delta: datetime.timedelta) -> int:
        """Move the deadlines of the games where these ``(game, seat)`` are to move by
        ``delta`` (a vacation begun or ended); how many moved."""
        return self.store.shift_deadlines(seats, delta)

    async def start(self, entry: GameEntry, days: int) -> Deadline:
        """Give the new game ``entry`` a correspondence clock of ``days`` per move."""
        row = await self.first_deadline(entry.live, days)
        entry.untimed = False
        await asyncio.to_thread(self.store.start_clock, row)
        return row

    def untimed(self, game_id: str) -> None:
        """``game_id`` was created without a clock, and none is ever started after its
        creation: its changes never ask the database for one (issue 39)."""
        entry = self.manager.loaded(game_id)
        if entry is not None:
            entry.untimed = True

    async def first_deadline(self, live: LiveGame, days: int) -> Deadline:
        """The clock of the new game ``live`` at ``days`` per move (not stored: give
        :meth:`ClockStore.clock_claim <.clock_store.ClockStore.clock_claim>` of it to the
        transaction that stores the game)."""
        if not 1 <= days <= MAX_DAYS:
            raise ApiError(
                400,
                "a correspondence game gives 1 to {max_days} days per move",
                max_days=MAX_DAYS,
            )
        return Deadline(
            live.data.id,
            days,
            live.state.to_move,
            live.state.turn,
            live.data.version,
            await asyncio.to_thread(self.deadline_for, live, live.state.to_move, days),
        )

    async def _clock(self, game_id: str) -> Deadline | None:
        """The clock row of ``game_id``, or None. A loaded game that cannot have one
        (:func:`never_timed`), or past its first version with none (a clock is only ever
        started with a new game, before a change), is remembered as untimed on its entry."""
        entry = self.manager.loaded(game_id)
        if entry is not None and (entry.untimed or never_timed(entry.live.data)):
            entry.untimed = True
            return None
        row = await asyncio.to_thread(self.store.clock, game_id)
        if row is None and entry is not None and entry.live.data.version > 1:
            entry.untimed = True
        return row

    async def days(self, game_id: str) -> int | None:
        """The days per move of ``game_id`` (None: not a correspondence game)."""
        row = await self._clock(game_id)
        return None if row is None else row.days

    async def view(self, game_id: str) -> dict[str, Any] | None:
        """The clock for a client: days per move, the seat to move, its deadline (epoch s)."""
        await self._stored()  # a change's new deadline still being stored: answer after it
        row = await self._clock(game_id)
        if row is None:
            return None
        deadline = None if row.deadline is None else _epoch(row.deadline)
        away = await self.away_seat(game_id, row.seat) if row.deadline is not None else None
        return {
            "days": row.days,
            "seat": row.seat,
            "deadline": deadline,
            "now": self.clock(),
            "vacation": away,
        }

    # -- after a change ------------------------------------------------------------
    def _committed(self, game_id: str, version: int) -> None:
        entry = self.manager.loaded(game_id)
        if entry is not None and not entry.untimed:
            task = self.manager.spawn(self.moved(entry))
            self._pending.add(task)
            task.add_done_callback(self._pending.discard)

    async def settle(self) -> None:
        """Wait until the rows are moved on for every change stored so far (tests, shutdown)."""
        await self._stored()

    async def _stored(self) -> None:
        """Wait for the pending deadline writes of this event loop. A task of another loop
        (an app driven from two loops, as a test client and a test's own ``asyncio.run`` do)
        cannot be awaited here: it ends on its own loop."""
        loop = asyncio.get_running_loop()
        while mine := [task for task in self._pending if task.get_loop() is loop]:
            await asyncio.gather(*mine, return_exceptions=True)

    async def moved(self, entry: GameEntry) -> None:
        """Bring the game's row up to its current version (a new turn: a new deadline)."""
        async with self.lock:
            live = entry.live
            row = await self._clock(live.data.id)
            if row is None or row.version >= live.data.version:
                return
            state = live.state
            if live.over:
                new = dataclasses.replace(row, seat=None, version=live.data.version, deadline=None)
                if row.deadline is not None and await asyncio.to_thread(
                    self.store.move_clock, row, new
                ):
                    await self.notifier.game_ended(live)
                return
            turn_changed = state.to_move != row.seat or state.turn != row.turn
            new = dataclasses.replace(
                row,
                seat=state.to_move,
                turn=state.turn,
                version=live.data.version,
                deadline=(
                    await asyncio.to_thread(self.deadline_for, live, state.to_move, row.days)
                    if turn_changed
                    else row.deadline
                ),
            )
            claimed = await asyncio.to_thread(self.store.move_clock, row, new)
            if claimed and turn_changed:
                await self.notifier.your_turn(live, state.to_move, row.days)

    # -- the sweeper ---------------------------------------------------------------
    async def sweep(self) -> list[str]:
        """End every game whose deadline has passed; the ids this process ended."""
        ended: list[str] = []
        for row in await asyncio.to_thread(self.store.overdue, _utc(self.clock())):
            try:
                if await self._end(row):
                    ended.append(row.game_id)
            except ApiError as error:  # a game that will not load: leave it, say why
                log.warning("correspondence: %s: %s", row.game_id, error.message)
        return ended

    async def _end(self, row: Deadline) -> bool:
        manager = self.manager
        entry = await manager.entry(row.game_id)
        async with entry.lock:
            fresh = await asyncio.to_thread(manager.store.load, row.game_id)
            if fresh is not None:
                await manager.catch_up(entry, fresh.version)
            live = entry.live
            if live.over or live.data.version != row.version:
                stale = True  # the row missed a change (its process died first): move it on
            else:
                stale = live.state.to_move != row.seat
            if not stale:
                assert row.seat is not None
                try:
                    await manager.commit(entry, timeout_data(live, row.seat, row.days))
                except ApiError:  # another process stored a change first
                    return False
                return True
        await self.moved(entry)
        return False

    async def run(self) -> None:
        """Sweep every ``sweep_every`` seconds until cancelled (the app's lifetime)."""
        failures = Failures("the correspondence sweep", log, f"every {self.sweep_every:g} s")
        await every(self.sweep_every, self.sweep, failures)  # an outage: two lines, not one a try
