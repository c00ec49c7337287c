"""The arena: many games between two players, seats alternating, with statistics.

Game ``i`` uses set-up seed ``seed + i // 2`` (so both players get each random
set-up once, one from each seat): A takes seat 0 in even games and seat 1 in
odd ones. Each player is a level name or spec (see :func:`shoal.ai.get_player`)
and gets its own seed per game.

Results: wins, draws and losses for A, A's score (a win 1, a draw 1/2) with a
95% Wilson interval, and the Elo difference A - B with the interval mapped
through the same formula.

>>> from shoal.games import get
>>> result = arena(get("connect4"), "random", "random", games=4, seed=1)
>>> result.wins + result.draws + result.losses
4
>>> round(score_interval(7, 2, 1)[0], 3)
0.8
>>> round(elo_difference(0.75))
191
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from shoal.ai import get_player
from shoal.core import Game, Seat

__all__ = [
    "ArenaGame",
    "ArenaResult",
    "arena",
    "elo_difference",
    "play_game",
    "score_interval",
]

Z95 = 1.959963984540054
"""The two-sided 95% normal quantile."""


@dataclasses.dataclass(frozen=True)
class ArenaGame:
    """One arena game: its index, set-up seed, A's seat, the winner seat and how it ended."""

    index: int
    setup_seed: int
    a_seat: Seat
    winner: Seat | None
    reason: str
    actions: int

    @property
    def a_result(self) -> float:
        """A's score in this game: 1, 1/2 or 0."""
        if self.winner is None:
            return 0.5
        return 1.0 if self.winner == self.a_seat else 0.0


@dataclasses.dataclass(frozen=True)
class ArenaResult:
    """The tally of an arena match, from player A's point of view."""

    game_id: str
    a: str
    b: str
    games: tuple[ArenaGame, ...]

    @property
    def wins(self) -> int:
        """Games A won."""
        return sum(1 for g in self.games if g.a_result == 1.0)

    @property
    def draws(self) -> int:
        """Drawn games."""
        return sum(1 for g in self.games if g.a_result == 0.5)

    @property
    def losses(self) -> int:
        """Games A lost."""
        return sum(1 for g in self.games if g.a_result == 0.0)

    @property
    def score(self) -> float:
        """A's mean score (0 to 1)."""
        return score_interval(self.wins, self.draws, self.losses)[0]

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of A's score."""
        _, low, high = score_interval(self.wins, self.draws, self.losses)
        return low, high

    @property
    def elo(self) -> float:
        """The Elo difference A - B the score implies (infinite at 0 or 1)."""
        return elo_difference(self.score)

    @property
    def elo_interval(self) -> tuple[float, float]:
        """The 95% interval of the Elo difference."""
        low, high = self.interval
        return elo_difference(low), elo_difference(high)

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready summary (infinite Elo values become None)."""
        low, high = self.interval
        elo_low, elo_high = self.elo_interval
        return {
            "game": self.game_id,
            "a": self.a,
            "b": self.b,
            "games": len(self.games),
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "score": self.score,
            "score_interval": [low, high],
            "elo": _finite(self.elo),
            "elo_interval": [_finite(elo_low), _finite(elo_high)],
            "results": [dataclasses.asdict(g) for g in self.games],
        }

    def summary(self) -> str:
        """One line: ``A vs B: +W =D -L, score 0.62 [0.41, 0.79], Elo +85 [-63, +230]``."""
        low, high = self.interval
        elo_low, elo_high = self.elo_interval
        return (
            f"{self.a} vs {self.b}: +{self.wins} ={self.draws} -{self.losses}, "
            f"score {self.score:.3f} [{low:.3f}, {high:.3f}], "
            f"Elo {_elo_text(self.elo)} [{_elo_text(elo_low)}, {_elo_text(elo_high)}]"
        )


def score_interval(wins: int, draws: int, losses: int) -> tuple[float, float, float]:
    """The mean score and its 95% Wilson interval, counting a draw as half a win.

    >>> score_interval(0, 0, 0)
    (0.5, 0.0, 1.0)
    >>> [round(x, 4) for x in score_interval(5, 0, 5)]
    [0.5, 0.2366, 0.7634]
    """
    n = wins + draws + losses
    if n == 0:
        return 0.5, 0.0, 1.0
    p = (wins + 0.5 * draws) / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low, high = centre - half, centre + half
    # rounding must not turn a certain 0 or 1 into a finite Elo bound
    low = 0.0 if low < 1e-12 else low
    high = 1.0 if high > 1.0 - 1e-12 else high
    return p, low, high


def elo_difference(score: float) -> float:
    """The Elo difference implied by a mean score: ``-400 log10(1/score - 1)``.

    >>> elo_difference(0.5), elo_difference(1.0), elo_difference(0.0)
    (0.0, inf, -inf)
    """
    if score >= 1.0:
        return math.inf
    if score <= 0.0:
        return -math.inf
    return 0.0 - 400.0 * math.log10(1.0 / score - 1.0)


def play_game(game: Game, a: str, b: str, index: int, seed: int = 0) -> ArenaGame:
    """Play arena game ``index`` of a match between specs ``a`` and ``b`` (see module doc)."""
    setup_seed = seed + index // 2
    a_seat: Seat = index % 2
    player_seed = seed * 100_003 + index * 2
    players = [get_player(a, game, player_seed), get_player(b, game, player_seed + 1)]
    if a_seat == 1:
        players.reverse()
    state = game.initial(setup_seed)
    actions = 0
    limit = game.max_game_length
    while state.outcome is None and actions < limit:
        seat = state.to_move
        assert seat is not None
        state = state.apply(players[seat].choose(state))
        actions += 1
    if state.outcome is None:
        return ArenaGame(index, setup_seed, a_seat, None, "move limit", actions)
    return ArenaGame(index, setup_seed, a_seat, state.outcome.winner, state.outcome.reason, actions)


def _play_args(args: tuple[Game, str, str, int, int]) -> ArenaGame:
    return play_game(*args)


def arena(
    game: Game,
    a: str,
    b: str,
    *,
    games: int,
    seed: int = 0,
    progress: Callable[[ArenaGame, int, int], None] | None = None,
    processes: int = 1,
) -> ArenaResult:
    """Play ``games`` games between ``a`` and ``b``; ``progress(game, done, total)`` after each.

    With ``processes`` > 1 the games run in a pool of worker processes (the
    results are the same as in one process: every game is seeded on its own).
    """
    jobs = [(game, a, b, index, seed) for index in range(games)]
    played: list[ArenaGame] = []
    results: Iterator[ArenaGame]
    pool: ProcessPoolExecutor | None = None
    if processes > 1 and games > 1:
        pool = ProcessPoolExecutor(max_workers=processes)
        results = pool.map(_play_args, jobs)
    else:
        results = map(_play_args, jobs)
    try:
        for result in results:
            played.append(result)
            if progress is not None:
                progress(result, len(played), games)
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    return ArenaResult(game.id, a, b, tuple(played))


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None


def _elo_text(value: float) -> str:
    if math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    return f"{value:+.0f}"
