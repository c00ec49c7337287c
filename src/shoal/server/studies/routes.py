"""The studies' API and pages (issue 44).

* ``GET /api/studies?game=G&order=likes|new``: public studies (of a game), most liked
  first; ``?mine=true``: the reader's own studies and those it edits, private ones too.
* ``POST /api/studies`` ``{title, visibility, chapters: [CHAPTER]}`` (signed in): 201 ``{id}``.
  A CHAPTER is ``{name, game, options, position}`` (from a start or a position),
  ``{name, game, options, tree}`` (an analysis board's tree), ``{name, game_id}`` (a finished
  game) or ``{name, text}`` (records, text or JSON, variations included: one chapter each).
* ``GET /api/studies/{id}``: title, owner, visibility, sync and the owner's position,
  editors, likes, chapters and the reader's rights; ``PATCH`` ``{title, visibility, sync}``
  and ``DELETE`` (the owner).
* ``POST /api/studies/{id}/chapters`` CHAPTER (editors): 201 ``{ids}``;
  ``GET|PATCH {name}|DELETE /api/studies/{id}/chapters/{chapter}``.
* ``POST /api/studies/{id}/chapters/{chapter}/edit`` ``{op, path, move, text, mark}``
  (editors): ``play``, ``delete``, ``promote``, ``comment``, ``mark``; answers ``{chapter,
  path}``. ``path`` names a move by its child indices from the start.
* ``POST /api/studies/{id}/position`` ``{chapter, path}`` (the owner): where spectators are
  taken while sync is on.
* ``POST /api/studies/{id}/members`` ``{username}``, ``DELETE .../members/{username}`` (the
  owner); ``POST /api/studies/{id}/like`` ``{like}`` (signed in).
* ``GET /api/studies/{id}/export`` (all chapters, text records) and
  ``GET /api/studies/{id}/chapters/{chapter}/export?format=text|json``.
* ``WS /api/studies/{id}/ws``: the study's changes live (:mod:`.live`).
* Pages: ``/studies`` and ``/studies/{id}``.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, WebSocket
from fastapi import Path as PathParam
from fastapi.responses import FileResponse, HTMLResponse, Response
from pydantic import BaseModel, Field

from ..accounts.models import User
from ..accounts.service import AccountsDep, Player, SignedIn
from ..db_down import survives_database
from ..errors import ApiError, refusals
from ..files import page
from ..language import language_of
from ..limits import LimitsDep, account_key
from ..params import RowId
from ..schemas import FORMATS, GAME_ENUM
from ..sockets import keep_alive, send
from .chapters import export_chapter
from .live import GONE
from .models import MAX_CHAPTERS, MAX_COMMENT, MAX_NODES, MAX_TITLE
from .schemas import (
    ChapterEdited,
    ChapterIds,
    ChapterOut,
    ChapterRenamed,
    Deleted,
    Likes,
    Members,
    StudyCreated,
    StudyDeleted,
    StudyOut,
    StudyPosition,
    StudySummary,
)
from .service import ChapterSpec, Edit, Studies, StudiesDep

__all__ = ["ChapterIn", "EditIn", "StudyIn", "router"]

router = APIRouter(tags=["studies"], responses=refusals(400, 401, 403, 404, 409, 413, 429))


StudyId = Annotated[
    str, PathParam(min_length=1, max_length=16, pattern=r"^[A-Za-z0-9_-]+$", description="a study")
]


class ChapterIn(BaseModel):
    """A new chapter: from a game's start or ``position``, a ``tree``, a ``game_id`` or ``text``."""

    name: str = Field("", max_length=MAX_TITLE)
    game: str | None = Field(None, max_length=64)
    options: dict[str, str | int | float | bool] = Field(default_factory=dict)
    position: str | None = Field(None, max_length=20_000)
    tree: dict[str, Any] | None = None
    game_id: str | None = Field(None, max_length=32)
    text: str | None = Field(None, max_length=1_000_000)

    def spec(self) -> ChapterSpec:
        return ChapterSpec(**self.model_dump())


class StudyIn(BaseModel):
    """A new study with its first chapters."""

    title: str = Field(max_length=MAX_TITLE)
    visibility: str = Field("public", max_length=10)
    chapters: list[ChapterIn] = Field(max_length=MAX_CHAPTERS)


class StudySettingsIn(BaseModel):
    """What the owner changes (absent: unchanged)."""

    title: str | None = Field(None, max_length=MAX_TITLE)
    visibility: str | None = Field(None, max_length=10)
    sync: bool | None = None


class NameIn(BaseModel):
    name: str = Field(max_length=MAX_TITLE)


class EditIn(BaseModel):
    """A change of a chapter's tree at ``path`` (see :class:`~.service.Edit`)."""

    op: str = Field(max_length=16)
    path: list[Annotated[int, Field(ge=0, le=MAX_NODES)]] = Field(
        default_factory=list, max_length=MAX_NODES
    )
    move: str = Field("", max_length=200)
    text: str = Field("", max_length=MAX_COMMENT + 1)
    mark: str = Field("", max_length=2)


