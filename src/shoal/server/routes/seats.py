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
  itself, without claiming, keep working as before.
"""

from __future__ import annotations

import secrets
from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field

from ..changes import change
from ..context import Context, TokenHeader
from ..errors import ApiError
from ..manager import new_game_id, new_token
from ..session import LiveGame
from ..storage import GameData, hash_token

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
    x_shoal_token: TokenHeader = None,
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


def _rematch_data(live: LiveGame) -> tuple[GameData, dict[int, str]]:
    """The rematch of ``live``: sides swapped, same game, options, start and clock."""
    old = live.data
    tokens = {0: new_token(), 1: new_token()}  # by seat of the old game
    clock = None
    if old.clock is not None:
        base = float(old.clock["base"])
        clock = {"base": base, "increment": old.clock["increment"], "remaining": [base, base],
                 "since": None}  # fmt: skip
    data = GameData(
        id=new_game_id(),
        game=old.game,
        options=dict(old.options),
        seed=None if old.start is not None else secrets.randbelow(2**31),
        start=old.start,
        mode="friend",
        level=None,
        computer_seat=None,
        players=[old.players[1], old.players[0]],
        token_hashes=[hash_token(tokens[1]), hash_token(tokens[0])],  # old seat s plays 1 - s
        actions=[],
        clock=clock,
        ended=None,
        version=1,
    )
    return data, tokens


@router.post("/api/games/{game_id}/rematch", summary="Offer or accept a rematch")
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
            return {"offered": True, "game": None}
        if offer.get("game") is not None:
            raise ApiError(409, "the rematch has already started")
        if offer["by"] == seat:
            raise ApiError(409, "you have already offered a rematch: wait for an answer")
        data, tokens = _rematch_data(live)
        await manager.create(data)
        live.rematch = {
            "by": offer["by"],
            "game": data.id,
            "tokens": {offer["by"]: tokens[offer["by"]]},
        }
        await manager.broadcast(entry)
    return {"offered": False, "game": data.id, "token": tokens[seat]}


@router.post("/api/games/{game_id}/rematch/token", summary="The offerer's seat in the rematch")
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


@router.delete("/api/games/{game_id}/rematch", summary="Withdraw or decline a rematch offer")
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
