"""One run at a time of an event's course in this process, every call served (issue 59).

Every stored result of an arena asks for the event to move on (:meth:`Tournaments.advance
<.service.Tournaments.advance>`): read the pairings, compute the standings, pair who is
free, claim the pairing moment. In an arena of 500 a result comes every tenth of a second,
and the advances it started ran side by side: each read the pairings at its own moment,
the first to claim the next moment won and every other one's pairing was dropped, with the
players it alone had seen free (their games ended after the winner's reading). Those
players waited for the next result or the next tick: the waits of just over 2 s with two
allowed players free.

:class:`Serial` runs a job one call at a time per key. A call that comes while a run is on
waits for it and then for one more run, which starts after the call and so sees the change
that made it; the calls that came during the same run share that one (a burst of results
costs two runs, not one each). A run that lost its claim to another process (the job
returns True) is followed at once by another from a fresh reading, at most
:data:`AGAIN_AT_MOST` times in a row. A call from inside the run (the job's own work asks
for the event to move on again) does not wait for itself: the run goes round once more.

(`tests/server/tournaments/test_arena_serial.py`.)
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

__all__ = ["AGAIN_AT_MOST", "Serial"]

AGAIN_AT_MOST = 3
"""The most runs in a row started because a run lost its claim to another process."""

K = TypeVar("K", bound=Hashable)


@dataclass
class _Key:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    asked: int = 0
    """Calls so far."""
    served: int = 0
    """Every call up to this one came before a run that has ended."""
    runner: asyncio.Task[object] | None = None
    again: bool = False
    """A call from inside the run: it goes round once more."""
    callers: int = 0


class Serial(Generic[K]):
    """``await serial(key)``: ``job(key)`` has run, in full, after this call was made."""

    def __init__(self, job: Callable[[K], Awaitable[bool]]) -> None:
        self.job = job
        self._keys: dict[K, _Key] = {}

    async def __call__(self, key: K) -> None:
        state = self._keys.setdefault(key, _Key())
        state.asked += 1
        mine = state.asked
        if state.runner is not None and state.runner is asyncio.current_task():
            state.again = True  # from inside the run: it goes round again when done
            return
        state.callers += 1
        try:
            async with state.lock:
                lost = 0
                while state.served < mine or state.again:
                    state.again = False
                    start = state.asked
                    state.runner = asyncio.current_task()
                    try:
                        claim_lost = await self.job(key)
                    finally:
                        state.runner = None
                    state.served = start
                    if claim_lost and lost < AGAIN_AT_MOST:
                        lost += 1
                        state.again = True
        finally:
            state.callers -= 1
            if not state.callers:
                del self._keys[key]  # nobody waits: an ended event leaves nothing behind
