"""A study across two real ``shoal serve`` processes on one PostgreSQL (issue 44): a change
made through process A reaches a page open on process B, and two editors writing through
both processes at once lose no change."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import httpx
import websockets

from .._live import LiveServer
from ..test_events_serve import next_json, signed_up, two_servers  # noqa: F401


def _post(server: LiveServer, path: str, cookie: str, body: Any) -> Any:
    reply = httpx.post(server.url + path, json=body, headers={"Cookie": cookie}, timeout=20)
    assert reply.status_code in (200, 201), reply.text
    return reply.json()


def test_a_change_through_one_process_reaches_a_page_on_the_other(
    two_servers: tuple[LiveServer, LiveServer, str],  # noqa: F811
) -> None:
    a, b, _ = two_servers
    alice, bobby, carol = signed_up(a, "alice"), signed_up(b, "bobby"), signed_up(b, "carol")
    study = _post(
        a, "/api/studies", alice, {"title": "Across", "chapters": [{"game": "connect4"}]}
    )["id"]
    chapter = httpx.get(f"{a.url}/api/studies/{study}").json()["chapters"][0]["id"]
    _post(a, f"/api/studies/{study}/members", alice, {"username": "bobby"})
    edit = f"/api/studies/{study}/chapters/{chapter}/edit"

    async def watch() -> None:
        url = b.url.replace("http://", "ws://") + f"/api/studies/{study}/ws"
        async with websockets.connect(url, additional_headers={"Cookie": carol}) as socket:
            assert (await next_json(socket))["type"] == "hello"
            await asyncio.to_thread(_post, a, edit, alice, {"op": "play", "path": [], "move": "d"})
            message = await next_json(socket)
            assert message["type"] == "chapter" and message["by"] == "alice"
            assert [n["move"] for n in message["chapter"]["tree"]["nodes"]] == ["d"]

    asyncio.run(watch())
    # alice through A and bobby through B, at once, from the same move
    replies: list[int] = []

    def run(server: LiveServer, cookie: str, moves: str) -> None:
        for move in moves:
            reply = httpx.post(
                server.url + edit,
                json={"op": "play", "path": [0], "move": move},
                headers={"Cookie": cookie},
                timeout=20,
            )
            replies.append(reply.status_code)

    threads = [
        threading.Thread(target=run, args=(a, alice, "abc")),
        threading.Thread(target=run, args=(b, bobby, "efg")),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert replies == [200] * 6
    read = httpx.get(f"{b.url}/api/studies/{study}/chapters/{chapter}").json()
    answers = sorted(n["move"] for n in read["tree"]["nodes"] if n["parent"] == 0)
    assert answers == ["a", "b", "c", "e", "f", "g"]
    assert read["version"] == 1 + 1 + 6
