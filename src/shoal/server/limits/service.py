"""The site's limits as the routes use them: count, refuse with 429 in words, give back.

One :class:`Limits` per app (a route asks for it: :data:`LimitsDep`), on the app's database:
every server process counts in the same table (:mod:`.counter`), so each limit holds for the
site, with one process or many, on SQLite (one process) as on PostgreSQL. The count is one
statement, run in a worker thread, never in the event loop::

    await limits.check("games", client_address(request))      # 429 past it
    async with limits.hold("events", f"u{user.id}"):            # given back
        event = await tournaments.create(user, body)                   # on a refusal

A refusal is :class:`~shoal.server.errors.ApiError` 429 with ``Retry-After`` (the seconds
until the key's window ends) and words that say the limit and when to try again.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import time
from collections.abc import AsyncIterator, Callable, Iterable, Mapping
from typing import Annotated

from sqlalchemy.engine import Engine

from ..errors import ApiError
from ..provide import provided
from .counter import WindowCounter
from .rules import RULES, Rule, refusal, with_changes

__all__ = ["Limits", "LimitsDep", "account_key"]


def account_key(user_id: int | None, address: str) -> str:
    """The key of a limit per account, where a guest is known by its address."""
    return f"u{user_id}" if user_id is not None else f"a{address}"


class Limits:
    """The limits of one site (:data:`~.rules.RULES` with the operator's changes)."""

    def __init__(
        self,
        engine: Engine,
        changes: Iterable[str] = (),
        *,
        rules: Mapping[str, Rule] = RULES,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.rules = with_changes(rules, changes)
        self.counter = WindowCounter(engine, clock)
        self.clock = clock

    def rule(self, name: str) -> Rule:
        """The rule called ``name`` (a KeyError for a name that is none)."""
        return self.rules[name]

    def take(self, name: str, key: str) -> float | None:
        """Count one against ``key`` under the rule ``name`` (blocking: in a worker
        thread); 429 past the limit. Answers when the key's window ends (None: the rule
        is off), for :meth:`give_back`."""
        rule = self.rules[name]
        if rule.count <= 0:
            return None
        hits, ends = self.counter.hit(f"{name}:{key}", rule.window)
        if hits > rule.count:
            wait = max(1.0, ends - self.clock())
            raise ApiError(429, refusal(rule, wait), headers={"Retry-After": str(math.ceil(wait))})
        return ends

    def give_back(self, name: str, key: str, ends: float | None) -> None:
        """Take back one counted by :meth:`take` (what it counted was not made)."""
        if ends is not None:
            self.counter.give_back(f"{name}:{key}", ends)

    async def check(self, name: str, key: str) -> None:
        """:meth:`take` in a worker thread: count one, 429 past the limit."""
        await asyncio.to_thread(self.take, name, key)

    @contextlib.asynccontextmanager
    async def hold(self, name: str, key: str) -> AsyncIterator[None]:
        """Count one for what the block makes; given back when the block fails (a refusal
        of what was asked counts nothing)."""
        ends = await asyncio.to_thread(self.take, name, key)
        try:
            yield
        except BaseException:
            await asyncio.to_thread(self.give_back, name, key, ends)
            raise


LimitsDep = Annotated[Limits, provided(Limits)]
"""A route parameter of this type receives the app's :class:`Limits`."""
