"""What the server gives the browser's engine (issue 45): the packed position in the game
and analysis views, the service worker at the root and the offline page."""

from __future__ import annotations

import pytest

from shoal.core.native import engine_position
from shoal.games import get
from tests.clients import TestClient


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_views_carry_the_engine_position(client: TestClient) -> None:
    game = get("syrtis")
    engine = game.native_engine()
    if engine is None:
        pytest.skip("the native engines are not built")
    start = client.get("/api/analysis/start/syrtis").json()["tree"]["start"]
    view = client.post(
        "/api/analysis/view", json={"game": "syrtis", "options": {}, "start": start, "moves": []}
    ).json()
    assert view["engine_position"] == engine_position(game, game.load(start))
    assert len(view["engine_position"]) == 2 * len(engine.pack(game.load(start)) or b"")
    made = client.post("/api/games", json={"game": "connect4", "level": "random"}).json()
    c4 = get("connect4")
    assert made["view"]["engine_position"] == engine_position(c4, c4.initial(0))


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_the_service_worker_and_the_offline_page(client: TestClient) -> None:
    sw = client.get("/sw.js")
    assert sw.status_code == 200
    assert sw.headers["content-type"].startswith("text/javascript")
    assert "shoal-offline-" in sw.text
    page = client.get("/offline")
    assert page.status_code == 200 and "/static/offline.js" in page.text
