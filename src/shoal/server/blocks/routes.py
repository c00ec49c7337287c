"""Blocks (issue 61): the players I block, and the list to undo them.

* ``GET /api/blocks``: the players I block, newest first (``[{username, since}]``).
* ``PUT /api/blocks/{username}``: block a player (blocking twice changes nothing).
* ``DELETE /api/blocks/{username}``: unblock (404 when not blocked).
* ``GET /me/blocks``: the page of the list.

What a block does: :mod:`shoal.server.blocks.service`.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path
from fastapi.responses import FileResponse, HTMLResponse

from ..accounts.service import SignedIn
from ..errors import refusals
from ..files import page
from ..schemas import PLAIN_TEXT
from .schemas import BlockedOut, BlockOut
from .service import BlocksDep

__all__ = ["router"]

router = APIRouter(tags=["moderation"], responses=refusals(400, 401, 403, 404, 409))

Username = Annotated[str, Path(max_length=40, pattern=PLAIN_TEXT, description="a username")]


@router.get("/api/blocks", summary="The players I block", response_model=list[BlockedOut])
def list_blocks(user: SignedIn, blocks: BlocksDep) -> list[dict[str, Any]]:
    return blocks.listing(user)


@router.put("/api/blocks/{username}", summary="Block a player", response_model=BlockOut)
def block(username: Username, user: SignedIn, blocks: BlocksDep) -> dict[str, Any]:
    return blocks.block(user, username)


@router.delete("/api/blocks/{username}", summary="Unblock a player", response_model=BlockOut)
def unblock(username: Username, user: SignedIn, blocks: BlocksDep) -> dict[str, Any]:
    return blocks.unblock(user, username)


@router.get("/me/blocks", include_in_schema=False, response_class=HTMLResponse)
async def blocks_page() -> FileResponse:
    return page("blocks.html")
