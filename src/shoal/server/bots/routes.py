"""The Bot API (issue 23), in the shape of lichess's: programs play on the server.

Every request carries an API token (``Authorization: Bearer TOKEN``, see
:mod:`shoal.server.bots.service`); answers are JSON, streams are newline-delimited JSON
with an empty line every few seconds while nothing happens.

* ``GET /api/bot/account``: the token's account.
* ``GET /api/bot/stream/event``: ``gameStart`` / ``gameFinish`` events of the bot's games
  (games already on are announced first).
* ``GET /api/bot/game/stream/{id}``: ``gameFull`` first, then a ``gameState`` per change;
  it ends after the state that ends the game.
* ``POST /api/bot/game/{id}/move/{action}``: one atomic action in the game's notation.
* ``POST /api/bot/game/{id}/resign``.
* ``POST /api/bot/challenge/{id}/accept`` / ``decline``: answer a challenge of the lobby
  (``challenge`` events on the event stream).
* ``POST /api/games/vs/{username}``: a new game against a named account (with the
  cookie or a token): against a bot (``shoal-LEVEL`` or a program), or, for a bot,
  against a person, who finds it in "My games".
* ``GET /api/bots``: the bots of the server; ``/bots``: the page to play one.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import AsyncIterator
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse, StreamingResponse
from pydantic import BaseModel, Field

from shoal.core import ShoalError

from ..accounts.models import User
from ..accounts.service import Accounts, AccountsDep, Player
from ..challenges.service import ChallengesDep
from ..errors import ApiError, check_error, refusals
from ..files import page
from ..games.creation import game_data, new_token
from ..games.env import GamesDep
from ..games.manager import GameEntry
from ..games.models import hash_token
from ..games.moves import play
from ..games.service import resign
from ..limits import LimitsDep
from ..params import RowId, client_address
from ..schemas import GAME_ENUM
from .schemas import BotAccepted, BotAccount, BotListed, BotMoved, Ok, VsGame
from .service import Bots, BotsDep, BotUser, game_full, game_state

__all__ = ["VsIn", "router"]

router = APIRouter(tags=["bot"], responses=refusals(400, 401, 403, 404, 409, 413, 429))

NDJSON = "application/x-ndjson"


class VsIn(BaseModel):
    """A new game against a named account."""

    game: str = Field(description="game id (see /api/catalog)", json_schema_extra=GAME_ENUM)
    options: dict[str, str | int | float | bool] = Field(default_factory=dict)
    seed: int | None = Field(None, ge=0, lt=2**63, description="set-up seed; random if absent")
    seat: int | None = Field(0, ge=0, le=1, description="the creator's seat; random if null")


def _line(message: dict[str, Any]) -> bytes:
    return (json.dumps(message, separators=(",", ":"), ensure_ascii=False) + "\n").encode()


async def _lines(
    queue: asyncio.Queue[dict[str, Any]], keepalive: float
) -> AsyncIterator[dict[str, Any] | None]:
    """The queue's messages, and None after ``keepalive`` seconds of silence."""
    while True:
        try:
            yield await asyncio.wait_for(queue.get(), timeout=keepalive)
        except TimeoutError:
            yield None


def _names(entry: GameEntry) -> list[str]:
    return list(entry.live.data.players)


@router.get("/api/bot/account", summary="The account of the API token", response_model=BotAccount)
def bot_account(user: BotUser, bots: BotsDep) -> dict[str, Any]:
    return {
        "username": user.username,
        "bot": bots.store.is_bot(user.id),
        "level": bots.store.level_of(user.id),
    }


@router.get("/api/bots", summary="The bots of this server", response_model=list[BotListed])
async def list_bots(bots: BotsDep) -> list[dict[str, Any]]:
    return [
        {"username": user.username, "level": level}
        for user, level in await asyncio.to_thread(bots.store.bots)
    ]


@router.get("/bots", include_in_schema=False, response_class=HTMLResponse)
async def bots_page() -> FileResponse:
    return page("bots.html")


@router.get(
    "/api/bot/stream/event",
    summary="The bot's events (ndjson stream)",
    response_class=StreamingResponse,
    responses={200: {"content": {NDJSON: {}}}},
)
async def stream_events(
    user: BotUser, bots: BotsDep, games: GamesDep, challenges: ChallengesDep
) -> StreamingResponse:
    events = bots.events
    queue = events.open_user(user.id)
    for challenge in await asyncio.to_thread(challenges.challenges_of, user.id):
        if challenge.challenged == user.id and challenge.status == "open":
            await bots.on_challenge(challenge)  # open challenges first, like games on
    held = await asyncio.to_thread(bots.accounts.seats_of, user.id)
    for game_id in dict.fromkeys(g for g, _ in held):
        entry = await games.manager.entry(game_id)
        if not entry.live.over:
            events.announce(user.id, entry.live)

    async def body() -> AsyncIterator[bytes]:
        try:
            async for message in _lines(queue, bots.keepalive):
                yield b"\n" if message is None else _line(message)
        finally:
            events.close_user(user.id, queue)

    return StreamingResponse(body(), media_type=NDJSON)


