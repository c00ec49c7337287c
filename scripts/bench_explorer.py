#!/usr/bin/env python3
"""Benchmark of the opening explorer's lookup (issue 44): p50 and p95 with N games counted.

    .venv/bin/python scripts/bench_explorer.py [--games 100000] [--database URL] [--lookups 500]

Fills a fresh database (default: a SQLite file in a temporary folder) with ``--games``
random games of ``--game`` counted the way the server counts them (the same rows as
:meth:`ExplorerStore.count` writes, aggregated in memory and inserted in bulk, so
filling takes seconds, not hours), one claim row per game, then times lookups of
positions drawn from the games (the start and their first plies, where most games
meet): the store's query alone, and :meth:`Explorer.answer` without and with the
engine's values and the prover.
"""

from __future__ import annotations

import argparse
import datetime
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import insert

from shoal import games
from shoal.analysis.explorer import node_key, result_for, variant_key, walk
from shoal.server.explorer.service import Explorer, Lookup
from shoal.server.explorer.store import BAND, ExplorerStore, Filters
from shoal.server.explorer.tables import ExplorerGameRow, ExplorerMoveRow
from shoal.server.games.store import Store

T0 = datetime.datetime(2026, 1, 1)


def fill(store: ExplorerStore, game_id: str, count: int, seed: int) -> list[str]:
    """Count ``count`` random games in bulk; the positions met (for lookups)."""
    game = games.get(game_id)
    rng = random.Random(seed)
    rows: dict[tuple[Any, ...], list[Any]] = {}
    positions: list[str] = []
    start = game.initial(0)
    for n in range(count or 2000):
        state, actions = start, []
        while state.outcome is None and len(actions) < 60:
            legal = list(state.legal_actions())
            # a few popular openings: the first plies often follow the game's first moves
            pick = (
                legal[min(len(legal) - 1, int(rng.expovariate(1.0)))]
                if len(actions) < 8
                else rng.choice(legal)
            )
            actions.append(pick)
            state = state.child(pick)
        winner = state.outcome.winner if state.outcome is not None else None
        rated, speed = rng.random() < 0.6, rng.choice(("live", "correspondence"))
        band = rng.choice((0, 1200, 1400, 1600, 1800, 2000)) if rated else 0
        at = T0 + datetime.timedelta(seconds=n)
        if not count:  # reusing a filled database: the same draws, only the positions
            state = start
            for action in actions[: rng.randint(0, 6)]:
                state = state.child(action)
            positions.append(state.position())
            continue
        for step in walk(game, start, actions):
            key = (sys.intern(step.node), step.action, rated, speed, band)
            row = rows.get(key)
            if row is None:
                row = rows[key] = [step.text, 0, 0, 0, 0, 0, 0, "", at]
            result = result_for(step.seat, winner)
            row[1] += 1
            row[2 if result == "win" else 3 if result == "draw" else 4] += 1
            if band:
                row[5] += 2 * (band + BAND // 2)
                row[6] += 2
            row[7], row[8] = f"b{n:06d}", at
        if n < 2000:
            state = start
            for action in actions[: rng.randint(0, 6)]:
                state = state.child(action)
            positions.append(state.position())
    if not count:
        return positions
    with store.engine.begin() as connection:
        names = ("node", "action", "rated", "speed", "band")
        counts = ("text", "games", "wins", "draws", "losses", "rating_sum", "rated_players")
        items = list(rows.items())
        for i in range(0, len(items), 5000):
            chunk = [
                dict(zip(names, key), **dict(zip(counts, row)), last_game=row[7], last_at=row[8])
                for key, row in items[i : i + 5000]
            ]
            connection.execute(insert(ExplorerMoveRow), chunk)
        claims = [{"game_id": f"b{n:06d}", "counted": T0} for n in range(count)]
        for i in range(0, len(claims), 5000):
            connection.execute(insert(ExplorerGameRow), claims[i : i + 5000])
    print(f"filled: {count} games, {len(rows)} move rows")
    return positions


def timed(label: str, positions: list[str], run: Callable[[str], Any]) -> None:
    times = []
    for position in positions:
        t = time.perf_counter()
        run(position)
        times.append((time.perf_counter() - t) * 1000)
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    print(
        f"{label:<40} n={len(times)} p50={statistics.median(times):6.2f} ms  "
        f"p95={p95:6.2f} ms  max={times[-1]:6.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--game", default="connect4")
    parser.add_argument("--database")
    parser.add_argument("--lookups", type=int, default=500)
    parser.add_argument("--seed", type=int, default=44)
    parser.add_argument(
        "--reuse", action="store_true", help="--database is filled already: only time lookups"
    )
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="shoal-explorer-")
    url = args.database or f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
    base = Store(url)
    store = ExplorerStore(base.engine)
    t = time.perf_counter()
    positions = fill(store, args.game, 0 if args.reuse else args.games, args.seed)
    print(f"fill took {time.perf_counter() - t:.1f} s; counted games: {store.total()}")
    rng = random.Random(args.seed)
    sample = [rng.choice(positions) for _ in range(args.lookups)]
    explorer = Explorer(store, lambda accounts, game, speed: (None, None))
    game = games.get(args.game)
    variant = variant_key(game)
    timed("store.moves, no filter", sample, lambda p: store.moves(node_key(variant, p), Filters()))
    timed(
        "store.moves, rated 1600+ live",
        sample,
        lambda p: store.moves(
            node_key(variant, p), Filters(rated=True, speeds=("live",), min_rating=1600)
        ),
    )
    timed(
        "answer (lookup + JSON), no engine",
        sample,
        lambda p: explorer.answer(Lookup(args.game, {}, p, "site", Filters()), engine=False),
    )
    timed(
        "answer with value and prover",
        sample[: max(1, args.lookups // 5)],
        lambda p: explorer.answer(Lookup(args.game, {}, p, "site", Filters())),
    )
    base.close()


if __name__ == "__main__":
    main()
