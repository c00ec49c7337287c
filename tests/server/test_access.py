"""Access: only the holder of a seat's token acts for that seat; tokens never leak.

A spectator (no token), a wrong token, another game's token or the other player's
token gets 403 (or 409 "not your turn") and the game stays exactly as it was.
Tokens come from :mod:`secrets`, are stored only as hashes, and appear in no
spectator view, no WebSocket message and no log line of a real uvicorn process.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from shoal.server.games import entry as entry_module
from shoal.server.games.models import INVITE, hash_token
from shoal.server.games.store import Store
from tests.clients import TestClient

from ._live import LiveServer, auth

GAME = "connect4"
CHANGES = ("actions", "undo", "resign", "hint")


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    body = {"game": GAME, "level": "random", **body}
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    made: dict[str, Any] = response.json()
    return made


def stored(db: str, gid: str) -> tuple[Any, ...]:
    """Everything the database holds about a game, as a comparable tuple."""
    store = Store(db)
    data = store.load(gid)
    store.close()
    assert data is not None
    return (data.version, list(data.actions), data.ended, data.clock, data.players)


def change_body(endpoint: str, version: int) -> dict[str, Any]:
    return {"version": version, "action": 3} if endpoint == "actions" else {"version": version}


@pytest.mark.parametrize("endpoint", CHANGES)
@pytest.mark.parametrize("mode", ["computer", "friend", "local"])
@pytest.mark.parametrize("who", ["spectator", "wrong", "empty", "other game", "hash"])
def test_only_a_seat_token_may_change_a_game(
    client: TestClient, db: str, endpoint: str, mode: str, who: str
) -> None:
    made = create(client, opponent=mode, seat=0)
    gid = made["id"]
    if endpoint == "undo" and mode != "friend":  # something to undo
        assert client.post(
            f"/api/games/{gid}/actions",
            json={"version": 1, "action": 0},
            headers=auth(made["token"]),
        ).is_success
    if endpoint == "undo" and mode == "computer":  # let the computer's reply land first
        deadline = time.monotonic() + 20
        while client.get(f"/api/games/{gid}").json()["ply"] < 2:
            assert time.monotonic() < deadline
            time.sleep(0.01)
    other = create(client, opponent=mode)
    headers = {
        "spectator": {},
        "wrong": auth("x" * 32),
        "empty": auth(""),
        "other game": auth(other["token"]),
        "hash": auth(hash_token(made["token"])),  # the stored hash is no token
    }[who]
    before = stored(db, gid)
    version = before[0]
    response = client.post(f"/api/games/{gid}/{endpoint}", json=change_body(endpoint, version))
    assert response.status_code == 403  # no header at all
    response = client.post(
        f"/api/games/{gid}/{endpoint}", json=change_body(endpoint, version), headers=headers
    )
    assert response.status_code == 403, response.text
    assert response.json()["detail"] in (
        "this token does not play in this game",
        "hints are off in games between people online",
    )
    assert stored(db, gid) == before
    assert client.get(f"/api/games/{gid}", headers=headers).json()["you"] == []


def test_the_guest_cannot_act_for_the_host(client: TestClient, db: str) -> None:
    made = create(client, opponent="friend", seat=0)
    gid, host, guest = made["id"], made["token"], made["invite_token"]
    before = stored(db, gid)
    response = client.post(
        f"/api/games/{gid}/actions", json={"version": 1, "action": 3}, headers=auth(guest)
    )
    assert response.status_code == 409 and "not your turn" in response.json()["detail"]
    assert stored(db, gid) == before
    assert client.post(
        f"/api/games/{gid}/actions", json={"version": 1, "action": 3}, headers=auth(host)
    ).is_success
    before = stored(db, gid)
    response = client.post(
        f"/api/games/{gid}/actions", json={"version": 2, "action": 3}, headers=auth(host)
    )
    assert response.status_code == 409 and "not your turn" in response.json()["detail"]
    assert stored(db, gid) == before
    # A resignation with the guest's token resigns the guest's seat, never the host's.
    view = client.post(f"/api/games/{gid}/resign", json={"version": 2}, headers=auth(guest)).json()
    assert view["result"]["winner"] == 0
    assert client.get(f"/api/games/{gid}", headers=auth(host)).json()["you"] == [0]
    assert client.get(f"/api/games/{gid}", headers=auth(guest)).json()["you"] == [1]


def test_the_computer_seat_has_no_token(client: TestClient, db: str) -> None:
    made = create(client, seat=0)
    store = Store(db)
    data = store.load(made["id"])
    store.close()
    assert data is not None and data.token_hashes[1] is None
    assert data.token_hashes[0] == hash_token(made["token"])


def test_tokens_come_from_the_secrets_module(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: dict[str, int] = {}

    def fake(nbytes: int) -> str:
        value = f"secret-{len(calls)}"
        calls[value] = nbytes
        return value

    monkeypatch.setattr(entry_module.secrets, "token_urlsafe", fake)
    made = create(client, opponent="friend")
    assert calls[made["token"]] >= 16 and calls[made["invite_token"]] >= 16  # >= 128 bits


def test_tokens_are_long_and_distinct(client: TestClient) -> None:
    tokens = []
    for _ in range(5):
        made = create(client, opponent="friend")
        tokens += [made["token"], made["invite_token"]]
    assert len(set(tokens)) == len(tokens) and min(map(len, tokens)) >= 32


def _leaks(text: str, secrets: list[str]) -> list[str]:
    return [s for s in secrets if s in text]


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # reads the SQLite file's bytes
def test_no_token_in_views_broadcasts_or_the_database(client: TestClient, db: str) -> None:
    friend = create(client, opponent="friend")
    local = create(client, opponent="local")
    computer = create(client, seat=0)
    secrets = [friend["token"], friend["invite_token"], local["token"], computer["token"]]
    secrets += [hash_token(s) for s in list(secrets)]
    seen: list[str] = []
    with (
        client.websocket_connect(f"/api/games/{friend['id']}/ws") as ws_friend,
        client.websocket_connect(f"/api/games/{local['id']}/ws") as ws_local,
    ):
        seen += [json.dumps(ws_friend.receive_json()), json.dumps(ws_local.receive_json())]
        tokens = [friend["token"], friend["invite_token"]]
        for ply in range(4):
            response = client.post(
                f"/api/games/{friend['id']}/actions",
                json={"version": ply + 1, "action": ply % 7},
                headers=auth(tokens[ply % 2]),
            )
            seen += [response.text, json.dumps(ws_friend.receive_json())]
            response = client.post(
                f"/api/games/{local['id']}/actions",
                json={"version": ply + 1, "action": ply % 7},
                headers=auth(local["token"]),
            )
            seen += [response.text, json.dumps(ws_local.receive_json())]
        response = client.post(
            f"/api/games/{local['id']}/undo", json={"version": 5}, headers=auth(local["token"])
        )
        seen += [response.text, json.dumps(ws_local.receive_json())]
    for made in (friend, local, computer):
        for path in ("", "/record", "/record?format=json", "/replay/0"):
            seen.append(client.get(f"/api/games/{made['id']}{path}").text)
    seen.append(client.get("/api/games").text)
    assert not _leaks("\n".join(seen), secrets)
    # The database holds hashes only, never a token.
    raw = Path(db.removeprefix("sqlite:///")).read_bytes()
    assert not [t for t in secrets[:4] if t.encode() in raw]
    with sqlite3.connect(db.removeprefix("sqlite:///")) as conn:
        hashes = [json.loads(r[0]) for r in conn.execute("select token_hashes from shoal_games")]
    # an unclaimed invite seat is marked as such (issue 38: only such a seat can be claimed)
    assert [hash_token(friend["token"]), INVITE + hash_token(friend["invite_token"])] in hashes


def test_no_token_in_the_logs_of_a_real_server(live: Callable[..., LiveServer]) -> None:
    """the access log (level info) names paths only: tokens travel in a header."""
    server = live("--log-level", "debug", "--games-per-client", "0")
    secrets: list[str] = []
    with httpx.Client(base_url=server.url, timeout=30) as http:
        friend = http.post("/api/games", json={"game": GAME, "opponent": "friend"}).json()
        local = http.post("/api/games", json={"game": GAME, "opponent": "local"}).json()
        computer = http.post("/api/games", json={"game": GAME, "level": "random", "seat": 0}).json()
        secrets += [friend["token"], friend["invite_token"], local["token"], computer["token"]]
        for ply in range(3):
            token = (friend["token"], friend["invite_token"])[ply % 2]
            http.post(
                f"/api/games/{friend['id']}/actions",
                json={"version": ply + 1, "action": ply},
                headers=auth(token),
            ).raise_for_status()
        http.post(
            f"/api/games/{local['id']}/actions",
            json={"version": 1, "text": "a"},
            headers=auth(local["token"]),
        ).raise_for_status()
        http.post(
            f"/api/games/{local['id']}/hint", json={"version": 2}, headers=auth(local["token"])
        ).raise_for_status()
        http.post(
            f"/api/games/{local['id']}/undo", json={"version": 2}, headers=auth(local["token"])
        ).raise_for_status()
        refused = http.post(
            f"/api/games/{friend['id']}/resign", json={"version": 1}, headers=auth(local["token"])
        )
        assert refused.status_code == 403
        http.post(
            f"/api/games/{computer['id']}/resign",
            json={"version": 1},
            headers=auth(computer["token"]),
        ).raise_for_status()
        http.get(f"/api/games/{friend['id']}", headers=auth(friend["token"])).raise_for_status()
    server.stop()
    log = server.log()
    assert f"shoal.access: POST /api/games/{friend['id']}/actions 200 " in log  # the access log ran
    assert f"shoal.access: POST /api/games/{friend['id']}/resign 403 " in log
    assert not _leaks(log, secrets + [hash_token(s) for s in secrets])
