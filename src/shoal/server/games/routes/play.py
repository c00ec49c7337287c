"""Games: start one, read its view, play an action, undo, resign, ask a hint, watch it live.

* ``POST /api/games``: a new game (against the computer, a friend online, or at
  one screen); answers the player's seat token and, for a friend game, the
  friend's invite token. ``GET /api/games``: recent games.
* ``GET /api/games/{id}``: the view (board SVG, click paths, turns, result, clocks);
  ``GET /api/games/{id}/correspondence``: a correspondence game's clock (``days``, the
  ``seat`` to move, its ``deadline`` and the server's ``now`` in epoch seconds; 404 for a
  game without one);
  ``GET /api/games/{id}/features``: the position's features (the page's position details,
  asked for while that card is open).
* ``POST /api/games/{id}/actions``, ``/undo``, ``/resign``, ``/hint``: changes,
  each with the seat token (header ``X-Shoal-Token``) and the version the client
  saw (a stale version answers 409); all go through :func:`~shoal.server.games.changes.change`.
  They answer the new view, or with ``?answer=delta`` only what changed from the
  client's version (the game socket's delta message, encoded once for both).
* ``WS /api/games/{id}/ws``: live views for players and spectators; a player's page also
  moves on it (``{"type": "move"}``, :mod:`..moves`: the same service as the POST).
"""

from __future__ import annotations

import asyncio
import secrets
from typing import Annotated, Any, Literal, NamedTuple

from fastapi import APIRouter, Query, Request, Response, WebSocket
from pydantic import BaseModel, Field

from shoal import games
from shoal.ai import DEFAULT_LEVEL
from shoal.ai.players import LEVELS, get_player
from shoal.core import Seat
from shoal.i18n import N_, SOURCE, catalogue

from ...accounts.models import User
from ...accounts.service import Player
from ...db_down import survives_database
from ...errors import ApiError, refusals
from ...inputs import clean_name
from ...lane import flag
from ...language import language_of
from ...limits import LimitsDep
from ...params import TokenHeader, client_address
from ...provide import service_of
from ...schemas import GAME_ENUM
from ...sockets import encode, keep_alive
from ..changes import Change
from ..creation import fresh_clock, game_data, new_token
from ..env import Games, GamesDep
from ..models import GameData, hash_token, invite_hash
from ..moves import SocketMoves, play
from ..pace import check_pace
from ..schemas import (
    CorrespondenceView,
    CreatedGame,
    GameFeatures,
    GameSummary,
    GameView,
    HintOut,
    ViewChange,
)
from ..service import resign
from ..session import LiveGame
from .caller import Caller, SeatCaller, change_route, reader_language

__all__ = ["ActionIn", "ClockIn", "CreateGameIn", "VersionIn", "held_game_socket", "router"]

router = APIRouter(tags=["games"])


# -- request bodies ------------------------------------------------------------------
class ClockIn(BaseModel):
    """A game clock: ``base`` seconds per side, plus ``increment`` seconds per turn."""

    base: float = Field(gt=0, le=7 * 24 * 3600, description="seconds for each side")
    increment: float = Field(0, ge=0, le=24 * 3600, description="seconds added per turn")


class CreateGameIn(BaseModel):
    """A new game."""

    game: str = Field(description="game id (see /api/catalog)", json_schema_extra=GAME_ENUM)
    options: dict[str, str | int | float | bool] = Field(default_factory=dict)
    seed: int | None = Field(None, ge=0, lt=2**63, description="set-up seed; random if absent")
    start: str | None = Field(
        None, max_length=10_000, description="a position string to start from"
    )
    opponent: Literal["computer", "friend", "local"] = "computer"
    level: str | None = Field(None, description="the computer's level (see /api/levels)")
    seat: int | None = Field(0, ge=0, le=1, description="the creator's seat; random if null")
    clock: ClockIn | None = Field(None, description="a clock for friend games; none: no clock")
    correspondence_days: int | None = Field(
        None, ge=1, le=14, description="correspondence: days per move (friend games; no clock)"
    )
    name: str = Field("", max_length=40, description="the creator's name")
    rated: bool = Field(False, description="a rated game (signed in, against a friend online)")


