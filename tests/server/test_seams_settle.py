"""Issue 38, item 3: a rated result is never left half-settled by a crash.

A real ``shoal serve`` is killed (SIGKILL) at many points just after a rated game's
resignation. Right after each kill, the database holds both players' new ratings for the
game or neither (one transaction with the settled mark); once the server is started again,
the game is settled at start-up, both players at once, without anyone opening it.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from pathlib import Path

import httpx
import pytest
from sqlalchemy import text

from ._live import LiveServer, auth
from .accounts_helpers import PASSWORD, rows

ROUNDS_KILL_AFTER_MS: tuple[int | None, ...] = (4, 25, None)
"""Each round kills the server this long after its first resignation is sent; None: as
soon as the first resignation is acknowledged (then at least that game has ended, and the
server may be settling it: the start-up has work to do)."""

GAMES_PER_ROUND = 6
"""Resignations sent 2 ms apart in each round: the kill falls at a different point of each."""


def account(server: LiveServer, name: str) -> httpx.Client:
    client = httpx.Client(base_url=server.url, timeout=10)
    made = client.post("/api/auth/signup", json={"username": name, "password": PASSWORD})
    assert made.status_code == 201, made.text
    return client


def signed_in(server: LiveServer, name: str) -> httpx.Client:
    client = httpx.Client(base_url=server.url, timeout=10)
    done = client.post("/api/auth/login", json={"username": name, "password": PASSWORD})
    assert done.status_code == 200, done.text
    return client


def rated_game(alice: httpx.Client, bobby: httpx.Client) -> tuple[str, str]:
    """A rated online game, alice's and bobby's accounts in its seats: its id, alice's token."""
    made = alice.post(
        "/api/games", json={"game": "connect4", "opponent": "friend", "rated": True, "seat": 0}
    )
    assert made.status_code == 201, made.text
    game = made.json()
    claimed = bobby.post(
        f"/api/games/{game['id']}/claim", json={}, headers=auth(game["invite_token"])
    )
    assert claimed.status_code == 200, claimed.text
    return game["id"], game["token"]


def resign(client: httpx.Client, gid: str, token: str, acknowledged: threading.Event) -> None:
    """Alice resigns (the server may die under the request); ``acknowledged`` is set when
    the server answered 200."""
    with contextlib.suppress(httpx.HTTPError):
        version = client.get(f"/api/games/{gid}").json()["version"]
        done = client.post(
            f"/api/games/{gid}/resign", json={"version": version}, headers=auth(token)
        )
        if done.status_code == 200:
            acknowledged.set()


def rated_rows(db: str, gid: str) -> list[int]:
    """The accounts whose rating history holds the game ``gid``."""
    found = rows(db, text("SELECT user_id FROM shoal_rating_history WHERE game_id = :g"), g=gid)
    return sorted(int(r[0]) for r in found)


def over(db: str, gid: str) -> bool:
    """True when the stored game ``gid`` has ended (a JSON null is no end)."""
    found = rows(db, text("SELECT ended FROM shoal_games WHERE id = :g"), g=gid)
    ended = found[0][0]
    return ended not in (None, "null") and (not isinstance(ended, str) or bool(json.loads(ended)))


def wait_settled(db: str, gids: list[str]) -> None:
    """Wait (up to 30 s) until every ended game of ``gids`` has both players rated; fails
    with the games' state after that."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if all(len(rated_rows(db, g)) == (2 if over(db, g) else 0) for g in gids):
            return
        time.sleep(0.1)  # polls the database for the condition, with a deadline
    raise AssertionError({g: (over(db, g), rated_rows(db, g)) for g in gids})


def test_a_crash_after_a_rated_resignation_never_leaves_it_half_settled(
    db: str, tmp_path: Path
) -> None:
    """Rule: both players' ratings move in one transaction with the settled mark; a game
    left unsettled by a crash is settled at start-up."""
    server = LiveServer(db, tmp_path / "serve.log", "--log-level", "warning").start()
    try:
        account(server, "alice").close()
        account(server, "bobby").close()
        pending = ended_games = 0
        for delay in ROUNDS_KILL_AFTER_MS:
            alice, bobby = signed_in(server, "alice"), signed_in(server, "bobby")
            games = [rated_game(alice, bobby) for _ in range(GAMES_PER_ROUND)]
            threads = []
            acknowledged = threading.Event()
            began = time.monotonic()
            for gid, token in games:
                client = httpx.Client(base_url=server.url, cookies=alice.cookies, timeout=10)
                args = (client, gid, token, acknowledged)
                threads.append(threading.Thread(target=resign, args=args))
                threads[-1].start()
                time.sleep(0.002)  # paces the requests; no condition waits on it
            if delay is None:
                assert acknowledged.wait(30), "no resignation was acknowledged"
            else:
                time.sleep(max(0.0, delay / 1000 - (time.monotonic() - began)))
            server.kill()
            for thread in threads:
                thread.join(10)
                assert not thread.is_alive(), "a resignation still waits 10 s after the kill"
            alice.close()
            bobby.close()
            gids = [gid for gid, _ in games]
            for gid in gids:
                now = rated_rows(db, gid)
                assert len(now) in (0, 2), (delay, now)  # never one player alone
                ended_games += over(db, gid)
                pending += over(db, gid) and not now
            if delay is None:  # acknowledged: stored, whatever the kill cut short after it
                assert any(over(db, gid) for gid in gids), "an acknowledged resignation was lost"
            server.start()
            wait_settled(db, gids)
            for gid in gids:
                assert len(rated_rows(db, gid)) == (2 if over(db, gid) else 0), (delay, gid)
        # not vacuous: some kills fell after a resignation was stored, some before
        total = GAMES_PER_ROUND * len(ROUNDS_KILL_AFTER_MS)
        assert 0 < ended_games < total, (ended_games, pending, total)
    finally:
        server.stop()


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_start_up_settles_a_rated_game_that_ended_unsettled(db: str, tmp_path: Path) -> None:
    """Rule: anything half-done is finished at start-up: a rated game stored as over with no
    settled mark (a crash right after the end) gets both players' ratings when the server
    starts, without anyone opening it."""
    server = LiveServer(db, tmp_path / "serve.log", "--log-level", "warning").start()
    try:
        alice, bobby = account(server, "alice"), account(server, "bobby")
        gid, _ = rated_game(alice, bobby)
        server.kill()
        rows(
            db,
            text("UPDATE shoal_games SET ended = :e WHERE id = :g"),
            e='{"winner": 1, "reason": "resigned"}',
            g=gid,
        )
        assert rated_rows(db, gid) == []
        server.start()
        wait_settled(db, [gid])
        assert len(rated_rows(db, gid)) == 2
    finally:
        server.stop()
