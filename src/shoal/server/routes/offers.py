"""Offers between the players: a draw, a takeback, an abort (issue 23).

Each goes through the change prelude (:func:`~shoal.server.changes.change`):
the seat token (header ``X-Shoal-Token``), a game that is on, the version the
client saw. The offers themselves are stored beside the game (``shoal_offers``)
and sent live over ``WS /api/games/{id}/social`` (see :mod:`.chat`).

* ``POST /api/games/{id}/draw`` ``{"version", "action": "offer"|"accept"|"decline"|"withdraw"}``:
  a draw offer stands until answered, withdrawn, or until the offerer's opponent
  moves. Allowed in every game between people: the rules never forbid agreement.
* ``POST /api/games/{id}/takeback`` ``{"version", "action": "request"|"accept"|"decline"|
  "withdraw"}``: in casual games (today every game), the opponent may take back the
  asker's last turn (and what followed it); the request lapses with any move.
* ``POST /api/games/{id}/abort`` ``{"version"}``: in the first two turns, the game
  ends without a result.
* ``GET /api/games/{id}/offers``: the standing offers and what may be asked now.
"""

from __future__ import annotations

import time
from typing import Any, Literal

from fastapi import APIRouter
from pydantic import BaseModel

from shoal.core import Seat, other

from ..accounts import Player, account_id
from ..changes import Change, change
from ..context import Context, ServerContext, TokenHeader
from ..errors import ApiError
from ..session import LiveGame
from ..social import abortable, draw_offer_open, offers_view, takeback_open
from ..storage import Offers

__all__ = ["AbortIn", "DrawIn", "TakebackIn", "router"]

router = APIRouter(tags=["offers"])


class DrawIn(BaseModel):
    """A step of a draw offer, made from the view at ``version``."""

    version: int
    action: Literal["offer", "accept", "decline", "withdraw"]


class TakebackIn(BaseModel):
    """A step of a takeback request, made from the view at ``version``."""

    version: int
    action: Literal["request", "accept", "decline", "withdraw"]


class AbortIn(BaseModel):
    """An abort, made from the view at ``version``."""

    version: int


def _between_people(live: LiveGame) -> None:
    if live.data.mode != "friend":
        raise ApiError(
            403,
            "offers are for games between two people online "
            "(against the computer or at one screen, use undo and resign)",
        )


def _seat(now: Change) -> Seat:
    return now.seats[0]


async def _answer(context: ServerContext, live: LiveGame, offers: Offers) -> dict[str, Any]:
    await context.social.save(live.data.id, offers)
    await context.social.announce(live, offers)
    return offers_view(live, offers)


def _whose(standing: dict[str, Any] | None, me: int) -> tuple[bool, bool]:
    """(made by me, made by my opponent) for a standing offer or request."""
    by_me = standing is not None and int(standing["seat"]) == me
    return by_me, standing is not None and not by_me


@router.get("/api/games/{game_id}/offers", summary="The standing offers of a game")
async def get_offers(game_id: str, context: Context) -> dict[str, Any]:
    entry = await context.manager.entry(game_id)
    return offers_view(entry.live, await context.social.offers(game_id))


@router.post("/api/games/{game_id}/draw", summary="Offer, accept, decline or withdraw a draw")
async def post_draw(
    game_id: str,
    body: DrawIn,
    context: Context,
    player: Player,
    x_shoal_token: TokenHeader = None,
) -> dict[str, Any]:
    async with change(
        context.manager,
        game_id,
        body.version,
        x_shoal_token,
        refuse=_between_people,
        account=account_id(player),
    ) as now:
        me, live = _seat(now), now.live
        offers = await context.social.offers(game_id)
        by_me, by_them = _whose(offers.draw if draw_offer_open(live, offers.draw) else None, me)
        if body.action == "offer":
            if by_me:
                raise ApiError(409, "you have already offered a draw: wait for the answer")
            if by_them:
                raise ApiError(409, "your opponent has offered a draw: accept it or decline it")
            offers.draw = {"seat": me, "ply": len(live.data.actions)}
            await context.notifier.offer(live, me, "draw")
        elif body.action == "withdraw":
            if not by_me:
                raise ApiError(409, "you have no draw offer to withdraw")
            offers.draw = None
        else:
            if not by_them:
                raise ApiError(409, f"there is no draw offer from your opponent to {body.action}")
            offers.draw = None
            if body.action == "accept":
                offers.takeback = None
                await now.commit(live.with_agreement("drawn by agreement"))
                live = now.entry.live
        return await _answer(context, live, offers)


@router.post("/api/games/{game_id}/takeback", summary="Ask for, or answer, a takeback")
async def post_takeback(
    game_id: str,
    body: TakebackIn,
    context: Context,
    player: Player,
    x_shoal_token: TokenHeader = None,
) -> dict[str, Any]:
    async with change(
        context.manager,
        game_id,
        body.version,
        x_shoal_token,
        refuse=_between_people,
        account=account_id(player),
    ) as now:
        me, live = _seat(now), now.live
        offers = await context.social.offers(game_id)
        open_request = offers.takeback if takeback_open(live, offers.takeback) else None
        by_me, by_them = _whose(open_request, me)
        if body.action == "request":
            if by_me:
                raise ApiError(409, "you have already asked for a takeback: wait for the answer")
            if by_them:
                raise ApiError(409, "your opponent has asked for a takeback: answer it first")
            live.with_takeback(me, time.time())  # refuses when you have no turn to take back
            offers.takeback = {"seat": me, "ply": len(live.data.actions)}
        elif body.action == "withdraw":
            if not by_me:
                raise ApiError(409, "you have no takeback request to withdraw")
            offers.takeback = None
        else:
            if not by_them:
                raise ApiError(
                    409, f"there is no takeback request from your opponent to {body.action}"
                )
            offers.takeback = None
            if body.action == "accept":
                offers.draw = None
                await now.commit(live.with_takeback(other(me), time.time()))
                live = now.entry.live
        return await _answer(context, live, offers)


@router.post("/api/games/{game_id}/abort", summary="Abort the game in its first two turns")
async def post_abort(
    game_id: str,
    body: AbortIn,
    context: Context,
    player: Player,
    x_shoal_token: TokenHeader = None,
) -> dict[str, Any]:
    async with change(
        context.manager, game_id, body.version, x_shoal_token, account=account_id(player)
    ) as now:
        if not abortable(now.live):
            raise ApiError(
                409, "a game can only be aborted in its first two turns: resign or offer a draw"
            )
        seat = _seat(now)
        side = now.live.state.side_name(seat)
        await now.commit(now.live.with_agreement(f"aborted by {side}", aborted=True))
        offers = Offers(mutes=(await context.social.offers(game_id)).mutes)
        return await _answer(context, now.entry.live, offers)
