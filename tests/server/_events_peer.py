"""One server process's events for the cross-process test (``test_events.py``).

``python _events_peer.py URL`` opens the server's context on the PostgreSQL database
``URL`` with its relay, subscribes to the channels ``lobby`` and ``notify``, prints
``ready``, then obeys lines on stdin: ``publish CHANNEL JSON`` publishes, ``burst CHANNEL N
SIZE`` publishes N events ``{"n": i, "fill": SIZE characters}`` at once (in one turn of the
event loop), ``count`` prints ``notifications K`` (the relay's notifications read so far),
``wakes`` prints ``wakes K`` (the rounds of the event loop in 1 s with nothing to do),
``quit`` ends. Every delivered event is printed as ``got CHANNEL JSON``; a refused publish
as ``refused WHY``.
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from shoal.server.context import ServerContext, Settings
from shoal.server.relay import Relay


def say(line: str) -> None:
    print(line, flush=True)


async def main(url: str) -> None:
    context = ServerContext.open(Settings(database_url=url))
    relay = Relay(context.manager, url, context.events)
    await relay.start()
    read = [0]
    event = relay._event

    def counted(payload: str) -> None:
        read[0] += 1
        event(payload)

    relay._event = counted  # type: ignore[method-assign]
    for channel in ("lobby", "notify"):

        def show(payload: Any, channel: str = channel) -> None:
            say(f"got {channel} {json.dumps(payload, sort_keys=True)}")

        context.events.subscribe(channel, show)
    say("ready")
    loop = asyncio.get_running_loop()
    while True:
        line = (await loop.run_in_executor(None, sys.stdin.readline)).strip()
        if not line or line == "quit":
            break
        if line == "count":
            say(f"notifications {read[0]}")
            continue
        if line == "wakes":
            say(f"wakes {await _rounds(loop, 1.0)}")
            continue
        if line.startswith("burst "):
            _, channel, count, size = line.split(" ")
            for n in range(int(count)):
                context.events.publish(channel, {"n": n, "fill": "x" * int(size)})
            say("published")
            continue
        _, channel, text = line.split(" ", 2)
        try:
            context.events.publish(channel, json.loads(text))
        except ValueError as error:
            say(f"refused {error}")
        say("published")
    await relay.close()
    await context.close()


async def _rounds(loop: Any, seconds: float) -> int:
    """How many rounds the (pure-Python) event loop ran while this waited ``seconds``."""
    rounds = [0]
    run_once = loop._run_once

    def counted() -> None:
        rounds[0] += 1
        run_once()

    loop._run_once = counted
    try:
        await asyncio.sleep(seconds)
    finally:
        loop._run_once = run_once
    return rounds[0]


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
