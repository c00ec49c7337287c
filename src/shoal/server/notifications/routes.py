"""Notifications (issue 22): the signed-in player's list, read marks, live count, mail settings.

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
* ``GET`` / ``PUT /api/notifications/settings``: the email address (optional) and
  whether to mail turns and challenges.
* ``GET /unsubscribe?token=T`` (a page with one button) and ``POST /unsubscribe?token=T``
  (also RFC 8058's one-click): mail off for the token's account, without signing in.
* ``GET /api/games/{id}/correspondence``: a correspondence game's clock (``days``, the
  ``seat`` to move, its ``deadline`` and the server's ``now`` in epoch seconds; 404 for a
  game without one).
* ``GET /notifications``: the page.
"""

from __future__ import annotations

import asyncio
import html
import re
from pathlib import Path
from typing import Any

from fastapi import APIRouter, WebSocket
from fastapi.responses import FileResponse, HTMLResponse
from pydantic import BaseModel, Field

from ..accounts.service import SignedIn, get_accounts
from ..challenges.models import Challenge
from ..context import Context, ServerContext, get_context
from ..db_down import survives_database
from ..errors import ApiError, refusals
from ..games.schemas import CorrespondenceView
from ..origin import foreign_origin
from ..params import RowId
from ..sockets import keep_alive
from .mail import check_unsubscribe
from .schemas import MailSettingsOut, Marked, Notifications, Unread
from .store import MailSettings, Notice

__all__ = ["SettingsIn", "held_notification_socket", "router"]

router = APIRouter(tags=["notifications"], responses=refusals(400, 401, 403, 404, 409, 413))

PAGE = Path(__file__).resolve().parents[2] / "web" / "notifications.html"

EMAIL = re.compile(r"[^@\s<>(),;:\"\[\]]{1,64}@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+")


class SettingsIn(BaseModel):
    """Mail settings: an address (empty: none) and which mails to send."""

    email: str = Field("", max_length=254, description="an email address, or empty for none")
    mail_turns: bool = True
    mail_challenges: bool = True


def _settings_view(settings: MailSettings, mail_on: bool) -> dict[str, Any]:
    return {
        "email": settings.email or "",
        "mail_turns": settings.mail_turns,
        "mail_challenges": settings.mail_challenges,
        "server_sends_mail": mail_on,
    }


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


def _views(context: ServerContext, user_id: int, found: list[Notice]) -> list[dict[str, Any]]:
    """The notifications' JSON; a challenge's with the challenge's state now."""
    ids = {i for i in map(_challenge_id, found) if i is not None}
    challenges = context.challenges.challenges(ids)
    out = []
    for notice in found:
        view = notice.view()
        cid = _challenge_id(notice)
        if notice.kind == "challenge":
            c = challenges.get(cid) if cid is not None else None
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
    user: SignedIn, context: Context, unread: bool = False, limit: int = 50
) -> dict[str, Any]:
    if not 1 <= limit <= 200:
        raise ApiError(400, "limit is a number from 1 to 200")
    store = context.notices
    found = await asyncio.to_thread(store.notices, user.id, unread=unread, limit=limit)
    count = await asyncio.to_thread(store.unread, user.id)
    views = await asyncio.to_thread(_views, context, user.id, found)
    return {"notifications": views, "unread": count}


@router.get(
    "/api/notifications/count",
    summary="How many of my notifications are unread",
    response_model=Unread,
)
async def unread_count(user: SignedIn, context: Context) -> dict[str, int]:
    return {"unread": await asyncio.to_thread(context.notices.unread, user.id)}


@router.post(
    "/api/notifications/read", summary="Mark all my notifications read", response_model=Marked
)
async def read_all(user: SignedIn, context: Context) -> dict[str, int]:
    changed = await asyncio.to_thread(context.notices.mark_read, user.id, None)
    await context.notifier.push(user.id)
    return {"marked": changed, "unread": 0}


@router.post(
    "/api/notifications/{notice_id}/read",
    summary="Mark one notification read",
    response_model=Marked,
)
async def read_one(notice_id: RowId, user: SignedIn, context: Context) -> dict[str, int]:
    store = context.notices
    if not await asyncio.to_thread(store.owns, user.id, notice_id):
        raise ApiError(404, f"you have no notification {notice_id}")
    changed = await asyncio.to_thread(store.mark_read, user.id, notice_id)
    await context.notifier.push(user.id)
    return {"marked": changed, "unread": await asyncio.to_thread(store.unread, user.id)}


