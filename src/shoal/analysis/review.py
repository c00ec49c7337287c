"""Game review: every turn of a record searched, judged, and summed up per player.

How a review is made (the documented budget and thresholds):

* Every state a turn starts from is searched once with the game's own search
  (its ``ai_profile.algorithm``), seeded, so a review is the same on every run.
  MCTS games: :data:`REVIEW_SIMULATIONS` simulations times the game's
  ``level_scale`` (times the ``level`` factor, see :data:`LEVEL_FACTORS`).
  Alpha-beta games (Cyclix): the profile's ``alphabeta_depth`` plus
  :data:`DEPTH_STEPS` of the level (normal searches as deep as the strong
  level plays), the evaluation's value read as the winning chance: random
  playouts in a game of captures blur a lost piece into noise, the game's
  evaluation does not. Playouts stop where the game's profile says for the
  level ``"review"`` (``ai_profile.cutoff_for("review")``, its evaluation then
  scores the leaf): Sytran reviews cut playouts after 4 actions, since random
  playouts to the end of its long games blur one turn's effect below every
  threshold. The state after a turn is the next turn's start, so a
  game of N turns costs N searches (plus one for an unfinished game's end).
* A value ``v`` in [-1, 1] for the seat to move becomes a winning chance in
  points, ``50 + 50 v`` (a proven win is 100, a proven loss 0, a finished game
  its result). The mover's chance before the turn is the search of the state
  it starts from; after it, the search of the state it leads to, seen from the
  mover's side.
* The drop in the mover's chance classifies the turn, as lichess does:
  :data:`THRESHOLDS` — 10 points an inaccuracy, 20 a mistake, 30 a blunder.
  A turn the engine itself prefers is never marked; nor is a forced turn.
* Accuracy of a turn is lichess's curve ``103.1668 e^(-0.04354 drop) - 3.1669``
  clamped to [0, 100]; a player's accuracy is the mean over their turns.

Only the :class:`~shoal.core.Game` protocol is used: the review works for
every game.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from shoal.ai.alphabeta import AlphaBeta
from shoal.ai.mcts import MCTS
from shoal.ai.result import SearchResult
from shoal.core import Action, Game, Seat, State
from shoal.core.history import History, ends_turn
from shoal.records.record import Record

__all__ = [
    "CLASSES",
    "DEPTH_STEPS",
    "LEVEL_FACTORS",
    "REVIEW_SIMULATIONS",
    "THRESHOLDS",
    "PlayerSummary",
    "Review",
    "TurnReview",
    "accuracy_of",
    "classify",
    "review_record",
    "win_chance",
]

REVIEW_SIMULATIONS = 1000
"""MCTS simulations per searched state at level ``normal`` and ``level_scale`` 1."""

DEPTH_STEPS = {"quick": 0, "normal": 1, "deep": 2}
"""Plies added to an alpha-beta game's ``alphabeta_depth`` at each review level."""

LEVEL_FACTORS: dict[str, float] = {"quick": 0.25, "normal": 1.0, "deep": 4.0}
"""Budget factors of ``shoal review --level``."""

THRESHOLDS: tuple[tuple[str, float], ...] = (
    ("blunder", 30.0),
    ("mistake", 20.0),
    ("inaccuracy", 10.0),
)
"""The least drop in winning-chance points for each class, worst first."""

CLASSES = ("inaccuracy", "mistake", "blunder")

MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def win_chance(result: SearchResult) -> float:
    """The searched seat's winning chance in points [0, 100].

    A proof decides; otherwise the root's value, the visit-weighted mean of its
    children (the best child's own mean rests on few playouts when a game has
    hundreds of moves, as Sytran's board has).
    """
    if result.proven == "win":
        return 100.0
    if result.proven == "loss":
        return 0.0
    if result.proven == "draw":
        return 50.0
    visits = sum(c.visits for c in result.children)
    value = sum(c.visits * c.value for c in result.children) / visits if visits else result.value
    return 50.0 + 50.0 * max(-1.0, min(1.0, value))


def _finished_chance(state: State, seat: Seat) -> float:
    outcome = state.outcome
    assert outcome is not None
    if outcome.winner is None:
        return 50.0
    return 100.0 if outcome.winner == seat else 0.0


