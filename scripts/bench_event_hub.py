#!/usr/bin/env python3
"""Benchmark of an event page's live change (issues 56 and 59, ``tournaments/live.py``).

    .venv/bin/python scripts/bench_event_hub.py [--pages 500] [--repeat 5]

An arena of 500 players with 1,500 games played and 200 on; one game ends and its two
players are paired again. Times what a process's hub does for that change once its read of
the event is done: the new view's tag and the change from the pages' view
(``view_delta``), then the message of each of ``--pages`` pages (the change with its
reader's own keys) encoded as the sockets send it. Prints the best of ``--repeat`` runs,
the message's size and the whole view's, for comparison with the 2-s read every page made
before (each a whole ``event_view`` of the event).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.server.tournaments.test_event_changes import arena_of_500

from shoal.server.sockets import encode
from shoal.server.tournaments.deltas import READER_KEYS, tag_of, view_delta


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pages", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    old, new = arena_of_500()
    for view in (old, new):
        for key in READER_KEYS:
            view.pop(key, None)
    runs = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        tag = tag_of(new)
        delta = view_delta(old, new)
        middle = time.perf_counter()
        size = 0
        for _page in range(args.pages):
            change = {"type": "change", "tag": tag, "base": "0", **delta}
            mine = {"joined": True, "your_game": None, "your_games": [], "creator": False}
            change["set"] = {**delta["set"], **mine}
            size = len(encode(change))
        runs.append((middle - start, time.perf_counter() - middle, size))
    tagged, sent, size = min(runs)
    whole = len(json.dumps(new, separators=(",", ":")))
    print(f"tag and change: {tagged * 1000:.1f} ms")
    print(f"{args.pages} pages' messages encoded: {sent * 1000:.1f} ms")
    print(f"a page's message: {size} bytes (the whole view: {whole} bytes)")


if __name__ == "__main__":
    main()