class PositionIn(BaseModel):
    chapter: int = Field(ge=1, le=2**31 - 1)
    path: list[Annotated[int, Field(ge=0, le=MAX_NODES)]] = Field(
        default_factory=list, max_length=MAX_NODES
    )


class MemberIn(BaseModel):
    username: str = Field(max_length=64)


class LikeIn(BaseModel):
    like: bool = True


# -- studies ---------------------------------------------------------------------------------
@router.get(
    "/api/studies",
    summary="Public studies, or the reader's own",
    response_model=list[StudySummary],
)
def list_studies(
    studies: StudiesDep,
    player: Player,
    game: Annotated[str | None, Query(max_length=64, json_schema_extra=GAME_ENUM)] = None,
    mine: bool = False,
    order: Annotated[
        str, Query(max_length=8, json_schema_extra={"enum": ["likes", "new"]})
    ] = "likes",
) -> list[dict[str, Any]]:
    return studies.listing(player, game=game, mine=mine, order=order)


@router.post(
    "/api/studies",
    status_code=201,
    summary="Make a study",
    response_model=StudyCreated,
)
async def create_study(
    body: StudyIn, user: SignedIn, studies: StudiesDep, limits: LimitsDep, request: Request
) -> dict[str, Any]:
    specs = [c.spec() for c in body.chapters]
    language = await language_of(request)  # a chapter without a name: "Hoofdstuk 1"
    async with limits.hold("studies", account_key(user.id, "")):  # 429 past a day's
        study_id = await studies.create(user, body.title, body.visibility, specs, language)
    return {"id": study_id}


@router.get(
    "/api/studies/{study_id}",
    summary="A study",
    response_model=StudyOut,
)
def get_study(study_id: StudyId, studies: StudiesDep, player: Player) -> dict[str, Any]:
    return studies.study_view(studies.visible(study_id, player), player)


@router.patch(
    "/api/studies/{study_id}",
    summary="Change a study's title, visibility or sync",
    response_model=StudyOut,
)
async def change_study(
    study_id: StudyId, body: StudySettingsIn, user: SignedIn, studies: StudiesDep
) -> dict[str, Any]:
    await studies.settings(
        study_id, user, title=body.title, visibility=body.visibility, sync=body.sync
    )
    return await asyncio.to_thread(_view_of, studies, study_id, user)


@router.delete(
    "/api/studies/{study_id}",
    summary="Delete a study",
    response_model=StudyDeleted,
)
async def delete_study(study_id: StudyId, user: SignedIn, studies: StudiesDep) -> dict[str, Any]:
    await studies.remove(study_id, user)
    return {"deleted": study_id}


@router.post(
    "/api/studies/{study_id}/position",
    summary="The owner's position (sync)",
    response_model=StudyPosition,
)
async def study_position(
    study_id: StudyId, body: PositionIn, user: SignedIn, studies: StudiesDep
) -> dict[str, Any]:
    await studies.set_position(study_id, user, body.chapter, body.path)
    return {"chapter": body.chapter, "path": body.path}


def _view_of(studies: Studies, study_id: str, user: User | None) -> dict[str, Any]:
    """The study as ``user`` sees it (queries: in a worker thread)."""
    return studies.study_view(studies.visible(study_id, user), user)


async def _members(studies: Studies, study_id: str, user: User) -> dict[str, Any]:
    """The study's members as ``user`` sees them, after a change to them."""
    return {"members": (await asyncio.to_thread(_view_of, studies, study_id, user))["members"]}


@router.post(
    "/api/studies/{study_id}/members",
    status_code=201,
    summary="Invite an editor",
    response_model=Members,
)
async def add_member(
    study_id: StudyId, body: MemberIn, user: SignedIn, studies: StudiesDep
) -> dict[str, Any]:
    await studies.invite(study_id, user, body.username)
    return await _members(studies, study_id, user)


@router.delete(
    "/api/studies/{study_id}/members/{username}",
    summary="Remove an editor",
    response_model=Members,
)
async def remove_member(
    study_id: StudyId,
    username: Annotated[str, PathParam(max_length=64)],
    user: SignedIn,
    studies: StudiesDep,
) -> dict[str, Any]:
    await studies.uninvite(study_id, user, username)
    return await _members(studies, study_id, user)


@router.post(
    "/api/studies/{study_id}/like",
    summary="Like or unlike a study",
    response_model=Likes,
)
def like_study(
    study_id: StudyId, body: LikeIn, user: SignedIn, studies: StudiesDep
) -> dict[str, Any]:
    return {"likes": studies.like(study_id, user, body.like), "liked": body.like}


