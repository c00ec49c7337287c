"""The moderators' side (issue 61): the queue, the actions, the audit log.

Every route here but the first is for accounts with a role (``shoal admin grant moderator
NAME``): 401 signed out, 403 for anyone else.

* ``GET /api/mod/me``: ``{username, role}``, the signed-in account's role (null: none).
* ``GET /api/mod/queue``: the open reports by player, most-reported first, with their
  context (:mod:`..queue`).
* ``GET /api/mod/players/{username}``: a player's standing, reports, actions, fair play.
* ``POST /api/mod/actions`` ``{action, reason, username | report | chat | study, days}``:
  an action (docs/moderation.md); 201 with its line of the audit log.
* ``GET /api/mod/log?before=ID&username=NAME``: the audit log, newest first, 100 a page.
* ``GET /api/mod/log/export?format=csv|jsonl``: the whole log as a file.
* ``GET /mod``, ``GET /mod/log``: the pages.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path, Query
from fastapi.responses import FileResponse, HTMLResponse, Response, StreamingResponse

from ...accounts.service import SignedIn
from ...errors import refusals
from ...files import page
from ...schemas import PLAIN_TEXT
from ..schemas import ModActionIn, ModEntryOut, ModLogOut, ModPlayerFile, ModQueueOut, ModRole
from ..service import ModerationDep, ModeratorDep

__all__ = ["router"]

router = APIRouter(tags=["moderation"], responses=refusals(400, 401, 403, 404, 409))

PAGE = 100
"""Lines of the audit log per page."""

COLUMNS = ("id", "at", "moderator", "action", "target", "reason", "report", "details")
"""The columns of the CSV export."""


@router.get("/api/mod/me", summary="My role (null: none)", response_model=ModRole)
def me(user: SignedIn, moderation: ModerationDep) -> dict[str, Any]:
    return {"username": user.username, "role": moderation.role_of(user.id)}


@router.get("/api/mod/queue", summary="The reports' queue", response_model=ModQueueOut)
def queue(moderator: ModeratorDep, moderation: ModerationDep) -> dict[str, Any]:
    return {"open": moderation.store.open_count(), "groups": moderation.queue()}


@router.get("/api/mod/players/{username}", summary="A player's file", response_model=ModPlayerFile)
def player(
    username: Annotated[str, Path(max_length=40, pattern=PLAIN_TEXT)],
    moderator: ModeratorDep,
    moderation: ModerationDep,
) -> dict[str, Any]:
    return moderation.player(username)


@router.post(
    "/api/mod/actions", summary="A moderator's action", status_code=201, response_model=ModEntryOut
)
async def action(body: ModActionIn, moderator: ModeratorDep, moderation: ModerationDep) -> Any:
    entry = await moderation.act(
        moderator,
        body.action,
        reason=body.reason,
        username=body.username,
        days=body.days,
        report_id=body.report,
        chat_id=body.chat,
        study_id=body.study,
    )
    return entry.view()


@router.get("/api/mod/log", summary="The audit log", response_model=ModLogOut)
def audit_log(
    moderator: ModeratorDep,
    moderation: ModerationDep,
    before: Annotated[int | None, Query(ge=1, le=2**31 - 1)] = None,
    username: Annotated[str | None, Query(max_length=40, pattern=PLAIN_TEXT)] = None,
) -> dict[str, Any]:
    target = None if username is None else moderation.anyone(username).id
    entries = moderation.store.entries(target_id=target, before=before, limit=PAGE)
    return {
        "entries": [e.view() for e in entries],
        "next": entries[-1].id if len(entries) == PAGE else None,
    }


@router.get(
    "/api/mod/log/export",
    summary="The whole audit log as a file",
    response_class=Response,  # a download, not a live stream (docs/server.md's channels)
    responses={200: {"content": {"text/csv": {}, "application/x-ndjson": {}}}},
)
def export(
    moderator: ModeratorDep,
    moderation: ModerationDep,
    format: Literal["csv", "jsonl"] = "csv",
) -> StreamingResponse:
    entries = moderation.store.every_entry()

    def lines() -> Iterator[str]:  # iterated in a worker thread (a plain generator)
        if format == "jsonl":
            for entry in entries:
                yield json.dumps(entry.view(), ensure_ascii=False) + "\n"
            return
        buffer = io.StringIO()
        writer = csv.writer(buffer)
        writer.writerow(COLUMNS)
        for entry in entries:
            view = entry.view()
            view["details"] = json.dumps(view["details"], ensure_ascii=False)
            writer.writerow([view[c] if view[c] is not None else "" for c in COLUMNS])
            yield buffer.getvalue()
            buffer.seek(0)
            buffer.truncate()
        yield buffer.getvalue()

    kind = "application/x-ndjson" if format == "jsonl" else "text/csv; charset=utf-8"
    name = f"shoal-moderation-log.{format}"
    return StreamingResponse(
        lines(), media_type=kind, headers={"Content-Disposition": f'attachment; filename="{name}"'}
    )


@router.get("/mod", include_in_schema=False, response_class=HTMLResponse)
async def queue_page() -> FileResponse:
    return page("mod.html")


@router.get("/mod/log", include_in_schema=False, response_class=HTMLResponse)
async def log_page() -> FileResponse:
    return page("mod.html")
