"""Human statistics of a game (issue 47): the first player's score and the draw rate in
this site's finished games between people, by rating band and speed, with 95% Wilson
intervals, flagged where they disagree with every AI figure of the game's metric report.

* ``GET /api/stats/{game}``: the rows (as ``shoal analyze GAME --from-db URL`` prints them)
  and the AI figures they were compared with (``docs/analysis/GAME/metrics.json``).
* ``GET /stats/{game}``: the same as a page.
"""

from __future__ import annotations

import asyncio
import html
import re

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

from shoal import games
from shoal.analysis.metrics.report import human_table

from ..errors import ApiError, refusals
from .models import StatsOut
from .service import Stats, StatsDep

__all__ = ["router"]

router = APIRouter(tags=["stats"], responses=refusals(404))


def _game_id(game_id: str) -> str:
    if not re.fullmatch(r"[a-z0-9_]+", game_id) or game_id not in games.ids(all=True):
        raise ApiError(404, "unknown game {game}", game=repr(game_id))
    return game_id


async def _stats(stats: Stats, game_id: str) -> StatsOut:
    return await asyncio.to_thread(stats.of, _game_id(game_id))


@router.get(
    "/api/stats/{game_id}",
    summary="A game's first-player and draw rates in human games, by band and speed",
)
async def stats(game_id: str, figures: StatsDep) -> StatsOut:
    return await _stats(figures, game_id)


@router.get("/stats/{game_id}", include_in_schema=False, response_class=HTMLResponse)
async def stats_page(game_id: str, stats: StatsDep) -> HTMLResponse:
    data = await _stats(stats, game_id)
    e = html.escape
    rows = [row.model_dump() for row in data.rows]
    refs = ", ".join(
        f"{e(name)} {ref.value:.1%} ({ref.low:.1%} – {ref.high:.1%}, {ref.n} games)"
        for name, ref in data.references.items()
    )
    body = human_table(rows) if rows else "<p>No finished games between people yet.</p>"
    page = f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{e(data.title)}: statistics</title><link rel="stylesheet" href="/static/style.css">
<style>table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:.3em .6em}}
.flag{{color:#b00;font-weight:bold}}</style></head>
<body><main class="page"><p><a href="/">shoal</a> · <a href="/rules/{e(data.game)}">rules</a></p>
<h1>{e(data.title)}: who wins on this site</h1>
<p>The first player's score (wins plus half the draws) and the draw rate in this site's
finished games between people, by rating band (the mean of the two ratings before the game)
and speed, with 95% Wilson intervals. A row is flagged when it differs significantly from
every AI figure ({refs or "no AI metric report for this game"}).</p>
{body}
<p><small>The AI figures: <code>{e(data.report or "none")}</code>; how they are computed:
docs/metrics.md.</small></p></main></body></html>"""
    return HTMLResponse(page)
