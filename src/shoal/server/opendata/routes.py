"""The open data on the site (issue 63): what ``shoal db export`` published.

* ``GET /api/database``: the files of the published export (``shoal serve --open-data DIR``):
  each file's kind, game, month, size, count and SHA-256.
* ``GET /database/files/{name}``: a listed file (nothing that the manifest does not list).
* ``GET /database``: the page.

They read files: ``def`` routes (FastAPI's thread pool).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse

from ..errors import ApiError, refusals
from ..files import page
from .schemas import Database
from .service import PublishedDep

__all__ = ["router"]

router = APIRouter(tags=["open data"], responses=refusals(404))


@router.get(
    "/api/database",
    summary="The published open data: files, sizes, SHA-256",
    response_model=Database,
)
def database(published: PublishedDep) -> dict[str, Any]:
    manifest = published.manifest()
    if manifest is None:
        return {"exported": None, "version": None, "files": []}
    return {
        "exported": manifest["exported"],
        "version": manifest["version"],
        "files": manifest["files"],
    }


@router.get(
    "/database/files/{name:path}",
    summary="A published file",
    response_class=FileResponse,
    responses={200: {"content": {"application/zstd": {}}}},
)
def database_file(name: str, published: PublishedDep) -> FileResponse:
    path = published.file(name)
    if path is None:
        raise ApiError(
            404,
            "there is no published file {name} (see /api/database)",
            name=repr(name),
        )
    return FileResponse(path, media_type="application/zstd", filename=Path(name).name)


@router.get("/database", include_in_schema=False, response_class=HTMLResponse)
async def database_page() -> FileResponse:
    return page("database.html")  # in the reader's language (shoal.server.files)
