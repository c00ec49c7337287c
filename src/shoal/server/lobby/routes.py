"""The lobby (issue 22): open seeks, listed live; accepting one starts an online game.

* ``GET /api/seeks``: the open seeks (``mine`` marks the caller's).
* ``POST /api/seeks`` ``{game, options, colour, time_control, rated, name}``: a new seek.
  The creator is the signed-in account, else a guest known by the key in ``X-Shoal-Guest``
  (a random secret the browser keeps). Rated seeks need an account. At most
  :data:`~shoal.server.lobby.service.MAX_OPEN_SEEKS` open seeks per player, and
  :data:`~shoal.server.lobby.service.GUEST_SEEKS_PER_ADDRESS` per address for guests (429).
  A seek with a live clock is withdrawn 10 minutes after it was made, any other after 7
  days (:meth:`~shoal.server.lobby.store.LobbyStore.expire`).
* ``POST /api/seeks/{id}/accept`` ``{name}``: the game starts; the acceptor gets its seat
  token here, the creator through its lobby socket (``{"type": "start", ...}``) or
  ``POST /api/seeks/{id}/seat``. Exactly one acceptor wins (a conditional update).
* ``DELETE /api/seeks/{id}``: the creator withdraws it.
* ``WS /api/lobby/ws``: ``{"type": "seeks", "seeks": [...]}`` on every change. A signed-in
  member is known by the cookie; a guest sends ``{"guest": KEY}`` as a message (never in
  the URL, which logs keep). A page of another site is refused (:mod:`..origin`).
* ``GET /lobby``: the lobby page.
"""

from __future__ import annotations

import asyncio
import json
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Request, WebSocket
from fastapi.responses import FileResponse, HTMLResponse
from pydantic import BaseModel, Field

from shoal.i18n import N_, Text

from ..accounts.models import User
from ..accounts.service import Player, get_accounts
from ..bots.service import BotsDep
from ..db_down import survives_database
from ..errors import ApiError, refusals
from ..files import page
from ..games.models import hash_token
from ..games.start import check_options, parse_time_control
from ..inputs import clean_name
from ..limits import LimitsDep, account_key
from ..params import RowId, client_address
from ..schemas import GAME_ENUM
from ..sockets import keep_alive
from .models import Seek
from .schemas import SeatOut, SeekCancelled, SeekOut, SeekSeat
from .service import (
    GUEST_SEEKS_PER_ADDRESS,
    MAX_OPEN_SEEKS,
    LobbyDep,
    seek_bots,
    seek_ratings,
    seek_view,
    shown_to,
    who_of,
)

__all__ = ["SeekIn", "router"]

router = APIRouter(tags=["lobby"], responses=refusals(400, 401, 403, 404, 409, 413, 429))


GuestHeader = Annotated[
    str | None,
    Header(
        alias="X-Shoal-Guest",
        description="a guest's lobby key (a secret): 16 to 100 characters (else 400)",
        json_schema_extra={"minLength": 16, "maxLength": 100},
    ),
]


class SeekIn(BaseModel):
    """A new seek."""

    game: str = Field(
        max_length=64,
        description="game id (see /api/catalog)",
        json_schema_extra=GAME_ENUM,
    )
    options: dict[str, str | int | float | bool] = Field(default_factory=dict)
    colour: Literal["first", "second", "random"] = "random"
    time_control: str | None = Field(
        None,
        max_length=32,
        description="'5+3' (minutes+seconds), '3d' (days a move), or none",
        json_schema_extra={"pattern": r"^\s*(|none|\d{1,3}\+\d{1,3}|\d{1,2}d)\s*$"},
    )
    rated: bool = Field(False, strict=True, description="true or false (not 0 or 1)")
    name: str = Field("", max_length=40, description="a guest's name")


class AcceptIn(BaseModel):
    """Accepting a seek: a guest's name."""

    name: str = Field("", max_length=40)


def _guest(key: str | None) -> str | None:
    if key is None:
        return None
    if not 16 <= len(key) <= 100:
        raise ApiError(400, "a guest key is 16 to 100 characters")
    return hash_token(key)


def _who(player: User | None, key: str | None) -> tuple[int | None, str | None]:
    if player is not None:
        return player.id, None
    guest = _guest(key)
    if guest is None:
        raise ApiError(401, "sign in, or send a guest key (header X-Shoal-Guest)")
    return None, guest


def _name(player: User | None, name: str, default: str) -> str:
    if player is not None:
        return player.username
    return clean_name(name, default)


def _mine(seek: Seek, user_id: int | None, guest: str | None) -> bool:
    if user_id is not None:
        return seek.user_id == user_id
    return guest is not None and seek.guest_hash == guest


@router.get("/api/seeks", summary="The open seeks", response_model=list[SeekOut])
async def list_seeks(
    lobby: LobbyDep, player: Player, x_shoal_guest: GuestHeader = None
) -> list[dict[str, Any]]:
    user_id, guest = (player.id, None) if player else (None, _guest(x_shoal_guest))
    seeks = await asyncio.to_thread(lobby.store.open_seeks)
    if user_id is not None:  # not the seeks of a player a block keeps apart (issue 61)
        apart = await asyncio.to_thread(lobby.blocks.apart, [user_id])
        seeks = shown_to(seeks, user_id, apart)
    shown = await asyncio.to_thread(seek_ratings, lobby.ratings, seeks)
    bots = await asyncio.to_thread(seek_bots, lobby.bot_ids, seeks)
    return [seek_view(s, _mine(s, user_id, guest), shown.get(s.id), s.id in bots) for s in seeks]


