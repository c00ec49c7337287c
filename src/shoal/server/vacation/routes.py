"""Vacations' routes (issue 43).

* ``GET /api/vacation``: ``{allowance, used, left, on_vacation, until}`` (``until``:
  epoch seconds, null when not away).
* ``POST /api/vacation`` ``{days}``: start a vacation of so many whole days now (1 to
  ``left``); the correspondence clocks of every game where you are to move stop.
* ``DELETE /api/vacation``: come back early; only the days begun are spent.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel

from ..accounts.service import SignedIn
from ..errors import refusals
from .schemas import VacationOut
from .service import VacationsDep

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
async def vacation(user: SignedIn, vacations: VacationsDep) -> dict[str, Any]:
    return (await asyncio.to_thread(vacations.state, user.id)).view()


@router.post(
    "/api/vacation",
    summary="Start a vacation: my correspondence clocks stop",
    response_model=VacationOut,
)
async def start(body: VacationIn, user: SignedIn, vacations: VacationsDep) -> dict[str, Any]:
    return (await asyncio.to_thread(vacations.start, user.id, body.days)).view()


@router.delete("/api/vacation", summary="End my vacation now", response_model=VacationOut)
async def end(user: SignedIn, vacations: VacationsDep) -> dict[str, Any]:
    return (await asyncio.to_thread(vacations.end, user.id)).view()
