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
from typing import Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import BaseModel, Field

from shoal.i18n import N_, Text

from ..accounts.models import User
from ..accounts.service import AccountsDep, SignedIn
from ..errors import ApiError, page_in_words, refusals
from ..files import page
from ..language import language_of
from ..lobby.schemas import SeatOut
from ..params import RowId
from ..schemas import GAME_ENUM
from .models import CHALLENGE_DAYS, Challenge
from .schemas import ChallengeDetail, ChallengeOut, ChallengeStatus, MyChallenges
from .service import MAX_OPEN_CHALLENGES, ChallengesDep, title_of

__all__ = ["MAX_OPEN_CHALLENGES", "ChallengeIn", "router"]

router = APIRouter(tags=["lobby"], responses=refusals(400, 401, 403, 404, 409, 413, 429))

"""The page of one challenge (its script: ``challenge-page.js``)."""


class ChallengeIn(BaseModel):
    """A challenge of the player ``username``."""

    username: str = Field(max_length=40)
    game: str = Field(max_length=64, json_schema_extra=GAME_ENUM)
    options: dict[str, str | int | float | bool] = Field(default_factory=dict)
    colour: Literal["first", "second", "random"] = "random"
    time_control: str | None = Field(None, max_length=32)
    rated: bool = False


def _view(challenge: Challenge, names: dict[int, str]) -> dict[str, Any]:
    return {
        "id": challenge.id,
        "challenger": names.get(challenge.challenger, "?"),
        "challenged": names.get(challenge.challenged, "?"),
        "game": challenge.game,
        "title": title_of(challenge.game),
        "options": challenge.options,
        "colour": challenge.colour,
        "time_control": challenge.time_control,
        "rated": challenge.rated,
        "status": challenge.status,
        "game_id": challenge.game_id,
        "created": challenge.created.isoformat() + "Z",
    }


def _players_only(challenge: Challenge, user: User) -> Text | None:
    """Why ``user`` may not see ``challenge`` (None: one of its two players)."""
    if user.id in (challenge.challenger, challenge.challenged):
        return None
    return Text(
        N_(
            "challenge {challenge} is between two other players: only they can see it "
            "(you are signed in as {username})"
        ),
        {"challenge": challenge.id, "username": user.username},
    )


@router.post(
    "/api/challenges",
    summary="Challenge a player",
    status_code=201,
    response_model=ChallengeOut,
    response_model_exclude_unset=True,
)
async def create_challenge(
    body: ChallengeIn, user: SignedIn, challenges: ChallengesDep
) -> dict[str, Any]:
    challenge, target, accepted = await challenges.create(
        user,
        username=body.username,
        game=body.game,
        options=dict(body.options),
        colour=body.colour,
        time_control=body.time_control,
        rated=body.rated,
    )
    view = _view(challenge, {user.id: user.username, target.id: target.username})
    if accepted is not None:  # the server's own bot accepted at once: my seat in its game
        view.update(
            status="accepted",
            game=accepted.game,
            seat=accepted.challenger_seat,
            token=accepted.challenger_token,
            url=accepted.url,
        )
    return view


@router.get(
    "/api/challenges",
    summary="My open challenges, received and sent",
    response_model=MyChallenges,
    response_model_exclude_unset=True,
)
async def my_challenges(
    user: SignedIn, challenges: ChallengesDep
) -> dict[str, list[dict[str, Any]]]:
    mine = await asyncio.to_thread(challenges.challenges_of, user.id)
    ids = [*(c.challenger for c in mine), *(c.challenged for c in mine)]
    names = await asyncio.to_thread(challenges.names_of, *ids)
    return {
        "incoming": [_view(c, names) for c in mine if c.challenged == user.id],
        "outgoing": [_view(c, names) for c in mine if c.challenger == user.id],
    }


@router.get(
    "/api/challenges/{challenge_id}",
    summary="One of my challenges, open or not",
    response_model=ChallengeDetail,
    response_model_exclude_unset=True,
)
async def one_challenge(
    challenge_id: RowId, user: SignedIn, challenges: ChallengesDep
) -> dict[str, Any]:
    challenge = await challenges.load(challenge_id)
    refusal = _players_only(challenge, user)
    if refusal is not None:
        raise ApiError(403, refusal)
    names = await asyncio.to_thread(challenges.names_of, challenge.challenger, challenge.challenged)
    expires = challenge.created + datetime.timedelta(days=CHALLENGE_DAYS)
    return {
        **_view(challenge, names),
        "you": "challenger" if user.id == challenge.challenger else "challenged",
        "expires": expires.isoformat() + "Z",
        "url": f"/game/{challenge.game_id}" if challenge.game_id else None,
    }


@router.get("/challenges/{challenge_id}", include_in_schema=False, response_class=HTMLResponse)
async def challenge_page(
    challenge_id: RowId, request: Request, accounts: AccountsDep, challenges: ChallengesDep
) -> Response:
    user = await asyncio.to_thread(accounts.user_of, request)
    if user is None:  # a mail's link, signed out: sign in and come back
        return RedirectResponse(f"/login?next=/challenges/{challenge_id}", status_code=303)
    challenge = await asyncio.to_thread(challenges.challenge, challenge_id)
    language = await language_of(request)
    if challenge is None:
        words = Text(
            N_("There is no challenge {challenge}: the link may be mistyped."),
            {"challenge": challenge_id},
        )
        return page_in_words(404, N_("No such challenge"), words, language)
    refusal = _players_only(challenge, user)
    if refusal is not None:
        said = refusal.say(language)
        sentence = said[:1].upper() + said[1:] + "."
        return page_in_words(403, N_("Not your challenge"), sentence, language)
    return page("challenge.html")


@router.post(
    "/api/challenges/{challenge_id}/accept",
    summary="Accept a challenge: play",
    response_model=SeatOut,
)
async def accept_challenge(
    challenge_id: RowId, user: SignedIn, challenges: ChallengesDep
) -> dict[str, Any]:
    accepted = await challenges.accept(challenge_id, user)
    return {
        "game": accepted.game,
        "seat": accepted.seat,
        "token": accepted.token,
        "url": accepted.url,
    }


@router.post(
    "/api/challenges/{challenge_id}/decline",
    summary="Decline a challenge",
    response_model=ChallengeStatus,
    response_model_exclude_unset=True,
)
async def decline_challenge(
    challenge_id: RowId, user: SignedIn, challenges: ChallengesDep
) -> dict[str, Any]:
    challenge = await challenges.decline(challenge_id, user)
    return {"id": challenge.id, "status": challenge.status, "game": None}


@router.delete(
    "/api/challenges/{challenge_id}",
    summary="Withdraw my challenge",
    response_model=ChallengeStatus,
    response_model_exclude_unset=True,
)
async def cancel_challenge(
    challenge_id: RowId, user: SignedIn, challenges: ChallengesDep
) -> dict[str, Any]:
    challenge = await challenges.withdraw(challenge_id, user)
    return {"id": challenge.id, "status": challenge.status}
