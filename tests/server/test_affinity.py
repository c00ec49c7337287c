"""Game affinity (:mod:`shoal.server.affinity`): which first requests follow a game, which
worker serves each game, and a connection passed from one process's part to another's over
their Unix socket, served there from the bytes already read. Two :class:`Affinity` objects of
one site in this process stand for two workers; the connections are real TCP ones. The site
on real workers: ``test_limits_workers.py``."""

from __future__ import annotations

import array
import asyncio
import os
import secrets
import socket
from collections.abc import Callable

import pytest

from shoal.server import affinity
from shoal.server.affinity import Affinity, game_of, slot_of


@pytest.mark.parametrize(
    ("head", "game"),
    [
        (b"GET /api/games/Ab3xYz09Qq1/ws HTTP/1.1\r\nHost: x\r\n\r\n", "Ab3xYz09Qq1"),
        (b"GET /api/games/Ab3xYz09Qq1/ws?deltas=1 HTTP/1.1\r\n", "Ab3xYz09Qq1"),
        (b"GET /api/games/g1/social HTTP/1.1\r\n", "g1"),
        (b"GET /api/bot/game/stream/g-2_x HTTP/1.1\r\n", "g-2_x"),
        (b"POST /api/games/g1/actions HTTP/1.1\r\n", None),  # a request, not a channel
        (b"GET /api/games/g1 HTTP/1.1\r\n", None),
        (b"GET /api/games/g1/wsx HTTP/1.1\r\n", None),
        (b"GET /api/games/g1/ws", None),  # the request line not whole yet
        (b"GET /api/games/../ws HTTP/1.1\r\n", None),
        (b"GET /api/games/" + b"a" * 65 + b"/ws HTTP/1.1\r\n", None),
        (b"\x16\x03\x01\x02\x00", None),  # TLS: nothing to read
    ],
)
def test_only_a_first_request_that_opens_a_games_channel_names_a_game(
    head: bytes, game: str | None
) -> None:
    assert game_of(head) == game


def test_every_process_gives_a_game_the_same_slot_and_the_games_spread_over_them() -> None:
    ids = [secrets.token_urlsafe(8) for _ in range(4000)]
    slots = [slot_of(gid, 4) for gid in ids]
    assert slots == [slot_of(gid, 4) for gid in ids]
    assert slot_of("Ab3xYz09Qq1", 4) == slot_of("Ab3xYz09Qq1", 4) == 0  # crc32, not a salted hash
    counts = [slots.count(slot) for slot in range(4)]
    assert min(counts) > 850, counts


class Recorder(asyncio.Protocol):
    """A stand-in for the worker's HTTP protocol: it answers what it was given first and
    what came after on the connection."""

    def __init__(self, preface: bytes, made: list[Recorder]) -> None:
        self.preface = preface
        made.append(self)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        self.peer = transport.get_extra_info("peername")
        transport.write(b"owner got " + self.preface.split(b"\r\n")[0] + b"\n")

    def data_received(self, data: bytes) -> None:
        self.transport.write(b"owner then " + data)


class FirstWorker(asyncio.Protocol):
    """The worker that accepted: it passes the connection on, or answers it itself."""

    def __init__(self, affinity: Affinity) -> None:
        self.affinity = affinity

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        if self.affinity.pass_on(self.transport, data):
            self.transport.close()
        else:
            self.transport.write(b"served where it arrived\n")


def game_of_slot(slot: int, slots: int = 2) -> str:
    while True:
        gid = secrets.token_urlsafe(8)
        if slot_of(gid, slots) == slot:
            return gid


