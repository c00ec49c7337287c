"""The server's numbers for Prometheus (``GET /metrics``), one set per process or per site.

Every metric is a module-level object of the official ``prometheus_client``. With one
process (``shoal serve``) they live in its memory, and ``/metrics`` answers them with the
client's process metrics (CPU, memory, open files). With several (``shoal serve --workers
N``) ``shoal serve`` sets ``PROMETHEUS_MULTIPROC_DIR`` before the workers start, each worker
writes its values to small memory-mapped files there, and ``/metrics``, whichever worker
answers, reads all the files: counters and histograms add up over every worker (those that
died included, so counts never go back), gauges add up over the workers alive. The gauges of
a worker killed without its shutdown are dropped at the next scrape (:func:`exposition`).

The names (docs/operations.md lists them with example alerts):

* ``shoal_http_requests_total{method,route,status}`` and
  ``shoal_http_request_duration_seconds{method,route}``: every HTTP request, by its route's
  template (``/api/games/{game_id}/actions``; ``unmatched`` for a path no route has, so a
  scanner cannot make new series).
* ``shoal_moves_total{game}``: atomic actions this site stored; ``shoal_games_started_total{game}``.
* ``shoal_sockets_open{channel}``: WebSockets open now (``game``, ``lobby``,
  ``notifications``, ``analysis``, ``study``; another route by its template).
* ``shoal_games_in_memory{state}``: games loaded in the workers (``playing``, ``over``).
* ``shoal_db_pool_connections{state}``: the database pool's connections ``in_use`` and
  ``idle``; ``shoal_db_query_duration_seconds{kind}``: statements (``statement``: through
  SQLAlchemy; ``save``: a move's write on PostgreSQL's asynchronous connections).
* ``shoal_event_loop_lag_seconds``: how late the event loop woke up (sampled every second).
* ``shoal_searches_busy{kind}``: searches running now in worker threads (``computer``: its
  turns and hints; ``analysis``: the analysis board; ``review``: game reviews).
* ``shoal_push_total{result}`` (``sent``, ``failed``, ``gone``, ``refused``) and
  ``shoal_mail_total{result}`` (``sent``, ``failed``).
* ``shoal_relay_lag_seconds``: from one worker's event to its arrival in another (PostgreSQL).
* ``shoal_affinity_connections_total{how}``: with ``--workers``, the connections of a game's
  channels ``passed`` to the worker of the game's slot, ``adopted`` from another worker, and
  ``kept`` where they arrived because no worker of the slot took them (:mod:`..affinity`).
* ``shoal_workers``: the server processes alive; ``shoal_build_info{version}``.
"""

from __future__ import annotations

import functools
import glob
import os
import re
from typing import Any, TypeVar

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
    multiprocess,
)

from shoal import __version__

__all__ = [
    "AFFINITY",
    "CONTENT_TYPE",
    "DB_POOL",
    "DB_QUERY",
    "GAMES_IN_MEMORY",
    "GAMES_STARTED",
    "HTTP_DURATION",
    "HTTP_REQUESTS",
    "LOOP_LAG",
    "MAIL",
    "MOVES",
    "MULTIPROCESS_ENV",
    "PUSH",
    "RELAY_LAG",
    "SEARCHES_BUSY",
    "SOCKETS_OPEN",
    "WORKERS",
    "exposition",
    "labelled",
    "multiprocess_dir",
    "process_gone",
]

MULTIPROCESS_ENV = "PROMETHEUS_MULTIPROC_DIR"
"""The environment variable of ``prometheus_client``'s multi-process mode (a folder)."""

CONTENT_TYPE = CONTENT_TYPE_LATEST
"""The content type of :func:`exposition`'s text."""

disable_created_metrics()  # type: ignore[no-untyped-call]  # no ``_created`` series beside every counter: nothing reads them

_FAST = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)

