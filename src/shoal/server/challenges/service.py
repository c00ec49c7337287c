"""Challenges as actions, one function each: create, accept, decline, withdraw.

The web routes (:mod:`.routes`), the Bot API (:mod:`shoal.server.bots.routes`) and the
server's own ``shoal-LEVEL`` bots (which accept at once) all call these, so every way
of answering a challenge has the same effects:

* :func:`create`: the challenge is stored; the challenged gets a ``challenge``
  notification (mailed when the server mails and they asked for it), the hooks of
  :meth:`Lobby.challenge_created <shoal.server.lobby.service.Lobby.challenge_created>`
  run (a bot's event stream hears of it) and the challenged's lobby pages are told. A
  challenge of one of the server's own bots is accepted at once (:func:`accept` with the
  bot's level: the computer plays its seat).
* :func:`accept` (the challenged): the game starts as from a seek (the challenge is
  accepted in the transaction that stores the game: a crash leaves both or neither); the
  challenger's lobby pages get ``start`` (their seat, token and the game's link; not when
  the server's own bot accepts: the challenger's request gets the game itself), the
  accepter's other lobby pages are told and the challenged's notification pages get the
  unread count again.
* :func:`decline` (the challenged) and :func:`withdraw` (the challenger): both players'
  lobby pages are told (the other's, and the closer's other tabs) and the challenged's
  notification pages get the unread count again.

Refusals: 404 no such challenge, 403 not the player who may act, 409 no longer open
(expired, answered or withdrawn, also when answered meanwhile by another tab).
"""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

from shoal import games
from shoal.core import ShoalError

from ..accounts.models import User
from ..context import ServerContext
from ..errors import ApiError
from ..games.models import ClaimLostError, hash_token
from ..games.start import Side, check_options, parse_time_control, start_game
from ..limits import account_key
from ..lobby.service import who_of
from ..notifications.service import notify_challenge
from .models import Challenge

__all__ = [
    "MAX_OPEN_CHALLENGES",
    "Accepted",
    "accept",
    "create",
    "decline",
    "load",
    "names_of",
    "title_of",
    "withdraw",
]

MAX_OPEN_CHALLENGES = 10
"""Open challenges one account may have sent at once."""


@dataclasses.dataclass(frozen=True)
class Accepted:
    """A challenge accepted: the game, and each side's seat and token.

    ``token`` is None when the computer plays the accepter's seat.
    """

    challenge: Challenge
    game: str
    seat: int
    token: str | None
    challenger_seat: int
    challenger_token: str

    @property
    def url(self) -> str:
        """The game's page."""
        return f"/game/{self.game}"


def title_of(game: str) -> str:
    """The game's title (its id when it is not a game of the catalog any more)."""
    try:
        return games.get(game).title
    except ShoalError:
        return game


def names_of(context: ServerContext, *ids: int) -> dict[int, str]:
    """The usernames of the accounts ``ids`` (``?`` for one that is gone)."""
    out = {}
    for user_id in set(ids):
        user = context.accounts.store.by_id(user_id)
        out[user_id] = user.username if user is not None else "?"
    return out


async def load(context: ServerContext, challenge_id: int) -> Challenge:
    """The challenge ``challenge_id`` (404 when there is none)."""
    challenge = await asyncio.to_thread(context.challenges.challenge, challenge_id)
    if challenge is None:
        raise ApiError(404, f"there is no challenge {challenge_id}")
    return challenge


def _gone(challenge: Challenge) -> ApiError:
    if challenge.status == "expired":
        return ApiError(409, "this challenge has expired: challenges last 7 days")
    return ApiError(409, f"this challenge is not open any more (it was {challenge.status})")


async def create(
    context: ServerContext,
    user: User,
    *,
    username: str,
    game: str,
    options: dict[str, Any],
    colour: str,
    time_control: str | None,
    rated: bool,
) -> tuple[Challenge, User, Accepted | None]:
    """``user`` challenges ``username``; answers the challenge, the challenged and, for
    one of the server's own bots, the game it accepted at once."""
    found = await asyncio.to_thread(context.accounts.store.by_name, username)
    target = found[0] if found is not None else None
    if target is None or target.deleted or target.disabled:
        raise ApiError(404, f"there is no player {username!r}")
    if target.id == user.id:
        raise ApiError(400, "you cannot challenge yourself: create a seek in the lobby")
    checked = check_options(game, options)
    parse_time_control(time_control)
    control = None if time_control in (None, "", "none") else time_control.strip()
    lobby = context.lobby
    async with context.limits.hold("challenges", account_key(user.id, "")):
        challenge = await asyncio.to_thread(
            context.challenges.add_challenge,
            most=MAX_OPEN_CHALLENGES,
            challenger=user.id,
            challenged=target.id,
            game=game,
            options=checked,
            colour=colour,
            time_control=control,
            rated=rated,
        )
        if challenge is None:
            raise ApiError(
                429, f"you already have {MAX_OPEN_CHALLENGES} open challenges: wait for answers"
            )
    level = next((lv for lv, bot in context.bots.computers.items() if bot.id == target.id), None)
    if level is not None:  # the server's own bot of that level accepts at once
        return challenge, target, await accept(context, challenge.id, target, computer=level)
    lobby.challenge_created(challenge)
    await notify_challenge(
        context.notifier,
        target.id,
        user.username,
        title_of(challenge.game),
        challenge_id=str(challenge.id),
        link=f"/challenges/{challenge.id}",
        data={"game": challenge.game, "time_control": challenge.time_control},
    )
    await lobby.tell(who_of(target.id, None), {"type": "challenges"})
    return challenge, target, None


