"""The WebSocket protocol of ``shoal serve`` (issue 56): a page's ``ping`` is answered by the
connection, not the app, and the server pings only a socket that has been silent.

A real uvicorn serves a small ASGI app that records what reaches it, with
:data:`~shoal.server.protocol.PageSocketProtocol`; the client is the ``websockets`` library's
sans-I/O protocol over a plain socket, so that the test sees every frame the server sends,
pings included, and decides itself whether to answer them.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.uri import parse_uri

from shoal.server.protocol import PONG_TEXT, QUIET_PING, PageSocketProtocol, protocols

from ._live import free_port

pytestmark = pytest.mark.skipif(PageSocketProtocol is None, reason="uvicorn without sans-I/O")

INTERVAL = 0.6
"""The server's ``ws_ping_interval`` here (30 s under ``shoal serve``)."""


class Recorder:
    """An ASGI app that accepts every socket, records each text it receives and echoes it."""

    def __init__(self) -> None:
        self.received: list[str] = []

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "websocket":
            return
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        while True:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                return
            self.received.append(message["text"])
            await send({"type": "websocket.send", "text": "echo " + message["text"]})


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[int, Recorder]]:
    app = Recorder()
    port = free_port()
    options = {**protocols(), "ws_ping_interval": INTERVAL, "ws_ping_timeout": INTERVAL}
    config = uvicorn.Config(
        app, host="127.0.0.1", port=port, log_level="warning", lifespan="off", **options
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    yield port, app
    server.should_exit = True
    thread.join(10)


class RawClient:
    """A WebSocket client that shows every frame and answers pings only when told to."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        self.proto = ClientProtocol(parse_uri(f"ws://127.0.0.1:{port}/socket"))
        self.proto.send_request(self.proto.connect())
        self._flush()
        while self.proto.handshake_exc is None and not self._accepted():
            self._read(5)
        assert self.proto.handshake_exc is None

    def _accepted(self) -> bool:
        return any(not isinstance(e, Frame) for e in self._events(keep=True))

    _kept: list[Any]

    def _events(self, keep: bool = False) -> list[Any]:
        if not hasattr(self, "_kept"):
            self._kept = []
        self._kept += self.proto.events_received()
        events = list(self._kept)
        if not keep:
            self._kept = []
        return events

    def _read(self, timeout: float) -> bool:
        self.sock.settimeout(timeout)
        try:
            data = self.sock.recv(65536)
        except TimeoutError:
            return False
        if data:
            self.proto.receive_data(data)
        else:
            self.proto.receive_eof()
        return True

    def _flush(self) -> None:
        for chunk in self.proto.data_to_send():
            if chunk:
                self.sock.sendall(chunk)

    def send_text(self, text: str) -> None:
        self.proto.send_text(text.encode())
        self._flush()

    def frames(self, seconds: float, answer_pings: bool = True) -> list[Frame]:
        """The frames received within ``seconds`` (the handshake's response left out); pings
        are answered (the library queues the pong) only with ``answer_pings``."""
        frames: list[Frame] = []
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            if not self._read(left):
                break
            frames += [e for e in self._events() if isinstance(e, Frame)]
            if answer_pings:
                self._flush()
            else:
                self.proto.data_to_send()  # the queued pongs: dropped, as a dead peer would
            if self.proto.state.name == "CLOSED":
                break
        return frames

    def close(self) -> None:
        self.sock.close()


def texts(frames: list[Frame]) -> list[str]:
    return [bytes(f.data).decode() for f in frames if f.opcode is Opcode.TEXT]


def test_a_pages_ping_is_answered_by_the_connection_and_never_reaches_the_app(
    served: tuple[int, Recorder],
) -> None:
    port, app = served
    client = RawClient(port)
    try:
        client.send_text("ping")
        client.send_text("hello")
        client.send_text("ping")
        got = texts(client.frames(0.5))
    finally:
        client.close()
    assert got.count(PONG_TEXT.decode()) == 2
    assert "echo hello" in got
    assert "ping" not in app.received
    assert "hello" in app.received


def test_a_text_that_only_starts_with_ping_goes_to_the_app(served: tuple[int, Recorder]) -> None:
    port, app = served
    client = RawClient(port)
    try:
        client.send_text("pings")
        got = texts(client.frames(0.4))
    finally:
        client.close()
    assert got == ["echo pings"]
    assert "pings" in app.received


def test_a_socket_that_keeps_talking_is_never_pinged(served: tuple[int, Recorder]) -> None:
    """The server pings only a socket silent for its interval: a client pinging at half the
    interval, for four intervals, gets pongs and no WebSocket ping."""
    port, _ = served
    client = RawClient(port)
    frames: list[Frame] = []
    try:
        for _ in range(8):
            client.send_text("ping")
            frames += client.frames(INTERVAL / 2)
    finally:
        client.close()
    assert not [f for f in frames if f.opcode is Opcode.PING]
    assert texts(frames).count(PONG_TEXT.decode()) == 8


def test_a_silent_socket_is_pinged_and_kept_while_it_answers(served: tuple[int, Recorder]) -> None:
    port, _ = served
    client = RawClient(port)
    try:
        frames = client.frames(3.5 * INTERVAL)
        client.send_text("still here")
        after = texts(client.frames(0.4))
    finally:
        client.close()
    assert len([f for f in frames if f.opcode is Opcode.PING]) >= 2
    assert not [f for f in frames if f.opcode is Opcode.CLOSE]
    assert after == ["echo still here"]


def test_a_silent_socket_that_does_not_answer_is_closed(served: tuple[int, Recorder]) -> None:
    """A vanished peer: pinged after the interval, closed (1011) when no pong comes within
    the ping time-out."""
    port, _ = served
    client = RawClient(port)
    try:
        frames = client.frames(4 * INTERVAL, answer_pings=False)
    finally:
        client.close()
    kinds = [f.opcode for f in frames]
    assert Opcode.PING in kinds
    closes = [f for f in frames if f.opcode is Opcode.CLOSE]
    assert closes and int.from_bytes(bytes(closes[0].data)[:2], "big") == 1011


def test_shoal_serve_runs_the_page_socket_protocol() -> None:
    """``shoal serve`` gives uvicorn :func:`protocols` (the fixture above runs them, with
    shorter intervals): the pages' socket protocol, pinging after 30 s of silence, longer
    than the 25 s between a page's pings (web/net.js)."""
    options = protocols()
    assert options["ws"] is PageSocketProtocol
    assert options["ws_ping_interval"] == QUIET_PING == 30.0
    net = (Path(__file__).resolve().parents[2] / "src/shoal/web/net.js").read_text()
    assert "ping: 25000" in net


def test_a_ping_that_comes_with_the_peers_close_is_dropped_and_the_close_answered(
    served: tuple[int, Recorder], caplog: pytest.LogCaptureFixture
) -> None:
    """A page that pings and closes at once (both frames in one read): the connection is
    closing when the ping is handled, so no pong is sent; the close is answered (1000) and
    nothing is logged. (Seen under the load test of 5,000 games: the pong raised
    ``InvalidState`` and the transport was aborted with "Fatal error on transport".)"""
    port, app = served
    client = RawClient(port)
    try:
        client.proto.send_text(b"ping")
        client.proto.send_close(1000)
        client.sock.sendall(b"".join(client.proto.data_to_send()))
        frames = client.frames(1.0)
    finally:
        client.close()
    assert texts(frames) == []
    closes = [f for f in frames if f.opcode is Opcode.CLOSE]
    assert closes and int.from_bytes(bytes(closes[0].data)[:2], "big") == 1000
    assert not [r for r in caplog.records if r.levelno >= 40], caplog.text
    assert "ping" not in app.received
