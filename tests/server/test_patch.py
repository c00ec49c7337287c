"""A change travels between server processes as its patch (issue 56): the receiving process
makes the new version from the one it has, exactly as stored, without reading the row."""

from __future__ import annotations

import asyncio
import random
import time

import pytest

from shoal import games
from shoal.server import create_app
from shoal.server.games.creation import fresh_clock, game_data
from shoal.server.games.models import GameData
from shoal.server.games.moves import _with_actions
from shoal.server.games.patch import PATCH_BYTES, apply_patch, patch_of
from shoal.server.games.session import LiveGame
from shoal.server.games.store import StaleVersionError, Store
from shoal.server.relay import Relay, conninfo
from tests.clients import TestClient

from ._live import auth, calls_of


def changes(game_id: str, seed: int, mode: str) -> list[tuple[GameData, GameData]]:
    """(old, new) pairs along a random game: moves, an undo (at one screen), a takeback and
    a claimed seat (online, with a clock), the end (resignation, flag or agreement)."""
    rng = random.Random(seed)
    online = mode == "friend"
    data = game_data(
        game_id,
        {},
        mode=mode,
        players=["a", "b"],
        token_hashes=["x", "invite:y" if online else "x"],
        seed=seed,
        clock=fresh_clock(300, 2) if online else None,
    )
    live, pairs, now = LiveGame(data), [], 1_000.0
    for step in range(24):
        now += rng.uniform(0.5, 3)
        if live.over:
            break
        seat = live.state.to_move or 0
        if step == 5 and online:
            new = live.with_claim(1, "z", "Bob")
        elif step in (9, 10) and not online and live.data.actions:
            new = live.with_undo()
        elif step == 13 and online and len(live.data.actions) > 2:
            new = live.with_takeback(seat, now)
        elif step == 23:
            end = rng.choice(["resign", "flag", "agree"] if online else ["resign", "agree"])
            if end == "resign":
                new = live.with_resignation(seat)
            elif end == "flag":
                new = live.with_flag(seat, now + 400)
            else:
                new = live.with_agreement("drawn by agreement")
        else:
            action = rng.choice(list(live.state.legal_actions()))
            new = _with_actions(live, [action], [live.state.apply(action)], now)
        pairs.append((live.data, new))
        live = LiveGame.extend(live, new)
    return pairs


@pytest.mark.parametrize("game_id", games.ids(all=True))
def test_a_patch_makes_exactly_the_stored_version(game_id: str) -> None:
    told = 0
    for seed, mode in ((0, "friend"), (1, "local"), (2, "friend")):
        for old, new in changes(game_id, seed, mode):
            patch = patch_of(old, new)
            if old.token_hashes != new.token_hashes:
                assert patch is None  # a claimed seat: the processes read the row
                continue
            assert patch is not None
            told += 1
            assert apply_patch(old, patch, new.version) == new
            assert apply_patch(new, patch, new.version) is None  # not made from that one
    assert told >= 30


def test_a_patch_too_large_or_malformed_is_not_used() -> None:
    old = game_data("connect4", {}, mode="local", players=["a", "b"], token_hashes=["x", "x"])
    big = GameData(**{**old.__dict__, "ended": {"reason": "x" * PATCH_BYTES}, "version": 2})
    assert patch_of(old, big) is None
    for bad in (
        None,
        [],
        {"base": 1},
        {"base": 1, "keep": 9, "add": [], "clock": None, "ended": None},
        {"base": 1, "keep": 0, "add": ["x"], "clock": None, "ended": None},
    ):
        assert apply_patch(old, bad, 2) is None


@pytest.mark.parametrize("db_url", ["postgres"], indirect=True)
def test_a_move_through_another_process_needs_no_read(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two apps on one PostgreSQL (each with its relay): B has the game loaded; the moves
    made through A reach B's game without B reading the row; a claim (no patch) is read.
    A's relay sends no note of its own for them: each went in its move's save. A third app,
    C, that never loaded the game, passes their notes over unread: its events deliver none
    of them (a note of a game a process does not hold is not decoded), while its lobby's
    notes still come."""
    relayed: list[str] = []
    notify = Relay._notify

    async def counted_notify(self: Relay, payload: str) -> None:
        relayed.append(payload)
        await notify(self, payload)

    monkeypatch.setattr(Relay, "_notify", counted_notify)
    with (
        TestClient(create_app(db)) as a,
        TestClient(create_app(db)) as b,
        TestClient(create_app(db)) as c,
    ):
        made = a.post("/api/games", json={"game": "cyclix", "opponent": "local"}).json()
        gid, token = made["id"], made["token"]
        assert b.get(f"/api/games/{gid}").json()["version"] == 1
        reads = calls_of(b.app.state.context.store, "load")
        delivered = calls_of(c.app.state.context.events, "deliver")
        view = made["view"]
        for _ in range(3):
            moved = a.post(
                f"/api/games/{gid}/actions",
                json={"version": view["version"], "action": view["legal"][0]["action"]},
                headers=auth(token),
            )
            assert moved.status_code == 200, moved.text
            view = moved.json()
        entry = b.app.state.context.manager.loaded(gid)
        deadline = time.monotonic() + 20
        while entry.live.data.version < view["version"]:
            assert time.monotonic() < deadline, "B never heard of A's moves"
            time.sleep(0.05)
        assert reads == []  # made from the patches
        assert entry.live.data == a.app.state.context.store.load(gid)  # exactly as stored
        seen = b.get(f"/api/games/{gid}").json()
        assert [t["text"] for t in seen["turns"]] == [t["text"] for t in view["turns"]]
        assert a.portal is not None
        a.portal.call(a.app.state.context.events.publish, "lobby", {"test": "still heard"})
        deadline = time.monotonic() + 20
        while "lobby" not in delivered:
            assert time.monotonic() < deadline, "C never heard A's lobby note"
            time.sleep(0.05)
        assert "games" not in delivered
        assert c.app.state.context.manager.loaded(gid) is None
    assert not [p for p in relayed if '"c":"games"' in p]


@pytest.mark.parametrize("db_url", ["postgres"], indirect=True)
def test_a_saves_notice_goes_out_exactly_when_the_save_commits(db: str) -> None:
    """A save on PostgreSQL sends its notice in its own statement: a listener hears the
    notices of the saves that committed, in order, and none of a save its guard refused."""
    import psycopg

    store = Store(db)
    data = game_data("cyclix", {}, mode="local", players=["a", "b"], token_hashes=["x", "x"])
    store.insert(data)
    listener = psycopg.connect(conninfo(db), autocommit=True)
    listener.execute("LISTEN shoal_test")
    live = LiveGame(data)
    action = min(live.state.legal_actions())
    first = _with_actions(live, [action], [live.state.apply(action)], 1.0)
    live = LiveGame(first)
    action = min(live.state.legal_actions())
    second = _with_actions(live, [action], [live.state.apply(action)], 2.0)

    async def saves() -> list[bool]:
        try:
            told = [await store.save_in_loop(first, 1, data, ("shoal_test", "one"))]
            with pytest.raises(StaleVersionError):  # the guard: version 1 is gone
                await store.save_in_loop(second, 1, data, ("shoal_test", "refused"))
            told.append(await store.save_in_loop(second, 2, first, ("shoal_test", "two")))
            return told
        finally:
            await store.close_in_loop()

    try:
        assert asyncio.run(saves()) == [True, True]
        heard = [n.payload for n in listener.notifies(timeout=1.0)]
        assert heard == ["one", "two"]
        assert store.load(data.id) == second
    finally:
        listener.close()
        store.close()
