"""Issue 57 against one real ``shoal serve --workers 2`` on PostgreSQL, started before its
database answers: it waits, then serves; ``/metrics`` (both workers' numbers added up) is
closed to a stranger and counts a whole game played by two accounts; every log line is JSON
with its worker's pid and request ids, and no secret the test used is in any line.

One server for all of it (a second would cost CI seconds for nothing new): the test's
sections share it and say what each proves.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml
from websockets.sync.client import connect

from tests.pg import PostgresServer

from ._live import LiveServer, auth
from .ops_helpers import LateDoor, samples

PASSWORD = "correct-horse-57-battery"
DB_PASSWORD = "db-secret-57-never-logged"
METRICS_TOKEN = "metrics-token-57-0123456789abcdef"
DOCS = Path(__file__).resolve().parents[2] / "docs" / "operations.md"
MOVES = [0, 1, 0, 1, 0, 1, 0]  # Connect Four: four in a row in the first column


@pytest.fixture
def site(postgres_server: PostgresServer, tmp_path: Path) -> Iterator[tuple[LiveServer, LateDoor]]:
    """``shoal serve --workers 2`` on a port of PostgreSQL's that opens only once the server
    has said it is waiting for it (as at a boot where shoal starts first)."""
    url = postgres_server.new_database(migrated=True)
    door = LateDoor(postgres_server.port)
    late = url.replace(
        f"shoal@127.0.0.1:{postgres_server.port}", f"shoal:{DB_PASSWORD}@127.0.0.1:{door.port}"
    )
    token_file = tmp_path / "metrics.token"
    token_file.write_text(METRICS_TOKEN + "\n")
    token_file.chmod(0o600)
    server = LiveServer(
        late,
        tmp_path / "serve.log",
        *("--workers", "2", "--log-format", "json", "--games-per-client", "0"),
        *("--metrics-token-file", str(token_file), "--wait-database", "120"),
        *("--forwarded-allow-ips", "192.0.2.1"),  # not the test's 127.0.0.1
    )

    def open_when_waited() -> None:
        deadline = time.monotonic() + 120
        while "does not answer" not in server.log() and time.monotonic() < deadline:
            time.sleep(0.1)
        door.open()

    opener = threading.Thread(target=open_when_waited, daemon=True)
    opener.start()
    try:
        server.start(timeout=180)  # it waits for the database, then starts two workers
        yield server, door
    finally:
        server.stop()
        door.close()
        postgres_server.drop_database(url)


def _scrape(server: LiveServer) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    answer = httpx.get(
        server.url + "/metrics", headers={"Authorization": f"Bearer {METRICS_TOKEN}"}, timeout=10
    )
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/plain")
    return samples(answer.text)


def _value(found: dict[Any, float], name: str, **labels: str) -> float:
    return found.get((name, tuple(sorted(labels.items()))), 0.0)


def _until(check: Any, seconds: float = 15.0) -> Any:
    deadline = time.monotonic() + seconds
    while True:
        result = check()
        if result or time.monotonic() > deadline:
            return result
        time.sleep(0.2)


def _member(server: LiveServer, name: str) -> httpx.Client:
    client = httpx.Client(base_url=server.url, timeout=10)
    made = client.post("/api/auth/signup", json={"username": name, "password": PASSWORD})
    assert made.status_code == 201, made.text
    return client


def _alert_metrics() -> set[str]:
    """The metric names the example alert rules of docs/operations.md use."""
    text = DOCS.read_text()
    block = re.search(r"```yaml\n# shoal-alerts\.yml\n(.*?)```", text, re.S)
    assert block is not None, "docs/operations.md has no '# shoal-alerts.yml' block"
    rules = yaml.safe_load(block.group(1))["groups"][0]["rules"]
    return {name for rule in rules for name in re.findall(r"\bshoal_\w+", rule["expr"])}


def test_two_workers_wait_for_the_database_count_a_game_and_log_no_secret(
    site: tuple[LiveServer, LateDoor],
) -> None:
    server, _ = site
    secrets_used = [PASSWORD, DB_PASSWORD, METRICS_TOKEN]

    # -- it waited for its database, said so, and is ready now -------------------------
    lines = [json.loads(line) for line in server.log().splitlines() if line.strip()]
    waits = [x for x in lines if x["logger"] == "shoal.serve" and "does not answer" in x["message"]]
    assert waits and waits[0]["level"] == "WARNING"
    assert any("answers (after" in x["message"] for x in lines)
    ready = httpx.get(server.url + "/readyz", timeout=10)
    assert ready.status_code == 200 and ready.json()["status"] == "ready", ready.text
    assert httpx.get(server.url + "/healthz", timeout=10).json() == {"status": "alive"}

    # -- a stranger cannot read the metrics ---------------------------------------------
    stranger = httpx.get(server.url + "/metrics", timeout=10)
    assert stranger.status_code == 401 and "Bearer" in stranger.headers["www-authenticate"]
    wrong = httpx.get(server.url + "/metrics", headers={"Authorization": "Bearer guess"})
    assert wrong.status_code == 401 and "shoal_" not in wrong.text
    before = _scrape(server)
    assert _value(before, "shoal_workers") == 2

    # -- a whole game: two accounts, a sign-in, seat tokens, a watcher ------------------
    alice, bobby = _member(server, "alice57"), _member(server, "bobby57")
    secrets_used += [alice.cookies["shoal_session"], bobby.cookies["shoal_session"]]
    assert alice.post("/api/auth/logout").status_code == 200
    login = alice.post("/api/auth/login", json={"username": "alice57", "password": PASSWORD})
    assert login.status_code == 200, login.text
    secrets_used.append(alice.cookies["shoal_session"])
    made = alice.post("/api/games", json={"game": "connect4", "opponent": "friend", "seat": 0})
    assert made.status_code == 201, made.text
    game = made.json()
    claimed = bobby.post(
        f"/api/games/{game['id']}/claim", json={}, headers=auth(game["invite_token"])
    )
    assert claimed.status_code == 200, claimed.text
    tokens = [game["token"], claimed.json()["token"]]
    secrets_used += [*tokens, game["invite_token"]]
    ws = server.url.replace("http://", "ws://") + f"/api/games/{game['id']}/ws"
    with connect(ws) as watcher:
        assert json.loads(watcher.recv(timeout=10))["type"] == "view"
        assert _until(lambda: _value(_scrape(server), "shoal_sockets_open", channel="game") >= 1)
        version = alice.get(f"/api/games/{game['id']}").json()["version"]
        for ply, action in enumerate(MOVES):
            player = (alice, bobby)[ply % 2]
            moved = player.post(
                f"/api/games/{game['id']}/actions",
                json={"version": version, "action": action},
                headers=auth(tokens[ply % 2]),
            )
            assert moved.status_code == 200, moved.text
            assert moved.headers["x-request-id"]
            version = moved.json()["version"]
        assert moved.json()["result"]["winner"] == 0
        last_request = moved.headers["x-request-id"]
    # a secret in a query string (the one URL that carries one) stays out of the log too
    query_secret = "12.0123456789abcdef0123456789abcdef"
    assert httpx.get(f"{server.url}/unsubscribe?token={query_secret}").status_code == 400
    secrets_used.append(query_secret)
    # --forwarded-allow-ips: a proxy not named there is not believed (uvicorn's default,
    # 127.0.0.1, would have taken this X-Forwarded-For)
    forwarded = {"X-Forwarded-For": "203.0.113.9", "X-Request-Id": "forwarded-57"}
    assert httpx.get(server.url + "/api/levels", headers=forwarded).status_code == 200

    # -- the metrics moved, added up over both workers ------------------------------------
    after = _until(
        lambda: (
            found
            if _value(found := _scrape(server), "shoal_sockets_open", channel="game") == 0
            and _value(found, "shoal_relay_lag_seconds_count") > 0
            else None
        )
    )
    assert after, "the socket still counted open, or no heartbeat crossed the relay"
    moves = "shoal_moves_total"
    assert _value(after, moves, game="connect4") - _value(before, moves, game="connect4") == 7
    started = "shoal_games_started_total"
    assert _value(after, started, game="connect4") - _value(before, started, game="connect4") == 1
    route = {"method": "POST", "route": "/api/games/{game_id}/actions"}
    assert _value(after, "shoal_http_requests_total", **route, status="200") == 7
    assert _value(after, "shoal_http_request_duration_seconds_count", **route) == 7
    assert _value(after, "shoal_db_query_duration_seconds_count", kind="save") >= 7
    assert _value(after, "shoal_db_query_duration_seconds_count", kind="statement") > 0
    assert _value(after, "shoal_event_loop_lag_seconds_count") > 0
    assert _value(after, "shoal_workers") == 2
    in_memory = lambda: sum(  # noqa: E731  (sampled every 5 s)
        _value(_scrape(server), "shoal_games_in_memory", state=s) for s in ("playing", "over")
    )
    assert _until(in_memory) >= 1
    names = {name for name, _ in after}
    assert "shoal_db_pool_connections" in names
    for name in _alert_metrics():  # the documented alerts use numbers the server has
        assert any(n == name or n.startswith(name + "_") for n in names), name

    # -- the log: JSON lines of both workers, request ids, no secret ----------------------
    text = server.log()
    lines = [json.loads(line) for line in text.splitlines() if line.strip()]
    access = [x for x in lines if x["logger"] == "shoal.access"]
    assert len({x["pid"] for x in access}) == 2, "both workers served and logged"
    mine = [x for x in access if x.get("request_id") == last_request]
    assert len(mine) == 1
    assert mine[0]["route"] == "/api/games/{game_id}/actions" and mine[0]["status"] == 200
    assert mine[0]["duration_ms"] > 0 and mine[0]["method"] == "POST"
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", x["time"]) for x in lines)
    [believed] = [x for x in access if x.get("request_id") == "forwarded-57"]
    assert believed["client"] == "127.0.0.1"
    assert not any('"WebSocket' in x["message"] for x in lines)  # uvicorn's: replaced
    sockets = [x for x in access if x["method"] == "WS"]
    assert sockets and sockets[-1]["route"] == "/api/games/{game_id}/ws"
    for secret in secrets_used:
        assert secret not in text, secret[:6]
