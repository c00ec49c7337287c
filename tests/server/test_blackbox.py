"""Issue 38, as an outsider would try it: a real ``shoal serve`` (its access log on),
two accounts, a guest, a bot token; each seam of the issue is probed and must refuse.

The server runs once for the module, on SQLite, with a header time-out of 1 s; the same
refusals are tested in-process on SQLite and PostgreSQL in the ``test_seams_*`` modules.
"""

from __future__ import annotations

import json
import socket
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from shoal.server import create_app

from ..cli.inproc import shoal
from ._live import LiveServer, auth
from .accounts_helpers import PASSWORD
from .test_seams_sockets import websocket_routes

GUEST_KEY = "outsider-guest-key-0001"
EVIL = "http://evil.example"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    where = tmp_path_factory.mktemp("blackbox")
    live = LiveServer(
        where / "shoal.sqlite3",
        where / "serve.log",
        *("--header-timeout", "1", "--log-level", "info", "--games-per-client", "0"),
    )
    live.start()
    yield live
    live.stop()


def member(server: LiveServer, name: str) -> httpx.Client:
    """A signed-up account's client (its session cookie kept)."""
    client = httpx.Client(base_url=server.url, timeout=10)
    made = client.post("/api/auth/signup", json={"username": name, "password": PASSWORD})
    if made.status_code == 409:  # made by an earlier test of this module
        made = client.post("/api/auth/login", json={"username": name, "password": PASSWORD})
    assert made.status_code in (200, 201), made.text
    return client


def bot_token(server: LiveServer, name: str) -> str:
    member(server, name).close()
    for action in ("bot", "token"):  # shoal admin in this process: set-up, not what is tested
        done = shoal("admin", "--database", server.database, action, name)
        assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()[-1]


def friend_game(client: httpx.Client, **more: Any) -> dict[str, Any]:
    body = {"game": "connect4", "opponent": "friend", "seat": 0, **more}
    made = client.post("/api/games", json=body)
    assert made.status_code == 201, made.text
    game: dict[str, Any] = made.json()
    return game


def ws_url(server: LiveServer, path: str) -> str:
    return server.url.replace("http://", "ws://") + path


def test_every_socket_of_the_real_server_refuses_a_foreign_origin(server: LiveServer) -> None:
    """Items 1 and 9: each WebSocket route the app has, opened with alice's cookie from a page
    of another site, is refused at the handshake (403); from the site itself it opens."""
    alice = member(server, "alice")
    cookie = f"shoal_session={alice.cookies['shoal_session']}"
    gid = friend_game(alice)["id"]
    study = alice.post("/api/studies", json={"title": "t", "chapters": [{"game": "connect4"}]})
    assert study.status_code == 201, study.text
    event = alice.post(
        "/api/tournaments",
        json={"game": "connect4", "format": "round_robin", "clock": "1d", "max_players": 4},
    )
    assert event.status_code == 201, event.text
    ids = {"{game_id}": gid, "{study_id}": study.json()["id"]}
    ids["{tournament_id}"] = str(event.json()["id"])
    paths = []
    for path in websocket_routes(create_app("sqlite://").routes):
        for name, value in ids.items():
            path = path.replace(name, value)
        assert "{" not in path, f"give the test an id for {path}"  # a socket of a thing that exists
        paths.append(path)
    assert len(paths) >= 5, paths
    for path in paths:
        with pytest.raises(InvalidStatus) as refused:
            connect(ws_url(server, path), origin=EVIL, additional_headers={"Cookie": cookie})  # type: ignore[arg-type]
        assert refused.value.response.status_code == 403, path
        with connect(
            ws_url(server, path),
            origin=server.url,
            additional_headers={"Cookie": cookie},  # type: ignore[arg-type]
        ) as fine:
            fine.send("ping")


