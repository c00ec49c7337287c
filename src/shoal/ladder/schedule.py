"""Which pair plays next: every pairing once, then where the games narrow the intervals most.

The ladder plays games in pairs (the same set-up seed twice, each player moving first once).
First every submitted agent meets every anchor and every other agent once (a pair each), the
agents taking turns so that a small budget still reaches them all. Then, until the games are
spent, the pair whose next two games are expected to shrink the agents' intervals the most:
a game between ``a`` and ``b`` whose expected score is ``p`` carries the Fisher information
``k**2 p (1 - p)`` (``k = ln 10 / 400``, over the fit's scale squared) about their
difference; added to the ratings' information (the inverse of the fit's covariance, a
rank-one update, Sherman-Morrison), it shrinks the sum of the agents' variances by
``I |C u|**2 / (1 + I u'Cu)`` with ``u`` the pair's direction. The widest intervals shrink
most, and a pair that can tell little (one side wins every game: ``p`` near 1) is not
played again and again. Anchors never play each other: their ratings are pinned.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from shoal.ratings.bayeselo import Fit

from .seats import AgentSpec

__all__ = ["first_round", "next_pair", "shrinkage"]

_K = math.log(10.0) / 400.0


def first_round(agents: Sequence[AgentSpec], anchors: Sequence[AgentSpec]) -> list[tuple[str, str]]:
    """Every pairing of an agent with an anchor or another agent, the agents taking turns.

    >>> from shoal.ladder.seats import AgentSpec, anchor_spec
    >>> a, b = AgentSpec("a", "engine", "x"), AgentSpec("b", "engine", "y")
    >>> first_round([a, b], [anchor_spec("random", 0.0)])
    [('a', 'random'), ('b', 'random'), ('a', 'b')]
    """
    queues: list[list[tuple[str, str]]] = []
    for i, agent in enumerate(agents):
        mine = [(agent.name, anchor.name) for anchor in anchors]
        mine += [(agent.name, other.name) for other in agents[i + 1 :]]
        queues.append(mine)
    order: list[tuple[str, str]] = []
    while any(queues):
        for queue in queues:
            if queue:
                order.append(queue.pop(0))
    return order


def shrinkage(fit: Fit, agents: Sequence[str], a: str, b: str, games: int = 2) -> float:
    """How much ``games`` more games between ``a`` and ``b`` are expected to shrink the sum of
    the ``agents``' rating variances (scaled Elo squared)."""
    if a not in fit.ratings or b not in fit.ratings:
        return math.inf  # a player with no game yet: anything tells
    p = fit.expected(a, b)
    info = games * (_K / fit.scale) ** 2 * p * (1.0 - p)

    def cov(x: str, y: str) -> float:
        return fit.covariance.get((x, y), 0.0)

    # C u for u = e_a - e_b (an anchor's row is zero: its rating is fixed)
    cu = {x: cov(x, a) - cov(x, b) for x in agents}
    ucu = cov(a, a) - 2.0 * cov(a, b) + cov(b, b)
    return info * sum(v * v for v in cu.values()) / (1.0 + info * ucu)


def next_pair(
    fit: Fit,
    agents: Sequence[AgentSpec],
    anchors: Sequence[AgentSpec],
    played: Counter[frozenset[str]],
) -> tuple[str, str]:
    """The pair whose two games are expected to narrow the agents' intervals the most (the
    fewer games between them, then the names, break ties)."""
    names = [a.name for a in agents]
    pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]
    pairs += [(a, anchor.name) for a in names for anchor in anchors]
    if not pairs:
        raise ValueError("a ladder needs at least two players")

    def worth(pair: tuple[str, str]) -> tuple[float, int, tuple[str, str]]:
        return (-shrinkage(fit, names, *pair), played[frozenset(pair)], pair)

    return min(pairs, key=worth)
