"""The social side of games (issue 23): offers between the players, chat, live delivery.

A :class:`Social` per app holds the :class:`~shoal.server.games.social_store.SocialStore`
and each game's social sockets (``WS /api/games/{id}/social``). A socket says once who it
is (a seat token, or nothing; a signed-in page's cookie plays its account's seats too);
the players' room and a player's mutes are delivered by seat, so spectators never read the
players' room and a muted player's messages never reach the one who muted them.

Offers are pure functions of the stored offer and the game (:func:`offers_view`):
a draw offer lapses once the offerer's opponent has played after it; a takeback
request lapses once anyone has played after it; both lapse when the game ends. The
rematch offer of an online game that is over is stored with them (:mod:`.rematch`).

Across server processes (issue 56) the events' channel :data:`SOCIAL` carries
``{"game": GAME, "kind": "chat", "id": MESSAGE}`` after a message is stored and
``{"game": GAME, "kind": "offers"}`` after the offers, the mutes or the rematch changed;
a process with social sockets of that game reads the message (or the offers) from the
database and sends it to them, by the same rules as its own. After its listener was cut
off, a process sends its social sockets the offers and both rooms again (the page keeps
what it has and adds what it missed).
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import WebSocket

from shoal.core import Seat, other

from ..events import Events
from ..sockets import send
from .manager import GameEntry, GameManager
from .session import LiveGame
from .social_store import ChatMessage, Offers, SocialStore
from .store import Store

__all__ = [
    "CHAT_LENGTH",
    "ROOMS",
    "SOCIAL",
    "Social",
    "abortable",
    "draw_offer_open",
    "offers_view",
    "readable",
    "takeback_open",
]

CHAT_LENGTH = 500
"""The longest chat message, in characters."""

ROOMS = ("players", "spectators")
"""A game's chat rooms: the two players', and everyone else's."""

SOCIAL = "social"
"""The events' channel of chat and offers: ``{"game", "kind": "chat", "id"}`` or
``{"game", "kind": "offers"}``."""


def draw_offer_open(live: LiveGame, offer: dict[str, Any] | None) -> bool:
    """True while ``offer`` stands: the game is on, the offerer's opponent has not moved since."""
    if offer is None or live.over:
        return False
    ply, seat = int(offer["ply"]), int(offer["seat"])
    if ply > len(live.data.actions):
        return False  # a takeback went behind it
    opponent = other(seat)
    return all(state.to_move != opponent for state in live.states[ply:-1])


def takeback_open(live: LiveGame, request: dict[str, Any] | None) -> bool:
    """True while a takeback request stands: the game is on and nobody has played since."""
    return request is not None and not live.over and int(request["ply"]) == len(live.data.actions)


def abortable(live: LiveGame) -> bool:
    """True in the first two turns of a game that is on (each side's first turn at most),
    but never in an event's game: there a player who makes no first move in time loses it
    (a no-show), and one who wants out resigns."""
    return not live.over and live.state.turn < 2 and live.data.event is None


def offers_view(live: LiveGame, offers: Offers) -> dict[str, Any]:
    """What a client shows: the standing offers (the asking seat), what may be asked now,
    and an online game's rematch (``{"offered_by", "game"}``; never its tokens)."""
    draw = offers.draw if draw_offer_open(live, offers.draw) else None
    takeback = offers.takeback if takeback_open(live, offers.takeback) else None
    people = live.data.mode == "friend"
    rematch = offers.rematch
    return {
        "type": "offers",
        "version": live.data.version,
        "draw": None if draw is None else int(draw["seat"]),
        "takeback": None if takeback is None else int(takeback["seat"]),
        "allowed": {
            "draw": people and not live.over,
            "takeback": people
            and not live.over
            and bool(live.data.actions)
            and not live.data.counts(),
            "abort": abortable(live),
        },
        "mutes": sorted(offers.mutes),
        "rematch": None
        if rematch is None or not people or live.data.event is not None
        else {"offered_by": rematch.by, "game": rematch.game},
    }


def readable(messages: list[ChatMessage], seats: list[Seat], mutes: list[int]) -> list[ChatMessage]:
    """The messages a reader with ``seats`` sees (not the opponent's once muted)."""
    hidden = {other(s) for s in seats if s in mutes and len(seats) == 1}
    return [m for m in messages if m.seat not in hidden]


