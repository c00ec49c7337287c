"""The ends and offers of a game, one function each: a resignation (the page, the Bot API and
a tournament withdrawing a player all resign through :func:`resign`), a draw offer and its
answers, a takeback request and its answers, an abort (issue 23).

Each goes through the change prelude (:func:`~shoal.server.games.changes.change`): the seat
token, a game that is on, the version the client saw. The offers are stored beside the
game (``shoal_offers``) and sent live to the game's social sockets, in every server
process. The routes
(:mod:`.routes.offers`) and any other caller (a bot, the server's own players) call these.
"""

from __future__ import annotations

import contextlib
import dataclasses
import time
from collections.abc import AsyncIterator
from typing import Any

from shoal.core import Seat, other
from shoal.i18n import N_, SOURCE

from ..errors import ApiError
from ..notifications.service import Notifier
from .changes import Change, change
from .env import Games
from .manager import GameManager
from .session import LiveGame
from .social import abortable, draw_offer_open, takeback_open
from .social_store import Offers

__all__ = ["Asked", "abort", "draw", "resign", "takeback"]


async def resign(
    manager: GameManager,
    game_id: str,
    version: int | None,
    token: str | None,
    *,
    account: int | None = None,
    delta: bool = False,
    language: str = SOURCE,
) -> str | None:
    """The seat of ``token`` or ``account`` resigns (at one screen, the seat to move): the
    other seat wins. From ``version`` (None: the current one, as the Bot API and a
    tournament withdrawing a player resign). With ``delta``, the encoded delta from the
    caller's view (made under the game's lock)."""
    over = N_("the game is over: time ran out")
    async with change(manager, game_id, version, token, account=account, flag_message=over) as now:
        to_move = now.live.state.to_move
        seat = to_move if to_move is not None and to_move in now.seats else now.seats[0]
        await now.commit(now.live.with_resignation(seat))
        return manager.delta_since(now.entry, now.live, language) if delta else None


def _between_people(live: LiveGame) -> None:
    if live.data.mode != "friend":
        raise ApiError(
            403,
            "offers are for games between two people online "
            "(against the computer or at one screen, use undo and resign)",
        )


def _seat(now: Change) -> Seat:
    return now.seats[0]


async def _answer(games: Games, live: LiveGame, offers: Offers) -> dict[str, Any]:
    return await games.social.save(live, offers)  # shown in every process (issue 56)


def _whose(standing: dict[str, Any] | None, me: int) -> tuple[bool, bool]:
    """(made by me, made by my opponent) for a standing offer or request."""
    by_me = standing is not None and int(standing["seat"]) == me
    return by_me, standing is not None and not by_me


@dataclasses.dataclass(frozen=True)
class Asked:
    """An offer's or a request's action asked by a seat: the game, the version the player saw,
    their seat token or signed-in ``account`` (the seat rule, as for moves), and the
    ``action`` (``offer``/``request``, ``accept``, ``decline``, ``withdraw``)."""

    game_id: str
    version: int
    token: str | None
    account: int | None
    action: str


@contextlib.asynccontextmanager
async def _between_players(
    games: Games, asked: Asked
) -> AsyncIterator[tuple[Change, Seat, LiveGame, Offers]]:
    """The change of an offer: the game's lock, the asker's seat, the game, its offers."""
    async with change(
        games.manager,
        asked.game_id,
        asked.version,
        asked.token,
        refuse=_between_people,
        account=asked.account,
    ) as now:
        yield now, _seat(now), now.live, await games.social.offers(asked.game_id)


async def draw(games: Games, notifier: Notifier, asked: Asked) -> dict[str, Any]:
    """Offer (``offer``), ``accept``, ``decline`` or ``withdraw`` a draw; the offers' view."""
    action = asked.action
    async with _between_players(games, asked) as (now, me, live, offers):
        by_me, by_them = _whose(offers.draw if draw_offer_open(live, offers.draw) else None, me)
        if action == "offer":
            if by_me:
                raise ApiError(409, "you have already offered a draw: wait for the answer")
            if by_them:
                raise ApiError(409, "your opponent has offered a draw: accept it or decline it")
            offers.draw = {"seat": me, "ply": len(live.data.actions)}
            await notifier.offer(live, me, "draw")
        elif action == "withdraw":
            if not by_me:
                raise ApiError(409, "you have no draw offer to withdraw")
            offers.draw = None
            await notifier.offer_closed(live, other(me))  # read: nothing to answer
        else:
            if not by_them:
                if action == "accept":
                    raise ApiError(409, "there is no draw offer from your opponent to accept")
                raise ApiError(409, "there is no draw offer from your opponent to decline")
            offers.draw = None
            await notifier.offer_closed(live, me)  # answered: read
            if action == "accept":
                offers.takeback = None
                await now.commit(live.with_agreement("drawn by agreement"))
                live = now.entry.live
        return await _answer(games, live, offers)


async def takeback(games: Games, notifier: Notifier, asked: Asked) -> dict[str, Any]:
    """Ask for (``request``), ``accept``, ``decline`` or ``withdraw`` a takeback."""
    action = asked.action
    async with _between_players(games, asked) as (now, me, live, offers):
        open_request = offers.takeback if takeback_open(live, offers.takeback) else None
        by_me, by_them = _whose(open_request, me)
        if action in ("request", "accept"):
            live.refuse_help(N_("no takebacks"))
        if action == "request":
            if by_me:
                raise ApiError(409, "you have already asked for a takeback: wait for the answer")
            if by_them:
                raise ApiError(409, "your opponent has asked for a takeback: answer it first")
            live.with_takeback(me, time.time())  # refuses when you have no turn to take back
            offers.takeback = {"seat": me, "ply": len(live.data.actions)}
        elif action == "withdraw":
            if not by_me:
                raise ApiError(409, "you have no takeback request to withdraw")
            offers.takeback = None
        else:
            if not by_them:
                if action == "accept":
                    raise ApiError(409, "there is no takeback request from your opponent to accept")
                raise ApiError(409, "there is no takeback request from your opponent to decline")
            offers.takeback = None
            if action == "accept":
                offers.draw = None
                await now.commit(live.with_takeback(other(me), time.time()))
                live = now.entry.live
        return await _answer(games, live, offers)


async def abort(
    games: Games,
    game_id: str,
    version: int,
    token: str | None,
    account: int | None = None,
) -> dict[str, Any]:
    """Abort the game in its first two turns (no result)."""
    async with change(games.manager, game_id, version, token, account=account) as now:
        if now.live.data.event is not None and not now.live.over:
            raise ApiError(
                409,
                "an event's game cannot be aborted: resign, or make no first move and lose it "
                "as a no-show",
            )
        if not abortable(now.live):
            raise ApiError(
                409, "a game can only be aborted in its first two turns: resign or offer a draw"
            )
        seat = _seat(now)
        side = now.live.state.side_name(seat)
        await now.commit(now.live.with_agreement(f"aborted by {side}", aborted=True))
        offers = await games.social.offers(game_id)
        offers.draw = offers.takeback = None
        return await _answer(games, now.entry.live, offers)
