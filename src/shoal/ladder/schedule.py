"""Which pair plays next: every pairing once, then where the intervals are widest.

The ladder plays games in pairs (the same set-up seed twice, each player moving first once).
First every submitted agent meets every anchor and every other agent once (a pair each), the
agents taking turns so that a small budget still reaches them all. Then, until the games are
spent, the submitted agent whose rating interval is widest plays the opponent that tells the
most about it: the one whose expected score against it is nearest 1/2 (a game's Fisher
information about the difference is ``p (1 - p)``), the fewer games between them breaking ties.
Anchors never play each other: their ratings are pinned.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from shoal.ratings.bayeselo import Fit

from .seats import AgentSpec

__all__ = ["first_round", "next_pair"]


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


def next_pair(
    fit: Fit,
    agents: Sequence[AgentSpec],
    anchors: Sequence[AgentSpec],
    played: Counter[frozenset[str]],
) -> tuple[str, str]:
    """The pair whose two games tell the most: the widest agent, its most even opponent."""

    def width(name: str) -> float:
        low, high = fit.intervals.get(name, (-1e9, 1e9))
        return high - low

    agent = max(agents, key=lambda a: (width(a.name), a.name)).name
    others = [a.name for a in agents if a.name != agent] + [a.name for a in anchors]
    if not others:
        raise ValueError("a ladder needs at least two players")

    def worth(other: str) -> tuple[float, int, str]:
        if agent in fit.ratings and other in fit.ratings:
            p = fit.expected(agent, other)
        else:
            p = 0.5
        return (-p * (1 - p), played[frozenset((agent, other))], other)

    return agent, min(others, key=worth)
