#!/usr/bin/env python3
"""The open data's export on a site of N finished games: its time, its files' sizes.

    .venv/bin/python scripts/bench_export.py [--games 2000] [--months 4] [--level 19]

Makes a SQLite database in a temporary folder (the migrations' head), stores ``--games``
finished games spread evenly over the five games and ``--months`` months (random play to the
end by the rules, seeds fixed, guests' seats), then runs ``shoal db export`` on it as the
command does (:func:`shoal.server.opendata.service.export`) and prints its wall and CPU time,
the CPU of the games alone (the export less that of the same site without games: the puzzles
and books, the same on every site), and the bytes of the games' files (text and JSON lines) a
game. CPU time is the figure to read on a shared machine.
"""

from __future__ import annotations

import argparse
import datetime
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, insert

from shoal import games
from shoal.server.db import migrate
from shoal.server.games.tables import GameRow
from shoal.server.opendata.service import export

GAMES = ("syrtis", "sirtet", "sytran", "cyclix", "sfirs")


def random_game(game_id: str, seed: int) -> tuple[list[int], int | None]:
    """A game played at random to its end: its actions and its winner."""
    rules = games.get(game_id)
    rng = random.Random(seed)
    state = rules.initial(seed)
    actions = []
    while state.outcome is None:
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        actions.append(action)
        state = state.apply(action)
    return actions, state.outcome.winner


def fill(url: str, count: int, months: int) -> None:
    """``count`` finished games in the database at ``url``."""
    engine = create_engine(url)
    migrate.upgrade(engine)
    start = datetime.datetime(2026, 1, 1)
    rows = []
    for index in range(count):
        game_id = GAMES[index % len(GAMES)]
        actions, winner = random_game(game_id, index)
        when = start + datetime.timedelta(days=30 * (index % months), seconds=index)
        rows.append(
            {
                "id": f"bench{index:08d}",
                "game": game_id,
                "options": {},
                "seed": index,
                "start": None,
                "mode": "friend",
                "level": None,
                "computer_seat": None,
                "players": ["guest", "guest"],
                "token_hashes": [None, None],
                "actions": actions,
                "clock": None,
                "ended": {"winner": winner, "reason": "rules"},
                "accounts": [None, None],
                "time_control": None,
                "rated": False,
                "version": len(actions),
                "created": when,
                "updated": when,
            }
        )
    if rows:
        with engine.begin() as connection:
            connection.execute(insert(GameRow), rows)
    engine.dispose()


def timed_export(url: str, out: Path, level: int) -> tuple[float, float, dict[str, Any]]:
    """The export of the database at ``url`` into ``out``: its CPU and wall seconds, its
    manifest."""
    engine = create_engine(url)
    cpu, wall = time.process_time(), time.perf_counter()
    manifest = export(engine, out, level=level)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    engine.dispose()
    return cpu, wall, manifest


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--months", type=int, default=4)
    parser.add_argument("--level", type=int, default=19, help="zstandard level (19)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.months < 1 or not 1 <= args.level <= 22:
        parser.error("--games and --months are at least 1, --level from 1 to 22")
    with tempfile.TemporaryDirectory() as tmp:
        empty = f"sqlite:///{tmp}/empty.sqlite3"
        fill(empty, 0, args.months)
        base_cpu, base_wall, _ = timed_export(empty, Path(tmp) / "empty-data", args.level)
        url = f"sqlite:///{tmp}/site.sqlite3"
        t0 = time.perf_counter()
        fill(url, args.games, args.months)
        print(f"{args.games} games stored in {time.perf_counter() - t0:.1f} s")
        cpu, wall, manifest = timed_export(url, Path(tmp) / "open-data", args.level)
        files = manifest["files"]
        text = sum(f["bytes"] for f in files if f["kind"] == "games-text")
        jsonl = sum(f["bytes"] for f in files if f["kind"] == "games-jsonl")
        counted = sum(f["count"] for f in files if f["kind"] == "games-jsonl")
        other = sum(f["bytes"] for f in files if not f["kind"].startswith("games"))
        games_cpu = cpu - base_cpu
        print(
            f"export (level {args.level}): {wall:.1f} s wall, {cpu:.1f} s cpu, {len(files)} files; "
            f"the same site without games: {base_wall:.1f} s wall, {base_cpu:.1f} s cpu"
        )
        print(
            f"the games alone: {games_cpu:.1f} s cpu ({1000 * games_cpu / counted:.1f} ms a game); "
            f"text {text:,} bytes ({text / counted:.0f} a game), "
            f"JSON lines {jsonl:,} bytes ({jsonl / counted:.0f} a game)"
        )
        print(f"puzzles and books: {other:,} bytes")
        if counted != args.games:
            print(f"exported {counted} of {args.games} games", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
