"""Sign-in attempts counted in the database, so the limits hold across server processes.

:meth:`AttemptStore.attempt` records an attempt against a key and answers whether it
is within ``count`` attempts per ``window`` seconds. The row is committed *before* the
attempts are counted, so two processes racing on one key can both be refused but
never both admitted past the limit: each admitted attempt saw at most ``count``
committed attempts, itself included. A refused attempt is not kept (waiting the
``Retry-After`` it was told is enough).

Sign-in counts *failures* only (issue 38), exactly across processes (issue 56): each
attempt is reserved (:meth:`reserve`) before the password is checked, as above, so
attempts in flight count; a success gives its rows back (:meth:`release`), a failure
keeps them.
:meth:`fail` counts one row (a device's sign-in), :meth:`forget` clears a key, and
:meth:`seen` tells whether a key has a row in the window (a device that signed in before).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from sqlalchemy import delete, func, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from .attempt_tables import AttemptRow

__all__ = ["AttemptStore"]


class AttemptStore:
    """Attempts per key of one kind (``kind``, e.g. ``address``) in a sliding window."""

    def __init__(
        self,
        engine: Engine,
        kind: str,
        count: int,
        window: float,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.engine = engine
        self.kind = kind
        self.count = count
        self.window = window
        self.clock = clock

    def attempt(self, key: str) -> int | None:
        """Count an attempt against ``key``: None when allowed, else the seconds to wait."""
        return self.reserve(key)[1]

    def reserve(self, key: str) -> tuple[int | None, int | None]:
        """Count an attempt against ``key`` before it is made: (its row, None) when it is
        within the limit, else (None, the seconds to wait; nothing kept). The row is
        committed before the rows are counted, so of attempts racing on one key in many
        processes none passes the limit; :meth:`release` takes it back (an attempt that
        turned out to count nothing: a success)."""
        now = self.clock()
        since = now - self.window
        stored = self._key(key)
        with Session(self.engine) as session, session.begin():
            old = AttemptRow.key.startswith(f"{self.kind}:", autoescape=True)
            session.execute(delete(AttemptRow).where(old, AttemptRow.at <= since))
            row = AttemptRow(key=stored, at=now)
            session.add(row)
            session.flush()
            row_id = row.id
        with Session(self.engine) as session, session.begin():
            recent = (
                select(AttemptRow.at)
                .where(AttemptRow.key == stored, AttemptRow.at > since)
                .subquery()
            )
            counted, oldest = session.execute(select(func.count(), func.min(recent.c.at))).one()
        if counted <= self.count:
            return row_id, None
        # taken back in a transaction of its own: on a SQLite file in WAL mode a read
        # transaction that turns into a write fails at once (not after the busy timeout)
        # when another connection wrote since its read
        self.release(row_id)
        return None, max(1, math.ceil(float(oldest) + self.window - now))

    def release(self, row_id: int) -> None:
        """Take back the attempt :meth:`reserve` counted as ``row_id``."""
        with Session(self.engine) as session, session.begin():
            session.execute(delete(AttemptRow).where(AttemptRow.id == row_id))

    def _key(self, key: str) -> str:
        return f"{self.kind}:{key}"[:120]

    def fail(self, key: str) -> None:
        """Count one row (a failure, or a device's sign-in) against ``key``."""
        now = self.clock()
        with Session(self.engine) as session, session.begin():
            old = AttemptRow.key.startswith(f"{self.kind}:", autoescape=True)
            session.execute(delete(AttemptRow).where(old, AttemptRow.at <= now - self.window))
            session.add(AttemptRow(key=self._key(key), at=now))

    def forget(self, key: str) -> None:
        """Clear ``key``'s rows (a success wipes its own failures)."""
        with Session(self.engine) as session, session.begin():
            session.execute(delete(AttemptRow).where(AttemptRow.key == self._key(key)))

    def seen(self, key: str) -> bool:
        """True when ``key`` has a row in the window."""
        since = self.clock() - self.window
        with Session(self.engine) as session:
            found = session.execute(
                select(AttemptRow.id)
                .where(AttemptRow.key == self._key(key), AttemptRow.at > since)
                .limit(1)
            ).first()
        return found is not None
