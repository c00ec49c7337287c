"""Issue 38, the database going away: SIGKILL of one of two servers during accepts.

Two real ``shoal serve`` processes, A and B, on one PostgreSQL database. Bobby accepts
five of alice's seeks (then five of her challenges) on A, all at once, and A is killed
with SIGKILL as soon as the first answer comes back, with the others in flight. Each
agreement is then stored with its game or not at all (the seek taken or the challenge
accepted in the game's own transaction): never taken without a game, never a game
without its seek. B serves on: bobby accepts there what is still open, what A took is
refused, and the pair ends up in exactly one game per agreement.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest

from ..pg import PostgresServer
from ._live import LiveServer
from .outage_helpers import PASSWORD, signed_up, sql, until

AGREEMENTS = 5
"""Seeks (then challenges) accepted at once in each round (a player's most open seeks)."""


@pytest.fixture
def two_servers(
    postgres_server: PostgresServer, tmp_path: Path
) -> Iterator[tuple[LiveServer, LiveServer, str]]:
    url = postgres_server.new_database()
    args = ("--log-level", "warning", "--games-per-client", "0")
    b = LiveServer(url, tmp_path / "b.log", *args).start()  # B makes the schema
    a = LiveServer(url, tmp_path / "a.log", *args)
    try:
        yield a.start(), b, url
    finally:
        a.stop()
        b.stop()


def signed_in(live: LiveServer, name: str) -> httpx.Client:
    client = httpx.Client(base_url=live.url, timeout=30)
    done = client.post("/api/auth/login", json={"username": name, "password": PASSWORD})
    assert done.status_code == 200, done.text
    return client


def accept_all_then_kill(a: LiveServer, paths: list[str], cookies: httpx.Cookies) -> dict[str, str]:
    """POST every path on A at once; SIGKILL A as soon as the first answer is back. The
    accepts acknowledged (200) before the kill: per path, the game its answer named."""
    answered = threading.Event()
    acknowledged: dict[str, str] = {}

    def accept(path: str) -> None:
        try:
            with httpx.Client(base_url=a.url, timeout=30, cookies=cookies) as client:
                response = client.post(path, json={})
            if response.status_code == 200:
                acknowledged[path] = response.json()["game"]
        except httpx.HTTPError:
            pass  # killed under it: not acknowledged
        answered.set()

    threads = [threading.Thread(target=accept, args=(p,), daemon=True) for p in paths]
    for thread in threads:
        thread.start()
    assert answered.wait(30), "no accept was answered"
    a.kill()
    for thread in threads:
        thread.join(30)
        assert not thread.is_alive(), "an accept still waits 30 s after the kill"
    assert acknowledged, "the first answer before the kill was not a 200"
    return dict(acknowledged)


def check_acknowledged(
    found: dict[int, str | None], acknowledged: dict[str, str], path: Callable[[int], str]
) -> None:
    """Every accept A acknowledged is stored, with the game its answer named: a 200 is
    never lost, whatever the kill cut short."""
    for row_id, game_id in found.items():
        if path(row_id) in acknowledged:
            assert game_id == acknowledged[path(row_id)], (row_id, game_id, acknowledged)
    assert set(acknowledged) <= {path(row_id) for row_id in found}, acknowledged


def check_pairs(server: PostgresServer, url: str, table: str, done: str) -> dict[int, str | None]:
    """Per agreement of ``table``: its game, after checking that it is open without a game,
    or ``done`` with a stored game of alice and bobby (never half of it)."""
    rows = sql(server, url, f"SELECT id, status, game_id FROM {table} ORDER BY id")
    games = {
        gid: accounts for gid, accounts in sql(server, url, "SELECT id, accounts FROM shoal_games")
    }
    users = dict(sql(server, url, "SELECT username, id FROM shoal_users"))
    pair = sorted([users["alice"], users["bobby"]])
    found: dict[int, str | None] = {}
    for row_id, status, game_id in rows:
        if status == "open":
            assert game_id is None, (row_id, status, game_id)
        else:
            assert status == done and game_id in games, (row_id, status, game_id, games)
            assert sorted(games[game_id]) == pair, games[game_id]
        found[row_id] = game_id
    made = [g for g in found.values() if g is not None]
    assert len(set(made)) == len(made) == len(games), (found, games)  # no game without one
    return found


def finish_on_b(
    b: LiveServer, bobby: httpx.Client, found: dict[int, str | None], path: Callable[[int], str]
) -> None:
    """Bobby accepts on B what is still open (200) and is refused what A took (409)."""
    for row_id, game_id in found.items():
        answer = bobby.post(path(row_id), json={})
        assert answer.status_code == (409 if game_id else 200), answer.text


def test_sigkill_during_seek_accepts_leaves_each_pairing_whole_or_undone(
    two_servers: tuple[LiveServer, LiveServer, str], postgres_server: PostgresServer
) -> None:
    """Rule: a lobby pairing cut by a SIGKILL happened exactly once or not at all; the
    other server serves on; alice and bobby end up in one game per seek."""
    a, b, url = two_servers
    alice, bobby = signed_up(b, "alice"), signed_up(b, "bobby")
    for n in range(AGREEMENTS):
        body = {"game": "connect4", "colour": "first", "time_control": ("3d", "5+3")[n % 2]}
        assert alice.post("/api/seeks", json=body).status_code == 201
    seeks = [s["id"] for s in alice.get("/api/seeks").json()]
    assert len(seeks) == AGREEMENTS
    on_a = signed_in(a, "bobby")
    path = "/api/seeks/{}/accept".format
    acknowledged = accept_all_then_kill(a, [path(s) for s in seeks], on_a.cookies)
    found = check_pairs(postgres_server, url, "shoal_seeks", "taken")
    check_acknowledged(found, acknowledged, path)
    finish_on_b(b, bobby, found, path)
    found = check_pairs(postgres_server, url, "shoal_seeks", "taken")
    assert all(found.values()) and len(found) == AGREEMENTS
    for seek_id, game_id in found.items():  # alice's seat waits for her in each game
        seat = alice.post(f"/api/seeks/{seek_id}/seat")
        assert seat.status_code == 200 and seat.json()["game"] == game_id, seat.text
        view = alice.get(f"/api/games/{game_id}").json()
        assert view["result"] is None and view["players"] == ["alice", "bobby"], view
    clocks = sql(postgres_server, url, "SELECT game_id FROM shoal_correspondence")
    assert {g for (g,) in clocks} == {found[s] for s in seeks[0::2]}  # the "3d" games


def test_sigkill_during_challenge_accepts_leaves_each_game_whole_or_undone(
    two_servers: tuple[LiveServer, LiveServer, str], postgres_server: PostgresServer
) -> None:
    """Rule: a challenge accept cut by a SIGKILL happened exactly once or not at all; the
    other server serves on; each challenge ends with one game of the pair."""
    a, b, url = two_servers
    alice, bobby = signed_up(b, "alice"), signed_up(b, "bobby")
    challenge = {"username": "bobby", "game": "connect4", "colour": "first", "time_control": "2d"}
    made = [alice.post("/api/challenges", json=challenge) for _ in range(AGREEMENTS)]
    assert all(m.status_code == 201 for m in made), [m.text for m in made]
    ids = [m.json()["id"] for m in made]
    on_a = signed_in(a, "bobby")
    path = "/api/challenges/{}/accept".format
    acknowledged = accept_all_then_kill(a, [path(c) for c in ids], on_a.cookies)
    found = check_pairs(postgres_server, url, "shoal_challenges", "accepted")
    check_acknowledged(found, acknowledged, path)
    finish_on_b(b, bobby, found, path)
    found = check_pairs(postgres_server, url, "shoal_challenges", "accepted")
    assert all(found.values()) and len(found) == AGREEMENTS
    for challenge_id, game_id in found.items():
        shown = alice.get(f"/api/challenges/{challenge_id}").json()
        assert shown["game_id"] == game_id and shown["status"] == "accepted", shown
    clocks = until(
        lambda: (
            sql(postgres_server, url, "SELECT count(*) FROM shoal_correspondence")[0][0]
            == AGREEMENTS
        ),
        "a correspondence clock for every game",
        5,
    )
    assert clocks
