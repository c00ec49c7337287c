"""What this machine charges to touch memory again after it was left alone (issue 56).

A server under the load test's ``--think 20`` comes back to each game's memory about every
20 seconds, and an idle worker to its own every few. On some machines (a virtual machine
whose host reclaims or tracks the guest's idle memory) a page left alone for a while costs
many times more to touch again, and the time is charged as the toucher's CPU: the "server
CPU per action" of a slow-paced load then measures the machine as much as the server.

This script allocates ``--megabytes`` of memory, touches every page, and then, for each
rest in ``--rests``, leaves it alone that long and reads one byte of every page again,
counting the thread's CPU time. Each rest is measured ``--repeat`` times and the median is
reported as microseconds per page. The rest is spent either asleep (``--rest-by sleep``,
the default) or busy reading another buffer of the same size (``--rest-by work``): when
the busy rest costs as much, what makes a page dear is how long *it* was untouched, not
whether the process slept.

    .venv/bin/python scripts/coldpages.py
    .venv/bin/python scripts/coldpages.py --rest-by work --rests 0 0.5 2

Nothing here is shoal's: it measures the machine, so that the load test's figures can be
read against it.
"""

from __future__ import annotations

import argparse
import json
import mmap
import statistics
import time

PAGE = mmap.PAGESIZE


def _touch(buffer: bytearray) -> int:
    """Read one byte of every page of ``buffer`` (a strided copy: one C loop)."""
    return sum(buffer[::PAGE])


def _rest(seconds: float, how: str, other: bytearray) -> None:
    if how == "sleep":
        time.sleep(seconds)
        return
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        _touch(other)


def measure(megabytes: int, rests: list[float], repeat: int, how: str) -> list[dict[str, float]]:
    """For each rest: the median thread CPU to touch every page again, per page and in all."""
    size = megabytes * 1024 * 1024
    pages = size // PAGE
    buffer = bytearray(b"\x01" * size)  # written once: every page is there
    other = bytearray(b"\x01" * size) if how == "work" else bytearray()
    _touch(buffer)
    rows = []
    for rest in rests:
        spent = []
        for _ in range(repeat):
            _rest(rest, how, other)
            started = time.thread_time()
            _touch(buffer)
            spent.append(time.thread_time() - started)
        median = statistics.median(spent)
        rows.append(
            {
                "rest_s": rest,
                "us_per_page": round(median / pages * 1e6, 3),
                "ms_all_pages": round(median * 1e3, 2),
            }
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--megabytes", type=int, default=64, help="memory touched (default 64)")
    parser.add_argument(
        "--rests",
        type=float,
        nargs="+",
        default=[0.0, 0.1, 0.5, 1.0, 2.0, 5.0, 20.0],
        help="seconds left alone before each touch (default 0 0.1 0.5 1 2 5 20)",
    )
    parser.add_argument("--repeat", type=int, default=3, help="touches per rest (default 3)")
    parser.add_argument(
        "--rest-by",
        choices=("sleep", "work"),
        default="sleep",
        help="spend the rest asleep or reading another buffer (default sleep)",
    )
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = parser.parse_args(argv)
    if args.megabytes < 1 or args.repeat < 1 or any(r < 0 for r in args.rests):
        parser.error("--megabytes and --repeat must be at least 1, and rests not negative")
    rows = measure(args.megabytes, args.rests, args.repeat, args.rest_by)
    if args.json:
        print(json.dumps(rows))
        return 0
    pages = args.megabytes * 1024 * 1024 // PAGE
    print(
        f"{pages:,} pages of {PAGE} bytes, rests spent by {args.rest_by}, median of {args.repeat}"
    )
    print(f"{'rest (s)':>9}  {'us a page':>10}  {'ms all pages':>13}")
    for row in rows:
        print(f"{row['rest_s']:>9g}  {row['us_per_page']:>10.3f}  {row['ms_all_pages']:>13.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
