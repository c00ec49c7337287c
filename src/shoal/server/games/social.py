"""The social side of games (issue 23): offers between the players, chat, live delivery.

A :class:`Social` per app holds the :class:`~shoal.server.games.social_store.SocialStore`
and each game's social sockets (``WS
/api/games/{id}/social``). A socket says once who it is (a seat token, or
nothing for a spectator); the players' room and a player's mutes are delivered
by seat, so spectators never read the players' room and a muted player's
messages never reach the one who muted them.

Offers are pure functions of the stored offer and the game (:func:`offers_view`):
a draw offer lapses once the offerer's opponent has played after it; a takeback
request lapses once anyone has played after it; both lapse when the game ends.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import WebSocket

from shoal.core import Seat, other

from ..sockets import send
from .manager import GameEntry, GameManager
from .session import LiveGame
from .social_store import ChatMessage, Offers, SocialStore
from .store import Store

__all__ = [
    "CHAT_LENGTH",
    "ROOMS",
    "Social",
    "abortable",
    "draw_offer_open",
    "offers_view",
    "takeback_open",
]

CHAT_LENGTH = 500
"""The longest chat message, in characters."""

ROOMS = ("players", "spectators")
"""A game's chat rooms: the two players', and everyone else's."""


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
    """True in the first two turns of a game that is on (each side's first turn at most)."""
    return not live.over and live.state.turn < 2


def offers_view(live: LiveGame, offers: Offers) -> dict[str, Any]:
    """What a client shows: the standing offers (the asking seat), what may be asked now."""
    draw = offers.draw if draw_offer_open(live, offers.draw) else None
    takeback = offers.takeback if takeback_open(live, offers.takeback) else None
    people = live.data.mode == "friend"
    return {
        "type": "offers",
        "version": live.data.version,
        "draw": None if draw is None else int(draw["seat"]),
        "takeback": None if takeback is None else int(takeback["seat"]),
        "allowed": {
            "draw": people and not live.over,
            "takeback": people and not live.over and bool(live.data.actions),
            "abort": abortable(live),
        },
        "mutes": sorted(offers.mutes),
    }


class Social:
    """Offers and chat of an app's games: the store, the chat's rate limit, the sockets."""

    def __init__(
        self,
        manager: GameManager,
        store: Store,
    ) -> None:
        self.manager = manager
        self.store = SocialStore(store.engine)
        self._sockets: dict[str, dict[WebSocket, list[Seat]]] = {}

    # -- a listener of the manager: every change of a game may let its offers lapse -----
    def after_change(self, entry: GameEntry) -> None:
        """Send the game's offers again to its social sockets (a move may let one lapse)."""
        if self._sockets.get(entry.live.data.id):
            self.manager.spawn(self._reannounce(entry))

    async def _reannounce(self, entry: GameEntry) -> None:
        await self.announce(entry.live, await self.offers(entry.live.data.id))

    def close(self) -> None:
        """Nothing to stop (the manager cancels the spawned tasks)."""

    # -- stored state ---------------------------------------------------------------
    async def offers(self, game_id: str) -> Offers:
        """The stored offers of a game."""
        return await asyncio.to_thread(self.store.load_offers, game_id)

    async def save(self, game_id: str, offers: Offers) -> None:
        """Store the offers of a game."""
        await asyncio.to_thread(self.store.save_offers, game_id, offers)

    async def messages(self, game_id: str, room: str) -> list[ChatMessage]:
        """A room's messages, oldest first."""
        return await asyncio.to_thread(self.store.messages, game_id, room)

    # -- chat ------------------------------------------------------------------------
    async def post(
        self, game_id: str, room: str, seat: Seat | None, name: str, text: str
    ) -> ChatMessage:
        """Store a message and send it to those who may read it."""
        message = await asyncio.to_thread(self.store.add_message, game_id, room, seat, name, text)
        offers = await self.offers(game_id)
        payload = {"type": "chat", "message": message.view()}
        for socket, seats in list(self._sockets.get(game_id, {}).items()):
            if room == "players":
                if not seats:
                    continue  # spectators never read the players' room
                if seat is not None and any(s != seat and s in offers.mutes for s in seats):
                    continue  # the reader muted the writer
            await self._send(game_id, socket, payload)
        return message

    # -- sockets ---------------------------------------------------------------------
    def join(self, game_id: str, socket: WebSocket, seats: list[Seat]) -> None:
        """Deliver the game's social messages to ``socket`` (a player's when ``seats``)."""
        self._sockets.setdefault(game_id, {})[socket] = seats

    def leave(self, game_id: str, socket: WebSocket) -> None:
        """Stop delivering to ``socket``."""
        sockets = self._sockets.get(game_id, {})
        sockets.pop(socket, None)
        if not sockets:
            self._sockets.pop(game_id, None)

    async def announce(self, live: LiveGame, offers: Offers) -> None:
        """Send the offers' view to every social socket of the game."""
        payload = offers_view(live, offers)
        for socket in list(self._sockets.get(live.data.id, {})):
            await self._send(live.data.id, socket, payload)

    async def _send(self, game_id: str, socket: WebSocket, payload: dict[str, Any]) -> None:
        if not await send(socket, payload):  # a closed socket: forget it
            self.leave(game_id, socket)