class VersionIn(BaseModel):
    """A change made from the view at ``version``."""

    version: int


class ActionIn(VersionIn):
    """One atomic action, by number or by its text in the game's notation."""

    action: int | None = None
    text: str | None = Field(None, max_length=500)


# -- helpers ------------------------------------------------------------------------
class _NewGame(NamedTuple):
    data: GameData
    seat: Seat
    token: str
    invite: str | None


def _new_game(body: CreateGameIn) -> _NewGame:
    """A new game's stored data, the creator's seat and token, and the friend's invite token."""
    seat = body.seat if body.seat is not None else secrets.randbelow(2)
    token = new_token()
    invite: str | None = None
    name = clean_name(body.name, "")
    level: str | None = None
    computer_seat: int | None = None
    clock: dict[str, Any] | None = None
    players = ["", ""]
    hashes: list[str | None] = [None, None]
    if body.clock is not None and body.opponent != "friend":
        raise ApiError(400, "clocks are for games against a friend online")
    if body.correspondence_days is not None:
        if body.opponent != "friend":
            raise ApiError(400, "correspondence is for games against a friend online")
        if body.clock is not None:
            raise ApiError(400, "a game has a live clock or days per move, not both")
    if body.opponent == "computer":
        level = body.level or DEFAULT_LEVEL
        if level not in LEVELS:  # only named levels: a search spec could run for hours
            raise ApiError(
                400,
                "unknown level {level} (levels: {choices})",
                level=repr(level),
                choices=", ".join(LEVELS),
            )
        get_player(level, games.REGISTRY.from_mapping(body.game, body.options), seed=0)
        computer_seat = 1 - seat
        players[seat], players[computer_seat] = name or "You", f"computer ({level})"
        hashes[seat] = hash_token(token)
    elif body.opponent == "friend":
        invite = new_token()
        players[seat], players[1 - seat] = name or "Host", "Guest"
        hashes[seat], hashes[1 - seat] = hash_token(token), invite_hash(invite)
        if body.clock is not None:
            clock = fresh_clock(body.clock.base, body.clock.increment)
    else:
        players = ["Player 1", "Player 2"]
        hashes = [hash_token(token), hash_token(token)]
        seat = 0
    data = game_data(
        body.game,
        body.options,
        mode=body.opponent,
        players=players,
        token_hashes=hashes,
        seed=body.seed,
        start=body.start,
        level=level,
        computer_seat=computer_seat,
        clock=clock,
    )
    return _NewGame(data, seat, token, invite)


def _check_rated(body: CreateGameIn, player: User | None) -> None:
    """A rated game needs an account, an opponent who can hold one (a friend online), and a
    live clock no faster than :func:`~..pace.check_pace` allows (a casual game may be as
    fast as its players like: /new says what its clock means, it refuses nothing)."""
    if not body.rated:
        return
    if player is None:
        raise ApiError(403, "sign in to play rated games: guests play casual games only")
    if body.opponent != "friend":
        raise ApiError(
            400, "only games against a friend online can be rated (play the shoal- bots for that)"
        )
    if body.clock is not None:  # a game that counts: no clock too fast for a typical game
        check_pace(body.game, ("live", body.clock.base, body.clock.increment))


def _id(player: User | None) -> int | None:
    return None if player is None else player.id


async def _view(
    games: Games,
    game_id: str,
    token: str | None,
    player: User | None = None,
    language: str = SOURCE,
) -> dict[str, Any]:
    """The game's view for the holder of ``token`` or the signed-in player (seats in ``you``),
    the game's words in ``language``."""
    manager = games.manager
    entry = await manager.entry(game_id)
    you = await manager.seats(entry, token, _id(player))  # newer where this process lags
    await manager.check_flag(entry)
    view = entry.live.view(language=language)
    view["you"] = you
    view["correspondence"] = await games.correspondence.view(game_id)
    return view


Answer = Annotated[
    Literal["view", "delta"],
    Query(
        description="view: the new view; delta: only what changed from the version sent "
        "(the game socket's delta message)"
    ),
]
"""What a change answers."""

CHANGED: Any = GameView | ViewChange
"""The answer of a change: the new view, or with ``?answer=delta`` what changed."""


