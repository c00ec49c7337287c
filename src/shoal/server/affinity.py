"""Game affinity for ``shoal serve --workers N``: every socket of one game in one process.

uvicorn's workers take their connections from one shared listening socket, so the two
players' pages of a game (and its spectators, its chat sockets, a bot's game stream) land
in processes chosen by chance. Every move then crossed: the mover's process saved it and
built its view, and each other process that had a socket on the game heard the relay's
note, applied the move again and built the view again for its own socket (issue 56: with
four workers, 3.4 to 3.7 ms of server CPU per action against 2.2 ms with one; a profile of
the steady state had 18% of the busy samples in that catch-up and 21% in the views).

With affinity each game belongs to one of the N workers (:func:`slot_of`, a hash of its id).
A worker that accepts a connection whose first request opens one of a game's long-lived
channels (:data:`CHANNEL`) and whose game belongs to another worker passes the connection
on: its file descriptor and the bytes already read travel over a Unix datagram socket
(``SCM_RIGHTS``) to the owner, which serves the connection as if it had accepted it (the
client's address, the request, everything after it) and the first worker lets go of its
copy. Nothing is proxied: after the hand-off the owner and the client talk directly.

Each worker takes a slot, the first free one of ``0..N-1``, by binding a socket in Linux's
abstract namespace named after the site (the kernel frees it when the process ends, and
the worker that uvicorn starts in its place takes it). A worker takes its slot when its
first connection comes, with the means to serve a connection (its HTTP protocol's
settings, :meth:`Affinity.adopt`). Whatever cannot be passed on (no owner yet, its queue
full, a request line that did not come in the first read, TLS at the worker) is served
where it arrived, as before: affinity saves work, the relay keeps every process right.
"""

from __future__ import annotations

import array
import asyncio
import errno
import functools
import logging
import os
import re
import socket
import struct
import time
import zlib
from collections.abc import Callable
from typing import Any

from .ops.metrics import AFFINITY, labelled

__all__ = [
    "AFFINITY_ENV",
    "CHANNEL",
    "RETRY_SLOT",
    "Affinity",
    "current",
    "game_of",
    "slot_of",
]

AFFINITY_ENV = "SHOAL_AFFINITY"
"""Set by ``shoal serve --workers N`` for its workers: ``"SITE:N"``, SITE a random name of
this run (the sockets' names), N the number of slots."""

CHANNEL = re.compile(
    rb"GET (?:/api/games/([A-Za-z0-9_-]{1,64})/(?:ws|social)"
    rb"|/api/bot/game/stream/([A-Za-z0-9_-]{1,64}))[?# ]"
)
"""The first request line of a connection that follows one game for long: its page's
socket, its chat socket, a bot's game stream."""

RETRY_SLOT = 5.0
"""Seconds before a process that found every slot taken looks for a free one again."""

LARGEST = 16_384
"""The most bytes already read that a connection is passed on with (a request head that
opens a socket is well under it; a larger one is served where it arrived)."""

log = logging.getLogger("shoal.server.affinity")

_INT = array.array("i")
_ANCILLARY = socket.CMSG_SPACE(_INT.itemsize) + socket.CMSG_SPACE(struct.calcsize("3i"))
"""Room for what a hand-off carries besides its bytes: one descriptor and the sender's
credentials."""


def game_of(head: bytes) -> str | None:
    """The game whose channel the request starting ``head`` opens, or None (another
    request, or no whole request line yet)."""
    found = CHANNEL.match(head)
    if found is None:
        return None
    return (found.group(1) or found.group(2)).decode("ascii")


def slot_of(game_id: str, slots: int) -> int:
    """The slot (of ``0..slots-1``) that serves ``game_id``'s channels: the same in every
    process of a site."""
    return zlib.crc32(game_id.encode("utf-8")) % slots


