"""What an idle site costs: ``shoal serve --workers N`` on PostgreSQL with nobody connected
(issue 56).

Starts a private PostgreSQL (Debian's package, as the tests do) and a ``shoal serve`` of
this tree on a new database of it, waits ``--settle`` seconds, then over ``--seconds``
reads:

* the database's transactions a second (``pg_stat_database``: commits and rollbacks, a
  pool's ping included; read from another database): the periodic reads of every
  process, counted exactly;
* the server's CPU a second (its processes' run time as the scheduler sums it: the
  supervisor and the workers), main threads and the others apart.

With ``--compare REV`` it measures git revision REV (its ``src`` in a temporary worktree)
and this tree in turn, ``--rounds`` times::

    .venv/bin/python scripts/idlecost.py --workers 4
    .venv/bin/python scripts/idlecost.py --workers 4 --compare HEAD~1 --rounds 2

The transactions are the same from run to run; the CPU of an idle site is a few tens of
milliseconds a second and varies with the machine's other work more than that.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from pathlib import Path
from typing import Any

import psycopg
from sqlalchemy.engine import make_url

sys.path.insert(0, str(Path(__file__).resolve().parent))
from loadtest import SRC, checkout, own_server

sys.path.insert(0, str(SRC.parent))
from tests.pg import PostgresServer, find_bin_dir


def _family(pid: int) -> list[int]:
    """``pid`` and its children (the workers of ``shoal serve --workers N``)."""
    out = [pid]
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(stat.parent.name))
    return out


def _cpu(pids: list[int]) -> tuple[float, float]:
    """The CPU seconds so far of the main threads of ``pids`` and of their other threads:
    the scheduler's own sum of each thread's run time (``/proc/PID/task/TID/schedstat``, in
    nanoseconds). Not ``stat``'s user and system ticks: those charge a whole 10 ms tick to
    the thread that runs when it comes, and an idle server's timers wake it on the ticks
    (read that way, an idle worker seemed to use two to three times as much)."""
    main = other = 0.0
    for pid in pids:
        with contextlib.suppress(OSError):
            for task in Path(f"/proc/{pid}/task").iterdir():
                with contextlib.suppress(OSError):
                    used = int((task / "schedstat").read_text().split()[0]) / 1e9
                    if task.name == str(pid):
                        main += used
                    else:
                        other += used
    return main, other


def _transactions(dsn: str, database: str) -> int:
    with psycopg.connect(dsn, autocommit=True) as connection:
        row = connection.execute(
            "SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = %s",
            (database,),
        ).fetchone()
    return int(row[0]) if row else 0


def measure(url: str, src: Path, workers: int, settle: float, seconds: float) -> dict[str, Any]:
    """One idle server of ``src`` on the database ``url``: its figures."""
    parsed = make_url(url)
    dsn = f"host={parsed.host} port={parsed.port} user={parsed.username} dbname=postgres"
    database = str(parsed.database)
    with own_server(database=url, workers=workers, src=src) as (_base, pid):
        time.sleep(settle)
        pids = _family(pid)
        before, cpu_before = _transactions(dsn, database), _cpu(pids)
        time.sleep(seconds)
        after, cpu_after = _transactions(dsn, database), _cpu(pids)  # read from another db
    main, other = (1000 * (b - a) / seconds for a, b in zip(cpu_before, cpu_after, strict=True))
    return {
        "transactions_per_s": round((after - before) / seconds, 2),
        "cpu_ms_per_s": round(main + other, 1),
        "main_threads_ms_per_s": round(main, 1),
        "other_threads_ms_per_s": round(other, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--settle", type=float, default=40.0, help="seconds before measuring")
    parser.add_argument("--seconds", type=float, default=60.0, help="seconds measured")
    parser.add_argument("--compare", metavar="REV", help="measure REV and this tree in turn")
    parser.add_argument("--rounds", type=int, default=1, help="with --compare: runs of each")
    args = parser.parse_args(argv)
    bin_dir = find_bin_dir()
    if bin_dir is None:
        parser.error("PostgreSQL is not installed (scripts/setup installs it)")
    server = PostgresServer(bin_dir).start()
    try:
        with contextlib.ExitStack() as stack:
            trees = {"this tree": SRC}
            if args.compare:
                trees = {args.compare: stack.enter_context(checkout(args.compare)), **trees}
            for _ in range(args.rounds if args.compare else 1):
                for label, src in trees.items():
                    url = server.new_database()
                    figures = measure(url, src, args.workers, args.settle, args.seconds)
                    print(f"{label}: {args.workers} workers idle: {figures}", flush=True)
                    server.drop_database(url)
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
