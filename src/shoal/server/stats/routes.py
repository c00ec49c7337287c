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

from babel.numbers import format_decimal, format_percent
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from shoal import games
from shoal.analysis.metrics.report import human_table
from shoal.i18n import PSEUDO, SOURCE, catalogue

from ..errors import ApiError, refusals
from ..language import language_of
from .models import StatsOut
from .service import Stats, StatsDep

__all__ = ["router"]

router = APIRouter(tags=["stats"], responses=refusals(404))

VARY = "Accept-Language, Cookie"
"""The page speaks the reader's language."""


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
async def stats_page(game_id: str, stats: StatsDep, request: Request) -> HTMLResponse:
    data = await _stats(stats, game_id)
    language = await language_of(request)
    words = catalogue(language)
    _ = words.gettext
    numbers = SOURCE if language == PSEUDO else language

    def percent(value: float) -> str:
        return format_percent(value, "#,##0.0%", locale=numbers)

    e = html.escape
    rows = [row.model_dump() for row in data.rows]
    refs = ", ".join(
        _("{name} {rate} ({low} – {high}, {n} games)").format(
            name=_(name),
            rate=percent(ref.value),
            low=percent(ref.low),
            high=percent(ref.high),
            n=format_decimal(ref.n, locale=numbers),
        )
        for name, ref in data.references.items()
    )
    none_yet = _("No finished games between people yet.")
    body = human_table(rows, _, percent) if rows else f"<p>{e(none_yet)}</p>"
    about = _(
        "The first player's score (wins plus half the draws) and the draw rate in this site's "
        "finished games between people, by rating band (the mean of the two ratings before the "
        "game) and speed, with 95% Wilson intervals. A row is flagged when it differs "
        "significantly from every AI figure ({figures})."
    ).format(figures=refs or _("no AI metric report for this game"))
    title = _("{game}: who wins on this site").format(game=data.title)
    figures = _("The AI figures: {command}; how they are computed: {doc}.")
    report = data.report or _("none")
    command, doc = f"<code>{e(report)}</code>", "<code>docs/metrics.md</code>"
    head, rules = _("{game}: statistics").format(game=data.title), _("Rules")
    page = f"""<!doctype html><html lang="{e(language)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{e(head)}</title>
<link rel="stylesheet" href="/static/style.css">
<style>table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:.3em .6em}}
.flag{{color:#b00;font-weight:bold}}</style></head>
<body><main class="page"><p><a href="/">shoal</a> ·
<a href="/rules/{e(data.game)}">{e(rules)}</a></p>
<h1>{e(title)}</h1>
<p>{e(about)}</p>
{body}
<p><small>{e(figures).replace("{command}", command).replace("{doc}", doc)}</small></p>
</main></body></html>"""
    return HTMLResponse(page, headers={"Content-Language": language, "Vary": VARY})