async def _changed(
    games: Games,
    game_id: str,
    delta: str | None,
    token: str | None,
    player: User | None,
    language: str = SOURCE,
) -> Response:
    """The answer of a change: ``delta`` (text made under the game's lock by
    :meth:`~shoal.server.games.manager.GameManager.delta_since`), or else the reader's whole
    view. Encoded here once, not checked against the route's models field by field on each
    move (the tests check the answers against them; GET still is)."""
    if delta is None:
        delta = encode(await _view(games, game_id, token, player, language))
    return Response(delta, media_type="application/json")


def _delta(caller: Caller, now: Change, answer: str) -> str | None:
    """With ``answer`` delta, the change's delta (under the lock: no later change's), in the
    caller's language."""
    if answer != "delta":
        return None
    return caller.games.manager.delta_since(now.entry, now.live, caller.language)


def _no_hints_online(live: LiveGame) -> None:
    if live.data.mode == "friend":
        raise ApiError(403, "hints are off in games between people online")
    live.refuse_help(N_("no hints"))


# -- routes ---------------------------------------------------------------------------
@router.post(
    "/api/games",
    summary="Start a game",
    status_code=201,
    response_model=CreatedGame,
    responses=refusals(403, 404, 413, 429),
)
async def create_game(
    body: CreateGameIn,
    request: Request,
    games: GamesDep,
    limits: LimitsDep,
    player: Player,
) -> Response:
    """Sent as encoded text, as a change's answer is (the whole view: checking it against
    the models field by field cost as much as the rest of the route; the tests check it)."""
    await limits.check("games", client_address(request))
    _check_rated(body, player)
    new = _new_game(body)
    if player is not None:  # a signed-in player's seats are the account's too
        mine = [0, 1] if body.opponent == "local" else [new.seat]
        new.data.accounts = [player.id if s in mine else None for s in (0, 1)]
        if body.opponent != "local":
            new.data.players[new.seat] = player.username
    if body.rated:
        new.data.rated = True
    entry = await games.manager.create(new.data)
    seats = [0, 1] if body.opponent == "local" else [new.seat]
    if body.correspondence_days is not None:
        await games.correspondence.start(entry, body.correspondence_days)
    else:  # its clock is started here or never: its changes need not ask for one
        games.correspondence.untimed(new.data.id)
    view = entry.live.view(language=reader_language(request, player))
    view["you"] = seats
    view["correspondence"] = await games.correspondence.view(new.data.id)
    made = {
        "id": new.data.id,
        "token": new.token,
        "invite_token": new.invite,
        "seats": seats,
        "view": view,
    }
    return Response(encode(made), status_code=201, media_type="application/json")


@router.get("/api/games", summary="Recent games (ids and titles)", response_model=list[GameSummary])
async def recent_games(games: GamesDep, limit: int = 20) -> list[dict[str, Any]]:
    out = []
    for game_id in await asyncio.to_thread(games.store.list_ids, max(1, min(limit, 100))):
        entry = await games.manager.entry(game_id)
        live = entry.live
        out.append(
            {
                "id": game_id,
                "game": live.game.id,
                "title": live.game.title,
                "mode": live.data.mode,
                "players": live.data.players,
                "ply": len(live.data.actions),
                "over": live.over,
            }
        )
    return out


@router.get(
    "/api/games/{game_id}",
    summary="The game as a client shows it",
    response_model=GameView,
    responses=refusals(404),
)
async def get_game(
    game_id: str,
    request: Request,
    games: GamesDep,
    player: Player,
    x_shoal_token: TokenHeader = None,
) -> dict[str, Any]:
    language = reader_language(request, player)
    return await _view(games, game_id, x_shoal_token, player, language)


@router.get(
    "/api/games/{game_id}/features",
    summary="The features of the game's position (the page's position details)",
    response_model=GameFeatures,
    responses=refusals(404),
)
async def get_features(
    request: Request, game_id: str, games: GamesDep, player: Player
) -> dict[str, Any]:
    entry = await games.manager.entry(game_id)
    live = entry.live
    features = live.features()
    tr = catalogue(reader_language(request, player))
    words = live.game.feature_words(features, tr=tr)
    return {"version": live.data.version, "features": features, "words": words}