@router.get(
    "/api/bot/game/stream/{game_id}",
    summary="A game's states (ndjson stream)",
    response_class=StreamingResponse,
    responses={200: {"content": {NDJSON: {}}}},
)
async def stream_game(
    game_id: str, user: BotUser, bots: BotsDep, games: GamesDep
) -> StreamingResponse:
    entry = await games.manager.entry(game_id)
    await games.manager.check_flag(entry)
    queue = bots.events.open_game(game_id)
    first = game_full(entry.live, _names(entry), user)

    async def body() -> AsyncIterator[bytes]:
        try:
            yield _line(first)
            if first["state"]["status"] == "over":
                return
            seen = first["state"]["version"]
            async for message in _lines(queue, bots.keepalive):
                if message is None:
                    yield b"\n"
                    continue
                if message["version"] <= seen:
                    continue  # a reload of a version already sent
                seen = message["version"]
                yield _line(message)
                if message["status"] == "over":
                    return
        finally:
            bots.events.close_game(game_id, queue)

    return StreamingResponse(body(), media_type=NDJSON)


@router.post(
    "/api/bot/game/{game_id}/move/{action:path}",
    summary="Play one atomic action",
    response_model=BotMoved,
    response_model_exclude_unset=True,
)
async def bot_move(game_id: str, action: str, user: BotUser, games: GamesDep) -> dict[str, Any]:
    """The page's move (:func:`~shoal.server.games.moves.play`: the same checks and words),
    from the game's current version, for the token's account."""
    await play(games.manager, game_id, None, None, text=action, account=user.id)
    return {"ok": True, "state": game_state((await games.manager.entry(game_id)).live)}


@router.post(
    "/api/bot/game/{game_id}/resign",
    summary="Resign (the other seat wins)",
    response_model=BotMoved,
    response_model_exclude_unset=True,
)
async def bot_resign(game_id: str, user: BotUser, games: GamesDep) -> dict[str, Any]:
    """The page's resignation (:func:`~shoal.server.games.service.resign`)."""
    await resign(games.manager, game_id, None, None, account=user.id)
    return {"ok": True, "state": game_state((await games.manager.entry(game_id)).live)}


@router.post(
    "/api/bot/challenge/{challenge_id}/accept",
    summary="Accept a challenge: play",
    response_model=BotAccepted,
)
async def bot_accept(
    challenge_id: RowId, user: BotUser, challenges: ChallengesDep
) -> dict[str, Any]:
    accepted = await challenges.accept(challenge_id, user)
    return {"ok": True, "game": accepted.game, "seat": accepted.seat}


@router.post(
    "/api/bot/challenge/{challenge_id}/decline",
    summary="Decline a challenge",
    response_model=Ok,
)
async def bot_decline(
    challenge_id: RowId, user: BotUser, challenges: ChallengesDep
) -> dict[str, Any]:
    await challenges.decline(challenge_id, user)
    return {"ok": True}


def _opponents(
    request: Request, bots: Bots, accounts: Accounts, player: User | None, username: str
) -> tuple[User, User, str | None]:
    """Who plays whom in a game against a named account, and the computer's level when the
    named one is a ``shoal-LEVEL`` bot (queries: in a worker thread)."""
    me = bots.user_of(request) if "authorization" in request.headers else player
    if me is None:
        raise ApiError(401, "sign in (or send a bot's API token) to play a named account")
    found = accounts.store.by_name(username)
    if found is None or found[0].deleted:
        raise ApiError(404, "there is no user {username}", username=repr(username))
    them = found[0]
    if them.id == me.id:
        raise ApiError(400, "you cannot play against yourself")
    if them.disabled:
        raise ApiError(409, "{username} is disabled", username=them.username)
    level = bots.store.level_of(them.id)
    if level is None and not bots.store.is_bot(them.id) and not bots.store.is_bot(me.id):
        raise ApiError(
            400,
            "{username} is not a bot: challenge a person from the lobby instead",
            username=them.username,
        )
    return me, them, level


@router.post(
    "/api/games/vs/{username}",
    summary="A game against a named account",
    status_code=201,
    response_model=VsGame,
    response_model_exclude_unset=True,
)
async def play_against(
    username: str,
    body: VsIn,
    request: Request,
    games: GamesDep,
    limits: LimitsDep,
    bots: BotsDep,
    accounts: AccountsDep,
    player: Player,
) -> dict[str, Any]:
    me, them, level = await asyncio.to_thread(_opponents, request, bots, accounts, player, username)
    await limits.check("games", client_address(request))
    seat = body.seat if body.seat is not None else secrets.randbelow(2)
    token = new_token()
    players = ["", ""]
    hashes: list[str | None] = [None, None]
    held: list[int | None] = [None, None]
    players[seat], players[1 - seat] = me.username, them.username
    hashes[seat] = hash_token(token)
    held[seat], held[1 - seat] = me.id, them.id
    try:
        data = game_data(
            body.game,
            dict(body.options),
            mode="computer" if level is not None else "friend",
            players=players,
            token_hashes=hashes,
            seed=body.seed,
            level=level,
            computer_seat=1 - seat if level is not None else None,
            accounts=held,
        )
    except ShoalError as error:
        raise check_error(error) from None
    entry = await games.manager.create(data)
    view = entry.live.view()
    view["you"] = [seat]
    return {"id": data.id, "seat": seat, "token": token, "opponent": them.username, "view": view}
