"""The game page moves on its WebSocket while it is open (issue 39: no HTTP request per
move), and by POST when it is not; either way the board shows the move."""

from __future__ import annotations

import json
import re
from typing import Any

from .test_browser import DESKTOP, _click_action, _open_new, _start, _wait_ready

GAME = "connect4"


def _moves_made(page: Any, server: str, gid: str, count: int) -> None:
    for _ in range(count):
        view = _wait_ready(page, server, gid)
        before = view["version"]
        _click_action(page, view["legal"][0])
        page.wait_for_function(
            f"() => Number(document.querySelector('#board').dataset.version) > {before}",
            timeout=30_000,
        )


def test_the_page_moves_on_its_socket_not_by_post(server: str, browser: Any) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    posts: list[str] = []
    sent: list[dict[str, Any]] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)

    received: list[dict[str, Any]] = []

    def watch(socket: Any) -> None:
        if "/ws?deltas=1" in socket.url:  # the game's socket
            socket.on("framesent", lambda frame: sent.append(_json(frame)))
            socket.on("framereceived", lambda frame: received.append(_json(frame)))

    page.on("websocket", watch)
    gid = _start(page, server, GAME, opponent="local")  # the form's "Same screen", clicked
    for _ in range(200):  # the socket opens after the page's first view: wait for its own
        if received:
            break
        page.wait_for_timeout(50)
    _moves_made(page, server, gid, 3)
    assert not [url for url in posts if url.endswith(("/actions", "/actions?answer=delta"))]
    moves = [m for m in sent if m.get("type") == "move"]
    assert len(moves) == 3 and all(m["token"] for m in moves)
    assert [m["version"] for m in moves] == [1, 2, 3]


def test_without_its_socket_the_page_moves_by_post(server: str, browser: Any) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    game_socket = re.compile(r"/api/games/[^/]+/ws\?deltas=1$")
    page.route_web_socket(game_socket, lambda socket: socket.close())  # never open
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    gid = _open_new(page, server, GAME, opponent="local")
    _moves_made(page, server, gid, 2)
    assert len([url for url in posts if "/actions" in url]) == 2


def _json(frame: Any) -> dict[str, Any]:
    text = frame if isinstance(frame, str) else frame.get("payload", "")
    try:
        data = json.loads(text)
    except (TypeError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}
