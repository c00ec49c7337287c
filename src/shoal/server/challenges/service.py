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
from collections.abc import Iterable, Mapping
from typing import Annotated, Any

from sqlalchemy.engine import Engine

from shoal import games
from shoal.core import ShoalError
from shoal.i18n import N_, Text

from ..accounts.models import User
from ..accounts.service import Accounts
from ..blocks.service import Blocks
from ..errors import ApiError
from ..games.env import Games
from ..games.models import ClaimLostError
from ..games.start import Side, check_options, parse_time_control
from ..limits import Limits, account_key
from ..lobby.service import Lobby, who_of
from ..notifications.service import Notifier
from ..provide import provided
from .models import Challenge
from .store import ChallengeStore

__all__ = [
    "MAX_OPEN_CHALLENGES",
    "Accepted",
    "Challenges",
    "ChallengesDep",
    "title_of",
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


_CLOSED = {
    "accepted": N_("this challenge is not open any more (it was accepted)"),
    "declined": N_("this challenge is not open any more (it was declined)"),
    "cancelled": N_("this challenge is not open any more (it was cancelled)"),
}
"""Why a challenge is not open, by its status (another status is named as it is)."""


def _gone(challenge: Challenge) -> ApiError:
    if challenge.status == "expired":
        return ApiError(409, "this challenge has expired: challenges last 7 days")
    template = _CLOSED.get(challenge.status, "this challenge is not open any more (it was {state})")
    return ApiError(
        409,
        template,
        state=challenge.status,
    )


class Challenges:
    """The challenges of one app: its store and the domains an answer reaches (the games it
    starts, the lobby's pages it tells, the notifications it sends, the server's own bots that
    accept at once)."""

    def __init__(
        self,
        engine: Engine,
        accounts: Accounts,
        games: Games,
        lobby: Lobby,
        notifier: Notifier,
        computers: Mapping[str, User],
        limits: Limits,
        blocks: Blocks,
    ) -> None:
        self.store = ChallengeStore(engine)
        self.blocks = blocks
        """Who blocks whom: a block stops a challenge either way (issue 61)."""
        self.limits = limits
        """The site's limits (the challenges an account makes a day)."""
        self.accounts = accounts
        self.games = games
        self.lobby = lobby
        self.notifier = notifier
        self.computers = computers
        """The server's own ``shoal-LEVEL`` bots by level (they accept at once)."""

    def challenges(self, ids: Iterable[int]) -> dict[int, Challenge]:
        """The challenges ``ids`` by id (a query: in a thread)."""
        return self.store.challenges(ids)

    def challenges_of(self, user_id: int) -> list[Challenge]:
        """The open challenges ``user_id`` sent or received (a query: in a thread)."""
        return self.store.challenges_of(user_id)

    def challenge(self, challenge_id: int) -> Challenge | None:
        """The challenge ``challenge_id``, or None (a query: in a thread)."""
        return self.store.challenge(challenge_id)

    def names_of(self, *ids: int) -> dict[int, str]:
        """The usernames of the accounts ``ids`` (``?`` for one that is gone)."""
        out = {}
        for user_id in set(ids):
            user = self.accounts.store.by_id(user_id)
            out[user_id] = user.username if user is not None else "?"
        return out

    async def _not_blocked(self, user: User, target: User) -> None:
        """403 when ``target`` blocks ``user`` or ``user`` blocks ``target`` (issue 61)."""
        if await asyncio.to_thread(self.blocks.blocks, target.id, user.id):
            raise ApiError(
                403,
                "{username} does not take challenges from you",
                username=target.username,
            )
        if await asyncio.to_thread(self.blocks.blocks, user.id, target.id):
            raise ApiError(
                403,
                "you block {username}: unblock them first to challenge them",
                username=target.username,
            )

    async def load(self, challenge_id: int) -> Challenge:
        """The challenge ``challenge_id`` (404 when there is none)."""
        challenge = await asyncio.to_thread(self.store.challenge, challenge_id)
        if challenge is None:
            raise ApiError(404, "there is no challenge {challenge}", challenge=challenge_id)
        return challenge

    async def create(
        self,
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
        found = await asyncio.to_thread(self.accounts.store.by_name, username)
        target = found[0] if found is not None else None
        if target is None or target.deleted or target.disabled:
            raise ApiError(404, "there is no player {username}", username=repr(username))
        if target.id == user.id:
            raise ApiError(400, "you cannot challenge yourself: create a seek in the lobby")
        await self._not_blocked(user, target)
        checked = check_options(game, options)
        clock = parse_time_control(time_control)  # " none " is no clock too, stored as None
        control = None if clock is None or time_control is None else time_control.strip()
        lobby = self.lobby
        async with self.limits.hold("challenges", account_key(user.id, "")):
            challenge = await asyncio.to_thread(
                self.store.add_challenge,
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
                    429,
                    "you already have {max_open_challenges} open challenges: wait for answers",
                    max_open_challenges=MAX_OPEN_CHALLENGES,
                )
        level = next((lv for lv, bot in self.computers.items() if bot.id == target.id), None)
        if level is not None:  # the server's own bot of that level accepts at once
            return challenge, target, await self.accept(challenge.id, target, computer=level)
        await lobby.challenge_created(challenge)
        await self.notifier.challenge(
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
        self, challenge_id: int, user: User, *, computer: str | None = None
    ) -> Accepted:
        """``user`` (the challenged) accepts: the game starts. ``computer``: the level of the
        server's own bot that accepts (the computer plays its seat)."""
        lobby = self.lobby
        challenge = await self.load(challenge_id)
        if challenge.challenged != user.id:
            raise ApiError(403, "only the challenged player can accept a challenge")
        if challenge.status != "open":
            raise _gone(challenge)
        if computer is None and await asyncio.to_thread(
            self.blocks.between, challenge.challenger, user.id
        ):
            raise ApiError(403, "a block stands between you and the challenger")
        challenger = await asyncio.to_thread(self.names_of, challenge.challenger)
        try:  # accepted in the transaction that stores the game: both, or neither
            started = await self.games.start(
                game=challenge.game,
                options=challenge.options,
                colour=challenge.colour,
                time_control=challenge.time_control,
                rated=challenge.rated,
                creator=Side(challenger[challenge.challenger], challenge.challenger),
                other=Side(user.username, user.id, computer),
                claim=lambda game_id, _token: self.store.accepting(challenge_id, game_id),
            )
        except ClaimLostError:
            raise _gone(await self.load(challenge_id)) from None
        data, challenger_seat, creator_token = started.data, started.seat, started.token
        assert creator_token is not None  # the challenger is a person
        accepted = Accepted(
            challenge=challenge,
            game=data.id,
            seat=1 - challenger_seat,
            token=started.other_token,
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
            await self.notifier.notify(
                challenge.challenger,
                "challenge",
                Text(
                    N_("{username} accepted your challenge: {title}"),
                    {"username": user.username, "title": title_of(challenge.game)},
                ),
                game_id=data.id,
                data={"accepted": True, "by": user.username, "link": accepted.url},
            )
        await self.notifier.push(user.id)  # my other notification pages show it accepted
        await lobby.tell(who_of(user.id, None), {"type": "challenges"})  # and my other lobby pages
        return accepted

    async def _close(
        self, challenge_id: int, user: User, status: str, side: str, refusal: str
    ) -> Challenge:
        """End an open challenge as ``status`` by its ``side`` (``challenged`` declines,
        ``challenger`` withdraws), tell both players' lobby pages (the other's, and the
        closer's other tabs) and the challenged's notification pages."""
        lobby = self.lobby
        challenge = await self.load(challenge_id)
        if getattr(challenge, side) != user.id:
            raise ApiError(403, refusal)
        if not await asyncio.to_thread(self.store.answer, challenge_id, status):
            raise _gone(await self.load(challenge_id))
        other = challenge.challenger if side == "challenged" else challenge.challenged
        for player in (other, user.id):  # the other's pages, and my other tabs
            await lobby.tell(who_of(player, None), {"type": "challenges"})
        await self.notifier.push(challenge.challenged)
        return dataclasses.replace(challenge, status=status)

    async def decline(self, challenge_id: int, user: User) -> Challenge:
        """``user`` (the challenged) declines."""
        refusal = N_("only the challenged player can decline a challenge")
        return await self._close(challenge_id, user, "declined", "challenged", refusal)

    async def withdraw(self, challenge_id: int, user: User) -> Challenge:
        """``user`` (the challenger) withdraws the challenge."""
        refusal = N_("only the challenger can withdraw a challenge")
        return await self._close(challenge_id, user, "cancelled", "challenger", refusal)


ChallengesDep = Annotated[Challenges, provided(Challenges)]
"""A route parameter of this type receives the app's :class:`Challenges`."""
