"""Helpers of the operations tests (issue 57): a database port that opens late, a TCP probe
that records whoever connects, and a parsed ``/metrics`` scrape."""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Iterator

from prometheus_client.parser import text_string_to_metric_families

from ._live import free_port

__all__ = ["LateDoor", "Probe", "probe", "samples"]


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of a Prometheus text scrape: (name, sorted labels) -> value."""
    found = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            found[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return found


def _pump(source: socket.socket, target: socket.socket) -> None:
    with contextlib.suppress(OSError):
        while data := source.recv(65536):
            target.sendall(data)
    with contextlib.suppress(OSError):
        target.shutdown(socket.SHUT_WR)


class LateDoor:
    """A port of 127.0.0.1 that nobody answers on until :meth:`open`; then every connection
    is forwarded to ``target_port`` (a database that comes up after the server starts)."""

    def __init__(self, target_port: int) -> None:
        self.port = free_port()
        self.target_port = target_port
        self.listener: socket.socket | None = None
        self.sockets: list[socket.socket] = []

    def open(self) -> None:
        listener = socket.create_server(("127.0.0.1", self.port))
        self.listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def _accept(self, listener: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while True:
                client, _ = listener.accept()
                upstream = socket.create_connection(("127.0.0.1", self.target_port))
                self.sockets += [client, upstream]
                threading.Thread(target=_pump, args=(client, upstream), daemon=True).start()
                threading.Thread(target=_pump, args=(upstream, client), daemon=True).start()

    def close(self) -> None:
        for one in [self.listener, *self.sockets]:
            if one is not None:
                with contextlib.suppress(OSError):
                    one.close()


class Probe:
    """A TCP listener on 127.0.0.1 that answers nothing and records every connection and byte
    it gets (an SSRF probe's target: it must get nothing)."""

    def __init__(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.connections = 0
        self.received = b""
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        with contextlib.suppress(OSError):
            while True:
                client, _ = self.listener.accept()
                self.connections += 1
                client.settimeout(2)
                with contextlib.suppress(OSError):
                    self.received += client.recv(65536)
                client.close()

    def close(self) -> None:
        self.listener.close()


@contextlib.contextmanager
def probe() -> Iterator[Probe]:
    """A :class:`Probe` for the length of a ``with``."""
    found = Probe()
    try:
        yield found
    finally:
        found.close()