def test_an_outsider_is_refused_at_every_seam(server: LiveServer) -> None:
    """Items 2, 4, 5, 6, 7, 8, 10 and 11 against the real server."""
    alice, bobby = member(server, "alice2"), member(server, "bobby2")
    guest = httpx.Client(base_url=server.url, timeout=10)
    game = friend_game(alice, name="ann")
    gid = game["id"]
    # 2: a player's own token claims nothing; an invite is claimed once
    assert (
        guest.post(f"/api/games/{gid}/claim", json={}, headers=auth(game["token"])).status_code
        == 403
    )
    claimed = guest.post(
        f"/api/games/{gid}/claim", json={"name": "gus"}, headers=auth(game["invite_token"])
    )
    assert claimed.status_code == 200, claimed.text
    again = guest.post(f"/api/games/{gid}/claim", json={}, headers=auth(claimed.json()["token"]))
    assert again.status_code == 403
    # 8: a spectator cannot borrow a seated player's or an account's name
    for name in ("gus", "ALICE2", "bobby2"):
        said = guest.post(
            f"/api/games/{gid}/chat", json={"room": "spectators", "text": "hi", "name": name}
        )
        assert said.status_code == 403, (name, said.text)
    # 11: chat's 429 says when to come back
    answers = [
        guest.post(
            f"/api/games/{gid}/chat", json={"room": "spectators", "text": f"m{n}", "name": "eve"}
        )
        for n in range(30)
    ]
    limited = [a for a in answers if a.status_code == 429]
    assert limited and int(limited[0].headers["Retry-After"]) >= 1
    # 4: a resignation's result is in both records
    assert (
        alice.post(
            f"/api/games/{gid}/resign", json={"version": 2}, headers=auth(game["token"])
        ).status_code
        == 200
    )
    text = guest.get(f"/api/games/{gid}/record").text
    assert '[Result "0-1"]' in text and "[Reason " in text
    assert guest.get(f"/api/games/{gid}/record?format=json").json()["result"] == "0-1"
    # 2: an ended game's seats cannot be claimed
    late = friend_game(alice)
    alice.post(f"/api/games/{late['id']}/resign", json={"version": 1}, headers=auth(late["token"]))
    assert (
        guest.post(
            f"/api/games/{late['id']}/claim", json={}, headers=auth(late["invite_token"])
        ).status_code
        == 409
    )
    # 5: a newline in a name is refused wherever a name enters
    bad = {"game": "connect4", "opponent": "friend", "name": 'a"]\n[Result "1-0"]'}
    assert guest.post("/api/games", json=bad).status_code == 400
    # 10: NUL at the edge: 400 with words, never 500
    for method, url, body in (
        ("GET", "/api/games/%00", None),
        ("GET", "/api/users/a%00b", None),
        ("GET", "/api/records/%00/replay/0", None),
        ("POST", "/api/auth/login", {"username": "a\x00", "password": "whatever1"}),
        ("POST", "/api/games", {"game": "connect4", "opponent": "local", "name": "a\x00"}),
        ("POST", "/api/records", {"text": "\x00"}),
    ):
        answer = guest.request(method, url, json=body)
        assert answer.status_code == 400, (url, answer.text)
        assert "NUL" in answer.json()["detail"]
    # 6: right sign-ins count nothing
    for _ in range(10):
        bobby.cookies.clear()
        assert (
            bobby.post(
                "/api/auth/login", json={"username": "bobby2", "password": PASSWORD}
            ).status_code
            == 200
        )
    # 7: fresh guest keys per request do not flood the lobby
    made = [
        guest.post(
            "/api/seeks",
            json={"game": "syrtis", "time_control": "5+3"},
            headers={"X-Shoal-Guest": f"fresh-key-{n:012d}"},
        ).status_code
        for n in range(12)
    ]
    assert 429 in made and made.count(201) <= 10, made


def test_slow_headers_are_cut_off(server: LiveServer) -> None:
    """Item 11: connections that send partial headers are closed after the header time-out
    (1 s here, 10 s by default); the server keeps answering meanwhile."""
    slow = []
    for _ in range(50):
        s = socket.create_connection(("127.0.0.1", server.port))
        s.sendall(b"GET /api/levels HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        slow.append(s)
    assert httpx.get(server.url + "/api/levels", timeout=5).status_code == 200
    time.sleep(2.5)
    closed = 0
    for s in slow:
        s.settimeout(2)
        try:
            closed += s.recv(100) == b""
        except (ConnectionResetError, TimeoutError):
            closed += isinstance(sys.exc_info()[1], ConnectionResetError)
        s.close()
    assert closed == len(slow)


def test_no_secret_reaches_the_access_log(server: LiveServer) -> None:
    """Item 9: sessions, seat and invite tokens, a guest's key, a bot's API token and a
    password are used against the real server; none of them is in its log."""
    secrets_used = [PASSWORD, GUEST_KEY]
    carol = member(server, "carol3")
    secrets_used.append(carol.cookies["shoal_session"])
    game = friend_game(carol)
    secrets_used += [game["token"], game["invite_token"]]
    claimed = httpx.post(
        f"{server.url}/api/games/{game['id']}/claim", json={}, headers=auth(game["invite_token"])
    )
    secrets_used.append(claimed.json()["token"])
    seek = httpx.post(
        f"{server.url}/api/seeks",
        json={"game": "syrtis", "time_control": "5+3"},
        headers={"X-Shoal-Guest": GUEST_KEY},
    )
    assert seek.status_code in (201, 429), seek.text  # 429: the address's guests are capped
    with connect(ws_url(server, "/api/lobby/ws")) as lobby:
        lobby.recv(timeout=10)
        lobby.send(json.dumps({"guest": GUEST_KEY}))
        lobby.recv(timeout=10)
    token = bot_token(server, "robot3")
    secrets_used.append(token)
    account = httpx.get(
        f"{server.url}/api/bot/account", headers={"Authorization": f"Bearer {token}"}
    )
    assert account.status_code == 200, account.text
    time.sleep(0.3)
    log = Path(server.log_path).read_text(errors="replace")
    assert "shoal.access: GET /api/bot/account 200 " in log  # the access log is on
    for secret in secrets_used:
        assert secret not in log, secret[:6]
