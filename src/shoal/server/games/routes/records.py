"""Records: a game's record and replay; records uploaded to view.

* ``GET /api/games/{id}/record?format=text|json``, ``GET /api/games/{id}/replay/{k}``;
* ``POST /api/records``: upload a record to view;
  ``GET /api/records/{id}/replay/{k}``, ``GET /api/records/{id}/record``.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from shoal.i18n import catalogue
from shoal.records import Record, read

from ...errors import ApiError, refusals
from ...language import language_of
from ...limits import LimitsDep
from ...params import client_address
from ...schemas import FORMATS
from ..env import GamesDep
from ..manager import new_game_id
from ..schemas import ReplayView, UploadedRecord
from ..views import replay_view

__all__ = ["MAX_RECORD_CHARS", "RecordIn", "router"]

router = APIRouter(tags=["records"])

Format = Annotated[str, Query(json_schema_extra=FORMATS, description="text or json")]
"""A record's format (another is refused with 400)."""

MAX_RECORD_CHARS = 1_000_000
"""The longest uploaded record, in characters (it must also fit in the body limit)."""


class RecordIn(BaseModel):
    """A game record (text or JSON) to view."""

    text: str = Field(max_length=MAX_RECORD_CHARS)


def _record_response(record: Record, fmt: str, name: str) -> Response:
    if fmt == "json":
        return Response(
            record.to_json(),
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{name}.json"'},
        )
    if fmt != "text":
        raise ApiError(400, "format {fmt} is not text or json", fmt=repr(fmt))
    return Response(
        record.to_text(),
        media_type="text/plain; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{name}.txt"'},
    )


# -- a game's record --------------------------------------------------------------------
@router.get(
    "/api/games/{game_id}/record",
    summary="Download the game's record (text or JSON)",
    response_class=Response,
    responses={
        200: {"content": {"text/plain": {}, "application/json": {}}},
        **refusals(400, 404),
    },
)
async def game_record(game_id: str, games: GamesDep, format: Format = "text") -> Response:
    entry = await games.manager.entry(game_id)
    live = entry.live
    return _record_response(live.record(), format, f"shoal-{live.game.id}-{game_id}")


@router.get(
    "/api/games/{game_id}/replay/{k}",
    summary="The game after k actions",
    response_model=ReplayView,
    responses=refusals(404),
)
async def game_replay(game_id: str, k: int, games: GamesDep, request: Request) -> dict[str, Any]:
    entry = await games.manager.entry(game_id)
    return replay_view(entry.live.record(), k, catalogue(await language_of(request)))


# -- uploaded records ---------------------------------------------------------------------
@router.post(
    "/api/records",
    summary="Upload a record to view",
    status_code=201,
    response_model=UploadedRecord,
    responses=refusals(400, 404, 413, 429),
)
async def upload_record(
    body: RecordIn, request: Request, games: GamesDep, limits: LimitsDep
) -> dict[str, Any]:
    await limits.check("games", client_address(request))
    record = read(body.text)
    record_id = new_game_id()
    await games.records.add(record_id, body.text, record)
    return {"id": record_id, "view": replay_view(record, 0, catalogue(await language_of(request)))}


@router.get(
    "/api/records/{record_id}/replay/{k}",
    summary="An uploaded record after k actions",
    response_model=ReplayView,
    responses=refusals(404),
)
async def record_replay(
    record_id: str, k: int, games: GamesDep, request: Request
) -> dict[str, Any]:
    words = catalogue(await language_of(request))
    return replay_view(await games.records.get(record_id), k, words)


@router.get(
    "/api/records/{record_id}/record",
    summary="Download an uploaded record (text or JSON)",
    response_class=Response,
    responses={
        200: {"content": {"text/plain": {}, "application/json": {}}},
        **refusals(400, 404),
    },
)
async def record_download(record_id: str, games: GamesDep, format: Format = "text") -> Response:
    record = await games.records.get(record_id)
    return _record_response(record, format, f"shoal-{record.game.id}-{record_id}")
