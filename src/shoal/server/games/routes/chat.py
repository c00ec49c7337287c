"""Chat in a game, mutes, and the social socket (issue 23).

* ``GET /api/games/{id}/chat?room=players|spectators``: a room's messages. The
  players' room is read with a seat token only (without the opponent's messages
  once muted); the spectators' room by anyone.
* ``POST /api/games/{id}/chat`` ``{"room", "text", "name"}``: a message of at most
  500 characters, plain text (clients show it as text, never as HTML), at most
  5 per 10 seconds per writer. Players write in their room; spectators (and
  players once the game is over) in the spectators' room.
* ``POST /api/games/{id}/mute`` ``{"muted": true|false}``: a player stops (or
  starts again) receiving the opponent's messages; stored with the game.
* ``WS /api/games/{id}/social``: the client first sends ``{"token": T}`` (or
  ``{"token": null}``: a signed-in page's cookie then plays its account's seats, else it
  watches); then it receives ``{"type": "offers", ..., "you": SEATS}``, the rooms'
  history, and ``{"type": "offers", ...}`` and ``{"type": "chat", "message": ...}`` live,
  whichever server process the change went through (:mod:`..social`).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Literal

from fastapi import APIRouter, Request, WebSocket, WebSocketDisconnect
from pydantic import BaseModel, Field

from shoal.core import Seat, other

from ...accounts.models import User
from ...accounts.service import account_id, get_accounts, player_of
from ...blocks.service import BlocksDep
from ...db_down import survives_database
from ...errors import ApiError, refusals
from ...inputs import clean_name, clean_text
from ...limits import LimitsDep, account_key
from ...moderation.chatrules import languages_of
from ...moderation.service import ModerationDep
from ...params import client_address
from ...provide import service_of
from ...sockets import keep_alive
from ..env import Games, GamesDep
from ..schemas import ChatMessageOut, OffersView
from ..session import LiveGame
from ..social import CHAT_LENGTH
from .caller import SeatCaller

__all__ = ["ChatIn", "MuteIn", "held_social_socket", "router"]

router = APIRouter(tags=["chat"])

Room = Literal["players", "spectators"]


class ChatIn(BaseModel):
    """A chat message."""

    room: Room = "players"
    text: str = Field(max_length=20 * CHAT_LENGTH, description="at most 500 characters")
    name: str = Field("", max_length=40, description="a spectator's name")


class MuteIn(BaseModel):
    """Mute the opponent (or hear them again)."""

    muted: bool


@router.get(
    "/api/games/{game_id}/chat",
    summary="A chat room's messages",
    response_model=list[ChatMessageOut],
    responses=refusals(401, 403, 404),
)
async def get_chat(
    game_id: str, caller: SeatCaller, room: Room = "players"
) -> list[dict[str, Any]]:
    manager = caller.games.manager
    entry = await manager.entry(game_id)
    seats = await manager.seats(entry, caller.token, caller.account)
    if room == "players" and not seats:
        raise ApiError(403, "the players' room is for the two players: spectators have their own")
    return await caller.games.social.room(entry.live, room, seats, caller.account)


@router.post(
    "/api/games/{game_id}/chat",
    summary="Send a chat message",
    status_code=201,
    response_model=ChatMessageOut,
    responses=refusals(401, 403, 404, 413, 429),
)
async def post_chat(
    game_id: str,
    body: ChatIn,
    request: Request,
    caller: SeatCaller,
    limits: LimitsDep,
    moderation: ModerationDep,
    blocks: BlocksDep,
) -> dict[str, Any]:
    games, player = caller.games, caller.player
    entry = await games.manager.entry(game_id)
    seats = await games.manager.seats(entry, caller.token, caller.account)
    live = entry.live
    if caller.token and not seats:
        raise ApiError(403, "this token does not play in this game")
    text = clean_text(body.text)
    if not text:
        raise ApiError(400, "a message needs some text")
    if len(text) > CHAT_LENGTH:
        raise ApiError(
            422,
            "a message has at most {chat_length} characters (this one has {length})",
            chat_length=CHAT_LENGTH,
            length=len(text),
        )
    seat: Seat | None = None
    if body.room == "players":
        if live.data.mode != "friend":
            raise ApiError(403, "chat is between two people playing online")
        if not seats:
            raise ApiError(
                403, "the players' room is for the two players: spectators have their own"
            )
        seat = seats[0]
        name = live.data.players[seat]
        writer = f"seat {seat}"
    else:
        if seats and not live.over:
            raise ApiError(403, "players write in the players' room while the game is on")
        name = clean_name(body.name, "Spectator")
        own = {live.data.players[s].casefold() for s in seats}  # a player after the end
        if player is not None:
            own.add(player.username.casefold())
        await _not_reserved(request, live, name, own)
        writer = f"address {client_address(request)}"
    account = _writer(live, seat, player)
    shadow = await asyncio.to_thread(
        moderation.screen,
        account,
        text,
        languages_of(request.headers.get("accept-language")),
    )
    if seat is not None and account is not None and not shadow:
        reader = (live.data.accounts or [None, None])[other(seat)]
        if reader is not None:  # a player who blocks the writer never reads their lines
            shadow = await asyncio.to_thread(blocks.blocks, reader, account)
    await limits.check("chat", f"{game_id}|{writer}")  # 429 past a burst in the game
    async with limits.hold("chat_day", account_key(caller.account, client_address(request))):
        message = await games.social.post(
            game_id, body.room, seat, name, text, user_id=account, shadow=shadow
        )
    return message.view()


def _writer(live: LiveGame, seat: Seat | None, player: User | None) -> int | None:
    """The account that writes: the one holding the writer's seat, else the signed-in
    spectator; None for a guest (issue 61: its reports, mutes and blocks)."""
    if seat is not None:
        return (live.data.accounts or [None, None])[seat]
    return None if player is None else player.id


async def _not_reserved(request: Request, live: LiveGame, name: str, own: set[str]) -> None:
    """403 when a spectator writes under a seated player's name or an account's username
    (any case), unless it is the writer's own (their seat's, their account's) (issue 38)."""
    key = name.casefold()
    if key in own:
        return
    if key in {p.casefold() for p in live.data.players}:
        raise ApiError(
            403,
            "{name} is a player's name in this game: choose another",
            name=repr(name),
        )
    found = await asyncio.to_thread(get_accounts(request).store.by_name, name)
    if found is not None:
        raise ApiError(
            403,
            "{name} is an account's name: choose another, or sign in",
            name=repr(name),
        )


