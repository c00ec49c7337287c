"""Challenges (issue 22): one account challenges another by name; accepted, declined, expired.

* ``POST /api/challenges`` ``{username, game, options, colour, time_control, rated}``
  (signed in): a challenge, stored; the challenged gets a ``challenge`` notification (and
  a mail when the server mails); the hooks of
  :meth:`Lobby.challenge_created <shoal.server.lobby.service.Lobby.challenge_created>` run (the
  notifications hook in there) and the challenged's lobby pages are told.
* ``GET /api/challenges``: my open challenges, ``{incoming, outgoing}``.
* ``GET /api/challenges/{id}``: one challenge, open or not, for its two players only
  (403 for anyone else, 404 for none): its fields as in the lists, plus ``you``
  (``challenger`` or ``challenged``), ``expires`` and, once accepted, ``url`` of the game.
* ``GET /challenges/{id}``: the challenge's page (the link of its notification and mail):
  who challenges whom to what, the clock, rated or casual, the sides; **Accept** and
  **Decline** for the challenged, **Cancel** for the challenger while it is open; what
  became of it otherwise (accepted, with the game's link; declined; withdrawn; expired).
  Live through the lobby socket; opening it marks the challenged's notification of it
  read. Signed out: to ``/login?next=...`` and back; another
  account gets a 403 page in words, an unknown number a 404 page.
* ``POST /api/challenges/{id}/accept`` (the challenged): the game starts, as from a seek;
  ``/decline`` (the challenged); ``DELETE /api/challenges/{id}`` (the challenger withdraws).
* A challenge not answered within 7 days has expired (checked by time when read).
* Once answered or withdrawn, the challenged's notification pages get the unread count
  again (``WS /api/notifications/ws``), so /notifications shows the challenge's new state.
"""

from __future__ import annotations

import asyncio
import datetime
from pathlib import Path
from typing import Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, RedirectResponse, Response
from pydantic import BaseModel, Field

from shoal import games
from shoal.core import ShoalError

from ..accounts.service import AccountsDep, SignedIn
from ..accounts.store import User
from ..bots.service import BotsDep
from ..context import Context, ServerContext
from ..errors import ApiError, page_in_words
from ..games.models import hash_token
from ..lobby.service import (
    Lobby,
    LobbyDep,
    Side,
    check_options,
    parse_time_control,
    start_game,
    who_of,
)
from ..lobby.store import CHALLENGE_DAYS, Challenge
from ..notifications.service import notify_challenge
from ..params import RowId

__all__ = ["MAX_OPEN_CHALLENGES", "ChallengeIn", "router"]

router = APIRouter(tags=["lobby"])

MAX_OPEN_CHALLENGES = 10
"""Open challenges one account may have sent at once."""

PAGE = Path(__file__).resolve().parents[2] / "web" / "challenge.html"
"""The page of one challenge (its script: ``challenge-page.js``)."""


class ChallengeIn(BaseModel):
    """A challenge of the player ``username``."""

    username: str = Field(max_length=40)
    game: str = Field(max_length=64)
    options: dict[str, str | int | float | bool] = Field(default_factory=dict)
    colour: Literal["first", "second", "random"] = "random"
    time_control: str | None = Field(None, max_length=32)
    rated: bool = False


def _view(challenge: Challenge, names: dict[int, str]) -> dict[str, Any]:
    try:
        title = games.get(challenge.game).title
    except ShoalError:
        title = challenge.game
    return {
        "id": challenge.id,
        "challenger": names.get(challenge.challenger, "?"),
        "challenged": names.get(challenge.challenged, "?"),
        "game": challenge.game,
        "title": title,
        "options": challenge.options,
        "colour": challenge.colour,
        "time_control": challenge.time_control,
        "rated": challenge.rated,
        "status": challenge.status,
        "game_id": challenge.game_id,
        "created": challenge.created.isoformat() + "Z",
    }


def _names(accounts: AccountsDep, *ids: int) -> dict[int, str]:
    out = {}
    for user_id in set(ids):
        user = accounts.store.by_id(user_id)
        out[user_id] = user.username if user is not None else "?"
    return out


async def _challenge(lobby: LobbyDep, challenge_id: int) -> Challenge:
    challenge = await asyncio.to_thread(lobby.store.challenge, challenge_id)
    if challenge is None:
        raise ApiError(404, f"there is no challenge {challenge_id}")
    return challenge


