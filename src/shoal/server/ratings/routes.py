"""Ratings (issue 23): leaderboards, a game's rating changes, a player's rating history.

* ``GET /api/leaderboard/{game}``: per speed, the top 50 established people
  (deviation <= 110) who played a rated game in the last 90 days (``speeds``), and apart
  from them the bots' board, the same for bot accounts (``bots``).
* ``GET /api/games/{id}/ratings``: whether the game is rated, its speed, each
  seat's rating, and once it is over, each player's change (``+12`` / ``-12``).
* ``GET /api/users/{username}/ratings/{game}``: the rating after each rated game;
  ``.../{game}/plot.svg``: the same as a plot (the profile page shows it).
* ``GET /leaderboard/{game}``: the leaderboard page.
"""

from __future__ import annotations

import asyncio
import html
from typing import Any

from fastapi import APIRouter, Response
from fastapi.responses import FileResponse, HTMLResponse

from shoal import games

from ..accounts.service import Accounts, AccountsDep
from ..bots.service import BotsDep
from ..errors import ApiError, refusals
from ..files import page
from ..games.env import GamesDep
from .schemas import GameRatings, Leaderboard, RatingHistory
from .service import RatingsDep, settle_live, speed_of
from .store import SPEEDS

__all__ = ["router"]

router = APIRouter(tags=["ratings"], responses=refusals(404))


def _game_id(game: str) -> str:
    known = sorted(games.ids())
    if game not in known:
        raise ApiError(
            404,
            "there is no game {game} (games: {choices})",
            game=repr(game),
            choices=", ".join(known),
        )
    return game


@router.get(
    "/api/leaderboard/{game}",
    summary="The top players of a game, per speed",
    response_model=Leaderboard,
)
async def leaderboard(game: str, ratings: RatingsDep) -> dict[str, Any]:
    game = _game_id(game)
    boards: dict[bool, dict[str, Any]] = {False: {}, True: {}}
    for bots, out in boards.items():
        for speed in SPEEDS:
            rows = await asyncio.to_thread(ratings.leaderboard, game, speed, bots=bots)
            out[speed] = [
                {
                    "rank": i + 1,
                    "username": row.username,
                    "rating": round(row.rating.r),
                    "rd": round(row.rating.rd),
                    "games": row.games,
                    "bot": bots,  # marked as a bot wherever it appears (issue 61)
                }
                for i, row in enumerate(rows)
            ]
    return {
        "game": game,
        "title": games.get(game).title,
        "speeds": boards[False],
        "bots": boards[True],
    }


@router.get(
    "/api/games/{game_id}/ratings",
    summary="A game's players' ratings and changes",
    response_model=GameRatings,
    response_model_exclude_unset=True,
)
async def game_ratings(
    game_id: str, games: GamesDep, ratings: RatingsDep, bots: BotsDep
) -> dict[str, Any]:
    entry = await games.manager.entry(game_id)
    live = entry.live
    rated = await asyncio.to_thread(ratings.rated_game, game_id)
    if live.data.rated and live.over and (rated is None or not rated["settled"]):
        await asyncio.to_thread(settle_live, ratings, live)  # once: the claim decides
        rated = await asyncio.to_thread(ratings.rated_game, game_id)
    speed = speed_of(live.data)
    ids = [a for a in (live.data.accounts or ()) if a is not None]
    shown = await asyncio.to_thread(ratings.displays, ids, live.data.game, speed)
    changes = rated["changes"] if rated is not None else None
    bot_ids = await asyncio.to_thread(bots.store.bot_ids, ids)
    seats: list[dict[str, Any]] = []
    for seat, uid in enumerate(live.data.accounts or [None, None]):
        item: dict[str, Any] = {"seat": seat, "rating": None, "change": None, "bot": uid in bot_ids}
        if uid is not None:
            item["rating"] = shown.get(uid)
        if isinstance(changes, list):
            item["change"] = changes[seat]["change"]
            item["rating"] = changes[seat]["display"]
            item["before"] = changes[seat]["before"]
        seats.append(item)
    unrated = changes.get("unrated") if isinstance(changes, dict) else None
    return {"rated": bool(live.data.rated), "speed": speed, "seats": seats, "unrated": unrated}