@router.get(
    "/api/games/{game_id}/correspondence",
    summary="A correspondence game's clock",
    response_model=CorrespondenceView,
    responses=refusals(404),
)
async def correspondence_clock(game_id: str, games: GamesDep) -> dict[str, Any]:
    found = await games.correspondence.view(game_id)
    if found is None:
        raise ApiError(404, "there is no correspondence game {game}", game=repr(game_id))
    return found


@change_route(router, "actions", "Play one atomic action", CHANGED)
async def post_action(
    game_id: str,
    body: ActionIn,
    request: Request,
    games: GamesDep,
    player: Player,
    x_shoal_token: TokenHeader = None,
    answer: Answer = "view",
) -> Response:
    language = reader_language(request, player)
    _, delta = await play(
        games.manager,
        game_id,
        body.version,
        x_shoal_token,
        action=body.action,
        text=body.text,
        account=_id(player),
        delta=answer == "delta",
        language=language,
    )
    return await _changed(games, game_id, delta, x_shoal_token, player, language)


@change_route(router, "undo", "Take back your last turn", CHANGED)
async def post_undo(
    game_id: str, body: VersionIn, caller: SeatCaller, answer: Answer = "view"
) -> Response:
    async with caller.change(game_id, body.version, when_over=True) as now:
        await now.commit(now.live.with_undo())
        delta = _delta(caller, now, answer)
    return await _changed(
        caller.games, game_id, delta, caller.token, caller.player, caller.language
    )


@change_route(router, "resign", "Resign (the other seat wins)", CHANGED)
async def post_resign(
    game_id: str, body: VersionIn, caller: SeatCaller, answer: Answer = "view"
) -> Response:
    delta = await resign(
        caller.games.manager,
        game_id,
        body.version,
        caller.token,
        account=caller.account,
        delta=answer == "delta",
        language=caller.language,
    )
    return await _changed(
        caller.games, game_id, delta, caller.token, caller.player, caller.language
    )


@change_route(router, "hint", "A suggested action", HintOut)
async def post_hint(game_id: str, body: VersionIn, caller: SeatCaller) -> dict[str, Any]:
    async with caller.change(game_id, body.version, refuse=_no_hints_online) as now:
        live = now.live
        if live.state.to_move not in now.seats:
            raise ApiError(409, "it is not your turn")
    state = live.state  # the search runs without the lock: the game may go on meanwhile
    seed = (live.data.seed or 0) * 7919 + len(live.data.actions)
    tr = catalogue(caller.language)
    action, reason = await caller.games.computer.hint(live.game, state, seed, tr)
    return {
        "action": action,
        "text": state.action_text(action),
        "path": list(live.game.click_paths(state).get(action, ())),
        "reason": reason,
        "version": live.data.version,
    }


@router.websocket("/api/games/{game_id}/ws")
@survives_database
async def game_socket(
    socket: WebSocket, game_id: str, games: GamesDep, deltas: bool = False
) -> None:
    """The view at once, then every change: the new view, or with ``?deltas=1`` only what
    changed (``{"type": "delta", "base", "set", "turns_from"}``, see docs/server.md).
    A player may move on it: ``{"type": "move", ...}`` (:mod:`..moves`). Served by the
    socket lane (:func:`held_game_socket`), declared here."""
    manager = games.manager
    try:
        entry = await manager.entry(game_id)
    except ApiError as error:
        await socket.close(code=4404, reason=error.message[:120])
        return
    await socket.accept()
    await manager.watch(entry, socket, deltas=deltas, language=await language_of(socket))
    try:
        await keep_alive(socket, SocketMoves(manager, socket, game_id).on_text)
    finally:
        manager.unwatch(entry, socket)


async def held_game_socket(socket: WebSocket, params: dict[str, str]) -> None:
    """:func:`game_socket` on the socket lane (:mod:`shoal.server.lane`): every game page
    holds it open."""
    deltas = flag(socket, "deltas")
    if deltas is None:
        await socket.close(code=4400, reason="deltas is 1 or 0")
        return
    await game_socket(socket, params["game_id"], service_of(socket, Games), deltas=deltas)
