"""Self-play: many games between two AI players, run in parallel, summarised per game.

Each game is a pure function of (game, players, seed): the set-up is
``game.initial(seed)`` and the players are seeded from the seed too, so the
same seeds give the same figures whether the games run in this process, in a
process pool or on Ray.

>>> from shoal.games import get
>>> [g.winner for g in run_games(get("connect4"), "random", "random", seeds=range(3))]
[0, 1, 0]
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from shoal import games
from shoal.ai.players import get_player
from shoal.core import Game, History, options_to_strings

__all__ = ["GameSummary", "play_one", "run_games"]

OPENING_TURNS = 3
"""How many first turns each summary keeps in notation."""

CHOICE_TURNS = 12
"""Within this many first turns, actions without a cell (swap, side choice, pass) are noted."""


@dataclasses.dataclass(frozen=True)
class GameSummary:
    """What the analysis keeps of one self-play game."""

    seed: int
    winner: int | None
    reason: str
    winner_side: str | None
    sides: tuple[str, str]
    first_mover_side: str
    turns: int
    actions: int
    branching: tuple[int, ...]
    """Legal actions at the first decision of each turn."""
    openings: tuple[str, ...]
    choices: tuple[tuple[int, int, str], ...]
    """(turn index, seat, action text) of cell-less actions in the first turns."""
    setup_value: float
    """``game.evaluate`` for seat 0 of the first state where the sides are bound."""
    scores: tuple[float, float] | None

    def as_dict(self) -> dict[str, Any]:
        """The summary as a JSON-ready dict."""
        return dataclasses.asdict(self)


def play_one(game: Game, level_a: str, level_b: str, seed: int) -> GameSummary:
    """One game of ``level_a`` (seat 0) against ``level_b`` (seat 1) from ``initial(seed)``."""
    players = (
        get_player(level_a, game, seed=2 * seed),
        get_player(level_b, game, seed=2 * seed + 1),
    )
    history = History(game.initial(seed))
    state = history.state
    branching: list[int] = [len(state.legal_actions())]
    openings: list[str] = []
    choices: list[tuple[int, int, str]] = []
    early: list[tuple[frozenset[str], str]] = []
    bound_value: float | None = None
    initial_sides = state.sides()
    while state.outcome is None:
        seat = state.to_move
        assert seat is not None
        if bound_value is None and state.sides() != initial_sides:
            bound_value = game.evaluate(state, 0)
        action = players[seat].choose(state)
        if state.turn < CHOICE_TURNS and not game.click_paths(state).get(action, ()):
            choices.append((state.turn, seat, state.action_text(action)))
        state = history.play(action, checked=False)
        if not history.in_turn:
            turn = history.turn(-1)
            if len(openings) < OPENING_TURNS:
                openings.append(turn.text())
            if len(early) < CHOICE_TURNS:
                early.append((frozenset(turn.before.sides()), turn.side))
            if state.outcome is None:
                branching.append(len(state.legal_actions()))
    outcome = state.outcome
    assert outcome is not None
    sides = state.sides()
    # The first mover is the side that made the first turn once the side names are
    # the final ones (after Syrtis' set-up), named as it was then (Sytran's White
    # stays White even when a swap hands its stones to the other seat).
    first_mover_side = next((side for names, side in early if names == frozenset(sides)), "")
    return GameSummary(
        seed=seed,
        winner=outcome.winner,
        reason=outcome.reason,
        winner_side=None if outcome.winner is None else sides[outcome.winner],
        sides=(sides[0], sides[1]),
        first_mover_side=first_mover_side,
        turns=state.turn,
        actions=len(history),
        branching=tuple(branching),
        openings=tuple(openings),
        choices=tuple(choices),
        setup_value=bound_value
        if bound_value is not None
        else game.evaluate(game.initial(seed), 0),
        scores=outcome.scores,
    )


def _job(args: tuple[str, dict[str, str], str, str, int]) -> GameSummary:
    game_id, options, level_a, level_b, seed = args
    return play_one(games.REGISTRY.from_mapping(game_id, options), level_a, level_b, seed)


def run_games(
    game: Game,
    level_a: str,
    level_b: str,
    seeds: Iterable[int],
    *,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    ray_address: str | None = None,
    use_ray: bool = False,
) -> list[GameSummary]:
    """Play one game per seed; summaries in seed order, whatever ran them.

    ``workers`` > 1 uses a local process pool; ``use_ray`` runs the games as
    Ray tasks (a local Ray by default, or the cluster at ``ray_address``).
    """
    seed_list = list(seeds)
    jobs = [(game.id, options_to_strings(game.options), level_a, level_b, s) for s in seed_list]
    total = len(jobs)
    results: list[GameSummary] = []
    if use_ray:
        results = _run_ray(jobs, ray_address, progress)
    elif workers <= 1:
        for done, job in enumerate(jobs, start=1):
            results.append(_job(job))
            if progress:
                progress(done, total)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for done, summary in enumerate(pool.map(_job, jobs, chunksize=1), start=1):
                results.append(summary)
                if progress:
                    progress(done, total)
    return results


def _run_ray(
    jobs: Sequence[tuple[str, dict[str, str], str, str, int]],
    address: str | None,
    progress: Callable[[int, int], None] | None,
) -> list[GameSummary]:
    import ray

    # a Ray this call starts is this call's: shut down when the games are in, or its
    # processes (the GCS, the raylet, the workers) outlive the run in the calling process
    started = not ray.is_initialized()
    if started:
        ray.init(
            address=address,
            include_dashboard=False,
            log_to_driver=False,
            num_cpus=None if address else os.cpu_count(),
        )
    try:
        remote = ray.remote(_job)
        refs = [remote.remote(job) for job in jobs]
        pending = list(refs)
        done_count = 0
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            done_count += len(ready)
            if progress:
                progress(done_count, len(refs))
        return list(ray.get(refs))
    finally:
        if started:
            ray.shutdown()
