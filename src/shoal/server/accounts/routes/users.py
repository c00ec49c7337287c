"""The signed-in player and everyone's profiles.

* ``GET /api/me``: the signed-in account (``username``, ``prefs``...), or 401.
* ``GET /api/session``: ``{"account": ...}``, the same account or null for a guest (what
  every page asks, so a guest's visit logs no 401).
* ``GET /api/me/games``: my games in progress, each with ``your_turn`` (those first).
* ``POST /api/me/claims``: tie this browser's guest seats to the account.
* ``PUT /api/me/prefs``: board preferences (coordinates, theme).
* ``GET /api/me/export``: everything the site holds about me (the operator's ``shoal admin
  export-user``'s JSON document) and each game's record, as a zip.
* ``DELETE /api/me``: delete the account (its games stay, under a neutral name).
* ``GET /api/users/{username}``: a profile: ``ratings``, games played and in progress.
"""

from __future__ import annotations

import asyncio
import io
import json
import zipfile
from typing import Any, Literal

from fastapi import APIRouter, Request, Response
from fastapi.responses import FileResponse, HTMLResponse
from pydantic import BaseModel, Field

from ...admin.actions import close_account
from ...admin.export import export_user
from ...admin.live import AdminDep
from ...bots.service import BotsDep
from ...errors import ApiError, refusals
from ...files import page
from ...games.env import GamesDep
from ...games.manager import GameManager
from ...language import language_of
from ...ratings.service import Ratings, RatingsDep
from ..claims import Claim, claim_seats, seats_held
from ..models import User
from ..schemas import ClaimedOut, DeletedOut, MeOut, MyGame, PrefsOut, ProfileOut, SessionOut
from ..service import Accounts, AccountsDep, Player, SignedIn

__all__ = ["router"]

router = APIRouter(tags=["accounts"], responses=refusals(401, 403, 404, 409, 413))

"""The account pages' HTML (their script draws the page from the path)."""


class ClaimsIn(BaseModel):
    """The seat tokens this browser holds."""

    games: list[Claim] = Field(max_length=200)


class PrefsIn(BaseModel):
    """Board preferences, applied on every page with a board (game, replay, learn, analysis).

    ``theme``: ``natural`` (each game's own colours), ``grey`` (no colour), ``contrast``
    (stronger contrast and colour), as filters over any game's board.
    """

    coordinates: bool = True
    theme: Literal["natural", "grey", "contrast"] = "natural"


class DeleteIn(BaseModel):
    """The password, to confirm."""

    password: str = Field(max_length=1000)


def _me(user: User) -> dict[str, Any]:
    return {"username": user.username, "created": user.created.isoformat(), "prefs": user.prefs}


async def _games(
    manager: GameManager, accounts: Accounts, ratings: Ratings, user: User, language: str
) -> list[dict[str, Any]]:
    """Every game ``user`` holds a seat in, newest first, as rows for lists (the queries in a
    worker thread: the seats held, then the opponents' ratings); a result's sentence in
    ``language``, the reader's."""
    out = []
    wanted: list[tuple[int, str, str]] = []  # (opponent, game, speed) of each row
    for game_id, _seat in await asyncio.to_thread(seats_held, accounts.store, user):
        entry = await manager.entry(game_id)
        live = entry.live
        data = live.data
        seats = live.seats_of(None, user.id)
        opponents = [data.players[s] for s in (0, 1) if s not in seats] or ["(yourself)"]
        result = live.view(language=language)["result"] if live.over else None
        won = None if result is None or result["winner"] is None else result["winner"] in seats
        others = [a for s, a in enumerate(data.accounts or ()) if s not in seats and a is not None]
        control = data.time_control or ""
        speed = "live" if data.clock is not None else "correspondence"
        shown_speed = speed if data.clock is not None or control.endswith("d") else "untimed"
        wanted.append((others[0], data.game, speed) if others else (0, "", ""))
        out.append(
            {
                "id": game_id,
                "game": live.game.id,
                "title": live.game.title,
                "mode": data.mode,
                "players": data.players,
                "seats": seats,
                "opponent": opponents[0],
                "opponent_rating": None,
                "ply": len(data.actions),
                "over": live.over,
                "your_turn": not live.over and live.state.to_move in seats,
                "result": result,
                "won": won,
                "updated": data.version,
                "speed": shown_speed,
                "time_control": data.time_control,
                "rated": bool(data.rated),
            }
        )

    def opponents_ratings() -> list[str | None]:
        return [
            ratings.displays([who], game, speed).get(who) if who else None
            for who, game, speed in wanted
        ]

    for row, shown in zip(out, await asyncio.to_thread(opponents_ratings), strict=True):
        row["opponent_rating"] = shown
    return out


@router.get(
    "/api/me",
    summary="The signed-in account",
    response_model=MeOut,
    response_model_exclude_unset=True,
)
async def me(user: SignedIn) -> dict[str, Any]:
    return _me(user)


