"""The opening explorer's tree (issue 44): nodes, moves and their counts, engine values.

A *node* is a position of one game with its options: :func:`node_key` hashes the
variant (:func:`variant_key`, the game id and its options) with the position
string, so two move orders that reach one position meet in one node. A finished
game adds one count to each of its first :data:`MAX_PLIES` actions
(:func:`walk`): at the node before the action, for the action, with the result
seen by the seat that made it (``win``, ``draw``, ``loss``).

The site's counts live in the server's database (``shoal.server.explorer``);
a shipped book (:mod:`shoal.analysis.book`) is counted in memory by
:class:`Tree`. Both answer with :class:`MoveStats`, and :func:`annotate` adds the
engine's value of each move and, where the prover settles it within a small
node budget, "proven win/loss in N".
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import time
from collections.abc import Iterable, Sequence
from typing import Any

from shoal.ai import analyse
from shoal.ai.prove import ProofBudgetExceeded, Prover
from shoal.core import Action, Game, Seat, State, options_to_strings

__all__ = [
    "MAX_PLIES",
    "PROOF_DEPTH",
    "PROOF_NODES",
    "PROOF_SECONDS",
    "MoveStats",
    "Step",
    "Tree",
    "annotate",
    "node_key",
    "result_for",
    "start_state",
    "variant_key",
    "walk",
]

MAX_PLIES = 40
"""A game is counted in the tree for its first this many actions (the opening)."""

PROOF_NODES = 3_000
"""The prover's node budget per move and side (small: a lookup stays quick)."""

PROOF_DEPTH = 5
"""The prover looks for wins within this many atomic actions."""

PROOF_SECONDS = 0.5
"""Proofs of one lookup stop after this long (the values are always given)."""

VALUE_ITERATIONS = 400
"""The iterations of the seeded search of the position after a move whose mean playout gives
the move its value (games searched by MCTS; about 0.03 s a move of Sytran here)."""

VALUED_MOVES = 12
"""How many of a lookup's moves (the most played first) get a searched value; the others
get the game's evaluation of the position after them."""


def variant_key(game: Game) -> str:
    """The game id and its options, as one stable string (``syrtis {"variant": "minor"}``)."""
    return f"{game.id} {json.dumps(options_to_strings(game.options), sort_keys=True)}"


def node_key(variant: str, position: str) -> str:
    """The key of a position of a variant: 32 hex digits of a SHA-256."""
    return hashlib.sha256(f"{variant}\n{position}".encode()).hexdigest()[:32]


def start_state(game: Game, position: str | None) -> State:
    """The state of ``position`` (a position string), or the start when None.

    Raises InvalidPositionError (a ShoalError) for a malformed position.
    """
    return game.initial(0) if position is None else game.load(position)


@dataclasses.dataclass(frozen=True)
class Step:
    """One counted action: the node before it, the action, its text, the seat that made it."""

    node: str
    action: Action
    text: str
    seat: Seat


def walk(game: Game, start: State, actions: Sequence[Action], plies: int = MAX_PLIES) -> list[Step]:
    """The counted steps of a game played from ``start`` (its first ``plies`` actions)."""
    variant = variant_key(game)
    steps: list[Step] = []
    state = start
    for action in actions[:plies]:
        if state.outcome is not None or state.to_move is None:
            break
        steps.append(
            Step(
                node_key(variant, state.position()),
                action,
                state.action_text(action),
                state.to_move,
            )
        )
        state = state.child(action)
    return steps


def result_for(seat: Seat, winner: Seat | None) -> str:
    """``win``, ``draw`` or ``loss`` of ``seat`` when ``winner`` won (None: a draw)."""
    if winner is None:
        return "draw"
    return "win" if winner == seat else "loss"


@dataclasses.dataclass
class MoveStats:
    """The counts of one move at one node."""

    action: Action
    text: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    rating_sum: int = 0
    rated_players: int = 0
    last_game: str | None = None
    last_at: str | None = None
    value: float | None = None
    proven: str | None = None

    def add(
        self, result: str, rating: int | None = None, game: str | None = None, at: str | None = None
    ) -> None:
        """Count one more game with this move."""
        self.games += 1
        if result == "win":
            self.wins += 1
        elif result == "draw":
            self.draws += 1
        else:
            self.losses += 1
        if rating is not None:
            self.rating_sum += rating
            self.rated_players += 1
        if game is not None and (self.last_at is None or (at or "") >= self.last_at):
            self.last_game, self.last_at = game, at

    def as_json(self) -> dict[str, Any]:
        """The move as the API shows it (counts, percentages, average rating, value, proof)."""

        def pct(n: int) -> float:
            return round(100.0 * n / self.games, 1) if self.games else 0.0

        return {
            "action": self.action,
            "text": self.text,
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "win_pct": pct(self.wins),
            "draw_pct": pct(self.draws),
            "loss_pct": pct(self.losses),
            "average_rating": round(self.rating_sum / self.rated_players)
            if self.rated_players
            else None,
            "last_game": self.last_game,
            "value": self.value,
            "proven": self.proven,
        }


