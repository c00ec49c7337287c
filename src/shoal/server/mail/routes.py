"""The mail's routes (issues 22, 43): an account's address and mail settings, how its turns
are mailed, and unsubscribing without signing in.

* ``GET`` / ``PUT /api/notifications/settings``: the email address (optional) and
  whether to mail turns and challenges.
* ``GET`` / ``PUT /api/mail/digest`` ``{mode, hours}``: turn mail as each turn comes
  (``turn``), as a digest at most every ``hours`` hours (``digest``, 1 to 168) or ``none``.
* ``GET /unsubscribe?token=T`` (a page with one button) and ``POST /unsubscribe?token=T``
  (also RFC 8058's one-click): mail off for the token's account, without signing in.
"""

from __future__ import annotations

import asyncio
import html
import re
from typing import Any

from fastapi import APIRouter
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field

from ..accounts.service import SignedIn
from ..errors import ApiError, refusals
from .digest import MODES
from .schemas import Digest, MailSettingsOut
from .service import MailDep, check_unsubscribe
from .store import MailSettings

__all__ = ["DigestIn", "SettingsIn", "router"]

router = APIRouter()

SETTINGS: dict[str, Any] = {
    "tags": ["notifications"],
    "responses": refusals(400, 401, 403, 404, 409, 413),
}
"""The settings' routes are documented with the notifications (as they were written first)."""

DIGESTS: dict[str, Any] = {"tags": ["vacation"], "responses": refusals(400, 401, 403, 409, 413)}
"""The digests' routes are documented with the vacations (issue 43 made both)."""

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


@router.get(
    "/api/notifications/settings",
    summary="My email address and mail settings",
    response_model=MailSettingsOut,
    **SETTINGS,
)
async def get_settings(user: SignedIn, mail: MailDep) -> dict[str, Any]:
    settings = await asyncio.to_thread(mail.store.settings, user.id)
    return _settings_view(settings, mail.mailer is not None)


@router.put(
    "/api/notifications/settings",
    summary="Set my email address and mail settings",
    response_model=MailSettingsOut,
    **SETTINGS,
)
async def put_settings(body: SettingsIn, user: SignedIn, mail: MailDep) -> dict[str, Any]:
    email = body.email.strip()
    if email and not EMAIL.fullmatch(email):
        raise ApiError(
            400,
            "{email} is not an email address (like name@example.org)",
            email=repr(email),
        )
    settings = MailSettings(email or None, body.mail_turns, body.mail_challenges)
    await asyncio.to_thread(mail.store.save_settings, user.id, settings)
    return _settings_view(settings, mail.mailer is not None)


class DigestIn(BaseModel):
    """How turns are mailed."""

    mode: str
    hours: int = 12


@router.get(
    "/api/mail/digest",
    summary="How my turns are mailed",
    response_model=Digest,
    **DIGESTS,
)
async def get_digest(user: SignedIn, mail: MailDep) -> dict[str, Any]:
    mode, hours = await asyncio.to_thread(mail.digests.mode, user.id)
    return {"mode": mode, "hours": hours}


@router.put(
    "/api/mail/digest",
    summary="Mail my turns each, as a digest, or not at all",
    response_model=Digest,
    **DIGESTS,
)
async def put_digest(body: DigestIn, user: SignedIn, mail: MailDep) -> dict[str, Any]:
    if body.mode not in MODES:
        raise ApiError(
            400,
            "mode is one of {list}, not {mode}",
            list=list(MODES),
            mode=repr(body.mode),
        )
    if not 1 <= body.hours <= 168:
        raise ApiError(400, "a digest comes every 1 to 168 hours")
    await asyncio.to_thread(mail.digests.save, user.id, body.mode, body.hours)
    return {"mode": body.mode, "hours": body.hours}


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
async def unsubscribe_page(mail: MailDep, token: str = "") -> HTMLResponse:
    if await asyncio.to_thread(check_unsubscribe, mail.secrets, token) is None:
        return _page("Unsubscribe", f"<p>{BAD_LINK}</p>", 400)
    action = html.escape(f"/unsubscribe?token={token}")
    return _page(
        "Unsubscribe",
        "<p>Stop all mail from shoal (your turns and challenges)?</p>"
        f"<form method='post' action='{action}'>"
        "<button type='submit' id='unsubscribe'>Stop the mail</button></form>",
    )


@router.post("/unsubscribe", include_in_schema=False)
async def unsubscribe(mail: MailDep, token: str = "") -> HTMLResponse:
    store = mail.store
    user_id = await asyncio.to_thread(check_unsubscribe, mail.secrets, token)
    if user_id is None:
        return _page("Unsubscribe", f"<p>{BAD_LINK}</p>", 400)
    old = await asyncio.to_thread(store.settings, user_id)
    await asyncio.to_thread(store.save_settings, user_id, MailSettings(old.email, False, False))
    return _page(
        "Unsubscribed",
        "<p id='done'>No more mail will be sent. You can turn it on again on "
        "<a href='/settings'>the settings page</a>.</p>",
    )
