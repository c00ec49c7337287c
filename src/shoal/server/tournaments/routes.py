"""The tournaments' routes (issue 42; the names are fixed in DESIGN.md).

* ``GET /api/tournaments``: ``{upcoming, running, finished}``, each a list of events with
  ``id``, ``game``, ``format`` (and name, clock, status, start...).
* ``POST /api/tournaments`` ``{game, options, format, rounds, clock, rated, starts,
  max_players}`` (signed in): 201 ``{id}``. ``format``: ``round_robin``,
  ``double_round_robin``, ``swiss`` or ``arena``; ``rounds``: a Swiss's rounds; an arena
  lasts ``minutes``; ``clock``: ``M+S`` or ``Nd``; ``starts``: an ISO time or
  ``"when_full"``; also ``name`` and ``description``.
* ``GET /api/tournaments/{id}``: ``status``, ``players``, ``rounds`` [{``pairings``:
  [{``players``: [a, b], ``game``, ``result``}], ``bye``}], ``standings`` [{``player``,
  ``points``, ``tiebreaks``}], and for the reader ``joined`` and ``your_game``.
* ``GET /api/tournaments/{id}/changes?base=TAG``: what changed since the view of that tag
  (``deltas.py``; the page's refresh), or the whole view with its tag.
* ``POST /api/tournaments/{id}/join``, ``/withdraw`` (signed in, or a Bot API program
  with its ``Authorization: Bearer`` token: its games then come on its event stream as
  ``gameStart``); ``/invite`` ``{bot}``: the creator enters one of the server's
  ``shoal-LEVEL`` bots.
* ``WS /api/tournaments/{id}/ws``: the event's page, live (:mod:`.live`): the whole view
  on connecting, then each change as ``GET .../changes`` says it.
* ``GET /tournaments``, ``GET /tournaments/{id}``: the pages.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import FileResponse, HTMLResponse
from pydantic import BaseModel, Field
from starlette.requests import HTTPConnection
from starlette.websockets import WebSocket

from ..accounts.models import User
from ..accounts.service import AccountsDep, Player, SignedIn, cross_site
from ..bots.service import BotsDep
from ..db_down import survives_database
from ..errors import ApiError, refusals
from ..files import page
from ..games.pace import advice, seconds_a_turn
from ..games.start import check_options
from ..language import language_of
from ..limits import LimitsDep, account_key
from ..params import RowId
from ..schemas import GAME_ENUM
from ..sockets import keep_alive, send
from .clocks import event_clock, parse_time_control_or_none
from .live import GONE
from .schemas import Created, EventChange, EventOut, EventSummary
from .service import Tournaments, TournamentsDep
from .views import event_view, summary

__all__ = ["TournamentIn", "router"]

router = APIRouter(tags=["tournaments"], responses=refusals(400, 401, 403, 404, 409, 413, 429))


def _entrant(connection: HTTPConnection, accounts: AccountsDep, bots: BotsDep) -> User:
    """Who enters or leaves: a Bot API program by its token, else the signed-in account."""
    if connection.headers.get("authorization") is not None:
        return bots.user_of(connection)
    user = accounts.user_of(connection)
    if user is None:
        raise ApiError(401, "you are not signed in")
    if cross_site(connection):
        raise ApiError(403, "a change from another site is refused: use this site's pages")
    return user


EntrantUser = Annotated[User, Depends(_entrant)]
"""The signed-in account, or the Bot API program of an ``Authorization: Bearer`` token."""


async def _event_out(
    tournaments: Tournaments, tournament_id: int, user: User | None
) -> dict[str, Any]:
    """The event as ``user`` sees it (the answer of every route that reads or changes one)."""
    event = await asyncio.to_thread(tournaments.event, tournament_id)
    bots = tournaments.bots.store.bot_ids
    return await asyncio.to_thread(event_view, tournaments.store, event, user, bots)


class TournamentIn(BaseModel):
    """A new event."""

    game: str = Field(max_length=64, json_schema_extra=GAME_ENUM)
    options: dict[str, str | int | float | bool] = Field(default_factory=dict)
    format: Literal["round_robin", "double_round_robin", "swiss", "arena"]
    rounds: int | None = Field(None, ge=1, le=20, description="a Swiss's rounds")
    minutes: float | None = Field(None, ge=0.25, le=1440, description="an arena's length")
    clock: str = Field(max_length=32, description="M+S (live) or Nd (days per move)")
    rated: bool = False
    starts: str = Field("when_full", max_length=40, description="an ISO time or when_full")
    max_players: int = Field(16, description="2 to 500 (arena), 200 (Swiss), 64 (round robin)")
    min_rating: int | None = Field(None, ge=0, le=4000, description="entry: rating at least")
    max_rating: int | None = Field(None, ge=0, le=4000, description="entry: rating at most")
    invited: list[str] | None = Field(None, max_length=500, description="entry: only these")
    name: str = Field("", max_length=80)
    description: str = Field("", max_length=2000)


class InviteIn(BaseModel):
    """A bot to enter: ``shoal-LEVEL``."""

    bot: str = Field(max_length=40)


@router.get(
    "/api/tournaments",
    summary="The events: upcoming, running, finished",
    response_model=dict[str, list[EventSummary]],
)
async def list_tournaments(tournaments: TournamentsDep) -> dict[str, list[dict[str, Any]]]:
    listed = await asyncio.to_thread(tournaments.store.listed)
    return {status: [summary(e) for e in events] for status, events in listed.items()}


@router.post("/api/tournaments", summary="Make an event", status_code=201, response_model=Created)
async def create_tournament(
    body: TournamentIn, user: SignedIn, tournaments: TournamentsDep, limits: LimitsDep
) -> dict[str, int]:
    async with limits.hold("events", account_key(user.id, "")):  # 429 past a day's
        event = await tournaments.create(user, body.model_dump())
    return {"id": event.id}


class ClockAdvice(BaseModel):
    """What a clock means for a game (``games/pace.py``), and the refusal it would get."""

    advice: str
    seconds_a_turn: float | None = Field(description="a side's average over a typical game")
    refused: str | None = Field(description="why an event with this clock is refused")


@router.get(
    "/api/tournaments/clock-advice",
    summary="What a clock means for a game: seconds a turn over a typical game",
    response_model=ClockAdvice,
)
async def clock_advice(
    game: Annotated[str, Query(max_length=64, json_schema_extra=GAME_ENUM)],
    clock: Annotated[str, Query(max_length=32)],
    request: Request,
) -> dict[str, Any]:
    check_options(game, {})  # an unknown game: 422 with words
    language = await language_of(request)
    refused: str | None = None
    control: tuple[str, float, float] | None
    try:
        control = event_clock(game, clock, "swiss")
    except ApiError as error:
        refused, control = error.words(language), parse_time_control_or_none(clock)
    return {
        "advice": advice(game, control, language),
        "seconds_a_turn": seconds_a_turn(game, control),
        "refused": refused,
    }


@router.get(
    "/api/tournaments/{tournament_id}",
    summary="An event: players, rounds, standings",
    response_model=EventOut,
)
async def get_tournament(
    tournament_id: RowId, tournaments: TournamentsDep, user: Player
) -> dict[str, Any]:
    return await _event_out(tournaments, tournament_id, user)


@router.get(
    "/api/tournaments/{tournament_id}/changes",
    summary="What changed on an event since the view of tag base (the whole view if unknown)",
    response_model=EventChange,
    response_model_exclude_unset=True,
)
async def get_tournament_changes(
    tournament_id: RowId,
    tournaments: TournamentsDep,
    user: Player,
    base: Annotated[str | None, Query(max_length=32, pattern="^[0-9a-f]+$")] = None,
) -> dict[str, Any]:
    view = await _event_out(tournaments, tournament_id, user)
    return await asyncio.to_thread(tournaments.tags.answer, tournament_id, view, base)


@router.post(
    "/api/tournaments/{tournament_id}/join", summary="Enter an event", response_model=EventOut
)
async def join_tournament(
    tournament_id: RowId, user: EntrantUser, tournaments: TournamentsDep
) -> dict[str, Any]:
    await tournaments.join(tournament_id, user)
    return await _event_out(tournaments, tournament_id, user)


@router.post(
    "/api/tournaments/{tournament_id}/withdraw", summary="Leave an event", response_model=EventOut
)
async def withdraw_tournament(
    tournament_id: RowId, user: EntrantUser, tournaments: TournamentsDep
) -> dict[str, Any]:
    await tournaments.withdraw(tournament_id, user)
    return await _event_out(tournaments, tournament_id, user)


@router.post(
    "/api/tournaments/{tournament_id}/invite",
    summary="Enter one of the server's bots",
    response_model=EventOut,
)
async def invite_bot(
    tournament_id: RowId,
    body: InviteIn,
    user: SignedIn,
    tournaments: TournamentsDep,
    accounts: AccountsDep,
) -> dict[str, Any]:
    found = await asyncio.to_thread(accounts.store.by_name, body.bot)
    if found is None:
        raise ApiError(404, "there is no bot {bot}", bot=repr(body.bot))
    await tournaments.invite(tournament_id, user, found[0])
    return await _event_out(tournaments, tournament_id, user)


@router.websocket("/api/tournaments/{tournament_id}/ws")
@survives_database
async def tournament_socket(
    socket: WebSocket, tournament_id: int, tournaments: TournamentsDep, accounts: AccountsDep
) -> None:
    await socket.accept()
    user = await asyncio.to_thread(accounts.user_of, socket)
    hub = tournaments.hub
    if not await hub.join(tournament_id, socket, user):
        await send(socket, {"type": "gone"})
        await socket.close(GONE)
        return
    try:
        await keep_alive(socket)
    finally:
        hub.leave(tournament_id, socket)


@router.get("/tournaments", include_in_schema=False, response_class=HTMLResponse)
async def tournaments_page() -> FileResponse:
    return page("tournaments.html")


@router.get("/tournaments/{tournament_id}", include_in_schema=False, response_class=HTMLResponse)
async def tournament_page(tournament_id: RowId) -> FileResponse:
    return page("tournament.html")
