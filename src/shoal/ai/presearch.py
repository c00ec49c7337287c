"""The proof pre-search: a short exhaustive look for a forced win before a tree search.

MCTS finds a forced win only by visiting its first action often enough, and a
search that explores little (Sirtet's max) may give a winning first action one
visit whose random playout lost, and never come back to it. Chess engines run
a short mate search before their main search for the same reason. Here the
bounded prover (:class:`~shoal.ai.prove.Prover`) asks whether the side to move
forces a win within ``depth`` atomic actions, expanding at most ``max_nodes``
positions; if it does, the answer is a proven result (the quickest win) and the
tree search is not needed. When it does not, or the node budget runs out, the
caller searches as usual: a pre-search never changes a move except into a
proven win.

>>> from shoal.games import get
>>> state = get("connect4").load("......./......./......./......./......./xxx.ooo x")
>>> result, nodes = presearch(state, 3, 1000)
>>> state.action_text(result.action), result.proven, result.proof_length
('d', 'win', 1)
>>> presearch(get("connect4").initial(), 3, 1000)[0] is None
True
"""

from __future__ import annotations

import time

from shoal.core import Action, State

from .prove import ProofBudgetExceeded, Prover
from .result import ChildStat, SearchResult

__all__ = ["presearch"]


def presearch(
    state: State,
    depth: int,
    max_nodes: int,
    *,
    native: bool = True,
    algorithm: str = "mcts",
) -> tuple[SearchResult | None, int]:
    """The quickest forced win of the side to move within ``depth`` actions, or None;
    and the number of positions the prover expanded.

    None means no win within ``depth`` or more than ``max_nodes`` positions to
    tell (the prover's table is shared by every question, so the budget bounds
    the whole pre-search). The result is reported as ``algorithm``'s (the
    search it stands in for): ``proven="win"``, ``value`` 1, the quickest
    winning actions as children, ``prover_nodes`` the positions expanded and
    ``simulations`` 0. ``native=False`` keeps the prover in Python.
    """
    seat = state.to_move
    if seat is None or depth < 1:
        return None, 0
    start = time.perf_counter()
    prover = Prover(seat, max_nodes, native=native)
    try:
        # the usual answer is no: one question at the full depth settles it
        if not prover.wins(state, depth):
            return None, prover.nodes
        length = next(d for d in range(1, depth + 1) if prover.wins(state, d))
        winning = prover.winning_actions(state, length)
    except ProofBudgetExceeded:
        return None, prover.nodes
    pv: tuple[Action, ...] = (winning[0],)
    try:
        line = prover.line(state, length)
        if line[0] in winning:
            pv = tuple(line)
    except ProofBudgetExceeded:
        pass  # the first action is proven; the rest of the line is a nicety
    result = SearchResult(
        algorithm,
        pv[0],
        seat,
        1.0,
        0,
        time.perf_counter() - start,
        pv,
        proven="win",
        proof_length=length,
        depth=len(pv),
        children=tuple(ChildStat(action, 0, 1.0, "win") for action in winning),
        prover_nodes=prover.nodes,
    )
    return result, prover.nodes
