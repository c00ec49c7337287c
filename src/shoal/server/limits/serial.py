"""One writer at a time per key, across processes: for a cap on what is open at once.

A cap such as "5 open seeks per player" is a count of rows followed by an insert. Two
processes doing both at the same moment would each count 4 and each insert: 6.
:func:`serially` runs the count and the insert in one transaction that holds a lock on
the key: on PostgreSQL a transaction-level advisory lock (``pg_advisory_xact_lock``,
released at the commit, when the row is visible to the next holder), on SQLite (one
server process) a lock of the process, SQLite itself writing one transaction at a time.

>>> from sqlalchemy import create_engine, text
>>> engine = create_engine("sqlite://")
>>> with serially(engine, "seeks:u1") as session:
...     session.execute(text("SELECT 1")).scalar()
1
"""

from __future__ import annotations

import contextlib
import hashlib
import threading
from collections.abc import Iterator

from sqlalchemy import text
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

__all__ = ["lock_number", "serially"]

_HERE = threading.Lock()
"""The lock of this process (SQLite: one server process, so one lock serves every key)."""


def lock_number(key: str) -> int:
    """The advisory lock's number of ``key``: 64 bits of its SHA-256, signed.

    >>> lock_number("seeks:u1") == lock_number("seeks:u1") != lock_number("seeks:u2")
    True
    """
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big", signed=True)


@contextlib.contextmanager
def serially(engine: Engine, key: str) -> Iterator[Session]:
    """A session in a transaction that no other holder of ``key`` runs at the same time
    (committed at the end of the block, rolled back on an exception)."""
    if engine.dialect.name == "postgresql":
        with Session(engine) as session, session.begin():
            session.execute(text("SELECT pg_advisory_xact_lock(:n)"), {"n": lock_number(key)})
            yield session
        return
    with _HERE, Session(engine) as session, session.begin():
        yield session
