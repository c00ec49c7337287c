"""Reports (issue 61): a player reports a player, a chat line, a study or a game.

* ``POST /api/reports`` ``{kind, reason, text, username | chat | study | game}``: 201
  ``{id, state}``. ``reason`` is one of ``cheating``, ``abuse``, ``spam``, ``name``,
  ``other`` (``other`` needs a text). 400 what does not make sense (yourself, no subject),
  404 what you cannot see, 409 a report of yours about it still open, 429 past the site's
  limit ``reports`` (30 a day by default: docs/server.md, 'Limits').
* ``GET /api/reports``: my reports, newest first, each with its state (``open``,
  ``handled``).
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter

from ...accounts.service import SignedIn
from ...errors import refusals
from ...limits import LimitsDep, account_key
from ..schemas import MyReport, ReportIn, ReportOut
from ..service import ModerationDep

__all__ = ["router"]

router = APIRouter(tags=["moderation"], responses=refusals(400, 401, 403, 404, 409, 429))


@router.post("/api/reports", summary="Report", status_code=201, response_model=ReportOut)
async def report(
    body: ReportIn, user: SignedIn, moderation: ModerationDep, limits: LimitsDep
) -> dict[str, Any]:
    async with limits.hold("reports", account_key(user.id, "")):  # a refusal gives back
        made = await asyncio.to_thread(
            moderation.report,
            user,
            kind=body.kind,
            reason=body.reason,
            text=body.text,
            username=body.username,
            game_id=body.game,
            chat_id=body.chat,
            study_id=body.study,
        )
    return {"id": made.id, "state": made.status}


@router.get("/api/reports", summary="My reports and their state", response_model=list[MyReport])
def my_reports(user: SignedIn, moderation: ModerationDep) -> list[dict[str, Any]]:
    return moderation.mine(user)