def test_a_connection_goes_to_its_games_worker_and_is_served_there_from_what_was_read() -> None:
    site = secrets.token_hex(6)

    async def run() -> None:
        loop = asyncio.get_running_loop()
        made: list[Recorder] = []
        owner, first = Affinity(site, 2), Affinity(site, 2)

        def make(preface: bytes) -> asyncio.Protocol:
            return Recorder(preface, made)

        assert owner.adopt(loop, make) == 0
        assert first.adopt(loop, lambda _: pytest.fail("slot 1 is given nothing")) == 1
        assert owner.adopt(loop, make) == 0  # once per process
        server = await loop.create_server(lambda: FirstWorker(first), "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]

        async def ask(head: bytes, then: bytes = b"") -> tuple[bytes, tuple[str, int]]:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(head)
            line = await asyncio.wait_for(reader.readline(), 10)
            if then:
                writer.write(then)
                line += await asyncio.wait_for(reader.readline(), 10)
            here = writer.get_extra_info("sockname")
            writer.close()
            return line, here

        theirs, mine = game_of_slot(0), game_of_slot(1)
        head = f"GET /api/games/{theirs}/ws HTTP/1.1\r\nHost: x\r\n\r\n".encode()
        answer, client = await ask(head, then=b"a frame\n")
        assert answer == (
            f"owner got GET /api/games/{theirs}/ws HTTP/1.1\n".encode() + b"owner then a frame\n"
        )
        assert made[0].peer == client  # the client's own address, as if accepted there
        assert (first.passed, owner.adopted) == (1, 1)
        for kept in (f"GET /api/games/{mine}/ws HTTP/1.1\r\n\r\n", "GET /api/levels HTTP/1.1\r\n"):
            assert (await ask(kept.encode()))[0] == b"served where it arrived\n"
        assert (first.passed, first.kept, len(made)) == (1, 0, 1)
        owner.close()  # the owner's process is gone: what is its stays where it arrives
        assert (await ask(head))[0] == b"served where it arrived\n"
        assert (first.passed, first.kept, len(made)) == (1, 1, 1)
        server.close()
        first.close()

    asyncio.run(run())


def test_a_slot_is_free_again_when_its_process_lets_go_and_one_left_without_looks_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A third process of two slots gets none; once a holder ends, a process started in its
    place takes its slot, and one that found none takes a freed one when it looks again
    (RETRY_SLOT seconds later: uvicorn's restart of all workers starts each new one while
    the old ones still hold the slots)."""
    monkeypatch.setattr(affinity, "RETRY_SLOT", 0.2)
    site = secrets.token_hex(6)

    async def run() -> None:
        loop = asyncio.get_running_loop()
        nothing: Callable[[bytes], asyncio.Protocol] = lambda _: asyncio.Protocol()  # noqa: E731
        a, b, c = Affinity(site, 2), Affinity(site, 2), Affinity(site, 2)
        assert (a.adopt(loop, nothing), b.adopt(loop, nothing), c.adopt(loop, nothing)) == (
            0,
            1,
            None,
        )
        a.close()  # a worker that ended: the one started in its place takes its slot
        d = Affinity(site, 2)
        assert d.adopt(loop, nothing) == 0
        d.close()
        assert c.adopt(loop, nothing) is None  # freed, but c looks again only later
        await asyncio.sleep(0.25)
        assert c.adopt(loop, nothing) == 0 == c.slot
        assert c.adopt(loop, nothing) == 0  # taken: nothing more to do
        c.close()
        b.close()

    asyncio.run(run())


def _pass(fd: int | None, address: bytes) -> None:
    sender = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    rights = [] if fd is None else [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", [fd]))]
    sender.sendmsg([b"GET /api/games/g1/ws HTTP/1.1\r\n\r\n"], rights, 0, address)
    sender.close()


def test_only_one_tcp_connection_from_this_servers_user_is_taken() -> None:
    """An abstract socket has no permissions: any process of the machine can write to a
    slot's. What is not one TCP connection sent by a process of the server's own user (the
    kernel's credentials of the sender) is closed, never served."""
    site = secrets.token_hex(6)

    async def run() -> None:
        loop = asyncio.get_running_loop()
        made: list[Recorder] = []
        owner = Affinity(site, 2)
        assert owner.adopt(loop, lambda preface: Recorder(preface, made)) == 0
        mine, theirs = socket.socketpair()  # not a TCP connection
        _pass(mine.fileno(), owner.address(0))
        _pass(None, owner.address(0))  # no connection at all
        mine.close()
        theirs.settimeout(5)
        await asyncio.sleep(0.2)
        assert theirs.recv(10) == b""  # the owner closed what it was sent
        assert (made, owner.adopted) == ([], 0)
        if os.getuid() == 0:  # a process of another user passes a real TCP connection
            listener = socket.create_server(("127.0.0.1", 0))
            client = socket.create_connection(listener.getsockname())
            served, _ = listener.accept()
            child = os.fork()
            if child == 0:  # pragma: no cover (the child)
                try:
                    os.setuid(65534)
                    _pass(served.fileno(), owner.address(0))
                finally:
                    os._exit(0)
            assert os.waitpid(child, 0)[1] == 0
            served.close()
            listener.close()
            await asyncio.sleep(0.2)
            client.settimeout(5)
            assert client.recv(10) == b""  # closed, not served
            assert (made, owner.adopted) == ([], 0)
            client.close()
        theirs.close()
        owner.close()

    asyncio.run(run())
