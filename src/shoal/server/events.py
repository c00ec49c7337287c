"""Events between the parts of a site, in one process or across ``--workers``: one call each.

Any part of the server (the lobby's seeks, notifications, ...) publishes an event
on a named channel and subscribes to the channels it cares about::

    events = context.events
    stop = events.subscribe("lobby", lambda payload: ...)   # in every process
    events.publish("lobby", {"seek": "abc", "state": "open"})
    stop()                                                   # no more calls

:meth:`Events.publish` calls this process's subscribers at once, and, on PostgreSQL,
hands the event to :class:`shoal.server.relay.Relay`, which sends it with
``pg_notify`` so every *other* process calls its own subscribers (each event is
delivered once per process; the publishing process does not get it back). With
SQLite (one process) it is delivery in the process only. Payloads are JSON values
of at most :data:`MAX_PAYLOAD` bytes (PostgreSQL's limit is 8000): send ids and
small states, not pages; a subscriber that needs more reads the database.

A subscriber may be a coroutine function: its coroutine runs as a task of the bus
(cancelled by :meth:`Events.close`). A part that serves its own process itself when
it publishes, awaiting its own sockets before it answers (the lobby, notifications,
games), subscribes with ``here=False``: it then gets only the other processes' events.
The server's channels: ``games`` (:mod:`.relay`), ``lobby`` (:mod:`.lobby`),
``notices`` (:mod:`.notifications`), ``social`` (chat and offers, :mod:`.games.social`),
``studies`` (:mod:`.studies`), ``tournaments`` (:mod:`.tournaments.live`), ``bots`` (the
Bot API's event streams, :mod:`.bots`); the
table of every live channel is in docs/server.md ("Every live channel across processes").

Delivery across processes is at most once: a process that was disconnected from the
database misses what was sent meanwhile (the relay reconnects by itself), so a
subscriber treats an event as a hint to refresh, never as the only copy of a change.
When the relay listens again after a cut (the database restarted, its connection was
terminated), it calls :meth:`Events.missed`: every part registered with
:meth:`Events.on_missed` then refreshes what its sockets show from the database (the
lobby its seek lists, notifications their unread counts, the games their views), so
what was sent while this process was not listening is not lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import json
import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

__all__ = ["MAX_PAYLOAD", "Events", "Subscriber"]

MAX_PAYLOAD = 7000
"""The largest payload in bytes of JSON (PostgreSQL refuses notifications over 8000)."""

Subscriber = Callable[[Any], Awaitable[None] | None]
"""A subscriber: called with the payload, in the event loop; it must not block (a
coroutine function's coroutine runs as a task)."""

CHANNEL_NAME = re.compile(r"[a-z][a-z0-9_.-]{0,39}")

log = logging.getLogger("shoal.server.events")


class Events:
    """Channels of events with their subscribers, and the forwarder to other processes."""

    def __init__(self) -> None:
        self._subscribers: dict[str, list[tuple[Subscriber, bool]]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self.forward: Callable[[str, str], None] | None = None
        """Set by the relay: sends ``(channel, JSON text)`` to the other processes."""
        self._refreshers: list[Callable[[], Awaitable[None]]] = []

    def on_missed(self, refresh: Callable[[], Awaitable[None]]) -> None:
        """Call ``refresh()`` whenever this process may have missed the other processes'
        events (:meth:`missed`): it brings this process's sockets up to date."""
        self._refreshers.append(refresh)

    def missed(self) -> None:
        """Events of the other processes may have been lost (the relay was cut off and
        listens again): run every refresher of :meth:`on_missed`, each as a task."""
        for refresh in list(self._refreshers):
            self._run("missed", refresh())

    def channels(self) -> list[str]:
        """The channels something in this process subscribes to (sorted)."""
        return sorted(channel for channel, listeners in self._subscribers.items() if listeners)

    def subscribe(
        self, channel: str, subscriber: Subscriber, *, here: bool = True
    ) -> Callable[[], None]:
        """Call ``subscriber(payload)`` for every event on ``channel``; returns the
        function that ends the subscription. ``here=False``: only for the events of
        the other processes (the subscriber's part serves its own process itself)."""
        _check_channel(channel)
        listener = (subscriber, here)
        self._subscribers.setdefault(channel, []).append(listener)

        def stop() -> None:
            listeners = self._subscribers.get(channel, [])
            if listener in listeners:
                listeners.remove(listener)

        return stop

    def publish(self, channel: str, payload: Any) -> None:
        """Deliver ``payload`` (a JSON value) to the subscribers of ``channel`` in every
        process. A bad channel name or payload is a :class:`ValueError`, sent nowhere."""
        _check_channel(channel)
        try:
            text = json.dumps(payload, separators=(",", ":"), allow_nan=False)
        except (TypeError, ValueError) as error:
            raise ValueError(f"an event's payload must be plain JSON: {error}") from None
        if len(text.encode()) > MAX_PAYLOAD:
            raise ValueError(
                f"an event's payload has at most {MAX_PAYLOAD} bytes of JSON, "
                f"not {len(text.encode())}: send an id and let subscribers read the rest"
            )
        self._call(channel, json.loads(text), here=True)  # what the others get
        if self.forward is not None:
            self.forward(channel, text)

    def deliver(self, channel: str, payload: Any) -> None:
        """Call this process's subscribers of ``channel`` with another process's event
        (the relay's way in)."""
        self._call(channel, payload, here=False)

    def _call(self, channel: str, payload: Any, *, here: bool) -> None:
        for subscriber, wants_here in list(self._subscribers.get(channel, [])):
            if here and not wants_here:
                continue
            try:
                result = subscriber(payload)
                if inspect.isawaitable(result):
                    self._run(channel, result)
            except Exception:  # one broken subscriber does not stop the others
                log.exception("shoal events: a subscriber of %r failed", channel)

    def _run(self, channel: str, awaitable: Awaitable[None]) -> None:
        async def run() -> None:
            try:
                await awaitable
            except Exception:
                log.exception("shoal events: a subscriber of %r failed", channel)

        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop: nothing could run it
            if inspect.iscoroutine(awaitable):
                awaitable.close()
            log.error("shoal events: an async subscriber of %r outside an event loop", channel)
            return
        task = loop.create_task(run())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        """Cancel the subscribers' tasks still running (at shutdown)."""
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task


def _check_channel(channel: str) -> None:
    if not CHANNEL_NAME.fullmatch(channel):
        raise ValueError(
            f"a channel name is 1 to 40 characters: a lower-case letter, then letters, "
            f"digits, '_', '.' or '-'; not {channel!r}"
        )
