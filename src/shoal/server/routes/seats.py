"""Seats: claiming an online game's invite (a one-time claim, as a challenge link on lichess).

* ``POST /api/games/{id}/claim`` with the invite token in ``X-Shoal-Token`` and
  ``{"version", "name"}``: the seat the invite gives gets a new private token, returned
  once; the invite then plays nothing, so a second browser opening the link is refused
  (403, "already taken") and watches instead. Programs that play with the invite token
  itself, without claiming, keep working as before.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header
from pydantic import BaseModel, Field

from ..changes import change
from ..context import Context
from ..errors import ApiError
from ..manager import new_token
from ..storage import hash_token

__all__ = ["ClaimIn", "router"]

router = APIRouter(tags=["games"])

TAKEN = "this invite link is not valid, or its seat has already been taken: you can watch"


class ClaimIn(BaseModel):
    """Claiming an invite: the version seen, and the name to show for the seat."""

    version: int | None = Field(None, description="the version seen (default: the current one)")
    name: str = Field("", max_length=40, description="the name to show for this seat")


@router.post("/api/games/{game_id}/claim", summary="Claim the seat of an invite link")
async def claim(
    game_id: str,
    body: ClaimIn,
    context: Context,
    x_shoal_token: Annotated[str | None, Header(alias="X-Shoal-Token")] = None,
) -> dict[str, Any]:
    name = " ".join(body.name.split())
    if any(not ch.isprintable() for ch in name):
        raise ApiError(400, "a name is plain text")
    version = body.version
    if version is None:  # a claim does not depend on the board: take the game as it is
        version = (await context.manager.entry(game_id)).live.data.version
    try:
        async with change(context.manager, game_id, version, x_shoal_token, when_over=True) as now:
            if now.live.data.mode != "friend":
                raise ApiError(400, "only the invite of an online game can be claimed")
            if len(now.seats) != 1:
                raise ApiError(400, "this token plays more than one seat")
            seat = now.seats[0]
            token = new_token()
            await now.commit(now.live.with_claim(seat, hash_token(token), name))
    except ApiError as error:
        if error.status == 403:
            raise ApiError(403, TAKEN) from None
        raise
    return {"seat": seat, "token": token}
