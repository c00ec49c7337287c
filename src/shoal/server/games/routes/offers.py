"""Offers between the players: a draw, a takeback, an abort (issue 23).

Each is one function of :mod:`shoal.server.games.service`, through the change prelude
(:func:`~shoal.server.games.changes.change`):
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

from typing import Any, Literal

from fastapi import APIRouter
from pydantic import BaseModel

from ...errors import refusals
from ...notifications.service import NotifierDep
from .. import service
from ..env import GamesDep
from ..schemas import OffersView
from ..social import offers_view
from .caller import SeatCaller, change_route

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


@router.get(
    "/api/games/{game_id}/offers",
    summary="The standing offers of a game",
    response_model=OffersView,
    responses=refusals(404),
)
async def get_offers(game_id: str, games: GamesDep) -> dict[str, Any]:
    entry = await games.manager.entry(game_id)
    return offers_view(entry.live, await games.social.offers(game_id))


@change_route(router, "draw", "Offer, accept, decline or withdraw a draw", OffersView)
async def post_draw(
    game_id: str, body: DrawIn, caller: SeatCaller, notifier: NotifierDep
) -> dict[str, Any]:
    asked = service.Asked(game_id, body.version, caller.token, caller.account, body.action)
    return await service.draw(caller.games, notifier, asked)


@change_route(router, "takeback", "Ask for, or answer, a takeback", OffersView)
async def post_takeback(
    game_id: str, body: TakebackIn, caller: SeatCaller, notifier: NotifierDep
) -> dict[str, Any]:
    asked = service.Asked(game_id, body.version, caller.token, caller.account, body.action)
    return await service.takeback(caller.games, notifier, asked)


@change_route(router, "abort", "Abort the game in its first two turns", OffersView)
async def post_abort(game_id: str, body: AbortIn, caller: SeatCaller) -> dict[str, Any]:
    return await service.abort(
        caller.games, game_id, body.version, caller.token, account=caller.account
    )
