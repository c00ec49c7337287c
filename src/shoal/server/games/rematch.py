"""An online game's rematch, one function per step: offer, accept, decline, the seat.

Once a game between two people online is over, one player offers a rematch; the other
accepts it (a new online game, sides swapped, same game, options, start and clock, the
accounts following their players) or declines it; the offerer may withdraw it. The offer
is stored with the game's other offers (``shoal_offers``, :mod:`.social_store`), not in
a server process's memory (issue 56: with several workers, an offer made through one was
unknown to the others), and shown to every social socket of the game in every process
(``{"type": "offers", ..., "rematch": {"offered_by", "game"}}``):

* the offer is a conditional update: of two offers made at once, one stands and the other
  is taken as its acceptance, as if it came second;
* the accepted rematch is stored in the transaction that stores the new game (a
  :data:`~.models.Claim` marks the offer accepted): two accepts through two processes
  start one game, and the other is refused (409);
* each player's seat in the new game: a player who asked with a seat token gets a token
  derived from it (HMAC-SHA256 keyed with that token, of the old game's id): only its
  holder can work it out, the database keeps its hash only, and any process answers it,
  again and again (a page that reloads finds its seat). A player whose account holds the
  seat plays it with the account's cookie (its token is then null).
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
from typing import Any

from ..errors import ApiError
from ..notifications.service import Notifier
from .creation import rematch_data
from .env import Games
from .manager import GameEntry, new_token
from .models import ClaimLostError, hash_token

__all__ = ["offer_or_accept", "rematch_token", "seat_token", "take_back_offer"]


def seat_token(token: str, game_id: str) -> str:
    """The rematch seat token of the holder of ``token`` in game ``game_id``.

    >>> seat_token("secret", "g1") == seat_token("secret", "g1") != seat_token("other", "g1")
    True
    """
    digest = hmac.new(token.encode(), f"shoal rematch of {game_id}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(digest.digest()[:24]).decode()


async def _player(
    games: Games, game_id: str, token: str | None, account: int | None
) -> tuple[GameEntry, int]:
    """The game and the caller's seat: 403 for a stranger, 400 for a game that is not
    online, 409 while it is on."""
    entry = await games.manager.entry(game_id)
    seats = await games.manager.seats(entry, token, account)
    if not seats:
        raise ApiError(403, "this token does not play in this game")
    live = entry.live
    if live.data.mode != "friend":
        raise ApiError(400, "a rematch is for online games: use Play again")
    if not live.over:
        raise ApiError(409, "the game is not over yet")
    if live.data.event is not None:
        raise ApiError(409, "an event's game has no rematch: the event pairs the next round")
    return entry, seats[0]


async def offer_or_accept(
    games: Games, notifier: Notifier, game_id: str, token: str | None, account: int | None
) -> dict[str, Any]:
    """The first player's call offers a rematch, the other's accepts it: ``{"offered":
    True, "game": None}``, or ``{"offered": False, "game": NEW, "token": T or None}``."""
    entry, seat = await _player(games, game_id, token, account)
    live, social = entry.live, games.social
    key = hash_token(seat_token(token, game_id)) if token else None
    offer = (await social.offers(game_id)).rematch
    if offer is None:
        if await asyncio.to_thread(social.store.offer_rematch, game_id, seat, key):
            await social.changed(live)
            await notifier.offer(live, seat, "rematch")
            return {"offered": True, "game": None}
        offer = (await social.offers(game_id)).rematch  # the other offered meanwhile
        assert offer is not None
    if offer.game is not None:
        raise ApiError(409, "the rematch has already started")
    if offer.by == seat:
        raise ApiError(409, "you have already offered a rematch: wait for an answer")
    data, _ = rematch_data(live.data)
    mine = seat_token(token, game_id) if token else new_token()  # none: the account plays
    # the player of old seat s plays seat 1 - s; the offerer's hash was kept with its offer
    data.token_hashes[1 - seat] = hash_token(mine)
    data.token_hashes[1 - offer.by] = offer.key or hash_token(new_token())
    try:
        created = await games.manager.create(
            data, [social.store.rematch_claim(game_id, offer.by, data.id)]
        )
    except ClaimLostError:
        raise ApiError(409, "the rematch has already started, or its offer was withdrawn") from None
    days = await games.correspondence.days(game_id)
    if days is not None:  # a correspondence game's rematch is one too
        await games.correspondence.start(created, days)
    else:
        games.correspondence.untimed(data.id)
    await notifier.offer_closed(live, seat)  # answered: its notice is read
    await social.changed(live)
    return {"offered": False, "game": data.id, "token": mine if token else None}


async def take_back_offer(
    games: Games, notifier: Notifier, game_id: str, token: str | None, account: int | None
) -> dict[str, Any]:
    """Withdraw (the offerer) or decline (the other) the rematch offer not yet accepted."""
    entry, seat = await _player(games, game_id, token, account)
    if not await asyncio.to_thread(games.social.store.drop_rematch, game_id):
        raise ApiError(409, "there is no rematch offer to withdraw or decline")
    await notifier.offer_closed(entry.live, seat)
    await notifier.offer_closed(entry.live, 1 - seat)
    await games.social.changed(entry.live)
    return {"offered": False, "game": None}


async def rematch_token(
    games: Games, game_id: str, token: str | None, account: int | None
) -> dict[str, Any]:
    """The caller's seat in the rematch once it started: ``{"game", "token"}`` (the token
    null when the caller's account plays it with its cookie); 404 before."""
    manager = games.manager
    entry = await manager.entry(game_id)
    seats = await manager.seats(entry, token, account)
    if not seats:
        raise ApiError(403, "this token does not play in this game")
    offer = (await games.social.offers(game_id)).rematch
    if offer is None or offer.game is None:
        raise ApiError(404, "no rematch seat is waiting for you")
    new = await manager.entry(offer.game)
    seat = 1 - seats[0]
    if token and seat in new.live.seats_of(seat_token(token, game_id)):
        return {"game": offer.game, "token": seat_token(token, game_id)}
    if account is not None and seat in new.live.seats_of(None, account):
        return {"game": offer.game, "token": None}
    raise ApiError(
        404, "no rematch seat is waiting for this token: open the game where you offered it"
    )