def classify(drop: float) -> str | None:
    """The class of a turn that lost ``drop`` winning-chance points (None: not marked).

    >>> classify(35.0), classify(25.0), classify(12.5), classify(9.9)
    ('blunder', 'mistake', 'inaccuracy', None)
    """
    for name, least in THRESHOLDS:
        if drop >= least:
            return name
    return None


def accuracy_of(drop: float) -> float:
    """lichess's accuracy of one move from its drop in winning-chance points, in [0, 100].

    >>> round(accuracy_of(0.0), 1), round(accuracy_of(30.0), 1)
    (100.0, 24.8)
    """
    value = 103.1668 * math.exp(-0.04354 * max(0.0, drop)) - 3.1669
    return max(0.0, min(100.0, value))


@dataclasses.dataclass(frozen=True)
class TurnReview:
    """One turn judged: who played it, how much it cost, what the engine preferred."""

    number: int
    seat: Seat
    side: str
    played: str
    best: str
    before: float
    """The mover's winning chance before the turn, in points."""
    after: float
    """The mover's winning chance after the turn, in points."""
    engine_choice: bool
    forced: bool
    mark: str | None
    start: int
    """Index of the turn's first action in the record."""
    end: int

    @property
    def drop(self) -> float:
        """Winning-chance points the turn threw away (never negative)."""
        return max(0.0, self.before - self.after)

    @property
    def symbol(self) -> str:
        """``??``, ``?`` or ``?!`` for a marked turn, else empty."""
        return MARKS.get(self.mark or "", "")


@dataclasses.dataclass(frozen=True)
class PlayerSummary:
    """One player's figures over a review."""

    seat: Seat
    side: str
    name: str
    turns: int
    accuracy: float
    counts: dict[str, int]


@dataclasses.dataclass(frozen=True)
class Review:
    """A whole game reviewed."""

    game_id: str
    simulations: int
    seed: int
    turns: tuple[TurnReview, ...]
    players: tuple[PlayerSummary, PlayerSummary]
    budget: str = ""
    """The search per position in words, e.g. "1000 MCTS simulations"."""

    def graph(self) -> list[float]:
        """The first seat's winning chance at the start and after every turn (points)."""
        points: list[float] = []
        for turn in self.turns:
            if not points:
                points.append(turn.before if turn.seat == 0 else 100.0 - turn.before)
            points.append(turn.after if turn.seat == 0 else 100.0 - turn.after)
        return points

    def to_json_dict(self) -> dict[str, Any]:
        """The review as plain JSON data."""
        return {
            "game": self.game_id,
            "simulations": self.simulations,
            "budget": self.budget,
            "seed": self.seed,
            "thresholds": {name: least for name, least in THRESHOLDS},
            "graph": [round(p, 1) for p in self.graph()],
            "turns": [
                {
                    "number": t.number,
                    "seat": t.seat,
                    "side": t.side,
                    "played": t.played,
                    "best": t.best,
                    "before": round(t.before, 1),
                    "after": round(t.after, 1),
                    "drop": round(t.drop, 1),
                    "mark": t.mark,
                    "engine_choice": t.engine_choice,
                    "forced": t.forced,
                    "start": t.start,
                    "end": t.end,
                }
                for t in self.turns
            ],
            "players": [
                {
                    "seat": p.seat,
                    "side": p.side,
                    "name": p.name,
                    "turns": p.turns,
                    "accuracy": round(p.accuracy, 1),
                    "counts": p.counts,
                }
                for p in self.players
            ],
        }


def _best_turn(state: State, result: SearchResult) -> tuple[Action, ...]:
    """The engine's preferred turn: its principal variation up to the end of the turn."""
    actions: list[Action] = []
    current = state
    for action in result.pv or (result.action,):
        if action not in current.legal_actions():
            break
        actions.append(action)
        current = current.child(action)
        if ends_turn(state, current):
            break
    return tuple(actions) or (result.action,)


def simulations_for(game: Game, level: str = "normal") -> int:
    """The review budget per searched state for ``game`` at ``level``."""
    if level not in LEVEL_FACTORS:
        names = ", ".join(LEVEL_FACTORS)
        raise ValueError(f"review level {level!r} is unknown; the levels are {names}")
    return max(1, round(REVIEW_SIMULATIONS * LEVEL_FACTORS[level] * game.ai_profile.level_scale))


class _Search(NamedTuple):
    """How a review searches: a state at the level's budget, and a state a turn led to."""

    before: Callable[[State], SearchResult]
    after: Callable[[State, int], SearchResult] | None
    """Alpha-beta: the state after a turn of ``k`` actions, ``k`` plies shallower, so
    the engine's own turn keeps its value exactly (no odd/even depth bias)."""
    words: str


