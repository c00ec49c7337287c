"""The web client's pages (HTML from ``shoal/web``), and the pictures and plots of the rules pages.

None of these is in the API schema. The client's scripts and styles are served
as static files under ``/static`` by the app itself.
"""

from __future__ import annotations

import functools
import re

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response

from shoal import games
from shoal.i18n import SOURCE, catalogue

from ..files import WEB_DIR, page
from ..games.views import board_words
from ..language import language_of_sync
from ..settings import SettingsDep

__all__ = ["router"]

router = APIRouter(include_in_schema=False)


@router.get("/", response_class=HTMLResponse)
async def home() -> FileResponse:
    return page("index.html")


@router.get("/new", response_class=HTMLResponse)
async def new_page() -> FileResponse:
    return page("new.html")


@router.get("/rules/{game_id}", response_class=HTMLResponse)
async def rules_page(game_id: str) -> FileResponse:
    return page("rules.html")


@router.get("/rules/analysis/{game_id}/{name}", response_class=FileResponse)
def analysis_plot(game_id: str, name: str, settings: SettingsDep) -> Response:
    path = settings.docs_dir.parent / "analysis" / game_id / name
    if (
        not re.fullmatch(r"[a-z0-9]+", game_id)
        or not re.fullmatch(r"[a-z]+\.png", name)
        or not path.is_file()
    ):
        return JSONResponse({"detail": "no such plot"}, status_code=404)
    return FileResponse(path, media_type="image/png")


@router.get("/rules/img/{name}", response_class=FileResponse)
def rules_image(name: str, settings: SettingsDep, request: Request) -> Response:
    path = settings.docs_dir / "img" / name
    if not re.fullmatch(r"[\w.-]+\.svg", name) or not path.is_file():
        return JSONResponse({"detail": "no such picture"}, status_code=404)
    language = language_of_sync(request)
    drawn = None if language == SOURCE else diagram_in(name, language)
    if drawn is None:  # the English, as docs/games shows it (or a picture of no diagram)
        response: Response = FileResponse(path, media_type="image/svg+xml")
    else:
        response = Response(drawn, media_type="image/svg+xml")
    response.headers["Vary"] = "Accept-Language, Cookie"
    response.headers["Content-Language"] = SOURCE if drawn is None else language
    return response


@functools.lru_cache(maxsize=256)
def diagram_in(name: str, language: str) -> str | None:
    """The rules page's picture ``name`` (``GAME-DIAGRAM.svg``, one of ``Game.diagrams``)
    drawn again by the game with its words in ``language`` (its captions and legends: the
    same words the game's board says on a game page); None when no diagram has that name."""
    game_id, _, rest = name.removesuffix(".svg").partition("-")
    if game_id not in games.ids(all=True):
        return None
    game = games.get(game_id)
    for diagram in game.diagrams():
        if diagram.name == rest:
            state = diagram.state
            svg = game.render_svg(state, last=diagram.last, highlight=diagram.highlight)
            return board_words(svg, game.svg_words(state, tr=catalogue(language)))
    return None


@router.get("/game/{game_id}", response_class=HTMLResponse)
async def game_page(game_id: str) -> FileResponse:
    return page("game.html")


@router.get("/learn", response_class=HTMLResponse)
async def learn_index_page() -> FileResponse:
    return page("learn.html")


@router.get("/learn/{game_id}", response_class=HTMLResponse)
async def learn_page(game_id: str) -> FileResponse:
    return page("learn.html")


@router.get("/replay", response_class=HTMLResponse)
async def replay_upload_page() -> FileResponse:
    return page("replay.html")


@router.get("/replay/{kind}/{item_id}", response_class=HTMLResponse)
async def replay_page(kind: str, item_id: str) -> FileResponse:
    return page("replay.html")


@router.get("/offline", response_class=HTMLResponse)
async def offline_page() -> FileResponse:
    return page("offline.html")


@router.get("/offline-fallback", response_class=HTMLResponse)
async def offline_fallback_page() -> FileResponse:
    """The service worker's page for a page that needs the network (``FALLBACK`` in sw.js):
    cached in the reader's language, as every page is served."""
    return page("offline-fallback.html")


@router.get("/sw.js", response_class=FileResponse)
async def service_worker() -> FileResponse:
    """The service worker, at the root so that its scope is the whole site."""
    return FileResponse(WEB_DIR / "sw.js", media_type="text/javascript")


@router.get("/manifest.webmanifest", response_class=FileResponse)
async def manifest() -> FileResponse:
    """The web app manifest (issue 43): name, icons, colours, start URL, standalone."""
    return FileResponse(WEB_DIR / "manifest.webmanifest", media_type="application/manifest+json")


@router.get("/favicon.ico", response_class=FileResponse)
async def favicon() -> FileResponse:
    return FileResponse(WEB_DIR / "favicon.svg", media_type="image/svg+xml")
