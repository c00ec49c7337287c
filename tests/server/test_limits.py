"""Limits that protect the server: the search queue, the creation cap, the body cap."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from shoal.server import create_app
from shoal.server.errors import ApiError
from shoal.server.games import background as background_module
from shoal.server.limits import CreationLimit
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


def test_the_creation_cap_slides_and_forgets() -> None:
    now = [0.0]
    limit = CreationLimit(3, 10.0, clock=lambda: now[0])
    for t in (0.0, 1.0, 2.0):
        now[0] = t
        limit.check("a")
    with pytest.raises(ApiError) as refused:
        limit.check("a")
    assert refused.value.status == 429 and refused.value.headers == {"Retry-After": "8"}
    limit.check("b")  # another address has its own count
    now[0] = 10.5  # the first creation left the window
    limit.check("a")
    with pytest.raises(ApiError):
        limit.check("a")
    now[0] = 100.0
    limit.check("c")  # a sweep: the idle addresses are forgotten
    assert set(limit._times) == {"c"}
    CreationLimit(0, 10.0).check("a")  # 0: no limit


def test_the_creation_cap_counts_games_and_records_per_address(db: str) -> None:
    with TestClient(create_app(db, games_per_client=2, client_window=60)) as client:
        made = client.post("/api/games", json={"game": "connect4", "opponent": "local"})
        record = client.get(f"/api/games/{made.json()['id']}/record").text
        assert client.post("/api/records", json={"text": record}).status_code == 201
        refused = client.post("/api/games", json={"game": "connect4", "opponent": "local"})
        assert refused.status_code == 429
        assert refused.json()["detail"].startswith("too many new games from your address")
        assert client.post("/api/records", json={"text": record}).status_code == 429
        # Playing is never limited.
        response = client.post(
            f"/api/games/{made.json()['id']}/actions",
            json={"version": 1, "action": 0},
            headers=auth(made.json()["token"]),
        )
        assert response.status_code == 200
