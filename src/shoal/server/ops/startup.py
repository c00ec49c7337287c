"""What ``shoal serve`` does before it starts uvicorn: wait for its database, and prepare the
folder of the workers' metrics.

A service manager may start shoal before PostgreSQL answers (at boot, after a restart of
both). :func:`wait_for_database` tries to connect, logging each failure, with waits of 0.5 s
doubling to 5 s, for at most ``seconds`` (``shoal serve --wait-database``, 30 by default);
then it gives up and ``shoal serve`` exits 1 with the reason. A SQLite file needs no wait.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.pool import NullPool

from ..periodic import doubling
from .metrics import MULTIPROCESS_ENV

__all__ = ["WAIT_MAX", "metrics_folder", "safe_url", "wait_for_database"]

WAIT_MAX = 5.0
"""The longest wait between two tries, in seconds."""

log = logging.getLogger("shoal.serve")


def safe_url(url: str) -> str:
    """A database URL fit for a log line: its password hidden.

    >>> safe_url("postgresql+psycopg://shoal:hunter2@db.example.org/shoal")
    'postgresql+psycopg://shoal:***@db.example.org/shoal'
    """
    return make_url(url).render_as_string(hide_password=True)


def _reason(error: Exception) -> str:
    words = str(getattr(error, "orig", None) or error).strip().splitlines()
    return words[0] if words else type(error).__name__


def wait_for_database(
    url: str, seconds: float, sleep: Callable[[float], None] = time.sleep
) -> bool:
    """Whether the database at ``url`` answers within ``seconds`` (tries logged)."""
    backend = make_url(url).get_backend_name()
    if backend == "sqlite":
        return True
    connect_args = {"connect_timeout": 5} if backend == "postgresql" else {}
    engine = create_engine(url, poolclass=NullPool, connect_args=connect_args)
    deadline = time.monotonic() + seconds
    waits, tries = doubling(0.5, WAIT_MAX), 0
    try:
        while True:
            try:
                with engine.connect() as connection:
                    connection.execute(text("SELECT 1"))
            except (OperationalError, InterfaceError) as error:
                tries += 1
                left = deadline - time.monotonic()
                if left <= 0:
                    log.error(
                        "the database %s did not answer within %g s (%d tries): %s",
                        safe_url(url),
                        seconds,
                        tries,
                        _reason(error),
                    )
                    return False
                wait = min(next(waits), left)
                log.warning(
                    "the database %s does not answer (%s): trying again in %.1f s "
                    "(giving up in %.0f s)",
                    safe_url(url),
                    _reason(error),
                    wait,
                    left,
                )
                sleep(wait)
                continue
            if tries:
                log.info("the database %s answers (after %d tries)", safe_url(url), tries + 1)
            return True
    finally:
        engine.dispose()


@contextlib.contextmanager
def metrics_folder() -> Iterator[str]:
    """The folder of the workers' metrics, in :data:`~.metrics.MULTIPROCESS_ENV` while the
    server runs: the operator's (emptied of an earlier run's files), else a temporary one
    (removed at the end)."""
    given = os.environ.get(MULTIPROCESS_ENV)
    if given:
        os.makedirs(given, exist_ok=True)
        for name in os.listdir(given):
            if name.endswith(".db"):
                os.remove(os.path.join(given, name))
        yield given
        return
    folder = tempfile.mkdtemp(prefix="shoal-metrics-")
    os.environ[MULTIPROCESS_ENV] = folder
    try:
        yield folder
    finally:
        os.environ.pop(MULTIPROCESS_ENV, None)
        shutil.rmtree(folder, ignore_errors=True)