def _players_only(challenge: Challenge, user: User) -> str | None:
    """Why ``user`` may not see ``challenge`` (None: one of its two players)."""
    if user.id in (challenge.challenger, challenge.challenged):
        return None
    return (
        f"challenge {challenge.id} is between two other players: only they can see it "
        f"(you are signed in as {user.username})"
    )


def _gone(challenge: Challenge) -> ApiError:
    if challenge.status == "expired":
        return ApiError(409, "this challenge has expired: challenges last 7 days")
    return ApiError(409, f"this challenge is not open any more (it was {challenge.status})")


@router.post("/api/challenges", summary="Challenge a player", status_code=201)
async def create_challenge(
    body: ChallengeIn,
    user: SignedIn,
    accounts: AccountsDep,
    context: Context,
    lobby: LobbyDep,
    bots: BotsDep,
) -> dict[str, Any]:
    found = await asyncio.to_thread(accounts.store.by_name, body.username)
    target = found[0] if found is not None else None
    if target is None or target.deleted or target.disabled:
        raise ApiError(404, f"there is no player {body.username!r}")
    if target.id == user.id:
        raise ApiError(400, "you cannot challenge yourself: create a seek in the lobby")
    options = check_options(body.game, body.options)
    parse_time_control(body.time_control)
    control = None if body.time_control in (None, "", "none") else body.time_control.strip()
    sent = await asyncio.to_thread(lobby.store.challenges_of, user.id)
    if sum(1 for c in sent if c.challenger == user.id) >= MAX_OPEN_CHALLENGES:
        raise ApiError(
            429, f"you already have {MAX_OPEN_CHALLENGES} open challenges: wait for answers"
        )
    challenge = await asyncio.to_thread(
        lobby.store.add_challenge,
        challenger=user.id,
        challenged=target.id,
        game=body.game,
        options=options,
        colour=body.colour,
        time_control=control,
        rated=body.rated,
    )
    level = next((lv for lv, bot in bots.computers.items() if bot.id == target.id), None)
    if level is not None:  # the server's own bot of that level accepts at once
        return await _computer_accepts(context, lobby, challenge, user, target, level)
    lobby.challenge_created(challenge)
    view = _view(challenge, {user.id: user.username, target.id: target.username})
    await notify_challenge(
        context.notifier,
        target.id,
        user.username,
        view["title"],
        challenge_id=str(challenge.id),
        link=f"/challenges/{challenge.id}",
        data={"game": challenge.game, "time_control": challenge.time_control},
    )
    await lobby.tell(who_of(target.id, None), {"type": "challenges"})
    return view


async def _computer_accepts(
    context: ServerContext,
    lobby: Lobby,
    challenge: Challenge,
    user: User,
    bot: User,
    level: str,
) -> dict[str, Any]:
    """A challenge of ``shoal-LEVEL``: accepted at once; the computer plays the bot's seat."""
    await asyncio.to_thread(lobby.store.answer, challenge.id, "accepted")
    data, token, _ = await start_game(
        context,
        game=challenge.game,
        options=challenge.options,
        colour=challenge.colour,
        time_control=challenge.time_control,
        rated=challenge.rated,
        creator=Side(user.username, user.id),
        other=Side(bot.username, bot.id),
        computer=level,
    )
    await asyncio.to_thread(lobby.store.set_game, challenge.id, data.id)
    view = _view(challenge, {user.id: user.username, bot.id: bot.username})
    seat = data.token_hashes.index(hash_token(token))
    view.update(status="accepted", game=data.id, seat=seat, token=token, url=f"/game/{data.id}")
    return view


@router.get("/api/challenges", summary="My open challenges, received and sent")
async def my_challenges(
    user: SignedIn, accounts: AccountsDep, lobby: LobbyDep
) -> dict[str, list[dict[str, Any]]]:
    mine = await asyncio.to_thread(lobby.store.challenges_of, user.id)
    names = _names(accounts, *(c.challenger for c in mine), *(c.challenged for c in mine))
    return {
        "incoming": [_view(c, names) for c in mine if c.challenged == user.id],
        "outgoing": [_view(c, names) for c in mine if c.challenger == user.id],
    }


@router.get("/api/challenges/{challenge_id}", summary="One of my challenges, open or not")
async def one_challenge(
    challenge_id: RowId, user: SignedIn, accounts: AccountsDep, lobby: LobbyDep
) -> dict[str, Any]:
    challenge = await _challenge(lobby, challenge_id)
    refusal = _players_only(challenge, user)
    if refusal is not None:
        raise ApiError(403, refusal)
    names = await asyncio.to_thread(_names, accounts, challenge.challenger, challenge.challenged)
    expires = challenge.created + datetime.timedelta(days=CHALLENGE_DAYS)
    return {
        **_view(challenge, names),
        "you": "challenger" if user.id == challenge.challenger else "challenged",
        "expires": expires.isoformat() + "Z",
        "url": f"/game/{challenge.game_id}" if challenge.game_id else None,
    }


