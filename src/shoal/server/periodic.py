"""Work the server does again and again (a tick, a sweep, a reconnection, a retry), and its
failures told twice, not once a try (issue 56).

During an outage of the database every periodic task fails on each try: the tournaments'
tick every 2 s, the correspondence sweep every 10 s, the relay's listener between its
reconnections, each flag and each rating settle waiting for the database. Logged once a
try, with a traceback each, three outages made 12,507 lines. A :class:`Failures` logs a
task's failures as two lines: one when it starts failing (with the error; with the
traceback too when the error is not the database being away, since that is a defect),
and one when it works again, with how many tries failed over how long::

    WARNING the tournaments' tick failed (OperationalError: connection refused); trying
            again every 2 s, quietly until it works
    WARNING the tournaments' tick works again after 14 failed tries in 27 s

:func:`every` runs a coroutine function every N seconds through one :class:`Failures`;
work with its own retry loop (a flag's timer, a settle's back-off) keeps a
:class:`Failures` and calls :meth:`Failures.failed` and :meth:`Failures.worked` itself.
The loops that back off (the settle, the relay's reconnection, the wait for the database at
start-up) take their waits from one :func:`doubling`.

>>> import logging
>>> failures = Failures("the demo's tick", logging.getLogger("demo"))
>>> failures.failed(ValueError("no")), failures.failed(ValueError("no"))
(True, False)
>>> failures.count
2
>>> failures.worked(), failures.worked()
(True, False)
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Iterator

from .db_down import DATABASE_ERRORS

__all__ = ["Failures", "doubling", "every"]


def doubling(first: float, most: float) -> Iterator[float]:
    """The waits between the tries of work that keeps failing: ``first``, then each twice
    the one before, never more than ``most``.

    >>> from itertools import islice
    >>> list(islice(doubling(1.0, 5.0), 6))
    [1.0, 2.0, 4.0, 5.0, 5.0, 5.0]
    """
    wait = first
    while True:
        yield wait
        wait = min(wait * 2, most)


class Failures:
    """The failures in a row of one repeated task (``what``, e.g. "the tournaments' tick"),
    logged on ``log`` when they start and when they end."""

    def __init__(self, what: str, log: logging.Logger, retry: str = "") -> None:
        self.what = what
        self.log = log
        self.retry = retry
        """How it tries again, for the first line (e.g. "every 2 s"; empty: not said)."""
        self.count = 0
        """Failed tries since it last worked (0: it works)."""
        self.since = 0.0

    def failed(self, error: BaseException) -> bool:
        """Count one failed try; True when it is the first of a run (and was logged)."""
        self.count += 1
        if self.count > 1:
            return False
        self.since = time.monotonic()
        again = f"trying again {self.retry}, " if self.retry else "trying again "
        self.log.warning(
            "%s failed (%s: %s); %squietly until it works",
            self.what,
            type(error).__name__,
            _first_line(error),
            again,
            exc_info=None if _outage(error) else error,
        )
        return True

    def worked(self) -> bool:
        """A try worked; True when it ended a run of failures (and that was logged)."""
        if not self.count:
            return False
        count, self.count = self.count, 0
        self.log.warning(
            "%s works again after %d failed %s in %.0f s",
            self.what,
            count,
            "try" if count == 1 else "tries",
            time.monotonic() - self.since,
        )
        return True


def _outage(error: BaseException) -> bool:
    """True for the database (or the network) being away, as opposed to a defect: the
    driver's errors through SQLAlchemy, psycopg's own (the relay's connections), OSError."""
    return isinstance(error, (*DATABASE_ERRORS, OSError, TimeoutError)) or type(
        error
    ).__module__.startswith("psycopg")


def _first_line(error: BaseException) -> str:
    """The error's message, its first line only (a driver's may run over several)."""
    text = str(error).strip()
    return text.splitlines()[0][:200] if text else "no message"


async def every(seconds: float, work: Callable[[], Awaitable[object]], failures: Failures) -> None:
    """Await ``work()``, then again ``seconds`` after it ended, until cancelled; a failure
    (any exception) is counted by ``failures`` and the next try comes on time."""
    while True:
        try:
            await work()
        except asyncio.CancelledError:
            raise
        except Exception as error:
            failures.failed(error)
        else:
            failures.worked()
        await asyncio.sleep(seconds)