def _user_id(accounts: Accounts, username: str) -> int:
    found = accounts.store.by_name(username)
    if found is None or found[0].deleted:
        raise ApiError(404, "there is no player {username}", username=repr(username))
    return found[0].id


@router.get(
    "/api/users/{username}/ratings/{game}",
    summary="A player's rating history",
    response_model=RatingHistory,
)
async def rating_history(
    username: str, game: str, accounts: AccountsDep, ratings: RatingsDep
) -> dict[str, Any]:
    game = _game_id(game)
    user_id = await asyncio.to_thread(_user_id, accounts, username)  # a query
    history = await asyncio.to_thread(ratings.history, user_id, game)
    return {"username": username, "game": game, "history": history}


@router.get(
    "/api/users/{username}/ratings/{game}/plot.svg",
    summary="A player's rating plot",
    response_class=Response,
    responses={200: {"content": {"image/svg+xml": {}}}},
)
async def rating_plot(
    username: str, game: str, accounts: AccountsDep, ratings: RatingsDep
) -> Response:
    game = _game_id(game)
    user_id = await asyncio.to_thread(_user_id, accounts, username)  # a query
    history = await asyncio.to_thread(ratings.history, user_id, game)
    return Response(plot_svg(games.get(game).title, history), media_type="image/svg+xml")


COLOURS = {"live": "#c0392b", "correspondence": "#2471a3"}


def plot_svg(title: str, history: dict[str, list[dict[str, Any]]]) -> str:
    """The rating after each rated game, one line per speed, as a small SVG."""
    width, height, pad = 480, 180, 36
    points = [p["rating"] for series in history.values() for p in series]
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'role="img" aria-label="{html.escape(title)} rating history">',
        f'<rect width="{width}" height="{height}" fill="#fff"/>',
    ]
    if not points:
        parts.append(
            f'<text x="{width / 2}" y="{height / 2}" text-anchor="middle" '
            f'font-family="sans-serif" font-size="14">No rated {html.escape(title)} games yet'
            "</text></svg>"
        )
        return "".join(parts)
    low, high = min(points) - 20, max(points) + 20
    longest = max(len(s) for s in history.values())

    def xy(i: int, rating: float) -> tuple[float, float]:
        x = pad + (width - 2 * pad) * (i / max(1, longest - 1))
        y = height - pad / 2 - (height - pad) * (rating - low) / (high - low)
        return round(x, 1), round(y, 1)

    for value in sorted({low + 20, high - 20}):
        _, y = xy(0, value)
        parts.append(
            f'<text x="2" y="{y + 4}" font-family="sans-serif" font-size="11">{round(value)}</text>'
            f'<line x1="{pad}" x2="{width - 8}" y1="{y}" y2="{y}" stroke="#ddd"/>'
        )
    for row, (speed, series) in enumerate(history.items()):
        spots = [xy(i, p["rating"]) for i, p in enumerate(series)]
        line = " ".join(f"{x},{y}" for x, y in spots)
        colour = COLOURS.get(speed, "#333")
        parts.extend(f'<circle cx="{x}" cy="{y}" r="3" fill="{colour}"/>' for x, y in spots)
        parts.append(
            f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="2"/>'
            f'<text x="{width - 8}" y="{14 + 14 * row}" text-anchor="end" fill="{colour}" '
            f'font-family="sans-serif" font-size="12">{speed}: {series[-1]["rating"]}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


@router.get("/leaderboard/{game}", include_in_schema=False, response_class=HTMLResponse)
async def leaderboard_page(game: str) -> FileResponse:
    return page("leaderboard.html")
