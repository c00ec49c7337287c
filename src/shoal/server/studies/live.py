"""A study's open pages, live (issue 44): ``WS /api/studies/{id}/ws``.

Every change publishes an event on the ``studies`` channel (:mod:`.service`); the
:class:`StudyHub` of each process turns it into messages for the study's sockets there:

* ``{"type": "chapter", "chapter": VIEW, "by": NAME}``: a chapter's tree changed (the
  whole chapter, read once from the database for all the pages);
* ``{"type": "position", "chapter": ID, "path": [...]}``: the owner moved while sync is on;
* ``{"type": "study"}``: the title, visibility, sync, editors or chapters changed (the page
  reads the study again); a reader who may no longer see it gets ``{"type": "gone"}`` and
  close 4404, as everyone does when the study is deleted.

An event is a hint to re-read the database, so a page that missed one (its socket
reconnecting) reads the study and its chapter again on reconnecting.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from starlette.websockets import WebSocket

from ..accounts.models import User
from ..errors import ApiError
from ..sockets import send, send_all
from .models import Chapter
from .store import StudyStore

if TYPE_CHECKING:
    from ..events import Events

__all__ = ["CHANNEL", "GONE", "StudyHub"]

CHANNEL = "studies"
"""The events channel of studies: ``{study, kind, ...}``, kinds ``chapter``, ``position``,
``study`` and ``gone``."""

GONE = 4404
"""The close code of a socket whose study is gone for its reader (the page stops retrying)."""


class StudyHub:
    """The open sockets of each study in this process."""

    def __init__(
        self,
        store: StudyStore,
        chapter_view: Callable[[Chapter], dict[str, Any]],
        events: Events,
    ) -> None:
        self.store = store
        self.chapter_view = chapter_view
        self.sockets: dict[str, dict[WebSocket, int | None]] = {}
        self.stop = events.subscribe(CHANNEL, self.on_event)

    def join(self, study_id: str, socket: WebSocket, user: User | None) -> None:
        self.sockets.setdefault(study_id, {})[socket] = None if user is None else user.id

    def leave(self, study_id: str, socket: WebSocket) -> None:
        room = self.sockets.get(study_id)
        if room is not None:
            room.pop(socket, None)
            if not room:
                del self.sockets[study_id]

    async def on_event(self, payload: Any) -> None:
        if not isinstance(payload, dict):
            return
        study_id = payload.get("study")
        if not isinstance(study_id, str):
            return
        room = self.sockets.get(study_id)
        if not room:
            return
        kind = payload.get("kind")
        if kind == "chapter":
            message = await asyncio.to_thread(self._chapter, study_id, payload.get("chapter"))
            if message is not None:
                message["by"] = payload.get("by")
                await self._send(study_id, room, message)
        elif kind == "position":
            await self._send(
                study_id,
                room,
                {
                    "type": "position",
                    "chapter": payload.get("chapter"),
                    "path": payload.get("path"),
                },
            )
        elif kind in ("study", "gone"):
            study = await asyncio.to_thread(self.store.get, study_id)
            for socket, user_id in list(room.items()):
                if study is None or not study.can_view(user_id):
                    await send(socket, {"type": "gone"})
                    with contextlib.suppress(Exception):
                        await socket.close(GONE)
                    self.leave(study_id, socket)
                elif not await send(socket, {"type": "study"}):
                    self.leave(study_id, socket)

    def _chapter(self, study_id: str, chapter_id: Any) -> dict[str, Any] | None:
        if not isinstance(chapter_id, int):
            return None
        chapter = self.store.chapter(study_id, chapter_id)
        if chapter is None:
            return None
        try:
            return {"type": "chapter", "chapter": self.chapter_view(chapter)}
        except ApiError:
            return None

    async def _send(self, study_id: str, room: dict[WebSocket, int | None], message: Any) -> None:
        for socket in await send_all(list(room), message):
            self.leave(study_id, socket)

    def close(self) -> None:
        self.stop()
