"""Fair play's routes (issue 61): the browser's signal.

* ``GET /api/games/{id}/fairplay``: ``{watch}``, whether the caller (seat token in
  ``X-Shoal-Token``, or the account's cookie) plays this rated or event game while it is on:
  the game page then listens for the game's position being analysed in another tab.
* ``POST /api/games/{id}/fairplay`` ``{tool, position}``: that happened; ``tool`` is
  ``analysis``, ``hint``, ``offline`` or ``engine``, ``position`` the position seen (a
  position string, or the browser engine's packed state in hex): one report per game and
  player for the moderators (``{reported}``).
"""

from __future__ import annotations

import asyncio
from typing import Any, Literal

from fastapi import APIRouter
from pydantic import BaseModel, Field

from ..accounts.service import Player, account_id
from ..errors import ApiError, refusals
from ..games.env import GamesDep
from ..params import TokenHeader
from .schemas import FairplayTabOut, FairplayWatch
from .service import FairPlayDep

__all__ = ["router"]

router = APIRouter(tags=["moderation"], responses=refusals(400, 403, 404, 409))


class FairplayTabIn(BaseModel):
    """What another tab of this browser analysed."""

    tool: Literal["analysis", "hint", "offline", "engine"]
    position: str = Field(max_length=4000, description="a position string, or packed hex")


@router.get(
    "/api/games/{game_id}/fairplay",
    summary="Whether to watch the other tabs for this game's position",
    response_model=FairplayWatch,
)
async def watch(
    game_id: str,
    games: GamesDep,
    fairplay: FairPlayDep,
    player: Player,
    x_shoal_token: TokenHeader = None,
) -> dict[str, Any]:
    live = (await games.manager.entry(game_id)).live
    seats = live.seats_of(x_shoal_token, account_id(player))
    return {"watch": len(seats) == 1 and await asyncio.to_thread(fairplay.counts, live)}


@router.post(
    "/api/games/{game_id}/fairplay",
    summary="This game's position was analysed in another tab",
    response_model=FairplayTabOut,
)
async def tab(
    game_id: str,
    body: FairplayTabIn,
    games: GamesDep,
    fairplay: FairPlayDep,
    player: Player,
    x_shoal_token: TokenHeader = None,
) -> dict[str, Any]:
    live = (await games.manager.entry(game_id)).live
    seats = live.seats_of(x_shoal_token, account_id(player))
    if not seats:
        raise ApiError(403, "the signal is for the game's players")
    return {
        "reported": await asyncio.to_thread(fairplay.tab, live, seats, body.tool, body.position)
    }