def _searcher(game: Game, level: str, budget: int, seed: int, forced_mcts: bool) -> _Search:
    """The review's searches for ``game`` (an explicit simulation budget asks for MCTS)."""
    profile = game.ai_profile
    if profile.algorithm == "alphabeta" and not forced_mcts:
        depth = max(1, profile.alphabeta_depth + DEPTH_STEPS[level])
        searcher = AlphaBeta(game, depth=depth, seed=seed)

        def at(state: State, plies: int) -> SearchResult:
            searcher.table.clear()  # each state on its own: the same review in any order
            return searcher.search(state, depth=max(1, plies))

        return _Search(
            lambda state: at(state, depth),
            lambda state, k: at(state, depth - k),
            f"alpha-beta to depth {depth}",
        )
    cutoff = profile.cutoff_for("review")
    mcts = MCTS(game, iterations=budget, seed=seed, reuse=False, playout_cutoff=cutoff)
    return _Search(
        lambda state: mcts.search(state, iterations=budget), None, f"{budget} MCTS simulations"
    )


def review_record(
    record: Record,
    *,
    level: str = "normal",
    seed: int = 0,
    simulations: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Review every complete turn of ``record`` (deterministic for a given ``seed``).

    ``simulations`` overrides the level's budget; ``progress(done, total)`` is
    called after each search. Never changes ``record``.
    """
    game = record.game
    budget = simulations if simulations is not None else simulations_for(game, level)
    if budget < 1:
        raise ValueError("a review needs at least one simulation per state")
    turns = [
        t
        for t in History(record.start_state(), record.actions, checked=False).turns()
        if t.complete
    ]
    searches = _searcher(game, level, budget, seed, simulations is not None)
    cache: dict[int, SearchResult] = {}
    states: list[State] = [t.before for t in turns]
    if turns:
        states.append(record.states()[turns[-1].end])
    searchable = [
        i for i, s in enumerate(states) if s.outcome is None and len(s.legal_actions()) > 1
    ]
    total = len(searchable)

    def search(index: int) -> SearchResult:
        if index not in cache:
            cache[index] = searches.before(states[index])
            if progress is not None:
                progress(len(cache), total)
        return cache[index]

    reviewed: list[TurnReview] = []
    for i, turn in enumerate(turns):
        seat = turn.seat
        assert seat is not None
        before_state, after_state = states[i], states[i + 1]
        forced = len(before_state.legal_actions()) == 1 and len(turn.actions) == 1
        if forced:
            best: tuple[Action, ...] = turn.actions
            before = -1.0
        else:
            result = search(i)
            best = _best_turn(before_state, result)
            before = win_chance(result)
        if after_state.outcome is not None:
            after = _finished_chance(after_state, seat)
        elif len(after_state.legal_actions()) == 1:
            after = before if before >= 0 else 50.0
        else:
            if searches.after is not None:
                later = searches.after(after_state, len(turn.actions))
            else:
                later = search(i + 1)
            chance = win_chance(later)
            after = chance if after_state.to_move == seat else 100.0 - chance
        if before < 0:
            before = after
        engine_choice = tuple(turn.actions) == best
        mark = None if engine_choice or forced else classify(before - after)
        reviewed.append(
            TurnReview(
                number=turn.number,
                seat=seat,
                side=turn.side,
                played=turn.text(),
                best=before_state.turn_text(best) if len(best) else "",
                before=before,
                after=after,
                engine_choice=engine_choice,
                forced=forced,
                mark=mark,
                start=turn.start,
                end=turn.end,
            )
        )
    summaries = tuple(_summary(record, reviewed, seat) for seat in (0, 1))
    return Review(
        game.id, budget, seed, tuple(reviewed), (summaries[0], summaries[1]), budget=searches.words
    )


def _summary(record: Record, turns: Sequence[TurnReview], seat: Seat) -> PlayerSummary:
    mine = [t for t in turns if t.seat == seat]
    counts = {name: sum(1 for t in mine if t.mark == name) for name in CLASSES}
    accuracy = sum(accuracy_of(t.drop) for t in mine) / len(mine) if mine else 100.0
    side = mine[0].side if mine else record.start_state().side_name(seat)
    return PlayerSummary(seat, side, record.players[seat], len(mine), accuracy, counts)
