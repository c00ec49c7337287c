"""Seats: claiming an online game's invite (a one-time claim, as a challenge link on lichess),
and the rematch of an online game.

* ``POST /api/games/{id}/rematch`` (a player's token, or the cookie of the account holding
  the seat), once the game is over: the first call offers a rematch (every social socket
  sees ``rematch.offered_by`` in the offers); the other player's call accepts it: a new
  online game with the sides swapped, same options and clock, answered with the caller's
  new seat token; either player gets theirs (again) from ``POST
  /api/games/{id}/rematch/token``. ``DELETE`` withdraws or declines an offer. Offers are
  stored with the game's other offers, the same in every server process (:mod:`..rematch`).

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

from shoal.i18n import N_

from ...errors import ApiError, refusals
from ...inputs import clean_name
from ...notifications.service import NotifierDep
from ..changes import change
from ..manager import new_token
from ..models import hash_token
from ..rematch import offer_or_accept, rematch_token, take_back_offer
from ..schemas import ClaimOut, RematchOut, RematchSeat
from .caller import SeatCaller, change_route

__all__ = ["ClaimIn", "router"]

router = APIRouter(tags=["games"])


TAKEN = N_("this invite link is not valid, or its seat has already been taken: you can watch")


class ClaimIn(BaseModel):
    """Claiming an invite: the version seen, and the name to show for the seat."""

    version: int | None = Field(None, description="the version seen (default: the current one)")
    name: str = Field("", max_length=40, description="the name to show for this seat")


@change_route(router, "claim", "Claim the seat of an invite link", ClaimOut)
async def claim(game_id: str, body: ClaimIn, caller: SeatCaller) -> dict[str, Any]:
    games, player, x_shoal_token = caller.games, caller.player, caller.token
    name = clean_name(body.name, "")
    version = body.version
    if version is None:  # a claim does not depend on the board: take the game as it is
        version = (await games.manager.entry(game_id)).live.data.version
    try:
        async with change(games.manager, game_id, version, x_shoal_token, when_over=True) as now:
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
async def rematch(game_id: str, caller: SeatCaller, notifier: NotifierDep) -> dict[str, Any]:
    return await offer_or_accept(caller.games, notifier, game_id, caller.token, caller.account)


@router.post(
    "/api/games/{game_id}/rematch/token",
    summary="Your seat in the rematch",
    response_model=RematchSeat,
    responses=refusals(403, 404),
)
async def rematch_seat(game_id: str, caller: SeatCaller) -> dict[str, Any]:
    return await rematch_token(caller.games, game_id, caller.token, caller.account)


@router.delete(
    "/api/games/{game_id}/rematch",
    summary="Withdraw or decline a rematch offer",
    response_model=RematchOut,
    response_model_exclude_unset=True,
    responses=refusals(400, 403, 404, 409),
)
async def no_rematch(game_id: str, caller: SeatCaller, notifier: NotifierDep) -> dict[str, Any]:
    return await take_back_offer(caller.games, notifier, game_id, caller.token, caller.account)
