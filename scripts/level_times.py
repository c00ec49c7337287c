"""Seconds per turn of AI levels: ``python scripts/level_times.py GAME LEVEL[,LEVEL...] TURNS``.

Each level plays seat 0 against random from ``initial(3)`` for up to TURNS of its own turns
(a turn may be several atomic actions); prints the median and longest turn and the median
simulations (alpha-beta: nodes) per turn. Used for the calibration in docs/ai.md.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from shoal.ai import get_player
from shoal.games import get


def main() -> None:
    game_id, levels, turns = sys.argv[1], sys.argv[2].split(","), int(sys.argv[3])
    game = get(game_id)
    rng = random.Random(1)
    start, count = time.perf_counter(), 0
    while time.perf_counter() - start < 2:
        state = game.initial(count)
        while state.outcome is None:
            state = state.child(rng.choice(state.legal_actions()))
        count += 1
    rate = count / (time.perf_counter() - start)
    print(f"{game_id}: profile={game.ai_profile} random playouts/s={rate:.0f}", flush=True)
    for level in levels:
        player, opponent = get_player(level, game, 5), get_player("random", game, 6)
        state = game.initial(3)
        times: list[float] = []
        sims: list[int] = []
        while state.outcome is None and len(times) < turns:
            if state.to_move != 0:
                state = state.apply(opponent.choose(state))
                continue
            turn, begun, done = state.turn, time.perf_counter(), 0
            while state.outcome is None and state.turn == turn and state.to_move == 0:
                action = player.choose(state)
                result = getattr(player, "last_result", None)
                done += result.simulations if result is not None else 0
                state = state.apply(action)
            times.append(time.perf_counter() - begun)
            sims.append(done)
        print(
            f"  {level:9} median {statistics.median(times):.3f}s max {max(times):.3f}s "
            f"turns {len(times)} sims/turn median {statistics.median(sims)}",
            flush=True,
        )


if __name__ == "__main__":
    main()
