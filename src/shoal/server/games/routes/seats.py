"""Seats: claiming an online game's invite (a one-time claim, as a challenge link on lichess),
and the rematch of an online game.

* ``POST /api/games/{id}/rematch`` (a player's token), once the game is over: the first call
  offers a rematch (every watcher sees ``rematch.offered_by``); the other player's call
  accepts it: a new online game with the sides swapped, same options and clock, answered with
  the caller's new seat token; the offerer gets theirs from
  ``POST /api/games/{id}/rematch/token``. ``DELETE`` withdraws or declines an offer. Offers
  live in the server's memory, like lichess's: a restart forgets them.

* ``POST /api/games/{id}/claim`` with the invite token in ``X-Shoal-Token`` and
  ``{"version", "name"}``: the seat the invite gives gets a new private token, returned
  once; the invite then plays nothing, so a second browser opening the link is refused
  (403, "already taken") and watches instead. Programs that play with the invite token
  itself, without claiming, keep working as before. Only an unclaimed invite of a game
  still on can be claimed, once: a player's own token, an invite claimed already or a
  seat an account holds is refused (403), an ended game's too (409). A signed-in joiner's
  seat is their account's at once (their username shown, as after ``POST /api/me/claims``), so a
  rated invite game counts and shows in their games; a guest's stays a guest seat.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field

from ...context import Context, TokenHeader
from ...errors import ApiError, refusals
from ...inputs import clean_name
from ..changes import change
from ..creation import rematch_data
from ..manager import new_token
from ..models import hash_token
from ..schemas import ClaimOut, RematchOut, RematchSeat
from .caller import SeatCaller, change_route

__all__ = ["ClaimIn", "router"]

router = APIRouter(tags=["games"])


TAKEN = "this invite link is not valid, or its seat has already been taken: you can watch"


class ClaimIn(BaseModel):
    """Claiming an invite: the version seen, and the name to show for the seat."""

    version: int | None = Field(None, description="the version seen (default: the current one)")
    name: str = Field("", max_length=40, description="the name to show for this seat")


@change_route(router, "claim", "Claim the seat of an invite link", ClaimOut)
async def claim(game_id: str, body: ClaimIn, caller: SeatCaller) -> dict[str, Any]:
    context, player, x_shoal_token = caller.context, caller.player, caller.token
    name = clean_name(body.name, "")
    version = body.version
    if version is None:  # a claim does not depend on the board: take the game as it is
        version = (await context.manager.entry(game_id)).live.data.version
    try:
        async with change(context.manager, game_id, version, x_shoal_token, when_over=True) as now:
            if now.live.data.mode != "friend":
                raise ApiError(400, "only the invite of an online game can be claimed")
            seat = now.live.invite_seat(x_shoal_token)
            if seat is None:  # a player's own token, or an invite claimed already
                raise ApiError(403, TAKEN)
            if (now.live.data.accounts or [None, None])[seat] is not None:
                raise ApiError(403, TAKEN)  # an account holds this seat
            if now.live.over:
                raise ApiError(409, "the game is over: its invite can no longer be claimed")
            token = new_token()
            if player is None:  # a guest's seat stays a guest seat
                data = now.live.with_claim(seat, hash_token(token), name)
            else:
                data = now.live.with_claim(seat, hash_token(token), player.username, player.id)
            await now.commit(data)
    except ApiError as error:
        if error.status == 403:
            raise ApiError(403, TAKEN) from None
        raise
    return {"seat": seat, "token": token}


@router.post(
    "/api/games/{game_id}/rematch",
    summary="Offer or accept a rematch",
    response_model=RematchOut,
    response_model_exclude_unset=True,
    responses=refusals(400, 403, 404, 409),
)
async def rematch(
    game_id: str, context: Context, x_shoal_token: TokenHeader = None
) -> dict[str, Any]:
    manager = context.manager
    entry = await manager.entry(game_id)
    async with entry.lock:
        live = entry.live
        seats = live.check_player(x_shoal_token)
        if live.data.mode != "friend":
            raise ApiError(400, "a rematch is for online games: use Play again")
        if not live.over:
            raise ApiError(409, "the game is not over yet")
        seat = seats[0]
        offer = live.rematch
        if offer is None:
            live.rematch = {"by": seat}
            await manager.broadcast(entry)
            await context.notifier.offer(live, seat, "rematch")
            return {"offered": True, "game": None}
        if offer.get("game") is not None:
            raise ApiError(409, "the rematch has already started")
        if offer["by"] == seat:
            raise ApiError(409, "you have already offered a rematch: wait for an answer")
        data, tokens = rematch_data(live.data)
        created = await manager.create(data)
        days = await context.correspondence.days(game_id)
        if days is not None:  # a correspondence game's rematch is one too
            await context.correspondence.start(created, days)
        live.rematch = {
            "by": offer["by"],
            "game": data.id,
            "tokens": {offer["by"]: tokens[offer["by"]]},
        }
        await manager.broadcast(entry)
    return {"offered": False, "game": data.id, "token": tokens[seat]}


@router.post(
    "/api/games/{game_id}/rematch/token",
    summary="The offerer's seat in the rematch",
    response_model=RematchSeat,
    responses=refusals(403, 404),
)
async def rematch_token(
    game_id: str, context: Context, x_shoal_token: TokenHeader = None
) -> dict[str, Any]:
    entry = await context.manager.entry(game_id)
    async with entry.lock:
        live = entry.live
        seats = live.check_player(x_shoal_token)
        offer = live.rematch or {}
        token = offer.get("tokens", {}).pop(seats[0], None)
        if token is None:
            raise ApiError(404, "no rematch seat is waiting for you")
    return {"game": offer["game"], "token": token}


@router.delete(
    "/api/games/{game_id}/rematch",
    summary="Withdraw or decline a rematch offer",
    response_model=RematchOut,
    response_model_exclude_unset=True,
    responses=refusals(403, 404, 409),
)
async def no_rematch(
    game_id: str, context: Context, x_shoal_token: TokenHeader = None
) -> dict[str, Any]:
    manager = context.manager
    entry = await manager.entry(game_id)
    async with entry.lock:
        live = entry.live
        live.check_player(x_shoal_token)
        if live.rematch is None or live.rematch.get("game") is not None:
            raise ApiError(409, "there is no rematch offer to withdraw or decline")
        live.rematch = None
        await manager.broadcast(entry)
    return {"offered": False, "game": None}
