"""A moderator's action is live on every worker (issue 61): two real ``shoal serve``
processes on one private PostgreSQL. A chat line hidden through process A leaves the page
open on process B; a player banned through A has their sessions ended and every open page
on B closed."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import websockets
from sqlalchemy import create_engine

from shoal.server.accounts.store import AccountStore
from shoal.server.admin.guard import CLOSED_CODE
from shoal.server.moderation.roles import grant
from shoal.server.moderation.store import ModerationStore

from ._live import LiveServer
from .test_events_serve import next_json, signed_up, two_servers

__all__ = ["two_servers"]  # the fixture: processes A and B on one fresh database


async def _until(socket: Any, wanted: str) -> dict[str, Any]:
    """The socket's next message of type ``wanted`` (others are skipped)."""
    while True:
        message = await next_json(socket)
        if message.get("type") == wanted:
            return dict(message)


async def _closed(socket: Any) -> int:
    """The close code of a socket the server closes (within 20 s)."""
    try:
        while True:
            await asyncio.wait_for(socket.recv(), timeout=20)
    except websockets.ConnectionClosed as closed:
        return int(closed.rcvd.code) if closed.rcvd is not None else -1


def test_a_hidden_line_and_a_ban_reach_the_pages_of_every_process(
    two_servers: tuple[LiveServer, LiveServer, str],
) -> None:
    a, b, url = two_servers
    alice, bob, carol = (signed_up(s, n) for s, n in ((a, "alice"), (b, "bob"), (b, "carol")))
    engine = create_engine(url)
    try:
        found = AccountStore(engine).by_name("alice")
        assert found is not None
        assert grant(ModerationStore(engine), found[0], "moderator")
    finally:
        engine.dispose()
    made = httpx.post(
        a.url + "/api/challenges",
        json={"username": "bob", "game": "connect4", "time_control": None},
        headers={"Cookie": carol},
    )
    assert made.status_code == 201, made.text
    accepted = httpx.post(
        f"{b.url}/api/challenges/{made.json()['id']}/accept", headers={"Cookie": bob}
    )
    game, token = accepted.json()["game"], accepted.json()["token"]
    ws_b = b.url.replace("http://", "ws://")

    async def play() -> None:
        headers = {"Cookie": bob}
        async with (
            websockets.connect(
                f"{ws_b}/api/games/{game}/social", additional_headers=headers
            ) as chat,
            websockets.connect(f"{ws_b}/api/notifications/ws", additional_headers=headers) as bell,
            websockets.connect(f"{ws_b}/api/lobby/ws", additional_headers=headers) as lobby,
        ):
            await chat.send(json.dumps({"token": token}))
            await _until(chat, "history")
            await _until(bell, "notification")
            await _until(lobby, "seeks")
            line = await asyncio.to_thread(
                httpx.post,
                f"{b.url}/api/games/{game}/chat",
                json={"room": "players", "text": "a nasty line"},
                headers={"Cookie": carol},
            )
            assert line.status_code == 201, line.text
            line_id = line.json()["id"]
            assert (await _until(chat, "chat"))["message"]["id"] == line_id
            # the moderator, on A, hides it: bob's page on B drops it
            hidden = await asyncio.to_thread(
                httpx.post,
                a.url + "/api/mod/actions",
                json={"action": "hide-chat", "chat": line_id, "reason": "abuse"},
                headers={"Cookie": alice},
            )
            assert hidden.status_code == 201, hidden.text
            assert await _until(chat, "chat-hidden") == {"type": "chat-hidden", "id": line_id}
            # the moderator, on A, bans bob: every page of his on B closes
            banned = await asyncio.to_thread(
                httpx.post,
                a.url + "/api/mod/actions",
                json={"action": "ban", "username": "bob", "reason": "abuse"},
                headers={"Cookie": alice},
            )
            assert banned.status_code == 201, banned.text
            codes = await asyncio.gather(_closed(chat), _closed(bell), _closed(lobby))
            assert codes == [CLOSED_CODE] * 3  # the operator's close (shoal admin disable's)

    asyncio.run(play())
    assert httpx.get(b.url + "/api/me", headers={"Cookie": bob}).status_code == 401
    refused = httpx.post(
        b.url + "/api/auth/login", json={"username": "bob", "password": "correct horse"}
    )
    assert refused.status_code == 403, refused.text
    for server in (a, b):
        assert "Traceback" not in server.log(), server.log()
