"""The ladder on the site (issue 63): the results of ``shoal ladder`` runs.

* ``GET /api/ladder``: every ladder shown (a line each: game, players, games, leader).
* ``GET /api/ladder/{key}``: one ladder (``sytran-base=6``): its budget, rating method,
  players with their ratings and 95% intervals, and its games.
* ``GET /api/ladder/{key}/games/{index}/record``: a game's record (text), which the
  replay page shows.
* ``GET /ladder``, ``GET /ladder/{key}``: the pages.

The routes read files: they are ``def`` routes (FastAPI runs them in its thread pool).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Response
from fastapi.responses import FileResponse, HTMLResponse

from ..errors import ApiError, refusals
from ..files import page
from .schemas import LadderIndex, LadderOut
from .service import Ladders, LaddersDep

__all__ = ["router"]

router = APIRouter(tags=["ladder"], responses=refusals(404))


def _ladder(ladders: Ladders, key: str) -> dict[str, Any]:
    data = ladders.get(key)
    if data is None:
        known = ", ".join(ladders.keys()) or "none yet"
        raise ApiError(
            404,
            "there is no ladder {key} (ladders: {known})",
            key=repr(key),
            known=known,
        )
    return data


@router.get(
    "/api/ladder",
    summary="The ladders: agents rated under fixed compute",
    response_model=LadderIndex,
)
def ladder_index(ladders: LaddersDep) -> dict[str, Any]:
    return {"ladders": ladders.index()}


@router.get(
    "/api/ladder/{key}", summary="One ladder: ratings, intervals, games", response_model=LadderOut
)
def ladder(key: str, ladders: LaddersDep) -> dict[str, Any]:
    data = dict(_ladder(ladders, key))
    data["games"] = [{k: v for k, v in g.items() if k != "record"} for g in data["games"]]
    return {k: v for k, v in data.items() if k not in ("format", "version")}


@router.get(
    "/api/ladder/{key}/games/{index}/record",
    summary="A ladder game's record (text)",
    response_class=Response,
    responses={200: {"content": {"text/plain": {}}}},
)
def ladder_record(key: str, index: int, ladders: LaddersDep) -> Response:
    played = _ladder(ladders, key)["games"]
    if not 0 <= index < len(played):
        raise ApiError(
            404,
            "the ladder {key} has games 0 to {last}, not {index}",
            key=repr(key),
            last=len(played) - 1,
            index=index,
        )
    return Response(played[index]["record"], media_type="text/plain; charset=utf-8")


@router.get("/ladder", include_in_schema=False, response_class=HTMLResponse)
async def ladder_page() -> FileResponse:
    return page("ladder.html")  # in the reader's language (docs/translating.md)


@router.get("/ladder/{key}", include_in_schema=False, response_class=HTMLResponse)
async def ladder_key_page(key: str) -> FileResponse:
    return page("ladder.html")
