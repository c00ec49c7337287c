"""Traces: what a metric report keeps of one self-play game, and how games are played for it.

A :class:`GameTrace` is a game's record reduced to what the metrics need: the
result, who moved first, the number of legal actions at every atomic decision,
the game's own evaluation (``game.evaluate``, through the protocol) after every
turn, a sample of the evaluations of the mover's alternatives (for clarity),
the board cells the played actions touched (their click paths) and digests of
the positions reached. :func:`trace_game` is a pure function of
``(game, players, seed)``: the set-up is ``game.initial(seed)`` and the players
and the clarity sample are seeded from the seed, so :func:`run_traces` gives the
same traces in one process or in a pool.

The AI and this module see only the protocol: games arrive from the registry.

>>> from shoal.games import get
>>> trace = trace_game(get("connect4"), "random", "random", 0)
>>> trace.winner, trace.first_seat, len(trace.evaluations) == trace.turns + 1
(0, 0, True)
"""

from __future__ import annotations

import dataclasses
import hashlib
import math
import random
import re
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from shoal import games
from shoal.ai.players import get_player
from shoal.core import Game, State, options_to_strings

__all__ = [
    "CLARITY_CHILDREN",
    "GameTrace",
    "board_cells",
    "first_mover",
    "run_traces",
    "trace_game",
]

CLARITY_CHILDREN = 6
"""Alternatives evaluated (a seeded sample) at the first decision of a sampled turn."""

CLARITY_EVERY = 3
"""Clarity is sampled at the first decision of every third turn (turns 0, 3, 6, ...):
evaluating alternatives costs more than playing at the low levels (Sytran's
evaluation takes about a millisecond in Python)."""

TIMEOUT_PREFIX = "turn limit"
"""An outcome reason that starts so ends the game by a safety limit (a timeout)."""

_CELL = re.compile(r'data-cell="([^"]+)"')


@dataclasses.dataclass(frozen=True)
class GameTrace:
    """One self-play game as the metrics see it (JSON-ready through :meth:`as_dict`)."""

    seed: int
    players: tuple[str, str]
    """The level of seat 0 and of seat 1."""
    winner: int | None
    winner_side: str | None
    reason: str
    timeout: bool
    """Ended by the rules' safety limit or not ended within the game's maximum length."""
    first_side: str
    """The side that made the first turn once the side names were final (Sytran: White)."""
    first_seat: int
    """The seat that made that turn."""
    turns: int
    actions: int
    branching: tuple[int, ...]
    """Legal actions at every atomic decision."""
    evaluations: tuple[float, ...]
    """``game.evaluate(state, 0)`` at the start and after every turn (the end's value last)."""
    winner_view_seats: tuple[int, ...]
    """The seat playing the winner's side after every turn (as ``evaluations``)."""
    clarity: tuple[tuple[float, float], ...]
    """(variance, narrowness) of the sampled alternatives' values at each sampled decision."""
    cells_touched: int
    board_cells: int
    moves: tuple[int, ...]
    """The atomic actions played, in order (the record: replayed from ``initial(seed)``)."""
    positions: tuple[int, ...]
    """A 64-bit digest of the position after every turn (and the start)."""
    slots: tuple[str, ...]
    """For the start position's string length: the distinct characters seen at each index."""

    @property
    def first_score(self) -> float:
        """The first player's score: 1 a win, 0.5 a draw, 0 a loss."""
        if self.winner is None:
            return 0.5
        return 1.0 if self.winner_side == self.first_side else 0.0

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return dataclasses.asdict(self)


def board_cells(game: Game, state: State) -> frozenset[str]:
    """The board's cells: every ``data-cell`` the game's SVG draws (the protocol's cell ids)."""
    return frozenset(_CELL.findall(game.render_svg(state)))


def first_mover(states: Sequence[State]) -> tuple[str, int]:
    """The side that made the first turn once the side names were final, and its seat.

    ``states`` are the positions of a game, the start first, one per action.
    Falls back to seat 0's final side when no turn was made under the final names.

    >>> from shoal.games import get
    >>> first_mover([get("connect4").initial()])
    ('x', 0)
    """
    final = frozenset(states[-1].sides())
    turn = None
    for state in states:
        if state.to_move is not None and state.turn != turn:
            turn = state.turn
            if frozenset(state.sides()) == final:
                return state.sides()[state.to_move], state.to_move
    return states[-1].sides()[0], 0


