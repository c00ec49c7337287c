"""Human statistics of a game (issue 47): the first player's score and the draw rate in
this site's finished games between people, by rating band and speed, with 95% Wilson
intervals, flagged where they disagree with every AI figure of the game's metric report.

* ``GET /api/stats/{game}``: the rows (as ``shoal analyze GAME --from-db URL`` prints them)
  and the AI figures they were compared with (``docs/analysis/GAME/metrics.json``).
* ``GET /stats/{game}``: the same as a page.

The database is read through :mod:`shoal.analysis.metrics.humans` (SELECTs only), in a
worker thread: every request replays the game's finished games, so a site with very many
games would want a cache here.
"""

from __future__ import annotations

import asyncio
import html
import json
import re
from pathlib import Path
from typing import Any

from fastapi import APIRouter
from fastapi.responses import HTMLResponse
from pydantic import BaseModel

from shoal import games
from shoal.analysis.metrics.humans import ai_references, human_rates, load_human_games
from shoal.analysis.metrics.report import human_table

from ..context import Context
from ..errors import ApiError

__all__ = ["RateOut", "StatsOut", "StatsRowOut", "router"]

router = APIRouter(tags=["stats"])


class RateOut(BaseModel):
    """A rate with its 95% interval and the number of games."""

    value: float
    low: float
    high: float
    n: int
    method: str


class StatsRowOut(BaseModel):
    """One rating band at one speed (``all`` sums them)."""

    band: str
    speed: str
    games: int
    first: RateOut
    draws: RateOut
    disagrees_with: list[str]
    flagged: bool


class StatsOut(BaseModel):
    """A game's human statistics and the AI figures they were compared with."""

    game: str
    title: str
    rows: list[StatsRowOut]
    references: dict[str, RateOut]
    report: str | None
    """The command that made the AI figures, or None without a metric report."""


def _game_id(game_id: str) -> str:
    if not re.fullmatch(r"[a-z0-9_]+", game_id) or game_id not in games.ids(all=True):
        raise ApiError(404, f"unknown game {game_id!r}")
    return game_id


def _report(docs: Path, game_id: str) -> dict[str, Any] | None:
    path = docs.parent / "analysis" / game_id / "metrics.json"
    try:
        data: dict[str, Any] = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    return data


def _stats(context: Any, game_id: str) -> StatsOut:
    report = _report(context.settings.docs_dir, game_id)
    references = ai_references(report) if report else {}
    humans = load_human_games(context.store.engine, game_id)
    return StatsOut(
        game=game_id,
        title=games.REGISTRY.entry(game_id).title,
        rows=[StatsRowOut.model_validate(row) for row in human_rates(humans, references)],
        references={name: RateOut(**ref.as_dict()) for name, ref in references.items()},  # type: ignore[arg-type]
        report=str(report["meta"].get("command", "")) if report else None,
    )


@router.get(
    "/api/stats/{game_id}",
    summary="A game's first-player and draw rates in human games, by band and speed",
)
async def stats(game_id: str, context: Context) -> StatsOut:
    return await asyncio.to_thread(_stats, context, _game_id(game_id))


@router.get("/stats/{game_id}", include_in_schema=False)
async def stats_page(game_id: str, context: Context) -> HTMLResponse:
    data = await asyncio.to_thread(_stats, context, _game_id(game_id))
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