HTTP_REQUESTS = Counter(
    "shoal_http_requests",
    "HTTP requests answered, by method, route template and status",
    ("method", "route", "status"),
)
HTTP_DURATION = Histogram(
    "shoal_http_request_duration_seconds",
    "Time to answer an HTTP request, by method and route template",
    ("method", "route"),
    buckets=(0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)
MOVES = Counter("shoal_moves", "Atomic actions stored, by game", ("game",))
GAMES_STARTED = Counter("shoal_games_started", "Games created, by game", ("game",))
SOCKETS_OPEN = Gauge(
    "shoal_sockets_open",
    "WebSockets open now, by channel",
    ("channel",),
    multiprocess_mode="livesum",
)
GAMES_IN_MEMORY = Gauge(
    "shoal_games_in_memory",
    "Games loaded in the server processes, playing or over",
    ("state",),
    multiprocess_mode="livesum",
)
DB_POOL = Gauge(
    "shoal_db_pool_connections",
    "Connections of the database pools, in use or idle",
    ("state",),
    multiprocess_mode="livesum",
)
DB_QUERY = Histogram(
    "shoal_db_query_duration_seconds",
    "Time of a database statement (statement: through SQLAlchemy; save: a move's write "
    "on an asynchronous PostgreSQL connection)",
    ("kind",),
    buckets=_FAST,
)
LOOP_LAG = Histogram(
    "shoal_event_loop_lag_seconds",
    "How late the event loop woke up from a one-second sleep",
    buckets=_FAST,
)
SEARCHES_BUSY = Gauge(
    "shoal_searches_busy",
    "Searches running now in worker threads: the computer's turns and hints (computer), "
    "the analysis board (analysis), game reviews (review)",
    ("kind",),
    multiprocess_mode="livesum",
)
PUSH = Counter("shoal_push", "Web Push deliveries, by result", ("result",))
MAIL = Counter("shoal_mail", "Mails, by result", ("result",))
RELAY_LAG = Histogram(
    "shoal_relay_lag_seconds",
    "Time from a worker's event to its arrival in another worker (PostgreSQL NOTIFY)",
    buckets=_FAST,
)
WORKERS = Gauge("shoal_workers", "Server processes alive", multiprocess_mode="livesum")
AFFINITY = Counter(
    "shoal_affinity_connections",
    "Connections of a game's channels with --workers, by what game affinity did: passed (to "
    "the worker of the game's slot), adopted (from another worker), kept (to pass on, but no "
    "worker of the slot took it: served where it arrived)",
    ("how",),
)
BUILD = Gauge(
    "shoal_build_info", "The running version of shoal", ("version",), multiprocess_mode="max"
)
BUILD.labels(__version__).set(1)

_Metric = TypeVar("_Metric", Counter, Gauge, Histogram)


@functools.cache
def _child(metric: Any, values: tuple[str, ...]) -> Any:
    return metric.labels(*values)


def labelled(metric: _Metric, *values: str) -> _Metric:
    """``metric.labels(*values)``, looked up once per set of values in this process: the
    client's own lookup turns every value into a string and takes a lock each time, a
    few percent of a worker's CPU per move (issue 56). The values of every label here come
    from fixed sets (routes' templates, game ids, statuses), so the cache stays small;
    no child is ever removed from a metric."""
    child: _Metric = _child(metric, values)
    return child


_PID_FILE = re.compile(r"gauge_live\w*?_(\d+)\.db$")


def multiprocess_dir() -> str | None:
    """The folder of the multi-process mode, when it is on (None: one process)."""
    return os.environ.get(MULTIPROCESS_ENV) or None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    return True


def _forget_dead(folder: str) -> None:
    """Drop the live gauges of workers that ended without their shutdown (SIGKILL, OOM)."""
    dead = set()
    for path in glob.glob(os.path.join(folder, "gauge_live*.db")):
        found = _PID_FILE.search(path)
        if found is not None and not _alive(int(found.group(1))):
            dead.add(int(found.group(1)))
    for pid in dead:
        multiprocess.mark_process_dead(pid, folder)  # type: ignore[no-untyped-call]


def exposition() -> bytes:
    """The metrics in Prometheus' text format: this process's, or every worker's."""
    folder = multiprocess_dir()
    if folder is None:
        return generate_latest(REGISTRY)
    _forget_dead(folder)
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry, path=folder)  # type: ignore[no-untyped-call]
    return generate_latest(registry)


def process_gone() -> None:
    """This worker is shutting down: its live gauges stop counting."""
    folder = multiprocess_dir()
    if folder is not None:
        multiprocess.mark_process_dead(os.getpid(), folder)  # type: ignore[no-untyped-call]
