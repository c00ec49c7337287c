"""What a search returns: the chosen action, its value and the numbers behind it.

Values always say whose point of view they are from: :attr:`SearchResult.value`
is from :attr:`SearchResult.seat`'s point of view (the seat to move at the
searched state), in [-1, 1] for heuristic values, exactly +1/-1/0 when proven.
"""

from __future__ import annotations

import dataclasses

from shoal.core import Action, Seat
from shoal.core.words import ENGLISH, Translator

__all__ = ["ChildStat", "SearchResult"]


@dataclasses.dataclass(frozen=True)
class ChildStat:
    """One root action as the search saw it (value from the root seat's point of view)."""

    action: Action
    visits: int
    value: float
    proven: str | None = None
    """``"win"``, ``"loss"`` or ``"draw"`` when proven (for the root seat), else None."""


@dataclasses.dataclass(frozen=True)
class SearchResult:
    """The outcome of one search from one state.

    ``simulations`` counts MCTS iterations (or alpha-beta nodes, see
    ``algorithm``); ``reused`` is how many simulations the tree already held
    when the search began (tree reuse); ``proven`` is ``"win"``, ``"loss"`` or
    ``"draw"`` when the value is a proof, with ``proof_length`` atomic actions
    to the end under best play. ``prover_nodes`` counts the positions a proof
    pre-search expanded before the search (:mod:`shoal.ai.presearch`; 0 without
    one); when it proved the win, ``simulations`` is 0 and ``seconds`` its time,
    else ``seconds`` includes it.
    """

    algorithm: str
    action: Action
    seat: Seat
    value: float
    simulations: int
    seconds: float
    pv: tuple[Action, ...] = ()
    proven: str | None = None
    proof_length: int | None = None
    depth: int = 0
    reused: int = 0
    children: tuple[ChildStat, ...] = ()
    prover_nodes: int = 0

    @property
    def per_second(self) -> float:
        """Simulations (MCTS) or nodes (alpha-beta) per second."""
        return self.simulations / self.seconds if self.seconds > 0 else 0.0

    def share(self, action: Action) -> float:
        """The fraction of root visits that went to ``action`` (MCTS), 0 if unknown."""
        total = sum(c.visits for c in self.children)
        for c in self.children:
            if c.action == action and total:
                return c.visits / total
        return 0.0

    def view(self, tr: Translator = ENGLISH) -> str:
        """The search's view of its action in words, e.g. ``"wins by force in 3"`` (in
        ``tr``'s language)."""
        if self.proven == "win":
            return tr.gettext("wins by force in {n} actions").format(n=self.proof_length)
        if self.proven == "loss":
            return tr.gettext(
                "every action loses by force; this one holds out longest ({n})"
            ).format(n=self.proof_length)
        if self.proven == "draw":
            return tr.gettext("draws by force")
        if self.algorithm == "mcts":
            return tr.gettext("best by {share} of {n} simulations, value {value}").format(
                share=f"{100 * self.share(self.action):.0f}%",
                n=self.simulations,
                value=f"{self.value:+.2f}",
            )
        return tr.gettext("best at depth {depth}, value {value}").format(
            depth=self.depth, value=f"{self.value:+.2f}"
        )
