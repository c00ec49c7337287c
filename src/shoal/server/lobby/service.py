"""The lobby (issue 22): the live list of seeks, and the games they start.

* :func:`take_seek`: a seek taken starts its game (:func:`~shoal.server.games.start.start_game`,
  as a challenge accepted and a tournament's pairing do), the seek taken in the game's own
  transaction.
* :class:`Lobby`: the lobby's WebSocket connections; it pushes the seek list to every one
  when it changes, sends a seek's creator into the new game, and withdraws a creator's live
  seeks once their last lobby connection is gone (after a grace of a few seconds, so that a
  reload keeps them). Correspondence seeks stay until taken or cancelled.

On PostgreSQL the pushes reach every server process: the lobby's messages to the other
processes are events on the channel ``lobby`` (:mod:`shoal.server.events`).
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Callable, Sequence
from typing import Annotated, Any

from fastapi import WebSocket
from sqlalchemy.engine import Engine

from shoal import games
from shoal.core import ShoalError

from ..blocks.service import Blocks
from ..challenges.models import Challenge
from ..errors import ApiError
from ..events import Events
from ..games.env import Games
from ..games.models import ClaimLostError, GameData
from ..games.start import Side, parse_time_control
from ..provide import provided
from ..ratings.service import Ratings, displays
from ..sockets import send, send_all
from .models import Seek
from .store import LobbyStore

log = logging.getLogger(__name__)

__all__ = [
    "GUEST_SEEKS_PER_ADDRESS",
    "LOBBY",
    "MAX_OPEN_SEEKS",
    "Lobby",
    "LobbyDep",
    "member_id",
    "seek_bots",
    "shown_to",
]

MAX_OPEN_SEEKS = 5
"""Open seeks one player (account or guest) may have at once."""

GUEST_SEEKS_PER_ADDRESS = 10
"""Open seeks the guests of one client address may have at once (a fresh guest key per
request is a new guest; the address is not). Counted in the database, for the site."""

LOBBY = "lobby"
"""The events' channel of the lobby: ``{"kind": "seeks"}`` (the list changed) or
``{"kind": "tell", "who": MEMBER, "message": MESSAGE}`` (to one member's sockets)."""


def seek_speed(seek: Seek) -> str:
    """The rating speed a game from ``seek`` counts for: ``live`` with a clock, else
    ``correspondence`` (as :func:`shoal.server.ratings.service.speed_of` says of games)."""
    control = parse_time_control(seek.time_control)
    return "live" if control is not None and control[0] == "live" else "correspondence"


def seek_ratings(ratings: Ratings, seeks: list[Seek]) -> dict[int, str]:
    """Per seek id, its creator's rating in the seek's game and speed (``1500?`` for a
    newcomer); guests' seeks have none. One query per game and speed."""
    wanted: dict[tuple[str, str], list[Seek]] = {}
    for seek in seeks:
        if seek.user_id is not None:
            wanted.setdefault((seek.game, seek_speed(seek)), []).append(seek)
    out: dict[int, str] = {}
    for (game, speed), group in wanted.items():
        ids = [s.user_id for s in group if s.user_id is not None]
        shown = displays(ratings, ids, game, speed)
        for seek in group:
            if seek.user_id is not None:
                out[seek.id] = shown[seek.user_id]
    return out


def seek_bots(bot_ids: Callable[[list[int]], set[int]], seeks: list[Seek]) -> set[int]:
    """The ids of the seeks that bots made (``bot_ids``: the bots among accounts, one query)."""
    bots = bot_ids([s.user_id for s in seeks if s.user_id is not None])
    return {s.id for s in seeks if s.user_id in bots}


def seek_view(
    seek: Seek, mine: bool = False, rating: str | None = None, bot: bool = False
) -> dict[str, Any]:
    """A seek for clients (no guest key in it); ``rating``: the creator's, shown beside it;
    ``bot``: a program or the server's computer made it (issue 61)."""
    try:
        title = games.get(seek.game).title
    except ShoalError:
        title = seek.game
    return {
        "id": seek.id,
        "game": seek.game,
        "title": title,
        "options": seek.options,
        "colour": seek.colour,
        "time_control": seek.time_control,
        "correspondence": (seek.time_control or "").endswith("d"),
        "rated": seek.rated,
        "creator": seek.name,
        "account": seek.user_id is not None,
        "rating": rating,
        "mine": mine,
        "bot": bot,
    }


def who_of(user_id: int | None, guest_hash: str | None) -> str:
    """The key of a lobby member: an account, else a guest."""
    return f"u:{user_id}" if user_id is not None else f"g:{guest_hash}"


def member_id(who: str) -> int | None:
    """The account of a lobby member's key (None: a guest, or an anonymous watcher)."""
    kind, _, key = who.partition(":")
    return int(key) if kind == "u" and key.isdigit() else None


def shown_to(seeks: list[Seek], viewer: int | None, apart: set[frozenset[int]]) -> list[Seek]:
    """The seeks ``viewer`` (an account, or None) may see: not those of a player a block keeps
    apart from them, either way (issue 61)."""
    if viewer is None or not apart:
        return seeks
    return [s for s in seeks if s.user_id is None or frozenset((viewer, s.user_id)) not in apart]


class Lobby:
    """The lobby's live connections of this process, and the hooks of new challenges."""

    def __init__(
        self,
        engine: Engine,
        events: Events,
        games: Games,
        ratings: Ratings,
        blocks: Blocks,
        bot_ids: Callable[[list[int]], set[int]],
        *,
        challenge_hooks: Sequence[Callable[[Challenge], Any]] = (),
        grace: float = 3.0,
    ) -> None:
        self.store = LobbyStore(engine)
        self.events = events
        self.games = games
        self.ratings = ratings
        self.blocks = blocks
        """Who blocks whom: a block keeps two players apart in the lobby (issue 61)."""
        self.bot_ids = bot_ids
        """The bots among some accounts (a query): their seeks are marked (issue 61)."""
        self.grace = grace
        self.sockets: dict[WebSocket, str] = {}
        self.challenge_hooks: list[Callable[[Challenge], Any]] = list(challenge_hooks)
        """Called with every new challenge (a bot's event stream hears of it here)."""
        self._leaving: dict[str, asyncio.Task[None]] = {}
        # The other processes' messages (this process serves its own sockets itself).
        self._stop = events.subscribe(LOBBY, self._from_elsewhere, here=False)
        # What they sent while this process was cut off is read back: a page whose list
        # changed meanwhile gets it again (the others nothing: no message twice).
        events.on_missed(self._refresh)
        self._shown: dict[WebSocket, tuple[int, ...]] = {}
        """The seek ids each connection was last sent."""

    async def close(self) -> None:
        """Stop receiving the other processes' messages (at shutdown)."""
        self._stop()

    async def _from_elsewhere(self, message: Any) -> None:
        if not isinstance(message, dict):
            return
        if message.get("kind") == "seeks":
            await self._publish_here()
        elif message.get("kind") == "tell" and isinstance(message.get("message"), dict):
            await self._tell_here(str(message.get("who")), message["message"])

    def members(self, who: str) -> int:
        """How many lobby connections ``who`` has here."""
        return sum(1 for w in self.sockets.values() if w == who)

    async def join(self, socket: WebSocket, who: str) -> None:
        """A new connection: it gets the list at once."""
        self.sockets[socket] = who
        task = self._leaving.pop(who, None)
        if task is not None:
            task.cancel()
        await self._send(socket, who, await self._seeks())

    def leave(self, socket: WebSocket) -> None:
        """A connection closed (or a send to it failed): the member's live seeks go once none
        of theirs is left. Once per connection: a second call does nothing."""
        who = self.sockets.pop(socket, None)
        self._shown.pop(socket, None)
        if not who or self.members(who):  # an anonymous watcher has no seeks
            return
        self._leaving[who] = self.games.manager.spawn(self._withdraw_later(who))

    async def _withdraw_later(self, who: str) -> None:
        await asyncio.sleep(self.grace)
        self._leaving.pop(who, None)
        if self.members(who):
            return
        kind, _, key = who.partition(":")
        user_id, guest = (int(key), None) if kind == "u" else (None, key)
        if await asyncio.to_thread(self.store.cancel_live, user_id, guest):
            await self.publish()

    async def _seeks(self) -> list[Seek]:
        return await asyncio.to_thread(self.store.open_seeks)

    async def _refresh(self) -> None:
        if not self.sockets:
            return
        seeks = await self._seeks()
        apart = await asyncio.to_thread(self._apart, seeks, list(self.sockets.values()))
        for socket, who in list(self.sockets.items()):
            ids = tuple(s.id for s in shown_to(seeks, member_id(who), apart))
            if self._shown.get(socket) != ids:
                await self._send(socket, who, seeks, apart)

    async def _send(
        self,
        socket: WebSocket,
        who: str,
        seeks: list[Seek],
        apart: set[frozenset[int]] | None = None,
    ) -> None:
        if apart is None:
            apart = await asyncio.to_thread(self._apart, seeks, [who])
        seeks = shown_to(seeks, member_id(who), apart)
        self._shown[socket] = tuple(s.id for s in seeks)
        shown = await asyncio.to_thread(seek_ratings, self.ratings, seeks)
        bots = await asyncio.to_thread(seek_bots, self.bot_ids, seeks)
        views = [
            seek_view(s, who_of(s.user_id, s.guest_hash) == who, shown.get(s.id), s.id in bots)
            for s in seeks
        ]
        if not await send(socket, {"type": "seeks", "seeks": views}):
            self.leave(socket)  # its member's live seeks go if it was their last page

    async def publish(self) -> None:
        """Send the open seeks to every connection (each sees which are its own), here and
        in the other processes."""
        await self._publish_here()
        self.events.publish(LOBBY, {"kind": "seeks"})

    async def _publish_here(self) -> None:
        if not self.sockets:
            return
        seeks = await self._seeks()
        apart = await asyncio.to_thread(self._apart, seeks, list(self.sockets.values()))
        for socket, who in list(self.sockets.items()):
            await self._send(socket, who, seeks, apart)

    def _apart(self, seeks: list[Seek], members: list[str]) -> set[frozenset[int]]:
        """The blocks between the seeks' creators and the members (issue 61; one query)."""
        users = {s.user_id for s in seeks if s.user_id is not None}
        users.update(m for m in map(member_id, members) if m is not None)
        return self.blocks.apart(users) if users else set()

    async def tell(self, who: str, message: dict[str, Any]) -> None:
        """Send ``message`` to every connection of ``who``, here and in the other processes."""
        await self._tell_here(who, message)
        self.events.publish(LOBBY, {"kind": "tell", "who": who, "message": message})

    async def _tell_here(self, who: str, message: dict[str, Any]) -> None:
        mine = [socket for socket, member in self.sockets.items() if member == who]
        for socket in await send_all(mine, message):
            self.leave(socket)

    async def challenge_created(self, challenge: Challenge) -> None:
        """Run the hooks of a new challenge, each in turn (a hook may be a coroutine
        function; a failing hook never stops the others)."""
        for hook in list(self.challenge_hooks):
            try:
                result = hook(challenge)
                if inspect.isawaitable(result):
                    await result
            except Exception:
                log.exception("a hook of new challenges failed")

    async def take_seek(
        self,
        seek_id: int,
        user_id: int | None,
        guest: str | None,
        name: str,
        *,
        signed_in: bool,
    ) -> tuple[GameData, int, str]:
        """Take the open seek ``seek_id`` as ``name`` (an account, else a guest): the game
        starts; the seeker's lobby pages get ``start`` (their seat, token, the game's link) and
        every lobby page the seeks again. Answers the game, the taker's seat and token."""
        lobby = self
        seek = await asyncio.to_thread(lobby.store.seek, seek_id)
        if seek is None:
            raise ApiError(404, "there is no seek {seek}", seek=seek_id)
        if seek.status != "open":
            raise ApiError(409, "this seek is gone: someone took it first, or it was withdrawn")
        if seek.user_id == user_id if user_id is not None else guest and seek.guest_hash == guest:
            raise ApiError(409, "you cannot accept your own seek")
        if seek.rated and not signed_in:
            raise ApiError(403, "a rated seek is for accounts: sign in to accept it")
        if (
            user_id is not None
            and seek.user_id is not None
            and await asyncio.to_thread(self.blocks.between, user_id, seek.user_id)
        ):
            raise ApiError(403, "a block stands between you and this seek's creator")
        try:  # the seek is taken in the transaction that stores the game: both, or neither
            started = await self.games.start(
                game=seek.game,
                options=seek.options,
                colour=seek.colour,
                time_control=seek.time_control,
                rated=seek.rated,
                creator=Side(seek.name, seek.user_id),
                other=Side(name, user_id),
                claim=lambda game_id, creator_token: lobby.store.taking(
                    seek_id, game_id, creator_token
                ),
            )
        except ClaimLostError:
            raise ApiError(
                409, "this seek is gone: someone took it first, or it was withdrawn"
            ) from None
        data, seat, token, creator_token = (
            started.data,
            1 - started.seat,
            started.other_token,
            started.token,
        )
        assert token is not None and creator_token is not None  # two people
        await lobby.tell(
            who_of(seek.user_id, seek.guest_hash),
            {
                "type": "start",
                "seek": seek_id,
                "game": data.id,
                "seat": 1 - seat,
                "token": creator_token,
                "url": f"/game/{data.id}",
            },
        )
        await lobby.publish()
        return data, seat, token


LobbyDep = Annotated[Lobby, provided(Lobby)]
"""A route parameter of this type receives the app's :class:`Lobby`."""
