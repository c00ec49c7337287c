"""Vacations' routes (issue 43).

* ``GET /api/vacation``: ``{allowance, used, left, on_vacation, until}`` (``until``:
  epoch seconds, null when not away).
* ``POST /api/vacation`` ``{days}``: start a vacation of so many whole days now (1 to
  ``left``); the correspondence clocks of every game where you are to move stop.
* ``DELETE /api/vacation``: come back early; only the days begun are spent.
* ``GET`` / ``PUT /api/mail/digest`` ``{mode, hours}``: turn mail as each turn comes
  (``turn``), as a digest at most every ``hours`` hours (``digest``, 1 to 168) or ``none``.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel

from ..accounts.service import SignedIn
from ..context import Context
from ..errors import ApiError, refusals
from .digest import MODES
from .schemas import Digest, VacationOut

__all__ = ["router"]

router = APIRouter(tags=["vacation"], responses=refusals(400, 401, 403, 409, 413))


class VacationIn(BaseModel):
    """Whole days of vacation, from now."""

    days: int


@router.get(
    "/api/vacation",
    summary="My vacation days and whether I am away",
    response_model=VacationOut,
)
async def vacation(user: SignedIn, context: Context) -> dict[str, Any]:
    return (await asyncio.to_thread(context.vacations.state, user.id)).view()


@router.post(
    "/api/vacation",
    summary="Start a vacation: my correspondence clocks stop",
    response_model=VacationOut,
)
async def start(body: VacationIn, user: SignedIn, context: Context) -> dict[str, Any]:
    seats = await asyncio.to_thread(context.accounts.store.seats_of, user.id)
    found = await asyncio.to_thread(context.vacations.start, user.id, body.days, seats)
    return found.view()


@router.delete("/api/vacation", summary="End my vacation now", response_model=VacationOut)
async def end(user: SignedIn, context: Context) -> dict[str, Any]:
    seats = await asyncio.to_thread(context.accounts.store.seats_of, user.id)
    return (await asyncio.to_thread(context.vacations.end, user.id, seats)).view()


class DigestIn(BaseModel):
    """How turns are mailed."""

    mode: str
    hours: int = 12


def _digests(context: Context) -> Any:
    digests = context.correspondence.digests
    if digests is None:
        raise ApiError(503, "this server keeps no mail digests")
    return digests


@router.get(
    "/api/mail/digest",
    summary="How my turns are mailed",
    response_model=Digest,
    responses=refusals(503),
)
async def get_digest(user: SignedIn, context: Context) -> dict[str, Any]:
    mode, hours = await asyncio.to_thread(_digests(context).mode, user.id)
    return {"mode": mode, "hours": hours}


@router.put(
    "/api/mail/digest",
    summary="Mail my turns each, as a digest, or not at all",
    response_model=Digest,
)
async def put_digest(body: DigestIn, user: SignedIn, context: Context) -> dict[str, Any]:
    if body.mode not in MODES:
        raise ApiError(400, f"mode is one of {list(MODES)}, not {body.mode!r}")
    if not 1 <= body.hours <= 168:
        raise ApiError(400, "a digest comes every 1 to 168 hours")
    await asyncio.to_thread(_digests(context).save, user.id, body.mode, body.hours)
    return {"mode": body.mode, "hours": body.hours}
