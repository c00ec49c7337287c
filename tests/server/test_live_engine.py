"""The analysis board's engine (issue 26): steps, cancellation, the queue, finished positions."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from typing import Any

from shoal.games import get
from shoal.server.analysis.service import LiveEngine


def test_updates_grow_and_the_last_says_done() -> None:
    game = get("cyclix")
    updates: list[dict[str, Any]] = []
    asyncio.run(
        LiveEngine(1).analyse(
            game, game.initial(0), updates.append, threading.Event(), max_seconds=0.6
        )
    )
    assert len(updates) >= 2
    assert [u["done"] for u in updates][-1] is True and not updates[0]["done"]
    sims = [u["simulations"] for u in updates]
    assert sims == sorted(sims) and sims[0] > 0
    assert all(len(u["lines"]) == 3 for u in updates)


def test_a_stopped_analysis_ends_and_frees_its_slot_for_the_next() -> None:
    game = get("syrtis")
    engine = LiveEngine(1)
    first: list[dict[str, Any]] = []
    second: list[dict[str, Any]] = []
    stop_first = threading.Event()

    async def both() -> float:
        one = asyncio.ensure_future(engine.analyse(game, game.initial(0), first.append, stop_first))
        await asyncio.sleep(0.4)
        stop_first.set()
        began = time.monotonic()
        await engine.analyse(
            game, game.initial(1), second.append, threading.Event(), max_seconds=0.3
        )
        await one
        return time.monotonic() - began

    waited = asyncio.run(both())
    assert first and not first[-1]["done"]  # stopped long before its 12 seconds
    assert second and second[-1]["done"]
    assert waited < 5.0


def test_a_finished_position_reports_its_result() -> None:
    game = get("connect4")
    state = game.load("......./......./......./x....../xo...../xo..o.. x")
    for text in ("a",):
        state = state.child(state.parse_action(text))
    assert state.outcome is not None
    updates: list[dict[str, Any]] = []
    asyncio.run(LiveEngine(1).analyse(game, state, updates.append, threading.Event()))
    assert updates == [{"lines": [], "eval": 100.0, "simulations": 0, "done": True, "over": True}]


def test_an_alphabeta_game_deepens_and_ranks_every_root_turn_by_value() -> None:
    """Cyclix (searched by alpha-beta): one update per depth, the three best turns by value."""
    game = get("cyclix")
    updates: list[dict[str, Any]] = []
    asyncio.run(
        LiveEngine(1).analyse(
            game, game.initial(0), updates.append, threading.Event(), max_seconds=1.0
        )
    )
    depths = [u["depth"] for u in updates]
    assert depths == list(range(1, len(depths) + 1)) and len(depths) >= 2
    assert updates[-1]["done"] is True
    for update in updates:
        values = [line["value"] for line in update["lines"]]
        assert len(values) == 3 and values == sorted(values, reverse=True)
        assert update["eval"] == values[0]  # white to move: the evaluation is its best turn


def test_an_alphabeta_analysis_sees_a_mate_in_one() -> None:
    """A position where the side to move mates at once: the first line is a proven win."""
    game = get("cyclix")
    state = game.initial(1)
    rng = random.Random(1)
    # find a position from a random game where some action ends the game with a win
    while True:
        state = state.child(rng.choice(list(state.legal_actions())))
        if state.is_over:
            state = game.initial(rng.randrange(1000))
            continue
        mover = state.to_move
        wins = [
            a
            for a in state.legal_actions()
            if (c := state.child(a)).outcome is not None and c.outcome.winner == mover
        ]
        if wins:
            break
    updates: list[dict[str, Any]] = []
    asyncio.run(LiveEngine(1).analyse(game, state, updates.append, threading.Event()))
    first = updates[-1]["lines"][0]
    assert first["proven"] == "win" and first["value"] == 100.0
    assert first["action"] in wins
