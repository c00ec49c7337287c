"""Speed figures: random playouts/s and atomic actions/s per game, on one core.

Each figure is the median of several timed windows after a warm-up. When the
optional ``open_spiel`` package is installed, OpenSpiel's C++ ``connect_four``
is driven from Python by the same loop in the same run, so the ratio of the
two says how much shoal's framework costs.

>>> result = measure_playouts("connect4", windows=1, window_seconds=0.05, warmup_seconds=0.01)
>>> result.playouts_per_second > 0
True
"""

from __future__ import annotations

import dataclasses
import importlib
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from shoal import games
from shoal.core import Game

__all__ = [
    "BenchResult",
    "measure_native_game",
    "measure_openspiel_connect4",
    "measure_openspiel_mcts",
    "measure_playouts",
    "openspiel_available",
]


@dataclasses.dataclass(frozen=True)
class BenchResult:
    """One game's figures: medians over the windows."""

    game: str
    playouts_per_second: float
    actions_per_second: float
    mean_actions_per_playout: float
    windows: int
    window_seconds: float
    path: str = "pure"

    def as_dict(self) -> dict[str, Any]:
        """The figures as a JSON-ready dict."""
        return dataclasses.asdict(self)


def _windows(
    run_one: Callable[[random.Random], int] | Callable[[random.Random], tuple[int, int]],
    windows: int,
    window_seconds: float,
    warmup_seconds: float,
) -> tuple[float, float, float]:
    rng = random.Random(12345)
    clock = time.perf_counter
    end = clock() + warmup_seconds
    while clock() < end:
        run_one(rng)
    playout_rates, action_rates = [], []
    total_playouts = total_actions = 0
    for _ in range(windows):
        playouts = actions = 0
        start = clock()
        end = start + window_seconds
        while True:
            done = run_one(rng)
            if isinstance(done, tuple):
                playouts += done[0]
                actions += done[1]
            else:
                actions += done
                playouts += 1
            now = clock()
            if now >= end:
                break
        elapsed = now - start
        playout_rates.append(playouts / elapsed)
        action_rates.append(actions / elapsed)
        total_playouts += playouts
        total_actions += actions
    return (
        statistics.median(playout_rates),
        statistics.median(action_rates),
        total_actions / max(total_playouts, 1),
    )


def measure_game(
    game: Game,
    *,
    windows: int = 5,
    window_seconds: float = 1.0,
    warmup_seconds: float = 0.5,
) -> BenchResult:
    """Random playouts from ``initial(seed)`` with fresh seeds, through the protocol."""
    seeds = iter(range(10**9))

    def run_one(rng: random.Random) -> int:
        state = game.initial(next(seeds))
        randrange = rng.randrange
        count = 0
        while state.outcome is None:
            legal = state.legal_actions()
            state = state.child(legal[randrange(len(legal))])
            count += 1
        return count

    playouts, actions, mean = _windows(run_one, windows, window_seconds, warmup_seconds)
    return BenchResult(game.id, playouts, actions, mean, windows, window_seconds)


NATIVE_BATCH = 32
"""Native playouts per call from one start position (the pool of starts is 64 seeds)."""


def measure_native_game(
    game: Game,
    *,
    windows: int = 5,
    window_seconds: float = 1.0,
    warmup_seconds: float = 0.5,
) -> BenchResult | None:
    """Random playouts on the game's compiled engine (None when it has none).

    The same playouts as :func:`measure_game` (uniform random actions to the
    end from ``initial(seed)``), run in C in batches of :data:`NATIVE_BATCH`
    from each of 64 start positions in turn.
    """
    engine = game.native_engine()
    if engine is None:
        return None
    starts = [engine.pack(game.initial(seed)) for seed in range(64)]
    packed_starts = [p for p in starts if p is not None]
    if not packed_starts:
        return None
    index = iter(range(10**12))

    def run_one(rng: random.Random) -> tuple[int, int]:
        packed = packed_starts[next(index) % len(packed_starts)]
        _, actions = engine.playouts(packed, NATIVE_BATCH, rng.getrandbits(64))
        return NATIVE_BATCH, actions

    playouts, actions, mean = _windows(run_one, windows, window_seconds, warmup_seconds)
    return BenchResult(game.id, playouts, actions, mean, windows, window_seconds, "native")


def measure_playouts(
    game_id: str,
    *,
    windows: int = 5,
    window_seconds: float = 1.0,
    warmup_seconds: float = 0.5,
    path: str = "pure",
    **options: Any,
) -> BenchResult:
    """:func:`measure_game` (path ``"pure"``) or :func:`measure_native_game` (``"native"``).

    The native path falls back to the pure figures when the game has no
    compiled engine (the result's ``path`` says which ran).
    """
    game = games.get(game_id, **options)
    if path == "native":
        result = measure_native_game(
            game, windows=windows, window_seconds=window_seconds, warmup_seconds=warmup_seconds
        )
        if result is not None:
            return result
    elif path != "pure":
        raise ValueError(f"path: {path!r} is not pure or native")
    return measure_game(
        game, windows=windows, window_seconds=window_seconds, warmup_seconds=warmup_seconds
    )


def openspiel_available() -> bool:
    """True when the optional ``open_spiel`` package can be imported."""
    try:
        importlib.import_module("pyspiel")
    except ImportError:
        return False
    return True


def measure_openspiel_connect4(
    *, windows: int = 5, window_seconds: float = 1.0, warmup_seconds: float = 0.5
) -> BenchResult:
    """The same loop on OpenSpiel's C++ ``connect_four``, driven from Python."""
    pyspiel = importlib.import_module("pyspiel")
    game = pyspiel.load_game("connect_four")

    def run_one(rng: random.Random) -> int:
        state = game.new_initial_state()
        randrange = rng.randrange
        count = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[randrange(len(legal))])
            count += 1
        return count

    playouts, actions, mean = _windows(run_one, windows, window_seconds, warmup_seconds)
    return BenchResult(
        "openspiel:connect_four", playouts, actions, mean, windows, window_seconds, "c++"
    )


def measure_openspiel_mcts(*, seconds: float = 1.0, seed: int = 0) -> float:
    """OpenSpiel's C++ ``MCTSBot`` (random rollouts) on ``connect_four``: simulations/s.

    One timed ``step`` from the start with a simulation budget sized from a
    short calibration, so the step takes about ``seconds``.
    """
    pyspiel = importlib.import_module("pyspiel")
    game = pyspiel.load_game("connect_four")

    def run(simulations: int) -> float:
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
        bot = pyspiel.MCTSBot(game, evaluator, 2.0, simulations, 10**9, True, seed, False)
        state = game.new_initial_state()
        start = time.perf_counter()
        bot.step(state)
        return time.perf_counter() - start

    probe = 2000
    rate = probe / max(run(probe), 1e-6)
    simulations = max(probe, int(rate * seconds))
    return simulations / run(simulations)