async def accept(
    context: ServerContext, challenge_id: int, user: User, *, computer: str | None = None
) -> Accepted:
    """``user`` (the challenged) accepts: the game starts. ``computer``: the level of the
    server's own bot that accepts (the computer plays its seat)."""
    lobby = context.lobby
    challenge = await load(context, challenge_id)
    if challenge.challenged != user.id:
        raise ApiError(403, "only the challenged player can accept a challenge")
    if challenge.status != "open":
        raise _gone(challenge)
    challenger = await asyncio.to_thread(names_of, context, challenge.challenger)
    try:  # accepted in the transaction that stores the game: both, or neither
        data, creator_token, token = await start_game(
            context.manager,
            context.correspondence,
            game=challenge.game,
            options=challenge.options,
            colour=challenge.colour,
            time_control=challenge.time_control,
            rated=challenge.rated,
            creator=Side(challenger[challenge.challenger], challenge.challenger),
            other=Side(user.username, user.id),
            computer=computer,
            claim=lambda game_id, _token: context.challenges.accepting(challenge_id, game_id),
        )
    except ClaimLostError:
        raise _gone(await load(context, challenge_id)) from None
    challenger_seat = data.token_hashes.index(hash_token(creator_token))
    accepted = Accepted(
        challenge=challenge,
        game=data.id,
        seat=1 - challenger_seat,
        token=token if computer is None else None,
        challenger_seat=challenger_seat,
        challenger_token=creator_token,
    )
    if computer is None:  # the challenger's pages enter the game
        await lobby.tell(
            who_of(challenge.challenger, None),
            {
                "type": "start",
                "game": data.id,
                "seat": challenger_seat,
                "token": creator_token,
                "url": accepted.url,
            },
        )
        # and every other page of hers, through the bell's socket (issue 40, defect 6)
        await context.notifier.notify(
            challenge.challenger,
            "challenge",
            f"{user.username} accepted your challenge: {title_of(challenge.game)}",
            game_id=data.id,
            data={"accepted": True, "by": user.username, "link": accepted.url},
        )
    await context.notifier.push(user.id)  # my other notification pages show it accepted
    await lobby.tell(who_of(user.id, None), {"type": "challenges"})  # and my other lobby pages
    return accepted


async def _close(
    context: ServerContext, challenge_id: int, user: User, status: str, side: str, refusal: str
) -> Challenge:
    """End an open challenge as ``status`` by its ``side`` (``challenged`` declines,
    ``challenger`` withdraws), tell both players' lobby pages (the other's, and the
    closer's other tabs) and the challenged's notification pages."""
    lobby = context.lobby
    challenge = await load(context, challenge_id)
    if getattr(challenge, side) != user.id:
        raise ApiError(403, refusal)
    if not await asyncio.to_thread(context.challenges.answer, challenge_id, status):
        raise _gone(await load(context, challenge_id))
    other = challenge.challenger if side == "challenged" else challenge.challenged
    for player in (other, user.id):  # the other's pages, and my other tabs
        await lobby.tell(who_of(player, None), {"type": "challenges"})
    await context.notifier.push(challenge.challenged)
    return dataclasses.replace(challenge, status=status)


async def decline(context: ServerContext, challenge_id: int, user: User) -> Challenge:
    """``user`` (the challenged) declines."""
    refusal = "only the challenged player can decline a challenge"
    return await _close(context, challenge_id, user, "declined", "challenged", refusal)


async def withdraw(context: ServerContext, challenge_id: int, user: User) -> Challenge:
    """``user`` (the challenger) withdraws the challenge."""
    refusal = "only the challenger can withdraw a challenge"
    return await _close(context, challenge_id, user, "cancelled", "challenger", refusal)
