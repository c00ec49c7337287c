"""Vacations (issue 43): a yearly allowance of days; while away, the player's clocks stop.

Each account may spend ``allowance`` days a calendar year (UTC; default 14, ``shoal serve
--vacation-days``). A vacation is booked by whole days (1 to what is left) and starts at
once: every correspondence game where the player is to move gets its deadline moved on by
the vacation's length, and a turn that comes to them during it starts when it ends
(:meth:`Correspondence.deadline_for`). Ended early, only the days begun are spent (whole
days, at least one) and the deadlines come back by the part not taken. Opponents see it in
the game's correspondence clock (``vacation: {seat, until}``). The clock is the
correspondence clock's (injectable).
"""

from __future__ import annotations

import dataclasses
import datetime
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

from ..errors import ApiError
from ..provide import provided
from .store import VacationStore

if TYPE_CHECKING:
    from ..games.correspondence import Correspondence

__all__ = ["ALLOWANCE", "Vacation", "Vacations", "VacationsDep", "build"]

ALLOWANCE = 14
"""Vacation days a year, by default."""


def _utc(seconds: float) -> datetime.datetime:
    return datetime.datetime.fromtimestamp(seconds, datetime.UTC).replace(tzinfo=None)


def _epoch(when: datetime.datetime) -> float:
    return when.replace(tzinfo=datetime.UTC).timestamp()


@dataclasses.dataclass(frozen=True)
class Vacation:
    """An account's vacation state at a moment."""

    allowance: int
    used: int
    until: float | None
    """The end of the vacation running (epoch seconds), None when not on vacation."""

    def view(self) -> dict[str, Any]:
        return {
            "allowance": self.allowance,
            "used": self.used,
            "left": self.allowance - self.used,
            "on_vacation": self.until is not None,
            "until": self.until,
        }


class Vacations:
    """Start and end vacations; the clocks of correspondence games follow."""

    def __init__(
        self,
        store: VacationStore,
        correspondence: Correspondence,
        seats_of: Callable[[int], list[tuple[str, int]]],
        allowance: int = ALLOWANCE,
    ) -> None:
        self.store = store
        self.correspondence = correspondence
        self.seats_of = seats_of
        """The (game, seat) pairs an account holds (the accounts' query)."""
        self.allowance = allowance

    def _now(self) -> float:
        return self.correspondence.clock()

    def state(self, user_id: int) -> Vacation:
        now = self._now()
        row = self.store.row(user_id, _utc(now).year)
        running = row.until is not None and _epoch(row.until) > now
        until = _epoch(row.until) if running and row.until is not None else None
        return Vacation(self.allowance, row.used, until)

    def start(self, user_id: int, days: int) -> Vacation:
        """Book ``days`` whole days from now; the clocks of the player's games where they
        are to move stop (queries: call it in a thread)."""
        now = self._now()
        row = self.store.row(user_id, _utc(now).year)
        if row.until is not None and _epoch(row.until) > now:
            raise ApiError(409, "you are on vacation already: end it first")
        left = self.allowance - row.used
        if left < 1:
            raise ApiError(
                409,
                "no vacation days left this year (all {allowance} spent)",
                allowance=self.allowance,
            )
        if not 1 <= days <= left:
            raise ApiError(
                400,
                "a vacation is 1 to {left} whole days (left this year)",
                left=left,
            )
        span = datetime.timedelta(seconds=days * self.correspondence.day_seconds)
        row.year, row.used, row.booked = _utc(now).year, row.used + days, days
        row.started, row.until = _utc(now), _utc(now) + span
        self.store.save(row)
        self.correspondence.shift(self.seats_of(user_id), span)
        return self.state(user_id)

    def end(self, user_id: int) -> Vacation:
        """End the vacation now: only the days begun are spent, the clocks run again
        (queries: call it in a thread)."""
        now = self._now()
        row = self.store.row(user_id, _utc(now).year)
        if row.until is None or row.started is None or _epoch(row.until) <= now:
            raise ApiError(409, "you are not on vacation")
        day = self.correspondence.day_seconds
        spent = max(1, math.ceil((now - _epoch(row.started)) / day - 1e-9))
        row.used -= max(0, row.booked - spent)
        unused = row.until - _utc(now)
        row.started, row.until, row.booked = None, None, 0
        self.store.save(row)
        self.correspondence.shift(self.seats_of(user_id), -unused)
        return self.state(user_id)


def build(
    store: VacationStore,
    correspondence: Correspondence,
    seats_of: Callable[[int], list[tuple[str, int]]],
    allowance: int = ALLOWANCE,
) -> Vacations:
    """The vacations of one app (``store`` is built first: the correspondence clocks ask it
    who is away)."""
    return Vacations(store, correspondence, seats_of, allowance)


VacationsDep = Annotated[Vacations, provided(Vacations)]
"""A route parameter of this type receives the app's :class:`Vacations`."""
