"""Monte Carlo tree search (UCT) on atomic actions, with a solver and tree reuse.

* Every node keeps the sum of the values of the simulations through it **from
  seat 0's point of view**; the seat to move at a node reads them with its own
  sign. So the same seat may take several actions in a row (multi-action turns)
  and nothing needs negating along the way.
* MCTS-Solver: an ended game is a proven value; a node is proven a win for its
  mover as soon as one child is, and proven otherwise once every child is
  proven (the best of them for the mover). Proven losses are never selected.
  The search stops early once the root is proven, and the chosen action is the
  quickest win (or the longest resistance).
* Decisive moves (Teytaud & Teytaud 2010; ``decisive=True``): when a node's
  legal actions are first computed (with this option, as soon as the node is
  made) every action is applied, and those that end the game become children
  at once (the other actions keep their shuffled order); a node with such a
  winning child, or whose every action ends the game, is proven there. Children
  not yet visited are selected first. So a first action whose playout lost is
  still proven when its reply wins, or loses, in one action.
* Playouts are uniformly random; with ``playout_cutoff`` (from the game's
  :class:`~shoal.core.AIProfile`) they stop at the first end of a turn after
  that many actions (never in the middle of a turn) and score the position
  with ``game.evaluate``.
* Tree reuse: the next search looks for its state among the nodes below the
  previous root (matched by ``state.key()`` and the seat to move) and keeps
  that subtree with its statistics.
* Native path: when the game has a compiled engine covering the state
  (``game.native_engine()``, see :mod:`shoal.core.native`) the whole search
  runs in C (:mod:`shoal.ai.native`) with the same rules; ``native=False`` (or
  ``SHOAL_PURE=1``) keeps it in Python. Results have the same shape either way.
* Proof pre-search (``presearch=(depth, max_nodes)``): before the tree search,
  the bounded prover looks for a forced win within ``depth`` atomic actions
  (:mod:`shoal.ai.presearch`); a win found is returned proven, the quickest
  one, without the tree search; otherwise (no win, or more than ``max_nodes``
  positions) the tree search runs with what is left of ``seconds``.
* Budgets: iterations and/or seconds. With a fixed iteration budget and seed
  the search is reproducible. The given state is never changed (states are
  immutable; the tree holds the children ``child()`` returned).

>>> from shoal.games import get
>>> game = get("connect4")
>>> state = game.load("......./......./......./......./......./xxx.ooo x")
>>> result = MCTS(game, iterations=200, seed=1).search(state)
>>> state.action_text(result.action), result.proven, result.proof_length
('d', 'win', 1)
"""

from __future__ import annotations

import dataclasses
import math
import random
import time

from shoal.core import Action, Game, State

from .native import NativeTree, native_search_available
from .presearch import presearch
from .result import ChildStat, SearchResult

__all__ = ["DEFAULT_ITERATIONS", "EXPLORATION", "MCTS"]

EXPLORATION = 1.4
"""The UCT constant for values in [-1, 1], multiplied by the profile's ``exploration``."""

DEFAULT_ITERATIONS = 1000
"""The iteration budget when a search is given neither iterations nor seconds."""


class _Node:
    """A node: its state, the children made so far, the actions not yet tried."""

    __slots__ = ("state", "action", "children", "untried", "visits", "total", "proven", "plen")

    def __init__(self, state: State, action: Action | None) -> None:
        self.state = state
        self.action = action
        self.children: list[_Node] = []
        self.untried: list[Action] | None = None  # computed on the first expansion
        self.visits = 0
        self.total = 0.0  # sum of simulation values, seat 0's point of view
        outcome = state.outcome
        if outcome is None:
            self.proven: float | None = None
            self.plen = 0
        else:
            self.proven = outcome.returns()[0]
            self.plen = 0  # actions to the end under best play

    def sign(self) -> float:
        """+1 when seat 0 moves here, -1 when seat 1 does."""
        return 1.0 if self.state.to_move == 0 else -1.0


