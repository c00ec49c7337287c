"""Signing up, in and out (the session cookie ``shoal_session``).

* ``POST /api/auth/signup`` ``{username, password}``: 201, signed in. A guest's
  games may come along: ``claims`` lists ``{id, token}`` of the browser's seats.
* ``POST /api/auth/login`` ``{username, password}``: 200, signed in; 401 in the
  same words for an unknown name and a wrong password; 429 past the limits.
* ``POST /api/auth/logout``: this browser; ``POST /api/auth/logout-everywhere``:
  every session of the account.
* ``POST /api/auth/password`` ``{old, new}``: change the password (other sessions end).

Every change here is refused (403) when it comes from another site.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import FileResponse, HTMLResponse
from pydantic import BaseModel, Field

from ...admin.actions import end_sessions
from ...admin.guard import session_digest
from ...admin.live import AdminDep
from ...errors import ApiError, refusals
from ...files import page
from ...games.env import GamesDep
from ...limits import LimitsDep
from ...params import client_address
from ..claims import Claim, claim_seats
from ..models import User
from ..schemas import PasswordChanged, SignedOut, SignedUp, Username
from ..service import (
    COOKIE,
    DEVICE_COOKIE,
    NAME,
    Accounts,
    AccountsDep,
    SignedIn,
    check_password,
    check_username,
    cross_site,
)

__all__ = ["router"]

router = APIRouter(tags=["accounts"], responses=refusals(400, 401, 403, 409, 413, 429))

"""The account pages' HTML (their script draws the page from the path)."""


class Credentials(BaseModel):
    """A username and a password."""

    username: str = Field(max_length=100)
    password: str = Field(max_length=1000)


class SignUpIn(Credentials):
    """A new account, and the guest seats of this browser to bring along (the schema says the
    name and password rules; the server refuses a name or password off them with 400)."""

    username: str = Field(max_length=100, json_schema_extra={"pattern": f"^{NAME.pattern}$"})
    password: str = Field(max_length=1000, json_schema_extra={"minLength": 8, "maxLength": 200})

    claims: list[Claim] = Field(default_factory=list, max_length=200)


class PasswordIn(BaseModel):
    """The current password and the new one."""

    old: str = Field(max_length=1000)
    new: str = Field(max_length=1000)


def _same_site(request: Request) -> None:
    if cross_site(request):
        raise ApiError(403, "a change from another site is refused: use this site's pages")


@router.post(
    "/api/auth/signup",
    summary="Create an account (and sign in)",
    status_code=201,
    response_model=SignedUp,
)
async def signup(
    body: SignUpIn,
    request: Request,
    response: Response,
    accounts: AccountsDep,
    games: GamesDep,
    limits: LimitsDep,
) -> dict[str, Any]:
    _same_site(request)
    check_username(body.username)
    check_password(body.password, body.username)
    await limits.check("games", client_address(request))
    user = await asyncio.to_thread(_new_account, accounts, body, request, response)
    claimed = await claim_seats(games.manager, user, body.claims)
    return {"username": user.username, "claimed": claimed}


def _new_account(accounts: Accounts, body: SignUpIn, request: Request, response: Response) -> User:
    """The account made and signed in (the hash and the queries: in a worker thread)."""
    user = accounts.store.create_user(body.username, accounts.hash(body.password))
    if user is None:
        raise ApiError(409, "the username {username} is taken", username=repr(body.username))
    accounts.start_session(user, request, response)
    accounts.know_device(user, request, response)
    return user


@router.post("/api/auth/login", summary="Sign in", response_model=Username)
def login(
    body: Credentials, request: Request, response: Response, accounts: AccountsDep
) -> dict[str, Any]:
    _same_site(request)
    device = request.cookies.get(DEVICE_COOKIE)
    user = accounts.sign_in(body.username, body.password, client_address(request), device)
    accounts.start_session(user, request, response)
    accounts.know_device(user, request, response)
    return {"username": user.username}


@router.post(
    "/api/auth/logout",
    summary="Sign out (this browser)",
    response_model=SignedOut,
    response_model_exclude_unset=True,
)
def logout(request: Request, response: Response, accounts: AccountsDep) -> dict[str, Any]:
    _same_site(request)
    accounts.end_session(request, response)
    return {"signed_out": True}


@router.post(
    "/api/auth/logout-everywhere", summary="Sign out on every device", response_model=SignedOut
)
async def logout_everywhere(
    user: SignedIn, request: Request, response: Response, accounts: AccountsDep, admin: AdminDep
) -> dict[str, Any]:
    ended = await asyncio.to_thread(end_sessions, accounts.store.engine, user.id)
    admin.poke()  # the other devices' open pages close, on every worker
    await asyncio.to_thread(accounts.end_session, request, response)
    return {"signed_out": True, "sessions": ended}


@router.post("/api/auth/password", summary="Change the password", response_model=PasswordChanged)
async def change_password(
    body: PasswordIn,
    user: SignedIn,
    request: Request,
    response: Response,
    accounts: AccountsDep,
    admin: AdminDep,
) -> dict[str, Any]:
    def change() -> None:  # the hashes and the queries, in a worker thread
        found = accounts.store.by_name(user.username)
        if found is None or not accounts.verify(found[1], body.old):
            raise ApiError(403, "the current password is wrong")
        check_password(body.new, user.username)
        accounts.store.update_user(user.id, password_hash=accounts.hash(body.new))
        new = accounts.start_session(user, request, response)
        this = session_digest(request.cookies.get(COOKIE))  # this browser's pages go on
        end_sessions(accounts.store.engine, user.id, (this, new))

    await asyncio.to_thread(change)
    admin.poke()  # the other devices' open pages close, on every worker
    return {"changed": True}


# -- pages ----------------------------------------------------------------------------
@router.get("/signup", include_in_schema=False, response_class=HTMLResponse)
async def signup_page() -> FileResponse:
    return page("account.html")


@router.get("/login", include_in_schema=False, response_class=HTMLResponse)
async def login_page() -> FileResponse:
    return page("account.html")
