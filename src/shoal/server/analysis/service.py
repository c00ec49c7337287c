"""The analysis board's engine (issue 26): a search in a worker thread, its best turns sent live.

:meth:`LiveEngine.analyse` searches one position in steps (an anytime
deepening: each step adds :data:`STEP_SECONDS` of simulations to the same
tree, so values sharpen as it goes) and calls ``send`` after every step with
the three most visited turns, their values and the evaluation for the first
player (a game searched by alpha-beta, Cyclix: every root turn one depth deeper
per step, the three best by value). It stops after :data:`MAX_SECONDS`, when
the position is proven, or as soon as its ``stop`` event is set (the board moved
to another position). At most ``max_searches`` analyses search at once (the
others wait their turn in the event loop, holding no thread), so analysis boards
cannot starve the computer's moves.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Sequence
from typing import Annotated, Any

from shoal.ai.alphabeta import AlphaBeta
from shoal.ai.mcts import MCTS
from shoal.ai.result import SearchResult
from shoal.core import Action, Game, Seat, State
from shoal.core.history import ends_turn
from shoal.records.tree import MoveTree

from ..ops.metrics import SEARCHES_BUSY, labelled
from ..provide import provided

__all__ = [
    "LINES",
    "MAX_SECONDS",
    "STEP_SECONDS",
    "LiveEngine",
    "annotated_tree",
    "chance",
    "outcome_lines",
    "turn_line",
]

STEP_SECONDS = 0.25
"""Seconds of search between two updates."""

MAX_SECONDS = 12.0
"""Seconds of search per position; then the last update says ``done``."""

LINES = 3
"""How many turns an update shows."""


def annotated_tree(tree: MoveTree) -> dict[str, Any]:
    """The tree's JSON with, for each node, its turn ``number``, ``first`` of a turn, ``seat``
    (what a page needs to write the moves; the analysis board's and the studies')."""
    data = tree.to_json_dict()
    befores: list[State] = []  # the state each node's move is played from
    afters: list[State] = []
    for entry in data["nodes"]:
        parent = entry["parent"]
        before = tree.start if parent == -1 else afters[parent]
        entry["number"] = before.turn + 1
        entry["first"] = parent == -1 or befores[parent].turn != before.turn
        entry["seat"] = before.to_move
        befores.append(before)
        afters.append(before.child(before.parse_action(entry["move"])))
    return data


def chance(value: float) -> float:
    """A value in [-1, 1] as a winning chance in points [0, 100], rounded to 0.1."""
    return round(50.0 + 50.0 * max(-1.0, min(1.0, value)), 1)


PROVEN_POINTS = {"win": 100.0, "loss": 0.0, "draw": 50.0}


def points(value: float, proven: str | None) -> float:
    """The winning chance shown for a value: a proof decides, else :func:`chance`."""
    return PROVEN_POINTS[proven] if proven in PROVEN_POINTS else chance(value)


def turn_line(state: State, actions: Sequence[Action]) -> str:
    """The text of a line of the mover's actions from ``state``: the whole turn they start
    (those up to the turn's end; legal ones only) when they make one, else the first action's.
    """
    taken = [actions[0]]
    current = state.child(actions[0])
    for next_action in actions[1:]:
        if ends_turn(state, current) or next_action not in current.legal_actions():
            break
        taken.append(next_action)
        current = current.child(next_action)
    return state.turn_text(taken) if ends_turn(state, current) else state.action_text(actions[0])


def _line(state: State, result: SearchResult, action: Action) -> str:
    """The turn that starts with ``action``: the best reply's continuation up to the turn's end."""
    pv = list(result.pv)
    follow = pv[1:] if pv and pv[0] == action else []
    return turn_line(state, [action, *follow])


def lines_of(state: State, result: SearchResult) -> list[dict[str, Any]]:
    """The :data:`LINES` most visited root actions, each with its turn text and value."""
    seat = state.to_move
    assert seat is not None
    children = sorted(result.children, key=lambda c: (-c.visits, -c.value))[:LINES]
    if not children:
        children_data = [(result.action, 1, result.value, result.proven)]
    else:
        children_data = [(c.action, c.visits, c.value, c.proven) for c in children]
    out = []
    for action, visits, value, proven in children_data:
        out.append(
            {
                "action": action,
                "move": state.action_text(action),
                "turn": _line(state, result, action),
                "value": points(value, proven),
                "visits": visits,
                "proven": proven,
            }
        )
    return out


def outcome_lines(state: State) -> dict[str, Any]:
    """The update for a finished position: no turns, the result as the evaluation."""
    outcome = state.outcome
    assert outcome is not None
    first = 50.0 if outcome.winner is None else (100.0 if outcome.winner == 0 else 0.0)
    return {"lines": [], "eval": first, "simulations": 0, "done": True, "over": True}


class LiveEngine:
    """Analyses in worker threads, at most ``max_searches`` at once (the others wait here,
    in the event loop, so waiting boards hold no worker thread)."""

    def __init__(self, max_searches: int = 2) -> None:
        self.max_searches = max_searches
        self._slots: asyncio.Semaphore | None = None

    @property
    def slots(self) -> asyncio.Semaphore:
        """The queue of analyses (made inside the running loop)."""
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.max_searches)
        return self._slots

    async def analyse(
        self,
        game: Game,
        state: State,
        send: Callable[[dict[str, Any]], None],
        stop: threading.Event,
        *,
        max_seconds: float = MAX_SECONDS,
        seed: int = 0,
    ) -> None:
        """Search ``state`` in a worker thread, calling ``send`` (from that thread) each step."""
        if state.outcome is not None:
            send(outcome_lines(state))
            return
        async with self.slots:
            if stop.is_set():
                return
            with labelled(SEARCHES_BUSY, "analysis").track_inprogress():  # ops' gauge
                await asyncio.to_thread(self._search, game, state, send, stop, max_seconds, seed)

    @staticmethod
    def _search(
        game: Game,
        state: State,
        send: Callable[[dict[str, Any]], None],
        stop: threading.Event,
        max_seconds: float,
        seed: int,
    ) -> None:
        if game.ai_profile.algorithm == "alphabeta":
            _deepen(game, state, send, stop, max_seconds, seed)
            return
        seat = state.to_move
        assert seat is not None
        searcher = MCTS(game, seed=seed, reuse=True)
        spent, simulations = 0.0, 0
        while not stop.is_set():
            began = time.perf_counter()
            result = searcher.search(state, seconds=STEP_SECONDS)
            spent += time.perf_counter() - began
            simulations = max(simulations + result.simulations, result.reused + result.simulations)
            lines = lines_of(state, result)
            best = lines[0]["value"] if lines else 50.0
            done = spent >= max_seconds or result.proven is not None
            if stop.is_set():
                return
            send(_progress(lines, best, seat, simulations, spent, done))
            if done:
                return


def _progress(
    lines: list[dict[str, Any]],
    best: float,
    seat: Seat,
    simulations: int,
    spent: float,
    done: bool,
    **more: Any,
) -> dict[str, Any]:
    """A step of a search as the socket sends it: the lines, the evaluation for the first
    seat (``best`` is the mover's), the work so far (``more``: the search's own counts)."""
    return {
        "lines": lines,
        "eval": best if seat == 0 else round(100.0 - best, 1),
        "simulations": simulations,
        **more,
        "seconds": round(spent, 2),
        "done": done,
        "over": False,
    }


MAX_DEPTH = 8
"""The deepest alpha-beta analysis (plies below the root's turns)."""


def _deepen(
    game: Game,
    state: State,
    send: Callable[[dict[str, Any]], None],
    stop: threading.Event,
    max_seconds: float,
    seed: int,
) -> None:
    """A game searched by alpha-beta (Cyclix): every root action searched one depth deeper
    each step, the three best by value sent after each depth (MCTS's random playouts blur a
    game of captures; the game's own search and evaluation do not)."""
    seat = state.to_move
    assert seat is not None
    searcher = AlphaBeta(game, seed=seed)
    began, nodes = time.perf_counter(), 0
    legal = list(state.legal_actions())
    for depth in range(1, MAX_DEPTH + 1):
        scored: list[tuple[float, Action, str | None, str]] = []
        for action in legal:
            if stop.is_set():
                return
            child = state.child(action)
            if child.outcome is not None:
                winner = child.outcome.winner
                value = 0.0 if winner is None else (1.0 if winner == seat else -1.0)
                ended = "draw" if winner is None else ("win" if winner == seat else "loss")
                scored.append((value, action, ended, state.action_text(action)))
                continue
            result = searcher.search(child, depth=max(1, depth - 1))
            nodes += result.simulations
            mine = child.to_move == seat
            value = result.value if mine else -result.value
            proven = result.proven
            if proven in ("win", "loss") and not mine:
                proven = "loss" if proven == "win" else "win"
            scored.append((value, action, proven, state.action_text(action)))
        scored.sort(key=lambda item: -item[0])
        lines = [
            {
                "action": action,
                "move": text,
                "turn": text,
                "value": points(v, proven),
                "visits": depth,
                "proven": proven,
            }
            for v, action, proven, text in scored[:LINES]
        ]
        best = points(scored[0][0], scored[0][2]) if scored else 50.0
        spent = time.perf_counter() - began
        settled = all(p is not None for _, _, p, _ in scored)
        done = spent >= max_seconds or depth == MAX_DEPTH or settled
        if stop.is_set():
            return
        send(_progress(lines, best, seat, nodes, spent, done, depth=depth))
        if done:
            return


LiveEngineDep = Annotated[LiveEngine, provided(LiveEngine)]
"""A route parameter of this type receives the app's analysis engine (:class:`LiveEngine`)."""
