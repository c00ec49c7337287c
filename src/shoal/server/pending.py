"""The background deliveries of a sender (pushes, mails) that a caller may wait for.

A move never waits for a push service or a mail server: :class:`~.push.service.Pusher`
and :class:`~.mail.service.Mailer` start each delivery as a task. :meth:`Pending.settle`
waits until every delivery started so far has been handed over or has failed, so that a
test (or a shutdown) knows what was sent without waiting an arbitrary time for "nothing
more comes".
"""

from __future__ import annotations

import asyncio
from typing import Any

__all__ = ["Pending"]


class Pending:
    """The tasks a sender started and that have not ended yet."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[Any]] = set()

    def add(self, task: asyncio.Task[Any]) -> None:
        """Keep ``task`` until it ends."""
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def settle(self) -> None:
        """Wait for the tasks of the running event loop, those they start included (a task
        of another loop cannot be awaited here: it ends on its own)."""
        loop = asyncio.get_running_loop()
        while mine := [task for task in self._tasks if task.get_loop() is loop]:
            await asyncio.gather(*mine, return_exceptions=True)