class Tree:
    """Counts of games in memory (the shipped books; brute force for the tests)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.nodes: dict[str, dict[Action, MoveStats]] = {}
        self.count = 0

    def add(
        self,
        start: State,
        actions: Sequence[Action],
        winner: Seat | None,
        game_id: str | None = None,
        at: str | None = None,
    ) -> None:
        """Count one finished game played from ``start`` (``at``: when, for the last game)."""
        self.add_steps(walk(self.game, start, actions), winner, game_id, at)

    def add_steps(
        self,
        steps: Iterable[Step],
        winner: Seat | None,
        game_id: str | None = None,
        at: str | None = None,
    ) -> None:
        """Count one finished game given by its counted steps (``walk``'s)."""
        self.count += 1
        for step in steps:
            moves = self.nodes.setdefault(step.node, {})
            stats = moves.get(step.action)
            if stats is None:
                stats = moves[step.action] = MoveStats(step.action, step.text)
            stats.add(result_for(step.seat, winner), game=game_id, at=at)

    def moves(self, state: State) -> list[MoveStats]:
        """The moves played at ``state``, most played first (ties: the game's order)."""
        found = self.nodes.get(node_key(variant_key(self.game), state.position()), {})
        copies = [dataclasses.replace(stats) for stats in found.values()]
        return sort_moves(copies)


def sort_moves(moves: Iterable[MoveStats]) -> list[MoveStats]:
    """Most played first, then by action number."""
    return sorted(moves, key=lambda m: (-m.games, m.action))


def _proven(state: State, action: Action, seat: Seat, nodes: int) -> str | None:
    child = state.child(action)
    if child.outcome is not None:
        winner = child.outcome.winner
        return None if winner is None else ("win in 1" if winner == seat else "loss in 1")
    for prover_seat, word in ((seat, "win"), (1 - seat, "loss")):
        try:
            distance = Prover(prover_seat, max_nodes=nodes).distance(child, PROOF_DEPTH)
        except ProofBudgetExceeded:
            continue
        if distance is not None:
            return f"{word} in {distance + 1}"
    return None


def _searched_values(game: Game, state: State, moves: Sequence[MoveStats]) -> dict[Action, float]:
    """Each of the :data:`VALUED_MOVES` most played moves' own value: the mean result, for
    the mover, of every playout of one seeded MCTS search of the position after it
    (:data:`VALUE_ITERATIONS`); nothing for a game searched by alpha-beta."""
    seat = state.to_move
    if seat is None or game.ai_profile.algorithm != "mcts":
        return {}
    values: dict[Action, float] = {}
    for move in sorted(moves, key=lambda m: -m.games)[:VALUED_MOVES]:
        child = state.child(move.action)
        if child.outcome is not None:
            continue
        result = analyse(child, "mcts", iterations=VALUE_ITERATIONS, seed=0)
        visits = sum(c.visits for c in result.children)
        if visits == 0:
            continue
        mean = sum(c.visits * c.value for c in result.children) / visits  # for result.seat
        values[move.action] = round(mean if result.seat == seat else -mean, 3)
    return values


def annotate(
    game: Game,
    state: State,
    moves: Iterable[MoveStats],
    *,
    nodes: int = PROOF_NODES,
    seconds: float = PROOF_SECONDS,
) -> None:
    """Fill in each move's ``value`` and, where the prover settles it, ``proven``.

    ``value`` is the mover's expected result after the move, from -1 (a loss) to 1 (a
    win), each move its own (issue 59: the static evaluation is the same for every first
    move of Sytran and Syrtis): in a game the computer searches with MCTS, the move's mean
    in one seeded search of ``state`` (:data:`VALUE_ITERATIONS`, so the same lookup gives
    the same values); with alpha-beta (Cyclix), or for a move that search never tried, the
    game's evaluation of the position after it; 1, 0 or -1 when the move ends the game.
    ``proven`` is ``win in N`` or ``loss in N`` (atomic actions, the move included) when
    the prover settles it within ``nodes`` nodes per side. Proofs stop after ``seconds`` in
    all, most played moves first (a lookup stays quick where the prover has no compiled
    path).
    """
    seat = state.to_move
    if seat is None:
        return
    moves = list(moves)
    searched = _searched_values(game, state, moves)
    deadline = time.perf_counter() + seconds
    for move in moves:
        child = state.child(move.action)
        if child.outcome is None and move.action in searched:
            move.value = searched[move.action]
        elif child.outcome is None:
            move.value = round(float(game.evaluate(child, seat)), 3)
        else:
            winner = child.outcome.winner
            move.value = 0.0 if winner is None else (1.0 if winner == seat else -1.0)
        if nodes > 0 and time.perf_counter() < deadline:
            move.proven = _proven(state, move.action, seat, nodes)
