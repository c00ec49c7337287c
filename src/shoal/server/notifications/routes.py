"""Notifications (issue 22): the signed-in player's list, read marks, live count (the mail
settings are the mail domain's, :mod:`shoal.server.mail.routes`).

* ``GET /api/notifications`` (``?unread=true``, ``limit``): newest first, with ``unread``;
  a ``challenge`` notification carries its challenge now: ``{id, status, game,
  time_control, rated, colour}`` (``colour``: the challenger's side; ``status``: ``open``,
  ``accepted``, ``declined``, ``cancelled``, ``expired``; null when the challenge is
  gone), so the page answers an open one (``POST /api/challenges/{id}/accept`` or
  ``/decline``) and shows the others' state in words.
* ``POST /api/notifications/{id}/read``, ``POST /api/notifications/read`` (all): mark read.
* ``GET /api/notifications/count``: ``{"unread": n}`` (the navigation's badge).
* ``WS /api/notifications/ws``: the count at once, then each new notification with the
  new count (``{"type": "notification", "unread", "notification"?}``).
* ``GET /notifications``: the page.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, WebSocket
from fastapi.responses import FileResponse, HTMLResponse

from ..accounts.service import Accounts, AccountsDep, SignedIn
from ..challenges.models import Challenge
from ..challenges.service import Challenges, ChallengesDep
from ..db_down import survives_database
from ..errors import ApiError, refusals
from ..files import page
from ..origin import foreign_origin
from ..params import RowId
from ..provide import service_of
from ..sockets import keep_alive
from .models import Notice
from .schemas import Marked, Notifications, Unread
from .service import Notifier, NotifierDep

__all__ = ["held_notification_socket", "router"]

router = APIRouter(tags=["notifications"], responses=refusals(400, 401, 403, 404, 409, 413))


def _challenge_id(notice: Notice) -> int | None:
    """The id of the challenge a ``challenge`` notification tells of, or None."""
    if notice.kind != "challenge":
        return None
    value = str(notice.data.get("challenge", ""))
    return int(value) if value.isdigit() else None


def _challenge_view(c: Challenge) -> dict[str, Any]:
    return {
        "id": c.id,
        "status": c.status,
        "game": c.game_id,
        "time_control": c.time_control,
        "rated": c.rated,
        "colour": c.colour,
    }


def _views(challenges: Challenges, user_id: int, found: list[Notice]) -> list[dict[str, Any]]:
    """The notifications' JSON; a challenge's with the challenge's state now."""
    ids = {i for i in map(_challenge_id, found) if i is not None}
    known = challenges.challenges(ids)
    out = []
    for notice in found:
        view = notice.view()
        cid = _challenge_id(notice)
        if notice.kind == "challenge":
            c = known.get(cid) if cid is not None else None
            mine = c is not None and user_id in (c.challenged, c.challenger)
            view["challenge"] = _challenge_view(c) if c is not None and mine else None
        out.append(view)
    return out


@router.get(
    "/api/notifications",
    summary="My notifications, newest first",
    response_model=Notifications,
    response_model_exclude_unset=True,
)
async def notifications(
    user: SignedIn,
    notifier: NotifierDep,
    challenges: ChallengesDep,
    unread: bool = False,
    limit: int = 50,
) -> dict[str, Any]:
    if not 1 <= limit <= 200:
        raise ApiError(400, "limit is a number from 1 to 200")
    store = notifier.store
    found = await asyncio.to_thread(store.notices, user.id, unread=unread, limit=limit)
    count = await asyncio.to_thread(store.unread, user.id)
    views = await asyncio.to_thread(_views, challenges, user.id, found)
    return {"notifications": views, "unread": count}


@router.get(
    "/api/notifications/count",
    summary="How many of my notifications are unread",
    response_model=Unread,
)
async def unread_count(user: SignedIn, notifier: NotifierDep) -> dict[str, int]:
    return {"unread": await asyncio.to_thread(notifier.store.unread, user.id)}


@router.post(
    "/api/notifications/read", summary="Mark all my notifications read", response_model=Marked
)
async def read_all(user: SignedIn, notifier: NotifierDep) -> dict[str, int]:
    changed = await asyncio.to_thread(notifier.store.mark_read, user.id, None)
    await notifier.push(user.id)
    return {"marked": changed, "unread": 0}


@router.post(
    "/api/notifications/{notice_id}/read",
    summary="Mark one notification read",
    response_model=Marked,
)
async def read_one(notice_id: RowId, user: SignedIn, notifier: NotifierDep) -> dict[str, int]:
    store = notifier.store
    if not await asyncio.to_thread(store.owns, user.id, notice_id):
        raise ApiError(404, "you have no notification {notice}", notice=notice_id)
    changed = await asyncio.to_thread(store.mark_read, user.id, notice_id)
    await notifier.push(user.id)
    return {"marked": changed, "unread": await asyncio.to_thread(store.unread, user.id)}


@router.websocket("/api/notifications/ws")
@survives_database
async def notification_socket(
    socket: WebSocket, notifier: NotifierDep, accounts: AccountsDep
) -> None:
    user = await asyncio.to_thread(accounts.user_of, socket)
    if user is None or foreign_origin(socket.scope):  # (also refused by SocketOrigin)
        await socket.close(code=4401, reason="sign in to receive notifications")
        return
    await socket.accept()
    notifier.watch(user.id, socket)
    try:
        await notifier.push(user.id)
        await keep_alive(socket)
    finally:
        notifier.unwatch(user.id, socket)


@router.get("/notifications", include_in_schema=False, response_class=HTMLResponse)
async def notifications_page() -> FileResponse:
    return page("notifications.html")


async def held_notification_socket(socket: WebSocket, params: dict[str, str]) -> None:
    """:func:`notification_socket` on the socket lane (:mod:`shoal.server.lane`): every
    signed-in page holds it open (the bell)."""
    await notification_socket(socket, service_of(socket, Notifier), service_of(socket, Accounts))