class Social:
    """Offers and chat of an app's games: the store, the chat's rate limit, the sockets."""

    def __init__(
        self,
        manager: GameManager,
        store: Store,
        events: Events | None = None,
    ) -> None:
        self.manager = manager
        self.store = SocialStore(store.engine)
        self.events = events
        self._sockets: dict[str, dict[WebSocket, list[Seat]]] = {}
        self._accounts: dict[WebSocket, int] = {}
        """The signed-in account of each social socket that has one (its shadow lines)."""
        if events is not None:  # this process serves its own sockets itself
            events.subscribe(SOCIAL, self._from_elsewhere, here=False)
            events.on_missed(self._refresh)

    # -- a listener of the manager: every change of a game may let its offers lapse -----
    def needs(self, entry: GameEntry) -> bool:
        """Whether a chat socket of this process is open on the game (its offers are sent
        again after each change: keep the game loaded)."""
        return bool(self._sockets.get(entry.live.data.id))

    def after_change(self, entry: GameEntry) -> None:
        """Send the game's offers again to its social sockets (a move may let one lapse)."""
        if self._sockets.get(entry.live.data.id):
            self.manager.spawn(self._reannounce(entry.live.data.id))

    async def _reannounce(self, game_id: str) -> None:
        entry = self.manager.loaded(game_id)
        if entry is not None and self._sockets.get(game_id):
            await self.announce(entry.live, await self.offers(game_id))

    def close(self) -> None:
        """Nothing to stop (the manager cancels the spawned tasks)."""

    # -- stored state ---------------------------------------------------------------
    async def offers(self, game_id: str) -> Offers:
        """The stored offers of a game."""
        return await asyncio.to_thread(self.store.load_offers, game_id)

    async def save(self, live: LiveGame, offers: Offers) -> dict[str, Any]:
        """Store the offers of a game and show them to its sockets in every process; their
        view (the answer of the change)."""
        await asyncio.to_thread(self.store.save_offers, live.data.id, offers)
        return await self.changed(live, offers)

    async def changed(self, live: LiveGame, offers: Offers | None = None) -> dict[str, Any]:
        """The offers (or the rematch) of ``live`` changed in the database: send their view to
        the game's sockets here and tell the other processes; the view."""
        if offers is None:
            offers = await self.offers(live.data.id)
        self._publish(live.data.id, "offers")
        return await self.announce(live, offers)

    async def messages(self, game_id: str, room: str) -> list[ChatMessage]:
        """A room's messages, oldest first."""
        return await asyncio.to_thread(self.store.messages, game_id, room)

    async def room(
        self, live: LiveGame, room: str, seats: list[Seat], account: int | None = None
    ) -> list[dict[str, Any]]:
        """A room's messages as the reader with ``seats`` (signed in as ``account``) sees them:
        not another writer's shadow lines (issue 61)."""
        messages = await self.messages(live.data.id, room)
        if room == "players":
            messages = readable(messages, seats, (await self.offers(live.data.id)).mutes)
        return [m.view() for m in messages if m.readable_by(seats, account)]

    # -- chat ------------------------------------------------------------------------
    async def post(
        self,
        game_id: str,
        room: str,
        seat: Seat | None,
        name: str,
        text: str,
        *,
        user_id: int | None = None,
        shadow: bool = False,
    ) -> ChatMessage:
        """Store a message and send it to those who may read it, in every process (a
        ``shadow`` message: its writer only, issue 61)."""
        message = await asyncio.to_thread(
            self.store.add_message, game_id, room, seat, name, text, user_id=user_id, shadow=shadow
        )
        self._publish(game_id, "chat", id=message.id)
        await self._deliver(game_id, message)
        return message

    async def _deliver(self, game_id: str, message: ChatMessage) -> None:
        """Send ``message`` to this process's sockets of the game that may read it."""
        sockets = self._sockets.get(game_id)
        if not sockets:
            return
        mutes = (await self.offers(game_id)).mutes if message.room == "players" else []
        payload = {"type": "chat", "message": message.view()}
        for socket, seats in list(sockets.items()):
            if not message.readable_by(seats, self._accounts.get(socket)):
                continue  # a shadow line: its writer's pages only
            if message.room == "players":
                if not seats:
                    continue  # spectators never read the players' room
                if message.seat is not None and not readable([message], seats, mutes):
                    continue  # the reader muted the writer
            await self._send(game_id, socket, payload)

    # -- across processes --------------------------------------------------------------
    def _publish(self, game_id: str, kind: str, **more: Any) -> None:
        if self.events is not None:
            self.events.publish(SOCIAL, {"game": game_id, "kind": kind, **more})

    async def _from_elsewhere(self, event: Any) -> None:
        if not isinstance(event, dict) or not isinstance(event.get("game"), str):
            return
        game_id = event["game"]
        if not self._sockets.get(game_id):
            return  # no page of that game here
        if event.get("kind") == "chat" and isinstance(event.get("id"), int):
            message = await asyncio.to_thread(self.store.message, game_id, event["id"])
            if message is not None:
                await self._deliver(game_id, message)
        elif event.get("kind") == "offers":
            await self._reannounce(game_id)
        elif event.get("kind") == "hidden" and isinstance(event.get("id"), int):
            await self._withdraw_here(game_id, event["id"])  # a moderator's (issue 61)

    async def _refresh(self) -> None:
        """After the listener was cut off: every social socket here gets the offers and its
        rooms again, in case it missed a message or an offer."""
        for game_id, sockets in list(self._sockets.items()):
            entry = self.manager.loaded(game_id)
            if entry is None:
                continue
            offers = await self.offers(game_id)
            for socket, seats in list(sockets.items()):
                await self.greet(entry.live, socket, seats, offers)

    # -- sockets ---------------------------------------------------------------------
    def join(
        self, game_id: str, socket: WebSocket, seats: list[Seat], account: int | None = None
    ) -> None:
        """Deliver the game's social messages to ``socket`` (a player's when ``seats``; the
        signed-in ``account`` also gets its own shadow lines)."""
        self._sockets.setdefault(game_id, {})[socket] = seats
        if account is not None:
            self._accounts[socket] = account

    def leave(self, game_id: str, socket: WebSocket) -> None:
        """Stop delivering to ``socket``."""
        sockets = self._sockets.get(game_id, {})
        sockets.pop(socket, None)
        self._accounts.pop(socket, None)
        if not sockets:
            self._sockets.pop(game_id, None)

    async def withdraw(self, game_id: str, message_id: int) -> int:
        """A moderator hid message ``message_id``: the open pages of the game drop it
        (``{"type": "chat-hidden", "id": ID}``), in every process; how many pages here were
        told (issue 61)."""
        self._publish(game_id, "hidden", id=message_id)
        return await self._withdraw_here(game_id, message_id)

    async def _withdraw_here(self, game_id: str, message_id: int) -> int:
        payload = {"type": "chat-hidden", "id": message_id}
        sockets = list(self._sockets.get(game_id, {}))
        for socket in sockets:
            await self._send(game_id, socket, payload)
        return len(sockets)

    async def greet(
        self, live: LiveGame, socket: WebSocket, seats: list[Seat], offers: Offers
    ) -> bool:
        """Send a socket the offers (with ``you``: its seats) and its rooms' history; False
        when it dropped."""
        if not await send(socket, {**offers_view(live, offers), "you": seats}):
            return False
        account = self._accounts.get(socket)  # its own shadow lines (issue 61)
        for room in ["players", "spectators"] if seats else ["spectators"]:
            history = await self.room(live, room, seats, account)
            if not await send(socket, {"type": "history", "room": room, "messages": history}):
                return False
        return True

    async def announce(self, live: LiveGame, offers: Offers) -> dict[str, Any]:
        """Send the offers' view to every social socket of the game here; the view."""
        payload = offers_view(live, offers)
        for socket in list(self._sockets.get(live.data.id, {})):
            await self._send(live.data.id, socket, payload)
        return payload

    async def _send(self, game_id: str, socket: WebSocket, payload: dict[str, Any]) -> None:
        if not await send(socket, payload):  # a closed socket: forget it
            self.leave(game_id, socket)