class Affinity:
    """One process's part in the site's affinity: its slot, its hand-offs, its adoptions."""

    def __init__(self, site: str, slots: int) -> None:
        self.site = site
        self.slots = slots
        self.slot: int | None = None
        """This process's slot, once taken (:meth:`adopt`)."""
        self.passed = 0
        """Connections passed on to their game's worker."""
        self.adopted = 0
        """Connections taken from another worker."""
        self.kept = 0
        """Connections to pass on that stayed here (no owner to take them, or it was busy)."""
        self._out: socket.socket | None = None
        self._in: socket.socket | None = None
        self._make: Callable[[bytes], asyncio.Protocol] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._refused = False
        self._next_look = 0.0
        self._serving: set[asyncio.Task[None]] = set()

    def address(self, slot: int) -> bytes:
        """The abstract socket name of ``slot``'s worker."""
        return f"\0shoal-affinity-{self.site}-{slot}".encode()

    # -- taking connections ----------------------------------------------------------
    def adopt(
        self, loop: asyncio.AbstractEventLoop, make: Callable[[bytes], asyncio.Protocol]
    ) -> int | None:
        """Take this process's slot (the first free one) and serve the connections passed to
        it with ``make(already_read)``, a new protocol as this process's server makes them.
        The slot, or None when all are taken: then a call :data:`RETRY_SLOT` seconds later or
        more looks again (uvicorn's restart of all workers starts each new one before the
        old one ends, so a new worker finds every slot held until the old ones are gone).
        Once a slot is taken, later calls do nothing."""
        if self._in is not None:
            return self.slot
        now = time.monotonic()
        if now < self._next_look:
            return None
        self._make = make
        receiver = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        for slot in range(self.slots):
            try:
                receiver.bind(self.address(slot))
            except OSError as error:
                if error.errno != errno.EADDRINUSE:
                    raise
                continue
            self.slot = slot
            break
        else:
            receiver.close()
            if self._next_look == 0.0:
                log.warning(
                    "game affinity: all %d slots are taken; serving what comes, and looking "
                    "again every %g s",
                    self.slots,
                    RETRY_SLOT,
                )
            self._next_look = now + RETRY_SLOT
            return None
        receiver.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 1)  # who sent each one
        receiver.setblocking(False)
        self._in, self._loop = receiver, loop
        loop.add_reader(receiver.fileno(), self._received, loop)
        log.info("game affinity: this worker serves slot %d of %d", self.slot, self.slots)
        return self.slot

    def _received(self, loop: asyncio.AbstractEventLoop) -> None:
        assert self._in is not None and self._make is not None
        while True:
            try:
                head, ancillary, _, _ = self._in.recvmsg(LARGEST, _ANCILLARY)
            except (BlockingIOError, InterruptedError):
                return
            connection = self._taken(ancillary)
            if connection is None:
                continue
            self.adopted += 1
            labelled(AFFINITY, "adopted").inc()
            task = loop.create_task(
                self._serve(loop, connection, functools.partial(self._make, head))
            )
            self._serving.add(task)  # held till done: the loop keeps only a weak reference
            task.add_done_callback(self._serving.discard)

    def _taken(self, ancillary: list[tuple[int, int, bytes]]) -> socket.socket | None:
        """The TCP connection a message passed, when a process of this server's user sent it
        (the kernel's credentials of the sender: an abstract socket has no permissions, and
        any process of the machine could write to it); anything else is closed."""
        fds: list[int] = []
        sender: int | None = None
        for level, kind, data in ancillary:
            if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
                usable = len(data) - len(data) % _INT.itemsize
                fds += array.array("i", data[:usable]).tolist()
            elif level == socket.SOL_SOCKET and kind == socket.SCM_CREDENTIALS:
                sender = struct.unpack("3i", data[: struct.calcsize("3i")])[1]  # pid, uid, gid
        connections = [socket.socket(fileno=fd) for fd in fds]
        if (
            sender == os.getuid()
            and len(connections) == 1
            and connections[0].family in (socket.AF_INET, socket.AF_INET6)
            and connections[0].type == socket.SOCK_STREAM
        ):
            connections[0].setblocking(False)
            return connections[0]
        for connection in connections:
            connection.close()
        if not self._refused:
            self._refused = True
            log.warning(
                "game affinity: refused a message not from this server's user, or not one TCP "
                "connection (sender uid %s, %d descriptors); later ones are refused silently",
                sender,
                len(fds),
            )
        return None

    @staticmethod
    async def _serve(
        loop: asyncio.AbstractEventLoop,
        connection: socket.socket,
        make: Callable[[], asyncio.Protocol],
    ) -> None:
        try:
            await loop.connect_accepted_socket(make, connection)
        except OSError as error:  # the client went meanwhile
            log.info("game affinity: a connection passed here was gone (%s)", error)
            connection.close()
        except Exception:
            log.exception("game affinity: a connection passed here could not be served")
            connection.close()

    # -- passing connections on --------------------------------------------------------
    def pass_on(self, transport: asyncio.BaseTransport, head: bytes) -> bool:
        """Pass the connection of ``transport``, whose first read was ``head``, to its
        game's worker; True when it went (close ``transport`` then: the owner holds the
        connection), False to serve it here."""
        if self.slot is None or len(head) > LARGEST:
            return False
        game = game_of(head)
        if game is None:
            return False
        owner = slot_of(game, self.slots)
        if owner == self.slot:
            return False
        held = transport.get_extra_info("socket")
        if held is None:
            return False
        if self._out is None:
            self._out = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            self._out.setblocking(False)
        try:
            rights = [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", [held.fileno()]))]
            self._out.sendmsg([head], rights, 0, self.address(owner))
        except OSError:  # no worker holds the slot (yet, or it is restarting), or it is busy
            self.kept += 1
            labelled(AFFINITY, "kept").inc()
            return False
        self.passed += 1
        labelled(AFFINITY, "passed").inc()
        return True

    def close(self) -> None:
        """Let go of the slot and the sockets (the process is ending)."""
        if self._in is not None and self._loop is not None and not self._loop.is_closed():
            self._loop.remove_reader(self._in.fileno())
        for held in (self._in, self._out):
            if held is not None:
                held.close()
        self._in = self._out = None


_current: Affinity | None = None
_read = False


def current() -> Affinity | None:
    """This process's :class:`Affinity` when ``shoal serve`` asked for one
    (:data:`AFFINITY_ENV`), else None (one process, the tests' apps)."""
    global _current, _read
    if not _read:
        _read = True
        value = os.environ.get(AFFINITY_ENV, "")
        site, _, slots = value.partition(":")
        if site and slots.isdigit() and int(slots) > 1:
            _current = Affinity(site, int(slots))
    return _current


def made_like(protocol: Any) -> Callable[[bytes], asyncio.Protocol]:
    """A maker of protocols like ``protocol`` (the same class and server settings), each
    given the bytes its connection's first worker read (``preface``)."""
    cls, args, kwargs = type(protocol), protocol._made_with[0], protocol._made_with[1]

    def make(preface: bytes) -> asyncio.Protocol:
        made: asyncio.Protocol = cls(*args, **kwargs)
        made._preface = preface  # type: ignore[attr-defined]
        return made

    return make
