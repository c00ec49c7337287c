"""Events on named channels: in one process, and across two real processes on PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from shoal.server.events import MAX_PAYLOAD, Events

from ..pg import PostgresServer

PEER = Path(__file__).with_name("_events_peer.py")
SRC = Path(__file__).resolve().parents[2] / "src"


def test_publish_calls_every_subscriber_of_the_channel_once() -> None:
    events = Events()
    lobby: list[Any] = []
    other: list[Any] = []
    stop = events.subscribe("lobby", lobby.append)
    events.subscribe("notify", other.append)
    events.publish("lobby", {"seek": "abc", "state": "open"})
    assert lobby == [{"seek": "abc", "state": "open"}] and other == []
    stop()
    events.publish("lobby", {"seek": "abc", "state": "taken"})
    assert len(lobby) == 1  # no longer subscribed


def test_a_subscriber_here_false_gets_only_the_other_processes_events() -> None:
    """The lobby and notifications serve their own process themselves (awaited before the
    answer): their subscriptions get only what the relay delivers from elsewhere."""
    events = Events()
    everything: list[Any] = []
    elsewhere: list[Any] = []
    sent: list[tuple[str, str]] = []
    events.forward = lambda channel, text: sent.append((channel, text))
    events.subscribe("lobby", everything.append)
    stop = events.subscribe("lobby", elsewhere.append, here=False)
    events.publish("lobby", {"kind": "seeks"})
    assert everything == [{"kind": "seeks"}] and elsewhere == []
    assert sent == [("lobby", '{"kind":"seeks"}')]  # the other processes still get it
    events.deliver("lobby", {"kind": "tell"})  # as the relay does with another's event
    assert everything == [{"kind": "seeks"}, {"kind": "tell"}]
    assert elsewhere == [{"kind": "tell"}]
    stop()
    events.deliver("lobby", {"kind": "seeks"})
    assert elsewhere == [{"kind": "tell"}]


def test_an_async_subscriber_runs_as_a_task_and_close_cancels_it() -> None:
    async def scenario() -> None:
        events = Events()
        done: list[Any] = []
        started, release, finished = asyncio.Event(), asyncio.Event(), asyncio.Event()

        async def slow(payload: Any) -> None:
            started.set()
            await release.wait()
            done.append(payload)
            finished.set()

        async def broken(payload: Any) -> None:
            raise RuntimeError("broken")

        events.subscribe("notices", broken)
        events.subscribe("notices", slow)
        events.deliver("notices", 1)  # returns at once; the subscriber runs as a task
        assert done == []
        await asyncio.wait_for(started.wait(), timeout=5)
        release.set()
        await asyncio.wait_for(finished.wait(), timeout=5)
        assert done == [1]  # the broken one stopped nothing
        release.clear()
        started.clear()
        events.publish("notices", 2)
        await asyncio.wait_for(started.wait(), timeout=5)
        await events.close()  # cancelled (and awaited) while it waits: it never finishes
        assert done == [1]

    asyncio.run(scenario())


def test_a_failing_subscriber_does_not_stop_the_others() -> None:
    events = Events()
    seen: list[Any] = []

    def broken(payload: Any) -> None:
        raise RuntimeError("broken")

    events.subscribe("lobby", broken)
    events.subscribe("lobby", seen.append)
    events.publish("lobby", 1)
    assert seen == [1]


@pytest.mark.parametrize(
    ("channel", "payload", "words"),
    [
        ("Lobby", 1, "a channel name is 1 to 40 characters"),
        ("lobby seeks", 1, "a channel name"),
        ("", 1, "a channel name"),
        ("lobby", {"x": object()}, "plain JSON"),
        ("lobby", float("nan"), "plain JSON"),
        ("lobby", "x" * (MAX_PAYLOAD + 1), f"at most {MAX_PAYLOAD} bytes"),
    ],
)
def test_bad_events_are_refused_in_words_and_sent_nowhere(
    channel: str, payload: Any, words: str
) -> None:
    events = Events()
    seen: list[Any] = []
    sent: list[Any] = []
    events.subscribe("lobby", seen.append)
    events.forward = lambda channel, text: sent.append(text)
    with pytest.raises(ValueError, match=words):
        events.publish(channel, payload)
    assert seen == [] and sent == []


class Peer:
    """A process with the server's context and relay on one database (``_events_peer.py``)."""

    def __init__(self, url: str) -> None:
        env = {**os.environ, "PYTHONPATH": f"{SRC}{os.pathsep}{SRC.parent}"}
        self.process = subprocess.Popen(
            [sys.executable, str(PEER), url],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.got: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.strip())

    def until(self, line: str, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {line!r} in time; had {self.got}")
            try:
                got = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            self.got.append(got)
            if got == line:
                return

    def publish(self, channel: str, payload: Any) -> None:
        self.command(f"publish {channel} {json.dumps(payload)}")

    def command(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(f"{line}\n")
        self.process.stdin.flush()

    def next_starting(self, prefix: str, timeout: float = 30) -> str:
        """The next line that starts with ``prefix`` (the lines before it are kept in ``got``)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                got = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                continue
            self.got.append(got)
            if got.startswith(prefix):
                return got
        raise AssertionError(f"no line starting {prefix!r} in time; had {self.got}")

    def stop(self) -> None:
        if self.process.poll() is None:
            assert self.process.stdin is not None
            self.process.stdin.write("quit\n")
            self.process.stdin.flush()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@pytest.fixture
def peers(postgres_server: PostgresServer) -> Iterator[tuple[Peer, Peer]]:
    url = postgres_server.new_database()
    from shoal.server.games.store import Store

    Store(url).close()  # the schema first, so the two processes do not race on it
    a, b = Peer(url), Peer(url)
    try:
        a.until("ready")
        b.until("ready")
        yield a, b
    finally:
        a.stop()
        b.stop()


def test_an_event_published_in_one_process_reaches_the_subscribers_of_the_other(
    peers: tuple[Peer, Peer],
) -> None:
    a, b = peers
    a.publish("lobby", {"seek": "s1", "state": "open"})
    b.until('got lobby {"seek": "s1", "state": "open"}')
    b.publish("notify", {"user": 7, "text": "your turn"})
    a.until('got notify {"text": "your turn", "user": 7}')
    # One delivery per process: A had its own event at once and never again from the
    # database (B's event came after it, so A's echo would have arrived by now).
    a.publish("lobby", {"mark": "end"})
    b.until('got lobby {"mark": "end"}')
    a.until('got lobby {"mark": "end"}')
    assert a.got.count('got lobby {"seek": "s1", "state": "open"}') == 1
    assert b.got.count('got lobby {"seek": "s1", "state": "open"}') == 1
    assert b.got.count('got notify {"text": "your turn", "user": 7}') == 1


def test_a_refused_event_reaches_no_process(peers: tuple[Peer, Peer]) -> None:
    a, b = peers
    a.publish("lobby", "x" * (MAX_PAYLOAD + 1))
    a.until("published")
    assert any(line.startswith("refused an event's payload has at most") for line in a.got)
    a.publish("lobby", {"after": 1})
    b.until('got lobby {"after": 1}')
    assert [line for line in b.got if line.startswith("got")] == ['got lobby {"after": 1}']


def test_a_burst_of_events_goes_in_few_notifications_in_order_each_once(
    peers: tuple[Peer, Peer],
) -> None:
    """Rule (issue 39): the notes published while one notification is sent go together in
    the next, as many as fit in PostgreSQL's 8,000 bytes: every event arrives once, in order."""
    a, b = peers
    b.command("burst lobby 40 400")
    fill = "x" * 400
    a.until(f'got lobby {{"fill": "{fill}", "n": 39}}')
    got = [line for line in a.got if line.startswith("got lobby")]
    assert got == [f'got lobby {{"fill": "{fill}", "n": {n}}}' for n in range(40)]
    a.command("count")
    read = int(a.next_starting("notifications ").split()[1])
    assert 3 <= read < 40  # 40 notes of ~470 bytes: batched, and split at the size limit


def test_a_quiet_listener_leaves_the_event_loop_asleep(peers: tuple[Peer, Peer]) -> None:
    """The relay's listener is woken by its connection only (issue 56): with nothing sent,
    a process's event loop turns a few times a second at most (psycopg's ``notifies()``
    woke it every 0.1 s, ten rounds a second in every process of an idle site); and it
    still hears what comes after."""
    a, b = peers
    a.command("wakes")
    assert int(a.next_starting("wakes ").split()[1]) <= 4
    b.publish("lobby", {"after": "quiet"})
    a.until('got lobby {"after": "quiet"}')
