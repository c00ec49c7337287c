"""Moves on the game's WebSocket (issue 39): a ``move`` message plays the action through the
same service as ``POST /api/games/{id}/actions``; every watcher gets the change, the mover
its ack (in its delta, or after its view); a refusal answers the POST's status and words,
and changes nothing."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import connect

from shoal.server.games.moves import MOVE_LIMIT
from tests.clients import TestClient

from ._live import LiveServer
from .test_api import create, play
from .test_deltas import applied, same_view
from .test_live import Start, _stored_actions, kill_in_mid_play


def _move(socket: Any, ident: Any, **body: Any) -> None:
    socket.send_text(json.dumps({"type": "move", "id": ident, **body}))


def test_a_move_on_the_socket_reaches_every_watcher_with_its_ack_to_the_mover(
    client: TestClient,
) -> None:
    """Rule: a socket move's delta goes to every delta watcher, the mover's with ``"ack": ID``
    in it (no other message: one less a move), the others' without; a mover that watches
    whole views gets the view, then ``{"type": "ack"}``."""
    made = create(client, opponent="friend")
    gid, tokens = made["id"], (made["token"], made["invite_token"])
    with (
        client.websocket_connect(f"/api/games/{gid}/ws?deltas=1") as host,
        client.websocket_connect(f"/api/games/{gid}/ws") as guest,
        client.websocket_connect(f"/api/games/{gid}/ws?deltas=1") as spectator,
    ):
        view = host.receive_json()["view"]
        assert guest.receive_json()["type"] == "view"
        assert spectator.receive_json()["type"] == "view"
        for seat, socket in ((0, host), (1, guest)):
            action = view["legal"][-1]["action"]
            _move(socket, f"m{seat}", version=view["version"], action=action, token=tokens[seat])
            delta, seen = host.receive_json(), spectator.receive_json()
            assert delta["type"] == "delta" and delta["base"] == view["version"]
            if seat == 0:  # the mover's delta carries its ack; the spectator's does not
                assert delta.pop("ack") == "m0"
            assert "ack" not in delta and seen == delta
            view = applied(view, delta)
            whole = guest.receive_json()
            assert whole["type"] == "view"
            same_view(view, whole["view"])
            if seat == 1:  # a mover on whole views: its ack comes after the view
                ack = guest.receive_json()
                assert ack == {"type": "ack", "id": "m1", "version": view["version"]}
            assert tokens[seat] not in str(delta) + str(whole)  # a token never goes to watchers
        socket_texts = {"host": host, "guest": guest, "spectator": spectator}
        for name, socket in socket_texts.items():  # nothing else came: no separate ack
            socket.send_text("ping")
            assert socket.receive_json() == {"type": "pong"}, name
        stored = client.get(f"/api/games/{gid}").json()
        same_view(view, stored)
        assert stored["ply"] == 2 and stored["to_move"] == 0


def test_a_move_by_its_text_and_the_computer_answers(client: TestClient) -> None:
    made = create(client, seat=0)
    gid = made["id"]
    with client.websocket_connect(f"/api/games/{gid}/ws?deltas=1") as socket:
        view = socket.receive_json()["view"]
        text = view["legal"][0]["text"]
        _move(socket, 7, version=view["version"], text=text, token=made["token"])
        message = socket.receive_json()
        assert message.pop("ack") == 7  # the move's delta, acked
        view = applied(view, message)
        assert view["ply"] == 1 and view["turns"][0]["text"] == text
        while view["ply"] < 2 or view["thinking"]:  # the computer's reply, as after a POST
            view = applied(view, socket.receive_json())
    assert client.get(f"/api/games/{gid}").json()["turns"][0]["text"] == text


def _refused(socket: Any, status: int, words: str, ident: Any = 1) -> None:
    answer = socket.receive_json()
    assert answer["type"] == "error" and answer["id"] == ident, answer
    assert answer["status"] == status and words in answer["detail"], answer


def test_every_bad_move_is_refused_in_words_and_changes_nothing(client: TestClient) -> None:
    made = create(client, opponent="friend")
    gid, host, guest = made["id"], made["token"], made["invite_token"]
    view = made["view"]
    legal = view["legal"][0]["action"]
    version = view["version"]
    with client.websocket_connect(f"/api/games/{gid}/ws?deltas=1") as socket:
        socket.receive_json()
        socket.send_text("{not json")
        _refused(socket, 400, "JSON", None)
        socket.send_text("[1, 2]")
        _refused(socket, 400, '"move"', None)
        socket.send_text(json.dumps({"type": "chat", "id": 1}))
        _refused(socket, 400, '"move"', None)
        socket.send_text("x" * (MOVE_LIMIT + 1))
        _refused(socket, 413, str(MOVE_LIMIT), None)
        _move(socket, [1], version=version, action=legal, token=host)
        _refused(socket, 422, "'id'", None)
        _move(socket, 1, version="1", action=legal, token=host)
        _refused(socket, 422, "'version'")
        _move(socket, 1, version=version, action=True, token=host)
        _refused(socket, 422, "'action'")
        _move(socket, 1, version=version, action=legal, token=7)
        _refused(socket, 422, "'token'")
        _move(socket, 1, version=version, action=legal, token="not a seat's token")
        _refused(socket, 403, "does not play")
        _move(socket, 1, version=version, action=legal)  # no token, no account
        _refused(socket, 403, "does not play")
        _move(socket, 1, version=version, action=legal, token=guest)
        _refused(socket, 409, "not your turn")
        _move(socket, 1, version=version - 1, action=legal, token=host)
        _refused(socket, 409, "changed")
        _move(socket, 1, version=version, token=host)
        _refused(socket, 400, "either")
        _move(socket, 1, version=version, action=legal, text="a1", token=host)
        _refused(socket, 400, "either")
        _move(socket, 1, version=version, action=10**6, token=host)
        _refused(socket, 422, "out of range")
        _move(socket, 1, version=version, text="nowhere", token=host)
        _refused(socket, 400, "")
        socket.send_text("ping")  # the socket still serves
        assert socket.receive_json() == {"type": "pong"}
    stored = client.get(f"/api/games/{gid}").json()
    assert stored["version"] == version and stored["ply"] == 0


def test_a_refusal_matches_the_posts(client: TestClient) -> None:
    made = create(client, opponent="friend")
    gid, guest = made["id"], made["invite_token"]
    body = {"version": made["view"]["version"], "action": made["view"]["legal"][0]["action"]}
    posted = play(client, gid, guest, **body)
    with client.websocket_connect(f"/api/games/{gid}/ws") as socket:
        socket.receive_json()
        _move(socket, "a", token=guest, **body)
        answer = socket.receive_json()
    assert (answer["status"], answer["detail"]) == (posted.status_code, posted.json()["detail"])


def test_a_sockets_refusal_is_said_in_its_language(client: TestClient) -> None:
    made = create(client, opponent="friend")
    gid, guest = made["id"], made["invite_token"]
    body = {"version": made["view"]["version"], "action": made["view"]["legal"][0]["action"]}
    german = {"Accept-Language": "de"}
    with client.websocket_connect(f"/api/games/{gid}/ws", headers=german) as socket:
        socket.receive_json()
        _move(socket, "a", token=guest, **body)
        answer = socket.receive_json()
    assert answer["status"] == 409 and answer["id"] == "a"
    assert answer["detail"] == "du bist nicht am Zug: dein Gegner ist am Zug"


def test_a_signed_in_seat_moves_on_its_socket_by_its_cookie(
    three: tuple[Any, TestClient, TestClient, TestClient],
) -> None:
    _, alice, bobby, _ = three
    made = alice.post("/api/games", json={"game": "connect4", "opponent": "friend"}).json()
    gid, view = made["id"], made["view"]
    with bobby.websocket_connect(f"/api/games/{gid}/ws") as theirs:
        theirs.receive_json()
        _move(theirs, 1, version=view["version"], action=3)
        _refused(theirs, 403, "does not play")
    with alice.websocket_connect(f"/api/games/{gid}/ws") as mine:
        mine.receive_json()
        _move(mine, 1, version=view["version"], action=3)  # no token: the account's cookie
        assert mine.receive_json()["type"] == "view"
        assert mine.receive_json() == {"type": "ack", "id": 1, "version": view["version"] + 1}
        assert alice.post("/api/auth/logout").status_code == 200
        _move(mine, 2, version=view["version"] + 1, action=3)  # her session has ended
        _refused(mine, 403, "does not play", 2)


class _SocketPlayer(threading.Thread):
    """Moves on its game's socket until the server dies; remembers what was acked."""

    def __init__(self, server: LiveServer, made: dict[str, Any], *, deltas: bool) -> None:
        super().__init__(daemon=True)
        self.url = server.url.replace("http://", "ws://") + f"/api/games/{made['id']}/ws"
        self.url += "?deltas=1" if deltas else ""  # acked in its deltas, or apart
        self.gid, self.token, self.view = made["id"], made["token"], made["view"]
        self.acked: list[tuple[int, int, int]] = []  # (version after, index, action)
        self.failure: str | None = None

    def run(self) -> None:
        try:
            with connect(self.url, open_timeout=30) as socket:
                self.view = json.loads(socket.recv(timeout=30))["view"]
                while self.view["result"] is None:
                    index, action = self.view["ply"], self.view["legal"][-1]["action"]
                    body = {"version": self.view["version"], "action": action}
                    socket.send(
                        json.dumps({"type": "move", "id": index, "token": self.token, **body})
                    )
                    while True:
                        message = json.loads(socket.recv(timeout=30))
                        if message["type"] == "view":
                            self.view = message["view"]
                        elif message["type"] == "delta":
                            self.view = applied(self.view, message)
                            if message.get("ack") == index:
                                self.acked.append((self.view["version"], index, action))
                                break
                        elif message["type"] == "ack":
                            self.acked.append((message["version"], index, action))
                            break
                        else:
                            self.failure = str(message)
                            return
        except Exception:  # the server was killed: what was acked is in self.acked
            return


def test_sigkill_loses_no_move_acked_on_a_socket(live: Start, tmp_path: Path) -> None:
    server = live("--log-level", "warning", "--games-per-client", "0")
    players = []
    for number, game in enumerate(("connect4", "syrtis", "sytran", "cyclix")):
        made = create_live(server, game)
        players.append(_SocketPlayer(server, made, deltas=number % 2 == 1))
    kill_in_mid_play(server, players)
    for p in players:
        version, actions = _stored_actions(tmp_path / "live.sqlite3", p.gid)
        for acked_version, index, action in p.acked:
            assert version >= acked_version and actions[index] == action, (p.gid, index)


def create_live(server: LiveServer, game: str) -> dict[str, Any]:
    body = {"game": game, "opponent": "local"}
    made: dict[str, Any] = httpx.post(server.url + "/api/games", json=body, timeout=30).json()
    return made
