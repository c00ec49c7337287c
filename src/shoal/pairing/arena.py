"""The arena: pairing whoever is free, and points with a streak bonus.

An arena runs for a fixed time. A player who is free (just joined, or their game just
ended) is paired again at once with another free player when one is allowed: never the
opponent of their previous game (from either side), so with only two players free who
just met, both wait for a third. Among the free players the pairer pairs as many as it
can, and among the ways to do that it prefers long waits first (each player's waiting
time counts) and close standings second (the gap in arena rank). It is a
maximum-weight matching as in the Swiss pairer.

Points (lichess-like): a win 2, a draw 1, a loss 0; after two wins in a row a player is
on a streak and every further game scores double (a win 4, a draw 2) until a game that
is not a win ends the streak (that game still scores double).

>>> arena_points(["win", "win", "win", "draw", "loss", "win"])
12
>>> free = [Waiting("a", 0.0, 10, None), Waiting("b", 5.0, 0, "a"), Waiting("c", 1.0, 2, None)]
>>> [p.players for p in pair_arena(free, now=10.0)]
[('a', 'c')]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from .records import Pairing

__all__ = ["WINDOW", "Waiting", "arena_game_points", "arena_points", "on_streak", "pair_arena"]

Outcome = Literal["win", "draw", "loss"]

_BASE = {"win": 2, "draw": 1, "loss": 0}


def on_streak(outcomes: Sequence[str]) -> bool:
    """Does a player whose games ended with ``outcomes`` (in order) score double next?

    >>> on_streak(["win", "win"]), on_streak(["win", "draw"]), on_streak(["win"])
    (True, False, False)
    """
    return len(outcomes) >= 2 and outcomes[-1] == "win" and outcomes[-2] == "win"


def arena_game_points(outcomes: Sequence[str]) -> list[int]:
    """The arena points of each game of a player whose games ended with ``outcomes``."""
    points: list[int] = []
    for i, outcome in enumerate(outcomes):
        base = _BASE[outcome]
        points.append(2 * base if on_streak(outcomes[:i]) else base)
    return points


def arena_points(outcomes: Sequence[str]) -> int:
    """A player's arena points after games ending with ``outcomes`` (in order)."""
    return sum(arena_game_points(outcomes))


@dataclass(frozen=True, slots=True)
class Waiting:
    """A free player: since when they wait, their arena rank (0 best), their last opponent."""

    player: str
    since: float
    rank: int
    last_opponent: str | None


WINDOW = 48
"""The most free players matched at once: a larger crowd is matched in windows of this
many, longest waits first (see :func:`pair_arena`)."""


def pair_arena(free: Iterable[Waiting], *, now: float) -> list[Pairing]:
    """Pair the free players (rules in the module's text); the unpaired wait on.

    Seats: the one who waited longer takes the first seat (ties: the better rank).

    Up to :data:`WINDOW` free players are matched at once, exactly. A larger crowd (the
    start of an arena of hundreds, when everyone is free) is taken in windows of
    ``WINDOW`` players, in order of their wait in whole seconds (longest first) and then
    of their rank, each window matched exactly with whoever the window before left
    unpaired: a matching's cost grows with the cube of its players, and a window's
    players are the ones the whole matching would prefer anyway (the longest waits,
    close ranks side by side). So 500 free players are paired in tens of milliseconds,
    not minutes, and everyone is paired but those the rules keep waiting.
    """
    waiting = sorted(free, key=lambda w: (w.since, w.rank, w.player))
    if len(waiting) <= WINDOW:
        return _pair_exactly(waiting, now)
    queue = sorted(waiting, key=lambda w: (-int(now - w.since), w.rank, w.player))
    pairs: list[Pairing] = []
    left: list[Waiting] = []
    for start in range(0, len(queue), WINDOW - 8):  # room for the ones left over
        window = left + queue[start : start + WINDOW - 8]
        window.sort(key=lambda w: (w.since, w.rank, w.player))
        made = _pair_exactly(window, now)
        pairs.extend(made)
        seated = {name for pairing in made for name in pairing.players}
        left = [w for w in window if w.player not in seated]
    order = {w.player: i for i, w in enumerate(waiting)}
    pairs.sort(key=lambda pairing: order[pairing.first])
    return pairs


def _pair_exactly(waiting: list[Waiting], now: float) -> list[Pairing]:
    """The maximum-weight matching of ``waiting`` (sorted longest wait first)."""
    if len(waiting) < 2:
        return []
    n = len(waiting)
    gap_unit = 1
    max_gap = max(w.rank for w in waiting) + 1
    wait_unit = gap_unit * max_gap * 2 * (n + 2)
    # waits count in whole seconds, so that rank gaps only decide between equal waits
    import networkx as nx  # here: a tenth of a second off every server's start

    graph = nx.Graph()
    for i, a in enumerate(waiting):
        for b in waiting[i + 1 :]:
            if a.last_opponent == b.player or b.last_opponent == a.player:
                continue
            wait = int(now - a.since) + int(now - b.since)
            weight = wait_unit * (wait + 1) + gap_unit * (max_gap - abs(a.rank - b.rank))
            graph.add_edge(a.player, b.player, weight=weight)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    index = {w.player: i for i, w in enumerate(waiting)}
    pairs = [(a, b) if index[a] < index[b] else (b, a) for a, b in matching]
    pairs.sort(key=lambda pair: index[pair[0]])
    return [Pairing(a, b) for a, b in pairs]
