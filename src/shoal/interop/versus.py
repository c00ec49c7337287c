"""shoal's MCTS against OpenSpiel's Python ``MCTSBot`` at the same time per move.

OpenSpiel's bot takes a simulation count, not a time; so its count is set from
its measured simulations/s on the game, to spend about ``seconds`` per move,
and shoal's MCTS gets ``seconds`` per move directly. Seats alternate; random
set-ups use the seed ``first_seed + i // 2``, so both sides see each board from
both seats.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from typing import Any

import numpy as np
from open_spiel.python.algorithms import mcts as spiel_mcts

from shoal import games
from shoal.ai import MCTS
from shoal.analysis.stats import wilson

from .openspiel import load

__all__ = ["VersusResult", "versus_openspiel"]


@dataclasses.dataclass(frozen=True)
class VersusResult:
    """The match result, from shoal's side."""

    game: str
    games: int
    wins: int
    draws: int
    losses: int
    seconds_per_move: float
    shoal_simulations_per_second: float
    openspiel_simulations_per_second: float
    openspiel_simulations_per_move: int

    @property
    def score(self) -> float:
        """shoal's score: wins plus half the draws, per game."""
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the score."""
        return wilson(self.wins + 0.5 * self.draws, self.games)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready figures."""
        low, high = self.interval()
        return {**dataclasses.asdict(self), "score": self.score, "low": low, "high": high}


def _bot(spiel_game: Any, simulations: int, seed: int) -> Any:
    evaluator = spiel_mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    return spiel_mcts.MCTSBot(
        spiel_game, 2.0, simulations, evaluator, random_state=np.random.RandomState(seed + 1)
    )


def _openspiel_rate(spiel_game: Any, seed: int) -> float:
    state = spiel_game.new_initial_state()
    bot = _bot(spiel_game, 50, seed)
    start = time.perf_counter()
    bot.step(state)
    return 50 / max(time.perf_counter() - start, 1e-6)


def versus_openspiel(
    game_id: str,
    *,
    games_count: int = 50,
    seconds: float = 0.1,
    first_seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    **options: Any,
) -> VersusResult:
    """Play the match and return its figures."""
    game = games.get(game_id, **options)
    spiel_game = load(game_id, **options)
    spiel_rate = _openspiel_rate(spiel_game, first_seed)
    spiel_sims = max(2, round(spiel_rate * seconds))
    wins = draws = losses = 0
    our_sims = 0
    our_time = 0.0
    for index in range(games_count):
        seed = first_seed + index // 2
        shoal_seat = index % 2
        searcher = MCTS(game, seed=seed)
        bot = _bot(load(game_id, seed=seed, **options), spiel_sims, seed)
        state = game.initial(seed)
        spiel_state = load(game_id, seed=seed, **options).new_initial_state()
        while state.outcome is None:
            if state.to_move == shoal_seat:
                result = searcher.search(state, seconds=seconds)
                action = result.action
                our_sims += result.simulations
                our_time += result.seconds
            else:
                action = int(bot.step(spiel_state))
            state = state.apply(action)
            spiel_state.apply_action(action)
        winner = state.outcome.winner
        if winner is None:
            draws += 1
        elif winner == shoal_seat:
            wins += 1
        else:
            losses += 1
        if progress:
            progress(index + 1, games_count)
    return VersusResult(
        game=game_id,
        games=games_count,
        wins=wins,
        draws=draws,
        losses=losses,
        seconds_per_move=seconds,
        shoal_simulations_per_second=our_sims / our_time if our_time else 0.0,
        openspiel_simulations_per_second=spiel_rate,
        openspiel_simulations_per_move=spiel_sims,
    )