@router.get("/challenges/{challenge_id}", include_in_schema=False)
async def challenge_page(
    challenge_id: RowId, request: Request, accounts: AccountsDep, lobby: LobbyDep
) -> Response:
    user = await asyncio.to_thread(accounts.user_of, request)
    if user is None:  # a mail's link, signed out: sign in and come back
        return RedirectResponse(f"/login?next=/challenges/{challenge_id}", status_code=303)
    challenge = await asyncio.to_thread(lobby.store.challenge, challenge_id)
    if challenge is None:
        words = f"There is no challenge {challenge_id}: the link may be mistyped."
        return page_in_words(404, "No such challenge", words)
    refusal = _players_only(challenge, user)
    if refusal is not None:
        return page_in_words(403, "Not your challenge", refusal[:1].upper() + refusal[1:] + ".")
    return FileResponse(PAGE, media_type="text/html")


@router.post("/api/challenges/{challenge_id}/accept", summary="Accept a challenge: play")
async def accept_challenge(
    challenge_id: RowId, user: SignedIn, accounts: AccountsDep, context: Context, lobby: LobbyDep
) -> dict[str, Any]:
    challenge = await _challenge(lobby, challenge_id)
    if challenge.challenged != user.id:
        raise ApiError(403, "only the challenged player can accept a challenge")
    if challenge.status != "open":
        raise _gone(challenge)
    if not await asyncio.to_thread(lobby.store.answer, challenge_id, "accepted"):
        raise _gone(await _challenge(lobby, challenge_id))
    challenger = _names(accounts, challenge.challenger)[challenge.challenger]
    data, creator_token, token = await start_game(
        context,
        game=challenge.game,
        options=challenge.options,
        colour=challenge.colour,
        time_control=challenge.time_control,
        rated=challenge.rated,
        creator=Side(challenger, challenge.challenger),
        other=Side(user.username, user.id),
    )
    await asyncio.to_thread(lobby.store.set_game, challenge_id, data.id)
    seat = data.token_hashes.index(hash_token(token))
    url = f"/game/{data.id}"
    await lobby.tell(
        who_of(challenge.challenger, None),
        {"type": "start", "game": data.id, "seat": 1 - seat, "token": creator_token, "url": url},
    )
    await context.notifier.push(user.id)  # my other notification pages show it accepted
    await lobby.tell(who_of(user.id, None), {"type": "challenges"})  # and my other lobby pages
    return {"game": data.id, "seat": seat, "token": token, "url": url}


async def _close(
    context: ServerContext,
    lobby: Lobby,
    challenge_id: RowId,
    user: User,
    status: str,
    side: str,
    refusal: str,
) -> dict[str, Any]:
    """End an open challenge as ``status`` by its ``side`` (``challenged`` declines,
    ``challenger`` withdraws), tell both players' lobby pages (the other's, and the
    closer's other tabs) and the challenged's notification pages (which show the
    challenge's state)."""
    challenge = await _challenge(lobby, challenge_id)
    if getattr(challenge, side) != user.id:
        raise ApiError(403, refusal)
    if not await asyncio.to_thread(lobby.store.answer, challenge_id, status):
        raise _gone(await _challenge(lobby, challenge_id))
    other = challenge.challenger if side == "challenged" else challenge.challenged
    for player in (other, user.id):  # the other's pages, and my other tabs
        await lobby.tell(who_of(player, None), {"type": "challenges"})
    await context.notifier.push(challenge.challenged)
    return {"id": challenge_id, "status": status}


@router.post("/api/challenges/{challenge_id}/decline", summary="Decline a challenge")
async def decline_challenge(
    challenge_id: RowId, user: SignedIn, context: Context, lobby: LobbyDep
) -> dict[str, Any]:
    refusal = "only the challenged player can decline a challenge"
    answer = await _close(context, lobby, challenge_id, user, "declined", "challenged", refusal)
    return {**answer, "game": None}


@router.delete("/api/challenges/{challenge_id}", summary="Withdraw my challenge")
async def cancel_challenge(
    challenge_id: RowId, user: SignedIn, context: Context, lobby: LobbyDep
) -> dict[str, Any]:
    refusal = "only the challenger can withdraw a challenge"
    return await _close(context, lobby, challenge_id, user, "cancelled", "challenger", refusal)
