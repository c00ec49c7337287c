"""The analysis board's engine (issue 26): steps, cancellation, the queue, finished positions."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

from shoal.games import get
from shoal.server.live_engine import LiveEngine


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
