"""A ladder agent as an engine program: flat Monte Carlo, within ``genmove time=SECONDS``.

Any program that speaks ``shoal engine``'s protocol can stand on the ladder
(``shoal ladder sytran base=6 --agents "engine:python examples/ladder/flat_mc.py"``). This one
is built on shoal's own protocol session (the commands ``new``, ``play``, ``legal``...) and
replaces ``genmove``: for each atomic action of its turn it plays random games to the end from
every legal action in turn, for its share of the time left, and plays the action that won
most often. ``genmove iterations=N`` plays N random games an action instead, whatever the
clock says (declare it on the ladder: ``engine+iterations:...``), so it plays the same on any
machine; ``genmove`` with neither thinks for 0.2 seconds.
"""

from __future__ import annotations

import random
import shlex
import time

from shoal.core import parse_option_words
from shoal.engine.protocol import EngineError, EngineSession, serve

DEFAULT_SECONDS = 0.2


def playout(state, rng: random.Random, seat: int) -> float:
    """One random game from ``state``: 1 if ``seat`` wins, 1/2 a draw, 0 a loss."""
    while state.outcome is None:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    winner = state.outcome.winner
    return 0.5 if winner is None else float(winner == seat)


class FlatMonteCarlo(EngineSession):
    """``shoal engine``'s session with a flat Monte Carlo ``genmove``."""

    def __init__(self) -> None:
        super().__init__()
        self.rng = random.Random(1)

    def handle(self, line: str) -> str:
        name, _, rest = line.strip().partition(" ")
        if name != "genmove":
            return super().handle(line)
        try:
            options = parse_option_words(shlex.split(rest))
            seconds = float(options.get("time", DEFAULT_SECONDS))
            iterations = int(options["iterations"]) if "iterations" in options else None
            body = self.think(seconds, iterations)
        except (EngineError, ValueError) as error:
            return f"? {error}\n\n"
        return f"= {body}\n\n"

    def think(self, seconds: float, iterations: int | None = None) -> str:
        history = self._history()
        if history.state.outcome is not None:
            raise EngineError("the game is over")
        deadline = time.perf_counter() + 0.85 * seconds  # the rest: replying in time
        turn, texts = history.state.turn, []
        while history.state.outcome is None and history.state.turn == turn:
            state = history.state
            seat = state.to_move
            legal = state.legal_actions()
            wins = dict.fromkeys(legal, 0.0)
            tries = dict.fromkeys(legal, 0)
            # an action's share of the time: what is left, over the actions the turn may take
            stop = time.perf_counter() + (deadline - time.perf_counter()) / 2
            played = 0
            while not any(tries.values()) or (
                played < iterations if iterations is not None else time.perf_counter() < stop
            ):
                for action in legal:
                    wins[action] += playout(state.apply(action), self.rng, seat)
                    tries[action] += 1
                    played += 1
                    if iterations is not None and played >= iterations:
                        break
                    if iterations is None and time.perf_counter() >= stop:
                        break
            best = max(legal, key=lambda a: wins[a] / tries[a] if tries[a] else -1.0)
            texts.append(state.action_text(best))
            history.play(best, checked=False)
        return "\n".join(texts)


def main() -> int:
    return serve(session=FlatMonteCarlo())


if __name__ == "__main__":
    raise SystemExit(main())
