"""Limits that protect the server: the search queue (the creation cap: test_site_limits.py)."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from shoal.server import create_app
from shoal.server.games import background as background_module
from tests.clients import TestClient

from ._live import auth


class Gauge:
    """Counts how many calls run at once (the most ever) and how many finished."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.now = self.most = self.done = 0

    def wrap(self, function: Any) -> Any:
        def wrapped(*args: Any) -> Any:
            with self.lock:
                self.now += 1
                self.most = max(self.most, self.now)
            time.sleep(0.05)  # long enough for the others to pile up
            try:
                return function(*args)
            finally:
                with self.lock:
                    self.now -= 1
                    self.done += 1

        return wrapped


def test_searches_queue_behind_the_cap_and_all_complete(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    gauge = Gauge()
    monkeypatch.setattr(
        background_module, "_computer_turn", gauge.wrap(background_module._computer_turn)
    )
    monkeypatch.setattr(background_module, "HINT_LEVEL", "beginner")
    monkeypatch.setattr(
        background_module, "compute_hint", gauge.wrap(background_module.compute_hint)
    )
    with TestClient(create_app(db, max_searches=2, games_per_client=0)) as client:
        made = [
            client.post(
                "/api/games", json={"game": "connect4", "seat": 1, "level": "random"}
            ).json()
            for _ in range(10)
        ]
        local = client.post("/api/games", json={"game": "connect4", "opponent": "local"}).json()

        def hint(_: int) -> int:
            response = client.post(
                f"/api/games/{local['id']}/hint", json={"version": 1}, headers=auth(local["token"])
            )
            return response.status_code

        with ThreadPoolExecutor(4) as pool:
            assert list(pool.map(hint, range(4))) == [200] * 4
        deadline = time.monotonic() + 30
        for m in made:
            while client.get(f"/api/games/{m['id']}").json()["ply"] < 1:
                assert time.monotonic() < deadline, "a queued computer turn never ran"
                time.sleep(0.02)
    assert gauge.done == 14 and 1 <= gauge.most <= 2
