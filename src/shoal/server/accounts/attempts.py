"""Sign-in attempts counted in the database, so the limits hold across server processes.

:meth:`AttemptStore.attempt` records an attempt against a key and answers whether it
is within ``count`` attempts per ``window`` seconds. The row is committed *before* the
attempts are counted, so two processes racing on one key can both be refused but
never both admitted past the limit: each admitted attempt saw at most ``count``
committed attempts, itself included. A refused attempt is not kept (waiting the
``Retry-After`` it was told is enough).
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
        now = self.clock()
        since = now - self.window
        stored = f"{self.kind}:{key}"[:120]
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
                return None
            session.execute(delete(AttemptRow).where(AttemptRow.id == row_id))
        return max(1, math.ceil(float(oldest) + self.window - now))