class MCTS:
    """A UCT searcher for one game; keeps its tree between searches (tree reuse).

    ``iterations`` and ``seconds`` are the default budgets of :meth:`search`
    (either may be None; both None means :data:`DEFAULT_ITERATIONS`).
    ``exploration`` and ``playout_cutoff`` default to the game's profile
    (``playout_cutoff="profile"``; None plays every playout to the end).
    ``presearch`` is ``(depth, max_nodes)`` of a proof pre-search, or None.
    """

    def __init__(
        self,
        game: Game,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        seed: int = 0,
        exploration: float | None = None,
        playout_cutoff: int | str | None = "profile",
        reuse: bool = True,
        reuse_depth: int = 12,
        solver: bool = True,
        decisive: bool = False,
        presearch: tuple[int, int] | None = None,
        native: bool = True,
    ) -> None:
        profile = game.ai_profile
        if presearch is not None and (presearch[0] < 1 or presearch[1] < 1):
            raise ValueError(f"presearch: depth and nodes must be at least 1, not {presearch}")
        self.game = game
        self.iterations = iterations
        self.seconds = seconds
        self.rng = random.Random(seed)
        self.c = EXPLORATION * (profile.exploration if exploration is None else exploration)
        if isinstance(playout_cutoff, str):
            if playout_cutoff != "profile":
                raise ValueError(f"playout_cutoff: {playout_cutoff!r} is not a number or 'profile'")
            playout_cutoff = profile.playout_cutoff
        self.playout_cutoff: int | None = playout_cutoff
        self.reuse = reuse
        self.reuse_depth = reuse_depth
        self.solver = solver
        self.decisive = decisive
        self.presearch = presearch
        self._prove_native = native
        self._root: _Node | None = None
        self._native: NativeTree | None = None
        engine = game.native_engine() if native and native_search_available() else None
        if engine is not None and (self.playout_cutoff is None or engine.has_evaluate):
            self._native = NativeTree(
                engine,
                c=self.c,
                cutoff=self.playout_cutoff,
                solver=solver,
                decisive=decisive,
                seed=self.rng.getrandbits(64),
                reuse=reuse,
                reuse_depth=reuse_depth,
            )

    @property
    def native(self) -> bool:
        """True when searches of covered states run in C."""
        return self._native is not None

    # -- tree ---------------------------------------------------------------------
    def reset(self) -> None:
        """Forget the tree."""
        self._root = None
        if self._native is not None:
            self._native.reset()

    @property
    def tree_visits(self) -> int:
        """Simulations held by the current root (0 without a tree)."""
        if self._native is not None and self._native.tree_visits:
            return self._native.tree_visits
        return 0 if self._root is None else self._root.visits

    def _root_for(self, state: State) -> _Node:
        """The node of ``state`` below the previous root (kept with its subtree), or a new one."""
        old = self._root
        if old is not None and self.reuse:
            key, seat = state.key(), state.to_move
            frontier = [old]
            for _ in range(self.reuse_depth + 1):
                deeper: list[_Node] = []
                for node in frontier:
                    if node.state.to_move == seat and node.state.key() == key:
                        node.state = state  # the same position: adopt the caller's state
                        self._root = node
                        return node
                    deeper.extend(node.children)
                if not deeper:
                    break
                frontier = deeper
        self._root = _Node(state, None)
        return self._root

    # -- search -------------------------------------------------------------------
    def search(
        self,
        state: State,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
    ) -> SearchResult:
        """Search ``state`` (which must not be over) within the budget and report.

        Budgets given here replace the searcher's defaults. The search stops
        early when the root's value is proven.
        """
        if state.outcome is not None:
            raise ValueError("cannot search a finished game")
        if iterations is None and seconds is None:
            iterations, seconds = self.iterations, self.seconds
            if iterations is None and seconds is None:
                iterations = DEFAULT_ITERATIONS
        if self.presearch is None:
            return self._search(state, iterations, seconds)
        start = time.perf_counter()
        found, nodes = presearch(state, *self.presearch, native=self._prove_native)
        spent = time.perf_counter() - start
        if found is not None:
            return dataclasses.replace(found, seconds=spent)
        if seconds is not None:  # the pre-search's time counts against the budget
            seconds = max(seconds - spent, 0.001)
        result = self._search(state, iterations, seconds)
        return dataclasses.replace(result, seconds=result.seconds + spent, prover_nodes=nodes)

    def _search(self, state: State, iterations: int | None, seconds: float | None) -> SearchResult:
        """The tree search proper (native or pure), within the given budgets."""
        if self._native is not None:
            packed = self._native.engine.pack(state)
            if packed is not None:
                result = self._native.search(state, packed, iterations, seconds)
                if result is not None:
                    return result
                legal = state.legal_actions()
                action = legal[self.rng.randrange(len(legal))]
                seat = state.to_move
                assert seat is not None
                return SearchResult("mcts", action, seat, 0.0, 0, 0.0, (action,))
        root = self._root_for(state)
        reused = root.visits
        start = time.perf_counter()
        deadline = math.inf if seconds is None else start + seconds
        limit = math.inf if iterations is None else iterations
        done = 0
        iterate = self._iterate
        clock = time.perf_counter
        while done < limit and root.proven is None:
            if done and clock() >= deadline:  # every iteration: a Sytran playout is long
                break
            iterate(root)
            done += 1
        elapsed = time.perf_counter() - start
        return self._result(root, done, elapsed, reused)

    def _iterate(self, root: _Node) -> None:
        node = root
        path = [root]
        while True:
            if node.proven is not None:
                value = node.proven
                break
            untried = node.untried
            if untried is None:
                untried = self._expand(node)
                if node.proven is not None:  # decisive moves proved it
                    self._prove(path)
                    value = node.proven
                    break
            if untried:
                action = untried.pop()
                child = _Node(node.state.child(action), action)
                node.children.append(child)
                path.append(child)
                if child.proven is None and self.decisive:
                    self._expand(child)
                if child.proven is not None:
                    value = child.proven
                    if self.solver:
                        self._prove(path)
                else:
                    value = self._playout(child.state)
                break
            node = self._select(node)
            path.append(node)
        for n in path:
            n.visits += 1
            n.total += value

    def _expand(self, node: _Node) -> list[Action]:
        """Compute ``node``'s untried actions (shuffled); with ``decisive``, make the
        children of the actions that end the game and try to prove ``node``."""
        untried = list(node.state.legal_actions())
        self.rng.shuffle(untried)
        if self.decisive:
            state = node.state
            rest: list[Action] = []
            for action in untried:
                after = state.child(action)
                if after.outcome is None:
                    rest.append(action)
                else:
                    node.children.append(_Node(after, action))
            untried = rest
        node.untried = untried
        if self.decisive and self.solver and node.children:
            self._try_prove(node)
        return untried

    def _select(self, node: _Node) -> _Node:
        sign = node.sign()
        log_n = math.log(node.visits)
        c = self.c
        best = node.children[0]
        best_score = -math.inf
        for child in node.children:
            proven = child.proven
            if proven is not None and proven * sign < 0 and self.solver:
                continue  # a proven loss for the mover
            visits = child.visits
            if not visits:  # a decisive child not yet visited
                return child
            score = sign * child.total / visits + c * math.sqrt(log_n / visits)
            if score > best_score:
                best_score = score
                best = child
        return best

    def _prove(self, path: list[_Node]) -> None:
        """Propagate a new proof upwards along ``path`` while parents become proven."""
        for index in range(len(path) - 2, -1, -1):
            if not self._try_prove(path[index]):
                return

    @staticmethod
    def _try_prove(node: _Node) -> bool:
        sign = node.sign()
        complete = node.untried is not None and not node.untried
        best = -2.0
        best_len = 0
        for child in node.children:
            proven = child.proven
            if proven is None:
                complete = False
                continue
            value = proven * sign
            if value > best or (
                value == best and (child.plen < best_len if value > 0 else child.plen > best_len)
            ):
                best, best_len = value, child.plen
        if best == 1.0 or (complete and best > -2.0):
            node.proven = best * sign
            node.plen = best_len + 1
            return True
        return False

    def _playout(self, state: State) -> float:
        rnd = self.rng.random
        cutoff = self.playout_cutoff
        if cutoff is None:
            while state.outcome is None:
                legal = state.legal_actions()
                state = state.child(legal[int(rnd() * len(legal))])
        else:
            # cut off between turns only: a position in the middle of a turn (a tile
            # discarded, the harvest not yet taken) would be scored a move short
            steps = 0
            between_turns = True  # the leaf itself counts (a cutoff of 0 scores it as it is)
            while state.outcome is None:
                if steps >= cutoff and between_turns:
                    return self.game.evaluate(state, 0)
                legal = state.legal_actions()
                turn = state.turn
                state = state.child(legal[int(rnd() * len(legal))])
                steps += 1
                between_turns = state.turn != turn
        return state.outcome.returns()[0]

    # -- reporting ------------------------------------------------------------------
    @staticmethod
    def _best_child(node: _Node) -> _Node | None:
        """The child to play: the quickest proven win, else the most visited non-loss."""
        if not node.children:
            return None
        sign = node.sign()

        def rank(child: _Node) -> tuple[float, float, float]:
            proven = child.proven
            if proven is not None:
                value = proven * sign
                if value > 0:
                    return (2.0, -child.plen, 0.0)
                if value < 0:
                    return (-1.0, child.plen, 0.0)
            mean = sign * child.total / child.visits if child.visits else 0.0
            return (0.0, child.visits, mean)

        return max(node.children, key=rank)

    def _result(self, root: _Node, done: int, elapsed: float, reused: int) -> SearchResult:
        state = root.state
        seat = state.to_move
        assert seat is not None
        sign = root.sign()
        best = self._best_child(root)
        if best is None:  # no iteration ran: any legal action
            legal = state.legal_actions()
            action = legal[self.rng.randrange(len(legal))]
            return SearchResult("mcts", action, seat, 0.0, done, elapsed, (action,), reused=reused)
        pv: list[Action] = []
        node: _Node | None = best
        parent = root
        while node is not None and len(pv) < 32:
            assert node.action is not None
            pv.append(node.action)
            parent = node
            node = self._best_child(parent) if parent.visits > 1 else None
        children = tuple(
            ChildStat(
                c.action if c.action is not None else -1,
                c.visits,
                sign * (c.proven if c.proven is not None else c.total / max(c.visits, 1)),
                _label(c.proven, sign),
            )
            for c in root.children
        )
        if best.proven is not None:
            value = best.proven * sign
        else:
            value = sign * best.total / best.visits
        proven = _label(root.proven, sign)
        return SearchResult(
            "mcts",
            pv[0],
            seat,
            value,
            done,
            elapsed,
            tuple(pv),
            proven=proven,
            proof_length=root.plen if proven is not None else None,
            depth=len(pv),
            reused=reused,
            children=children,
        )


def _label(proven: float | None, sign: float) -> str | None:
    if proven is None:
        return None
    value = proven * sign
    return "win" if value > 0 else "loss" if value < 0 else "draw"
