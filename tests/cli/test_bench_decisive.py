"""``shoal bench --search --decisive``: the search rate with decisive moves on."""

from __future__ import annotations

import json
import subprocess
import sys


def test_bench_search_with_decisive_moves_says_so_in_its_rows() -> None:
    args = ["bench", "syrtis", "--search", "--json", "--windows", "1", "--seconds", "0.2"]
    for extra, decisive in (([], False), (["--decisive"], True)):
        done = subprocess.run(
            [sys.executable, "-m", "shoal.cli", *args, *extra, "--no-openspiel"],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        rows = json.loads(done.stdout)["search"]
        assert [row["game"] for row in rows] == ["syrtis", "connect4"]  # connect4: the reference
        assert all(row["decisive"] is decisive for row in rows)
        assert all(row["mcts_simulations_per_second"] > 0 for row in rows)


def test_bench_search_text_names_decisive_moves() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "shoal.cli", "bench", "connect4", "--search", "--decisive",
         "--windows", "1", "--seconds", "0.1", "--no-openspiel"],
        capture_output=True,
        text=True,
        timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "MCTS simulations/s (native, decisive moves, median of 1)" in done.stdout or (
        "MCTS simulations/s (pure, decisive moves, median of 1)" in done.stdout
    )