@router.get(
    "/api/session",
    summary="The signed-in account, or null for a guest",
    response_model=SessionOut,
    response_model_exclude_unset=True,
)
async def session(player: Player) -> dict[str, Any]:
    return {"account": None if player is None else _me(player)}


@router.get(
    "/api/me/games",
    summary="My games in progress (my turn first)",
    response_model=list[MyGame],
)
async def my_games(
    user: SignedIn, games: GamesDep, accounts: AccountsDep, ratings: RatingsDep, request: Request
) -> list[dict[str, Any]]:
    language = await language_of(request)
    held = await _games(games.manager, accounts, ratings, user, language)
    on = [g for g in held if not g["over"]]
    on.sort(key=lambda g: not g["your_turn"])
    return on


@router.post(
    "/api/me/claims",
    summary="Tie this browser's guest seats to my account",
    response_model=ClaimedOut,
)
async def claims(body: ClaimsIn, user: SignedIn, games: GamesDep) -> dict[str, Any]:
    return {"claimed": await claim_seats(games.manager, user, body.games)}


@router.put("/api/me/prefs", summary="Board preferences", response_model=PrefsOut)
def prefs(body: PrefsIn, user: SignedIn, accounts: AccountsDep) -> dict[str, Any]:
    kept = {"language": user.prefs["language"]} if "language" in user.prefs else {}
    accounts.store.update_user(user.id, prefs={**body.model_dump(), **kept})
    return {"prefs": {**body.model_dump(), **kept}}


@router.get(
    "/api/me/export",
    summary="Everything the site holds about me: a zip of one JSON document and my records",
    response_class=Response,
    responses={200: {"content": {"application/zip": {}}}},
)
async def export(user: SignedIn, games: GamesDep) -> Response:
    document = await asyncio.to_thread(export_user, games.store, user)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(f"shoal-{user.username}.json", json.dumps(document, indent=1))
        for game in document["games"]:  # each record also as a file of its own
            archive.writestr(f"shoal-{game['game']}-{game['id']}.txt", game["record"])
    return Response(
        buffer.getvalue(),
        media_type="application/zip",
        headers={"Content-Disposition": f'attachment; filename="shoal-{user.username}.zip"'},
    )


@router.delete(
    "/api/me",
    summary="Delete my account (my games stay, under a neutral name)",
    response_model=DeletedOut,
)
async def delete_me(
    body: DeleteIn,
    user: SignedIn,
    request: Request,
    response: Response,
    accounts: AccountsDep,
    games: GamesDep,
    admin: AdminDep,
) -> dict[str, Any]:
    def check() -> bool:
        found = accounts.store.by_name(user.username)
        return found is not None and accounts.verify(found[1], body.password)

    if not await asyncio.to_thread(check):
        raise ApiError(403, "the password is wrong: the account is not deleted")
    closed = await close_account(games.manager, games.store.engine, user)
    admin.poke()  # this process's other sockets of the account close at once
    await asyncio.to_thread(accounts.end_session, request, response)  # and its cookie goes
    return {"deleted": True, "games": len(closed.games)}


@router.get("/api/users/{username}", summary="A player's profile", response_model=ProfileOut)
async def profile(
    username: str,
    accounts: AccountsDep,
    games: GamesDep,
    ratings: RatingsDep,
    bots: BotsDep,
    request: Request,
    game: str | None = None,
) -> dict[str, Any]:
    found = await asyncio.to_thread(accounts.store.by_name, username)
    if found is None or found[0].deleted:
        raise ApiError(404, "there is no player {username}", username=repr(username))
    user = found[0]
    held = await _games(games.manager, accounts, ratings, user, await language_of(request))
    if game is not None:
        held = [g for g in held if g["game"] == game]
    return {
        "username": user.username,
        "created": user.created.isoformat(),
        "disabled": user.disabled,
        "bot": await asyncio.to_thread(bots.store.is_bot, user.id),
        "ratings": await asyncio.to_thread(_ratings, ratings, user),
        "games": [g for g in held if g["over"]],
        "playing": [g for g in held if not g["over"]],
    }


def _ratings(ratings: Ratings, user: User) -> dict[str, Any]:
    """Per game, the most played speed's rating (``ratings``' shape in DESIGN.md, plus speeds)."""
    out: dict[str, Any] = {}
    for stored in ratings.ratings(user.id):  # most played first
        shown = dict(stored.as_json(), speed=stored.speed)
        out.setdefault(stored.game, dict(shown, speeds={}))["speeds"][stored.speed] = shown
    return out


# -- pages ----------------------------------------------------------------------------
@router.get("/@/{username}", include_in_schema=False, response_class=HTMLResponse)
async def profile_page() -> FileResponse:
    return page("account.html")


@router.get("/me/games", include_in_schema=False, response_class=HTMLResponse)
async def my_games_page() -> FileResponse:
    return page("account.html")


@router.get("/settings", include_in_schema=False, response_class=HTMLResponse)
async def settings_page() -> FileResponse:
    return page("account.html")