@router.post(
    "/api/games/{game_id}/mute",
    summary="Mute your opponent's chat, or hear it again",
    response_model=OffersView,
    responses=refusals(401, 403, 404, 413),
)
async def post_mute(game_id: str, body: MuteIn, caller: SeatCaller) -> dict[str, Any]:
    games = caller.games
    entry = await games.manager.entry(game_id)
    async with entry.lock:
        seats = entry.live.check_player(caller.token, caller.account)
        if len(seats) != 1:
            raise ApiError(403, "at one screen there is nobody to mute")
        offers = await games.social.offers(game_id)
        mutes = set(offers.mutes)
        (mutes.add if body.muted else mutes.discard)(seats[0])
        offers.mutes = sorted(mutes)
        return await games.social.save(entry.live, offers)  # every process's sockets


@router.websocket("/api/games/{game_id}/social")
@survives_database
async def social_socket(socket: WebSocket, game_id: str, games: GamesDep) -> None:
    social, manager = games.social, games.manager
    try:
        entry = await manager.entry(game_id)
    except ApiError as error:
        await socket.close(code=4404, reason=error.message[:120])
        return
    await socket.accept()
    try:
        hello = json.loads(await asyncio.wait_for(socket.receive_text(), 30))
        token = hello.get("token") if isinstance(hello, dict) else None
    except (TimeoutError, ValueError, WebSocketDisconnect):
        await socket.close(code=4400, reason='send {"token": ...} first')
        return
    # the seat token of the hello, or the account of the page's cookie (issue 56: a player
    # signed in on a second browser, with no token there, read "No messages yet")
    account = account_id(await player_of(socket))
    token = token if isinstance(token, str) and len(token) <= 200 else None
    seats = await manager.seats(entry, token, account)
    social.join(game_id, socket, seats, account)  # its own shadow lines (issue 61)
    try:
        if await social.greet(entry.live, socket, seats, await social.offers(game_id)):
            await keep_alive(socket)
    finally:
        social.leave(game_id, socket)


async def held_social_socket(socket: WebSocket, params: dict[str, str]) -> None:
    """:func:`social_socket` on the socket lane (:mod:`shoal.server.lane`): every game page
    holds it open."""
    await social_socket(socket, params["game_id"], service_of(socket, Games))