@router.post("/api/seeks", summary="Create a seek", status_code=201, response_model=SeekOut)
async def create_seek(
    body: SeekIn,
    request: Request,
    limits: LimitsDep,
    lobby: LobbyDep,
    player: Player,
    x_shoal_guest: GuestHeader = None,
) -> dict[str, Any]:
    user_id, guest = _who(player, x_shoal_guest)
    if body.rated and player is None:
        raise ApiError(403, "a rated seek needs an account: sign in, or make it casual")
    options = check_options(body.game, body.options)
    parse_time_control(body.time_control)
    control = None if body.time_control in (None, "", "none") else body.time_control.strip()
    name = _name(player, body.name, "Guest")
    address = client_address(request)
    async with limits.hold("games", address), limits.hold("seeks", account_key(user_id, address)):
        seek = await asyncio.to_thread(
            lobby.store.add_seek,
            most=MAX_OPEN_SEEKS,
            guests_most=GUEST_SEEKS_PER_ADDRESS,
            guest_address=None if guest is None else hash_token(address),
            game=body.game,
            options=options,
            colour=body.colour,
            time_control=control,
            rated=body.rated,
            user_id=user_id,
            guest_hash=guest,
            name=name,
        )
        if isinstance(seek, str):
            raise ApiError(429, _CAPS[seek])
    await lobby.publish()
    shown = await asyncio.to_thread(seek_ratings, lobby.ratings, [seek])
    return seek_view(seek, mine=True, rating=shown.get(seek.id))


_CAPS = {
    "yours": Text(
        N_("you already have {n} open seeks: cancel one before a new one"), {"n": MAX_OPEN_SEEKS}
    ),
    "address": Text(
        N_(
            "guests at your address already have {n} open seeks: wait for one to be taken, "
            "or sign in"
        ),
        {"n": GUEST_SEEKS_PER_ADDRESS},
    ),
}
"""The words of a refusal by the caps on open seeks (:meth:`LobbyStore.add_seek`)."""


async def _open_seek(lobby: LobbyDep, seek_id: int) -> Seek:
    seek = await asyncio.to_thread(lobby.store.seek, seek_id)
    if seek is None:
        raise ApiError(404, "there is no seek {seek}", seek=seek_id)
    return seek


@router.post(
    "/api/seeks/{seek_id}/accept",
    summary="Accept a seek: the game starts",
    response_model=SeatOut,
)
async def accept_seek(
    seek_id: RowId,
    body: AcceptIn,
    request: Request,
    lobby: LobbyDep,
    bots: BotsDep,
    player: Player,
    x_shoal_guest: GuestHeader = None,
) -> dict[str, Any]:
    if "authorization" in request.headers:  # a bot program (shoal bot --seeks) takes it
        player = await asyncio.to_thread(bots.user_of, request)
    user_id, guest = _who(player, x_shoal_guest)
    name = _name(player, body.name, "Guest")
    signed_in = player is not None
    data, seat, token = await lobby.take_seek(seek_id, user_id, guest, name, signed_in=signed_in)
    return {"game": data.id, "seat": seat, "token": token, "url": f"/game/{data.id}"}


@router.post(
    "/api/seeks/{seek_id}/seat",
    summary="The creator's seat in a taken seek's game",
    response_model=SeekSeat,
)
async def seek_seat(
    seek_id: RowId, lobby: LobbyDep, player: Player, x_shoal_guest: GuestHeader = None
) -> dict[str, Any]:
    user_id, guest = _who(player, x_shoal_guest)
    seek = await _open_seek(lobby, seek_id)
    if not _mine(seek, user_id, guest):
        raise ApiError(403, "this is not your seek")
    token = await asyncio.to_thread(lobby.store.pick_up, seek_id)
    if seek.game_id is None or token is None:
        raise ApiError(404, "no seat is waiting for you in this seek")
    return {"game": seek.game_id, "token": token, "url": f"/game/{seek.game_id}"}


@router.delete("/api/seeks/{seek_id}", summary="Withdraw your seek", response_model=SeekCancelled)
async def cancel_seek(
    seek_id: RowId, lobby: LobbyDep, player: Player, x_shoal_guest: GuestHeader = None
) -> dict[str, Any]:
    user_id, guest = _who(player, x_shoal_guest)
    seek = await _open_seek(lobby, seek_id)
    if not _mine(seek, user_id, guest):
        raise ApiError(403, "only its creator can withdraw a seek")
    if not await asyncio.to_thread(lobby.store.cancel, seek_id):
        raise ApiError(409, "this seek is not open any more")
    await lobby.publish()
    return {"id": seek_id, "cancelled": True}


@router.websocket("/api/lobby/ws")
@survives_database
async def lobby_socket(socket: WebSocket, lobby: LobbyDep) -> None:
    user = await asyncio.to_thread(get_accounts(socket).user_of, socket)
    await socket.accept()
    who = who_of(user.id, None) if user is not None else ""
    await lobby.join(socket, who)
    try:

        async def hello(text: str) -> None:
            nonlocal who
            if not who and (guest := _guest_message(text)) is not None:
                who = who_of(None, guest)  # a guest says who they are once, in a message
                await lobby.join(socket, who)

        await keep_alive(socket, hello)
    finally:
        lobby.leave(socket)


def _guest_message(text: str) -> str | None:
    """The hashed key of a guest's ``{"guest": KEY}`` message, or None."""
    try:
        message = json.loads(text)
    except ValueError:
        return None
    key = message.get("guest") if isinstance(message, dict) else None
    return hash_token(key) if isinstance(key, str) and 16 <= len(key) <= 100 else None


@router.get("/lobby", include_in_schema=False, response_class=HTMLResponse)
async def lobby_page() -> FileResponse:
    return page("lobby.html")
