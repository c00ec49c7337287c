"""The catalog: the games with their options, rules pages and start boards; the levels.

* ``GET /api/catalog``: the games with their options metadata;
* ``GET /api/catalog/{game}``: one game with its rules page as HTML (in the reader's
  language when it is translated, else the English reference; ``?rules_language=en`` asks for
  the English) and the summary of its shipped self-play report;
* ``GET /api/catalog/{game}/start.svg``: the board at the start;
* ``GET /api/levels``: the computer's levels and the default.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import re
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from shoal import games
from shoal.ai import DEFAULT_LEVEL
from shoal.ai.players import LEVELS
from shoal.i18n import LANGUAGES, SOURCE, catalogue, known
from shoal.i18n.extract import option_label

from ..errors import ApiError, refusals
from ..language import language_of, language_of_sync
from ..settings import SettingsDep
from .schemas import CatalogEntry, CatalogGame, Levels

__all__ = ["router"]

router = APIRouter(tags=["catalog"], responses=refusals(404))

VARY = "Accept-Language, Cookie"
"""The catalog speaks the reader's language (its summaries, its rules pages)."""


def _catalog_entry(game_id: str, language: str = SOURCE) -> dict[str, Any]:
    entry = games.REGISTRY.entry(game_id)
    cls = games.REGISTRY.game_class(game_id)
    game = cls()
    state = game.initial(0)
    words = catalogue(language)
    return {
        "id": game_id,
        "title": cls.title,
        "summary": words.gettext(cls.summary),
        "listed": entry.listed,
        "rules_version": cls.rules_version,
        "random_setup": cls.random_setup,
        "sides": list(state.sides()),
        "options": [
            dataclasses.asdict(info)
            | {
                "label": words.gettext(option_label(info.name)),
                "help": words.gettext(info.help),
                "choice_labels": None
                if info.choices is None
                else [words.gettext(c) if isinstance(c, str) else str(c) for c in info.choices],
            }
            for info in cls.option_infos()
        ],
    }


def _analysis_summary(docs: Path, game_id: str) -> dict[str, Any] | None:
    """The headline figures of the shipped self-play report of a game, if there is one.

    Reports live in ``docs/analysis/GAME/`` (written by ``shoal analyze``).
    """
    path = docs.parent / "analysis" / game_id / "report.json"
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text())
        plots = sorted(p.stem for p in path.parent.glob("*.png"))
        return {
            "games": data["games"],
            "players": data["meta"]["players"],
            "command": data["meta"]["command"],
            "seat0_score": data["seat0_score"],
            "first_mover": data["first_mover"],
            "draw_rate": data["draw_rate"],
            "length_turns": data["length_turns"],
            "reasons": data["reasons"],
            "plots": [f"/rules/analysis/{game_id}/{name}.png" for name in plots],
        }
    except (ValueError, KeyError, TypeError):
        return None


def rules_languages(docs: Path, game_id: str) -> list[str]:
    """The languages a game's rules page is written in: English (``docs/GAME.md``, the
    reference) first when it is there, then each translation ``docs/LANG/GAME.md``
    (docs/translating.md), in the picker's order."""
    return [
        code
        for code in LANGUAGES
        if (docs / f"{game_id}.md" if code == SOURCE else docs / code / f"{game_id}.md").is_file()
    ]


def rules_page(docs: Path, game_id: str, language: str) -> tuple[str, str] | None:
    """A game's rules page (Markdown) in ``language`` when it is translated, else the English
    one, with the language it is written in; None when the game has no rules page.

    A translation is ``docs/LANG/GAME.md`` beside the English ``docs/GAME.md``, with the same
    pictures (``img/...``) and the same sections; a game without one in the reader's
    language falls back to English, game by game."""
    written = rules_languages(docs, game_id)
    chosen = language if language in written else SOURCE if SOURCE in written else None
    if chosen is None:
        return None
    path = docs / f"{game_id}.md" if chosen == SOURCE else docs / chosen / f"{game_id}.md"
    return path.read_text("utf-8"), chosen


def _render_markdown(text: str) -> str:
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    html: str = md.render(text)
    return html


def _clean_game_id(game_id: str) -> str:
    if not re.fullmatch(r"[a-z0-9_]+", game_id):
        raise ApiError(404, "unknown game {game}", game=repr(game_id))
    return game_id


@functools.lru_cache(maxsize=64)
def _start_svg(game_id: str) -> str:
    game = games.get(game_id)
    return game.render_svg(game.initial(0))


@router.get(
    "/api/catalog", summary="The games and their options", response_model=list[CatalogEntry]
)
async def catalog(request: Request, response: Response) -> list[dict[str, Any]]:
    language = await language_of(request)
    response.headers["Vary"] = VARY
    return [_catalog_entry(game_id, language) for game_id in games.ids(all=True)]


@router.get(
    "/api/catalog/{game_id}", summary="One game and its rules page", response_model=CatalogGame
)
def catalog_game(
    game_id: str,
    settings: SettingsDep,
    request: Request,
    response: Response,
    rules_language: Annotated[
        str | None,
        Query(
            description="the rules page in this language rather than the reader's (en: the "
            "English reference); an unknown one is ignored",
            max_length=35,
        ),
    ] = None,
) -> dict[str, Any]:
    docs = settings.docs_dir
    language = language_of_sync(request)
    response.headers["Vary"] = VARY
    info = _catalog_entry(_clean_game_id(game_id), language)
    page = rules_page(docs, game_id, known(rules_language) or language)
    info["rules_html"] = _render_markdown(page[0]) if page else None
    info["rules_language"] = page[1] if page else None
    info["rules_languages"] = rules_languages(docs, game_id)
    info["analysis"] = _analysis_summary(docs, info["id"])
    return info


@router.get(
    "/api/catalog/{game_id}/start.svg",
    summary="The board at the start (default options, seed 0)",
    response_class=Response,
    responses={200: {"content": {"image/svg+xml": {}}}},
)
async def catalog_svg(game_id: str) -> Response:
    svg = _start_svg(_clean_game_id(game_id))
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "max-age=300"})


@router.get("/api/levels", summary="The computer's levels", response_model=Levels)
async def levels() -> dict[str, Any]:
    return {"levels": list(LEVELS), "default": DEFAULT_LEVEL}