@router.get(
    "/api/notifications/settings",
    summary="My email address and mail settings",
    response_model=MailSettingsOut,
)
async def get_settings(user: SignedIn, context: Context) -> dict[str, Any]:
    settings = await asyncio.to_thread(context.notices.settings, user.id)
    return _settings_view(settings, context.notifier.mailer is not None)


@router.put(
    "/api/notifications/settings",
    summary="Set my email address and mail settings",
    response_model=MailSettingsOut,
)
async def put_settings(body: SettingsIn, user: SignedIn, context: Context) -> dict[str, Any]:
    email = body.email.strip()
    if email and not EMAIL.fullmatch(email):
        raise ApiError(400, f"{email!r} is not an email address (like name@example.org)")
    settings = MailSettings(email or None, body.mail_turns, body.mail_challenges)
    await asyncio.to_thread(context.notices.save_settings, user.id, settings)
    return _settings_view(settings, context.notifier.mailer is not None)


@router.get(
    "/api/games/{game_id}/correspondence",
    summary="A correspondence game's clock",
    response_model=CorrespondenceView,
)
async def correspondence_clock(game_id: str, context: Context) -> dict[str, Any]:
    found = await context.correspondence.view(game_id)
    if found is None:
        raise ApiError(404, f"there is no correspondence game {game_id!r}")
    return found


@router.websocket("/api/notifications/ws")
@survives_database
async def notification_socket(socket: WebSocket, context: Context) -> None:
    user = await asyncio.to_thread(get_accounts(socket).user_of, socket)
    if user is None or foreign_origin(socket.scope):  # (also refused by SocketOrigin)
        await socket.close(code=4401, reason="sign in to receive notifications")
        return
    await socket.accept()
    notifier = context.notifier
    notifier.watch(user.id, socket)
    try:
        await notifier.push(user.id)
        await keep_alive(socket)
    finally:
        notifier.unwatch(user.id, socket)


# -- unsubscribing without signing in -------------------------------------------------------
def _page(title: str, body: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>shoal — {html.escape(title)}</title>"
        "<link rel='stylesheet' href='/static/style.css'></head>"
        f"<body><main class='narrow'><h1>{html.escape(title)}</h1>{body}</main></body></html>",
        status_code=status,
    )


BAD_LINK = (
    "This unsubscribe link is not valid: copy the whole link from the mail, or change "
    "your mail settings on <a href='/settings'>the settings page</a>."
)


@router.get("/unsubscribe", include_in_schema=False, response_class=HTMLResponse)
async def unsubscribe_page(context: Context, token: str = "") -> HTMLResponse:
    if await asyncio.to_thread(check_unsubscribe, context.notices, token) is None:
        return _page("Unsubscribe", f"<p>{BAD_LINK}</p>", 400)
    action = html.escape(f"/unsubscribe?token={token}")
    return _page(
        "Unsubscribe",
        "<p>Stop all mail from shoal (your turns and challenges)?</p>"
        f"<form method='post' action='{action}'>"
        "<button type='submit' id='unsubscribe'>Stop the mail</button></form>",
    )


@router.post("/unsubscribe", include_in_schema=False)
async def unsubscribe(context: Context, token: str = "") -> HTMLResponse:
    store = context.notices
    user_id = await asyncio.to_thread(check_unsubscribe, store, token)
    if user_id is None:
        return _page("Unsubscribe", f"<p>{BAD_LINK}</p>", 400)
    old = await asyncio.to_thread(store.settings, user_id)
    await asyncio.to_thread(store.save_settings, user_id, MailSettings(old.email, False, False))
    return _page(
        "Unsubscribed",
        "<p id='done'>No more mail will be sent. You can turn it on again on "
        "<a href='/settings'>the settings page</a>.</p>",
    )


@router.get("/notifications", include_in_schema=False, response_class=HTMLResponse)
async def notifications_page() -> FileResponse:
    return FileResponse(PAGE, media_type="text/html")


async def held_notification_socket(socket: WebSocket, params: dict[str, str]) -> None:
    """:func:`notification_socket` on the socket lane (:mod:`shoal.server.lane`): every
    signed-in page holds it open (the bell)."""
    await notification_socket(socket, await get_context(socket))