def _digest(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def _clarity(game: Game, state: State, rng: random.Random, children: int) -> tuple[float, float]:
    """Variance and narrowness of the mover's sampled alternatives (mover's view)."""
    seat = state.to_move
    assert seat is not None
    legal = list(state.legal_actions())
    sample = legal if len(legal) <= children else rng.sample(legal, children)
    values = [game.evaluate(state.child(a), seat) for a in sample]
    mean = math.fsum(values) / len(values)
    best = max(values)
    narrow = sum(1 for v in values if v > mean + 0.75 * (best - mean)) / len(values)
    return math.fsum((v - mean) ** 2 for v in values) / len(values), narrow


def trace_game(
    game: Game,
    level_a: str,
    level_b: str,
    seed: int,
    *,
    clarity_children: int = CLARITY_CHILDREN,
) -> GameTrace:
    """One game of ``level_a`` (seat 0) against ``level_b`` (seat 1) from ``initial(seed)``."""
    players = (
        get_player(level_a, game, seed=2 * seed),
        get_player(level_b, game, seed=2 * seed + 1),
    )
    rng = random.Random(seed)
    state = game.initial(seed)
    cells = board_cells(game, state)
    start_text = state.position()
    slots = [set(ch) for ch in start_text]
    touched: set[str] = set()
    branching: list[int] = []
    moves: list[int] = []
    evaluations = [game.evaluate(state, 0)]
    positions = [_digest(start_text)]
    turn_makers: list[tuple[frozenset[str], str, int]] = []
    side_seats: list[tuple[str, str]] = [state.sides()]
    clarity: list[tuple[float, float]] = []
    limit = game.max_game_length
    actions = 0
    turn_start = True
    while state.outcome is None and actions < limit:
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions()
        branching.append(len(legal))
        if turn_start:
            turn_makers.append((frozenset(state.sides()), state.sides()[seat], seat))
            if clarity_children > 0 and len(legal) > 1 and state.turn % CLARITY_EVERY == 0:
                clarity.append(_clarity(game, state, rng, clarity_children))
        action = players[seat].choose(state)
        moves.append(action)
        if cells:
            touched.update(game.click_paths(state).get(action, ()))
        turn = state.turn
        state = state.child(action)
        actions += 1
        turn_start = state.turn != turn
        if turn_start or state.outcome is not None:
            text = state.position()
            positions.append(_digest(text))
            if len(text) == len(slots):
                for index, ch in enumerate(text):
                    slots[index].add(ch)
            evaluations.append(game.evaluate(state, 0))
            side_seats.append(state.sides())
    outcome = state.outcome
    sides = state.sides()
    final = frozenset(sides)
    first = next(((side, seat) for names, side, seat in turn_makers if names == final), None)
    first_side, first_seat = first if first is not None else (sides[0], 0)
    winner = None if outcome is None else outcome.winner
    reason = f"no end within {limit} actions" if outcome is None else outcome.reason
    winner_side = None if winner is None else sides[winner]
    return GameTrace(
        seed=seed,
        players=(level_a, level_b),
        winner=winner,
        winner_side=winner_side,
        reason=reason,
        timeout=outcome is None or reason.startswith(TIMEOUT_PREFIX),
        first_side=first_side,
        first_seat=first_seat,
        turns=state.turn,
        actions=actions,
        branching=tuple(branching),
        evaluations=tuple(evaluations),
        winner_view_seats=tuple(
            (names.index(winner_side) if winner_side in names else 0) for names in side_seats
        ),
        clarity=tuple(clarity),
        cells_touched=len(touched & cells) if cells else 0,
        board_cells=len(cells),
        moves=tuple(moves),
        positions=tuple(positions),
        slots=tuple("".join(sorted(s)) for s in slots),
    )


def _job(args: tuple[str, dict[str, str], str, str, int, int]) -> GameTrace:
    game_id, options, level_a, level_b, seed, children = args
    game = games.REGISTRY.from_mapping(game_id, options)
    return trace_game(game, level_a, level_b, seed, clarity_children=children)


def run_traces(
    game: Game,
    level_a: str,
    level_b: str,
    seeds: Iterable[int],
    *,
    workers: int = 1,
    clarity_children: int = CLARITY_CHILDREN,
    progress: Callable[[int, int], None] | None = None,
) -> list[GameTrace]:
    """One trace per seed, in seed order; ``workers`` > 1 plays in a process pool."""
    options = options_to_strings(game.options)
    jobs = [(game.id, options, level_a, level_b, s, clarity_children) for s in seeds]
    out: list[GameTrace] = []
    if workers <= 1 or len(jobs) <= 1:
        # in this process the game object itself plays (it need not be in the registry)
        for done, job in enumerate(jobs, start=1):
            out.append(
                trace_game(game, level_a, level_b, job[4], clarity_children=clarity_children)
            )
            if progress:
                progress(done, len(jobs))
        return out
    chunk = max(1, len(jobs) // (workers * 8))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for done, trace in enumerate(pool.map(_job, jobs, chunksize=chunk), start=1):
            out.append(trace)
            if progress:
                progress(done, len(jobs))
    return out
