"""A loaded game's record in a server process (:class:`GameEntry`), a socket move's answer
(:class:`Ack`), and the new ids and tokens of games (:mod:`.manager` keeps the entries)."""

from __future__ import annotations

import asyncio
import secrets
import time
from typing import Any

from fastapi import WebSocket

from ..sockets import encode_value
from .session import LiveGame

__all__ = ["Ack", "GameEntry", "new_game_id", "new_token", "with_ack"]


def new_game_id() -> str:
    """A short random game id, safe in URLs."""
    return secrets.token_urlsafe(8).replace("-", "x").replace("_", "y")


def new_token() -> str:
    """A seat token: a random secret; the server stores only its hash."""
    return secrets.token_urlsafe(24)


class GameEntry:
    """A loaded game: its live state, the lock its writers take, its watchers.

    ``changed_elsewhere`` is the last version another server process announced
    (:mod:`shoal.server.relay`): that process runs the computer's reply to it.
    ``deltas`` are the watchers that take deltas, and ``sent`` the view each of them has, by
    language (English: ``"en"``; none while there are none); the messages go out under
    ``sending``, in order. ``languages`` holds the watchers that read another language than
    English, with theirs (the game's words are said in it: each language's message is made
    and encoded once for all its sockets). ``last_delta`` is the last delta sent in each
    language: its base version, its version and its text.
    ``patch`` is the last change this process stored, as its version and its
    :func:`~.patch.patch_of` (None: it cannot be told as one): the relay sends it along.
    ``told`` is the last version whose notice to the other processes went out with its
    save (:attr:`GameManager.announce`): the relay has nothing more to send for it.
    ``used`` is when it was last asked for or changed (:func:`time.monotonic`).
    ``untimed``: known to have no correspondence clock (:mod:`.correspondence`), so its
    changes never ask the database for one; the knowledge leaves memory with the game.
    """

    __slots__ = (
        "changed_elsewhere",
        "deltas",
        "languages",
        "last_delta",
        "live",
        "lock",
        "patch",
        "sending",
        "sent",
        "told",
        "untimed",
        "used",
        "watchers",
    )

    def __init__(self, live: LiveGame) -> None:
        self.live = live
        self.lock = asyncio.Lock()
        self.watchers: set[WebSocket] = set()
        self.changed_elsewhere = 0
        self.deltas: set[WebSocket] = set()
        self.languages: dict[WebSocket, str] = {}
        self.sent: dict[str, dict[str, Any]] = {}
        self.sending = asyncio.Lock()
        self.last_delta: dict[str, tuple[int, int, str]] = {}
        self.patch: tuple[int, dict[str, Any] | None] | None = None
        self.told = 0
        self.used = time.monotonic()
        self.untimed = False


class Ack:
    """A socket move's answer carried in its mover's delta (issue 39: one message less a
    move): the delta the mover's ``socket`` gets has ``"ack": id``; ``sent`` once it went.
    A mover that watches whole views (or none) is answered ``{"type": "ack"}`` instead
    (:class:`~.moves.SocketMoves`)."""

    __slots__ = ("id", "sent", "socket")

    def __init__(self, socket: WebSocket, ident: int | str) -> None:
        self.socket = socket
        self.id = ident
        self.sent = False


def with_ack(text: str, ident: int | str) -> str:
    """The encoded delta ``text`` with ``"ack": ident`` added (the text is a JSON object)."""
    return f'{text[:-1]},"ack":{encode_value(ident)}}}'
