"""Computer players: random, MCTS, alpha-beta, levels, hints. Sees only the protocol.

For tests and tools, :func:`analyse` is a one-call search::

    result = analyse(state, iterations=2000)            # MCTS
    result = analyse(state, "alphabeta", depth=4)       # alpha-beta
    assert state.action_text(result.action) == "d"
    assert result.proven == "win"

:class:`MCTS` ``(game).search(state)`` returns the same :class:`SearchResult`,
whose ``per_second`` is the benchmark figure (simulations per second).
"""

from __future__ import annotations

from shoal.core import Game, State

from .alphabeta import AlphaBeta
from .hints import Hint, hint
from .levels import DEFAULT_LEVEL, LEVEL_TABLE, Level, SearchPlayer, level_player, spec_player
from .mcts import MCTS
from .players import LEVELS, Player, RandomPlayer, get_player, play_turn
from .result import ChildStat, SearchResult

__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "LEVEL_TABLE",
    "MCTS",
    "AlphaBeta",
    "ChildStat",
    "Hint",
    "Level",
    "Player",
    "RandomPlayer",
    "SearchPlayer",
    "SearchResult",
    "analyse",
    "benchmark",
    "get_player",
    "hint",
    "level_player",
    "play_turn",
    "spec_player",
]


def analyse(
    state: State,
    algorithm: str | None = None,
    *,
    iterations: int | None = None,
    depth: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
) -> SearchResult:
    """Search ``state`` once with a fresh searcher (algorithm: the game's profile by default).

    >>> from shoal.games import get
    >>> s = get("connect4").load("......./......./......./......./......./xxx.ooo x")
    >>> r = analyse(s, iterations=100)
    >>> s.action_text(r.action), r.proven
    ('d', 'win')
    """
    game = state.game
    algorithm = algorithm or game.ai_profile.algorithm
    if algorithm == "alphabeta":
        return AlphaBeta(game, seed=seed).search(
            state, depth=depth, seconds=seconds, iterations=iterations
        )
    if algorithm != "mcts":
        raise ValueError(f"unknown algorithm {algorithm!r} (mcts or alphabeta)")
    return MCTS(game, seed=seed).search(state, iterations=iterations, seconds=seconds)


def benchmark(
    game: Game,
    algorithm: str = "mcts",
    *,
    seconds: float = 1.0,
    seed: int = 0,
    native: bool = True,
    decisive: bool = False,
) -> SearchResult:
    """One timed search from ``game.initial(seed)`` with default settings (``shoal bench``).

    The result's ``per_second`` is MCTS simulations/s (or alpha-beta nodes/s);
    ``native=False`` keeps MCTS on the pure-Python path, ``decisive=True`` checks
    for decisive moves at each expansion.

    >>> from shoal.games import get
    >>> benchmark(get("connect4"), seconds=0.05).simulations > 0
    True
    """
    state = game.initial(seed)
    if algorithm == "alphabeta":
        return AlphaBeta(game, seed=seed).search(state, seconds=seconds)
    return MCTS(game, seed=seed, native=native, decisive=decisive).search(state, seconds=seconds)