@router.get(
    "/api/studies/{study_id}/export",
    summary="The study as records",
    response_class=Response,
    responses={200: {"content": {"text/plain": {}}}},
)
def export_study(study_id: StudyId, studies: StudiesDep, player: Player) -> Response:
    study = studies.visible(study_id, player)
    texts = [export_chapter(study.title, c, "text") for c in studies.store.chapters(study.id)]
    return _download("\n".join(texts), f"shoal-study-{study.id}.txt", "text")


# -- chapters --------------------------------------------------------------------------------
@router.post(
    "/api/studies/{study_id}/chapters",
    status_code=201,
    summary="Add chapters",
    response_model=ChapterIds,
)
async def add_chapter(
    study_id: StudyId, body: ChapterIn, user: SignedIn, studies: StudiesDep, request: Request
) -> dict[str, Any]:
    language = await language_of(request)
    return {"ids": await studies.add_chapters(study_id, user, body.spec(), language)}


@router.get(
    "/api/studies/{study_id}/chapters/{chapter_id}",
    summary="A chapter and its tree",
    response_model=ChapterOut,
    response_model_exclude_unset=True,
)
def get_chapter(
    study_id: StudyId, chapter_id: RowId, studies: StudiesDep, player: Player
) -> dict[str, Any]:
    study = studies.visible(study_id, player)
    return studies.chapter_view(studies.chapter_of(study, chapter_id))


@router.patch(
    "/api/studies/{study_id}/chapters/{chapter_id}",
    summary="Rename a chapter",
    response_model=ChapterRenamed,
)
async def rename_chapter(
    study_id: StudyId, chapter_id: RowId, body: NameIn, user: SignedIn, studies: StudiesDep
) -> dict[str, Any]:
    await studies.rename_chapter(study_id, chapter_id, user, body.name)
    return {"id": chapter_id, "name": " ".join(body.name.split())}


@router.delete(
    "/api/studies/{study_id}/chapters/{chapter_id}",
    summary="Delete a chapter",
    response_model=Deleted,
)
async def delete_chapter(
    study_id: StudyId, chapter_id: RowId, user: SignedIn, studies: StudiesDep
) -> dict[str, Any]:
    await studies.remove_chapter(study_id, chapter_id, user)
    return {"deleted": chapter_id}


@router.post(
    "/api/studies/{study_id}/chapters/{chapter_id}/edit",
    summary="Change a chapter",
    response_model=ChapterEdited,
    response_model_exclude_unset=True,
)
async def edit_chapter(
    study_id: StudyId, chapter_id: RowId, body: EditIn, user: SignedIn, studies: StudiesDep
) -> dict[str, Any]:
    edit = Edit(op=body.op, path=tuple(body.path), move=body.move, text=body.text, mark=body.mark)
    chapter, path = await studies.edit(study_id, chapter_id, user, edit)
    return {"chapter": studies.chapter_view(chapter), "path": list(path)}


@router.get(
    "/api/studies/{study_id}/chapters/{chapter_id}/export",
    summary="A chapter as a record with its variations",
    response_class=Response,
    responses={200: {"content": {"text/plain": {}, "application/json": {}}}},
)
def export_one(
    study_id: StudyId,
    chapter_id: RowId,
    studies: StudiesDep,
    player: Player,
    format: Annotated[str, Query(max_length=8, json_schema_extra=FORMATS)] = "text",
) -> Response:
    if format not in ("text", "json"):
        raise ApiError(400, "format is 'text' or 'json', not {format}", format=repr(format))
    study = studies.visible(study_id, player)
    chapter = studies.chapter_of(study, chapter_id)
    text = export_chapter(study.title, chapter, format)
    suffix = "json" if format == "json" else "txt"
    return _download(text, f"shoal-study-{study.id}-{chapter.id}.{suffix}", format)


def _download(text: str, name: str, fmt: str) -> Response:
    return Response(
        text,
        media_type="application/json" if fmt == "json" else "text/plain; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


# -- live ------------------------------------------------------------------------------------
@router.websocket("/api/studies/{study_id}/ws")
@survives_database
async def study_socket(
    socket: WebSocket, study_id: str, studies: StudiesDep, accounts: AccountsDep
) -> None:
    await socket.accept()
    user = await asyncio.to_thread(accounts.user_of, socket)
    study = await asyncio.to_thread(studies.store.get, study_id) if len(study_id) <= 16 else None
    if study is None or not study.can_view(None if user is None else user.id):
        await send(socket, {"type": "gone"})
        await socket.close(GONE)
        return
    studies.hub.join(study.id, socket, user)
    try:
        await send(socket, {"type": "hello", "study": study.id})
        await keep_alive(socket)
    finally:
        studies.hub.leave(study.id, socket)


# -- pages -----------------------------------------------------------------------------------
@router.get("/studies", include_in_schema=False, response_class=HTMLResponse)
async def studies_page() -> FileResponse:
    return page("studies.html")


@router.get("/studies/{study_id}", include_in_schema=False, response_class=HTMLResponse)
async def study_page(study_id: str) -> FileResponse:
    return page("study.html")
