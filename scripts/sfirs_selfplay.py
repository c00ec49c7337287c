"""Random self-play statistics for SFIRS: how games end and how long they last.

Usage: PYTHONPATH=src python scripts/sfirs_selfplay.py [GAMES] [SEED]   (default 1000 games, seed 0)

Plays GAMES uniformly random games (game i from ``initial(SEED + i)`` with
``random.Random(SEED + i)``) and prints the end reasons, the winners by colour,
and the length in turns and in atomic actions (mean, median, min, max), then the
speed in random playouts/s and atomic actions/s.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import Counter

from shoal.core import Game
from shoal.games import get

GAME = get("sfirs")


def play_out(seed: int, game: Game = GAME) -> tuple[str, str, int, int]:
    """One random game: (reason, winner colour, turns, actions)."""
    rng = random.Random(seed)
    state = game.initial(seed)
    actions = 0
    while state.outcome is None:
        legal = state.legal_actions()
        state = state.child(legal[rng.randrange(len(legal))])
        actions += 1
    winner = state.outcome.winner
    colour = "draw" if winner is None else state.sides()[winner]
    return state.outcome.reason, colour, state.turn, actions


def summary(values: list[int]) -> str:
    """mean, median, min and max of ``values`` as text."""
    return (
        f"mean {statistics.mean(values):.2f}, median {statistics.median(values):g}, "
        f"min {min(values)}, max {max(values)}"
    )


def main(argv: list[str]) -> int:
    games = int(argv[0]) if argv else 1000
    seed = int(argv[1]) if len(argv) > 1 else 0
    start = time.perf_counter()
    results = [play_out(seed + i) for i in range(games)]
    elapsed = time.perf_counter() - start
    reasons = Counter(r for r, _, _, _ in results)
    winners = Counter(w for _, w, _, _ in results)
    turns = [t for _, _, t, _ in results]
    actions = [a for _, _, _, a in results]
    print(f"{games} random games of SFIRS (seeds {seed}..{seed + games - 1})")
    for reason, count in reasons.most_common():
        print(f"  end: {reason}: {count}")
    for colour, count in winners.most_common():
        print(f"  winner: {colour}: {count}")
    print(f"  turns:   {summary(turns)}")
    print(f"  actions: {summary(actions)}")
    print(f"  speed: {games / elapsed:.0f} playouts/s, {sum(actions) / elapsed:.0f} actions/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
