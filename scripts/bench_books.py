#!/usr/bin/env python3
"""CPU to make each shipped book ready for its first lookup: counted (before) v its index (after).

    .venv/bin/python scripts/bench_books.py [GAME ...]

For each game (default: every game with a shipped book), two fresh Python processes:
one counts the book by replaying it (``load_book``, what a lookup did before the
index), the other opens its index (``open_book``); each then looks up the start's
moves. Prints the CPU (process time) and wall time of each, the nodes and the
files' sizes. A fresh process is used so that nothing is cached between the two.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

from shoal import games
from shoal.analysis.book import book_path, load_book, open_book
from shoal.analysis.book_index import BookIndex, index_path

BOOK_GAMES = ("syrtis", "sirtet", "sytran", "cyclix", "sfirs")


def measure(game_id: str, how: str) -> dict[str, float | int | str]:
    """In this process: make the book ready (``replay`` or ``index``) and look up the start."""
    game = games.get(game_id)
    cpu, wall = time.process_time(), time.perf_counter()
    book = load_book(game) if how == "replay" else open_book(game)
    moves = book.moves(game.initial(0))
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    if how == "index" and not isinstance(book, BookIndex):
        raise SystemExit(f"{game_id}: no index of its book (run: shoal explorer index {game_id})")
    nodes = book.nodes if isinstance(book, BookIndex) else len(book.nodes)
    return {"cpu_ms": 1000 * cpu, "wall_ms": 1000 * wall, "nodes": nodes, "moves": len(moves)}


def main(argv: list[str]) -> int:
    if argv[:1] == ["--one"]:
        print(json.dumps(measure(argv[1], argv[2])))
        return 0
    print("| game | nodes | counted: CPU (wall) | index: CPU (wall) | index size | book size |")
    print("|---|---|---|---|---|---|")
    for game_id in argv or BOOK_GAMES:
        row = {}
        for how in ("replay", "index"):
            out = subprocess.run(
                [sys.executable, __file__, "--one", game_id, how],
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            row[how] = json.loads(out)
        book = book_path(game_id)
        before, after = row["replay"], row["index"]
        assert before["nodes"] == after["nodes"] and before["moves"] == after["moves"]
        print(
            f"| {game_id} | {after['nodes']:,} | {before['cpu_ms']:,.0f} ms "
            f"({before['wall_ms']:,.0f} ms) | {after['cpu_ms']:.1f} ms ({after['wall_ms']:.1f} ms) "
            f"| {index_path(book).stat().st_size / 1000:,.0f} kB "
            f"| {book.stat().st_size / 1000:,.0f} kB |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
