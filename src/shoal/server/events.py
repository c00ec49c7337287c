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

Delivery across processes is at most once: a process that was disconnected from the
database misses what was sent meanwhile (the relay reconnects by itself), so a
subscriber treats an event as a hint to refresh, never as the only copy of a change.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable
from typing import Any

__all__ = ["MAX_PAYLOAD", "Events", "Subscriber"]

MAX_PAYLOAD = 7000
"""The largest payload in bytes of JSON (PostgreSQL refuses notifications over 8000)."""

Subscriber = Callable[[Any], None]
"""A subscriber: called with the payload, in the event loop; it must not block."""

CHANNEL_NAME = re.compile(r"[a-z][a-z0-9_.-]{0,39}")

log = logging.getLogger("shoal.server.events")


class Events:
    """Channels of events with their subscribers, and the forwarder to other processes."""

    def __init__(self) -> None:
        self._subscribers: dict[str, list[Subscriber]] = {}
        self.forward: Callable[[str, str], None] | None = None
        """Set by the relay: sends ``(channel, JSON text)`` to the other processes."""

    def subscribe(self, channel: str, subscriber: Subscriber) -> Callable[[], None]:
        """Call ``subscriber(payload)`` for every event on ``channel``; returns the
        function that ends the subscription."""
        _check_channel(channel)
        self._subscribers.setdefault(channel, []).append(subscriber)

        def stop() -> None:
            listeners = self._subscribers.get(channel, [])
            if subscriber in listeners:
                listeners.remove(subscriber)

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
        self.deliver(channel, json.loads(text))  # subscribers get what the others get
        if self.forward is not None:
            self.forward(channel, text)

    def deliver(self, channel: str, payload: Any) -> None:
        """Call this process's subscribers of ``channel`` (the relay's way in)."""
        for subscriber in list(self._subscribers.get(channel, [])):
            try:
                subscriber(payload)
            except Exception:  # one broken subscriber does not stop the others
                log.exception("shoal events: a subscriber of %r failed", channel)


def _check_channel(channel: str) -> None:
    if not CHANNEL_NAME.fullmatch(channel):
        raise ValueError(
            f"a channel name is 1 to 40 characters: a lower-case letter, then letters, "
            f"digits, '_', '.' or '-'; not {channel!r}"
        )
