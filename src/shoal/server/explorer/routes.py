"""The opening explorer's API (issue 44): ``GET /api/explorer/{game}``.

Query parameters (all optional):

* ``source``: ``site`` (default: the site's finished games), ``book`` (the
  game's shipped book of self-play games), ``player`` (one account's games;
  needs ``player``);
* ``position``: a position string of the game (default: its start, seed 0);
* ``options``: the game's options as ``name=value`` words (``variant=minor``);
* ``rated``: ``rated`` or ``casual``; ``speed``: ``live``, ``correspondence``
  or both, comma-separated; ``min_rating``, ``max_rating``: the players'
  average rating (bands of 200);
* ``player``: a username; ``seat``: 0 or 1, the seat the player held;
* ``engine``: ``false`` leaves out the engine's value and the prover.

The reply: ``{game, source, position, to_move, side, games, moves: [{action,
text, position, games, wins, draws, losses, win_pct, draw_pct, loss_pct,
average_rating, last_game, value, proven}]}``; wins, draws and losses are the
results of the side that made the move. Every counted move is listed.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Query

from shoal.core import parse_option_words
from shoal.core.errors import ShoalError

from ..accounts.service import Accounts, AccountsDep
from ..errors import ApiError, refusals
from .schemas import ExplorerOut
from .service import ExplorerDep, Lookup
from .store import Filters

__all__ = ["router"]

router = APIRouter(tags=["explorer"], responses=refusals(400, 404))

SPEEDS = ("live", "correspondence")


def _filters(
    accounts: Accounts,
    rated: str | None,
    speed: str | None,
    min_rating: int | None,
    max_rating: int | None,
    player: str | None,
    seat: int | None,
) -> Filters:
    if rated not in (None, "rated", "casual"):
        raise ApiError(400, "rated is 'rated' or 'casual', not {rated}", rated=repr(rated))
    speeds = None
    if speed:
        speeds = tuple(s.strip() for s in speed.split(",") if s.strip())
        bad = [s for s in speeds if s not in SPEEDS]
        if bad or not speeds:
            raise ApiError(
                400,
                "speed is among {choices}, not {speed}",
                choices=", ".join(SPEEDS),
                speed=repr(speed),
            )
    if min_rating is not None and max_rating is not None and min_rating >= max_rating:
        raise ApiError(400, "min_rating must be below max_rating")
    if seat not in (None, 0, 1):
        raise ApiError(400, "seat is 0 or 1, not {seat}", seat=seat)
    user_id = None
    if player is not None:
        user_id = accounts.user_id(player)
        if user_id is None:
            raise ApiError(404, "there is no player {player}", player=repr(player))
    return Filters(
        rated=None if rated is None else rated == "rated",
        speeds=speeds,
        min_rating=min_rating,
        max_rating=max_rating,
        user_id=user_id,
        seat=seat,
    )


@router.get("/api/explorer/{game_id}", response_model=ExplorerOut)
async def explore(
    game_id: str,
    explorer: ExplorerDep,
    accounts: AccountsDep,
    source: str = "site",
    position: Annotated[str | None, Query(max_length=4000)] = None,
    options: Annotated[str, Query(max_length=1000)] = "",
    rated: str | None = None,
    speed: str | None = None,
    min_rating: Annotated[int | None, Query(ge=0, le=5000)] = None,
    max_rating: Annotated[int | None, Query(ge=0, le=5000)] = None,
    player: Annotated[str | None, Query(max_length=64)] = None,
    seat: int | None = None,
    engine: bool = True,
) -> dict[str, Any]:
    """The moves played from a position, with their counts, value and proof."""
    try:
        words = parse_option_words(options.split())
    except ShoalError as error:
        raise ApiError(400, "the options: {error}", error=error) from None
    if source == "player" and player is None:
        raise ApiError(400, "source=player needs player=USERNAME")
    if source != "player" and (player is not None or seat is not None):
        raise ApiError(400, "player and seat go with source=player")
    if source == "book" and (rated, speed, min_rating, max_rating) != (None, None, None, None):
        raise ApiError(400, "the book's self-play games have no rated, speed or rating filters")
    filters = await asyncio.to_thread(  # the player's name is a query
        _filters, accounts, rated, speed, min_rating, max_rating, player, seat
    )
    lookup = Lookup(game_id, words, position, source, filters)
    return await asyncio.to_thread(explorer.answer, lookup, engine=engine)
