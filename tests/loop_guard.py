"""A test-only guard (issue 58): no SQL statement runs on an event loop's thread.

An ``async def`` of the server that queries the database synchronously stops every game and
socket of its worker for the query's time (on PostgreSQL over a network, a round trip each).
:data:`GUARD` listens to every SQLAlchemy engine's ``before_cursor_execute`` and to every
pool's ``checkout`` (a statement run on the driver's own connection, as a game's save on a
SQLite file is, passes no ``before_cursor_execute``, but takes a connection from the pool);
one done in a thread whose event loop is running (the app's loop in a test client's thread,
a test's own ``asyncio.run``) is noted with the server's frame that did it, and the test
fails (:func:`fails_the_test`, an autouse fixture of ``tests/conftest.py``).

Building the app is not serving: a statement run while ``create_app`` is on the stack is
not noted (:func:`building`).

The asynchronous driver's statements (a game's save on the loop's own psycopg connections,
the relay's ``LISTEN``) are awaited, not run on the loop's thread, and do not pass here.
The check is one ``asyncio.get_running_loop`` call per statement: nothing measurable.

``SHOAL_LOOP_GUARD_LOG=FILE`` also appends every statement found to ``FILE`` (one line
each: test, statement, frame), to count the places over a whole run.

A real ``shoal serve`` a test starts (``tests/server/_live.py``) is guarded too: its
environment names ``tests/loop_guard_site`` (whose ``sitecustomize`` calls
:func:`install_in_process`), and every statement it runs on its loop's thread is written to
its log after :data:`MARK`, which fails the test when the server stops.
"""

from __future__ import annotations

import asyncio
import os
import sys
import traceback
import weakref
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.pool import Pool

__all__ = ["GUARD", "MARK", "LoopGuard", "fails_the_test", "install_in_process"]

MARK = "shoal loop guard:"
"""The words before each statement a guarded server process ran on its loop's thread."""

OURS = os.sep + os.path.join("shoal", "server") + os.sep
"""The frames that say who ran a statement: the server's own code (not SQLAlchemy's)."""


class LoopGuard:
    """Notes the statements run on a thread whose event loop is running."""

    def __init__(self) -> None:
        self.found: list[tuple[str, str]] = []
        """(statement, where) of each statement run on a loop's thread, since the last test."""
        self.report: Callable[[str, str], None] | None = None
        """Also told of each (in a server process, which has no test to fail)."""
        self.foreign: weakref.WeakSet[asyncio.AbstractEventLoop] = weakref.WeakSet()
        """Loops that serve no request: Playwright's synchronous API runs its own loop on the
        test's thread for the rest of the worker's life (tests/web/conftest.py names it here),
        and a test's own statements under it block no server."""

    def note(self, statement: str) -> None:
        """Note ``statement`` with the server's frames that ran it (not while the app is
        being built: see :func:`building`)."""
        if building():
            return
        frame = where()
        self.found.append((statement, frame))
        if self.report is not None:
            self.report(statement, frame)

    def on_a_loop(self) -> bool:
        """Whether an event loop runs on this thread, other than one in :attr:`foreign`."""
        loop = asyncio._get_running_loop()  # None in a worker thread or outside any loop
        return loop is not None and loop not in self.foreign

    def check(self, *args: Any) -> None:
        """``before_cursor_execute``: note the statement when a loop runs on this thread."""
        if self.on_a_loop():
            self.note(" ".join(str(args[2]).split())[:90])

    def checkout(self, *args: Any) -> None:
        """A pool's ``checkout``: note a connection taken when a loop runs on this thread."""
        if self.on_a_loop():
            self.note("(a connection taken from the pool)")


def where() -> str:
    """The innermost frames of the server's code on the stack, ``file:line function``."""
    frames = [f for f in traceback.extract_stack()[:-2] if OURS in f.filename]
    if not frames:
        return "(no frame of shoal.server: a test's own code)"
    return " <- ".join(
        f"{f.filename.split(OURS)[-1]}:{f.lineno} {f.name}" for f in reversed(frames[-3:])
    )


BUILDER = os.path.join("shoal", "server", "app.py")


def building() -> bool:
    """Whether ``create_app`` is on the stack: the app is being built, before it serves.

    Uvicorn calls a worker's app factory (``shoal serve --workers N``) in that worker's event
    loop before the loop accepts a connection, so its statements (the migrations' check, the
    computer's bot accounts, the site's secrets) keep no request waiting.
    """
    return any(
        f.name == "create_app" and f.filename.endswith(BUILDER) for f in traceback.extract_stack()
    )


def install_in_process() -> None:
    """Guard this server process: each statement on its loop's thread is written to stderr
    (the server's log) after :data:`MARK`."""

    def report(statement: str, frame: str) -> None:
        GUARD.found.clear()  # no test here: the log is the record
        sys.stderr.write(f"{MARK} {statement} at {frame}\n")
        sys.stderr.flush()

    GUARD.report = report


GUARD = LoopGuard()
event.listen(Engine, "before_cursor_execute", GUARD.check)
event.listen(Pool, "checkout", GUARD.checkout)


@pytest.fixture(autouse=True)
def fails_the_test(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fail a test in which the server ran a statement on an event loop's thread."""
    GUARD.found.clear()
    yield
    found, GUARD.found[:] = list(GUARD.found), []
    if not found:
        return
    log = os.environ.get("SHOAL_LOOP_GUARD_LOG")
    if log:
        with open(log, "a", encoding="utf-8") as out:
            for statement, frame in found:
                out.write(f"{request.node.nodeid}\t{statement}\t{frame}\n")
    places = sorted({frame for _, frame in found})
    pytest.fail(
        f"{len(found)} statement(s) ran on the event loop's thread (an async def that queries "
        "the database synchronously: hand the query to a thread, or make the route a def):\n"
        + "\n".join(f"  {p}" for p in places),
        pytrace=False,
    )
