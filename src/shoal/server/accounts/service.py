"""Accounts as the routes use them: name and password rules, Argon2id, sessions, guards.

* Usernames: 3-20 characters, letters, digits, ``_`` and ``-``, unique ignoring case.
  Passwords: at least 8 characters, not the username. Hashed with Argon2id
  (argon2-cffi); never logged, never returned.
* Sessions: a random secret (``secrets``) in the HttpOnly, SameSite=Lax cookie
  :data:`COOKIE` (``Secure`` over https); the database keeps its SHA-256 and an
  expiry 30 days ahead, moved on each use (sliding).
* Cross-site protection: a change made with the cookie is refused (403) when
  ``Sec-Fetch-Site`` says another site or ``Origin`` is not the server's own.
* Sign-in *failures* are limited (429 with ``Retry-After``), counted in the database
  (:class:`~.attempts.AttemptStore`, each attempt counted before its password is checked
  and given back on a success) so the limits hold exactly across ``--workers``:
  per client address (guessing many accounts), per account and address (the owner's own
  typos cost only them), and per account from devices it never signed in on (guessing
  one account from many addresses). A successful sign-in sets the device cookie
  :data:`DEVICE_COOKIE`; the account-wide limit does not apply to a device that signed
  in to the account before, so guessing from many addresses cannot lock the owner out
  (the scheme of GitHub's known devices; docs/security.md). A success counts nothing and
  clears its pair's failures. An unknown name costs the same hash check as a wrong
  password.

:class:`Accounts` is built once per app (:func:`build`); routes reach it through the
dependencies :data:`AccountsDep`, :data:`SignedIn` (401 unless signed in) and
:data:`Player` (the account that may play with the cookie, or None).
"""

from __future__ import annotations

import asyncio
import datetime
import hashlib
import re
import secrets
from typing import Annotated, cast

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import Depends
from sqlalchemy.engine import Engine
from starlette.requests import HTTPConnection, Request
from starlette.responses import Response

from shoal.i18n import N_, SOURCE, known

from ..errors import ApiError
from ..origin import cross_site
from ..provide import provided
from .attempts import AttemptStore
from .models import User, utcnow
from .store import AccountStore

__all__ = [
    "COOKIE",
    "DEVICE_COOKIE",
    "HASH_COST",
    "SESSION_DAYS",
    "Accounts",
    "AccountsDep",
    "Player",
    "SignedIn",
    "account_id",
    "check_password",
    "check_username",
    "cross_site",
    "player_of",
]

COOKIE = "shoal_session"
"""The session cookie's name."""

DEVICE_COOKIE = "shoal_device"
"""The cookie of a browser that signed in before (a random secret; its hash is kept)."""

DEVICE_DAYS = 365
"""A device is known this long after its last sign-in."""

SESSION_DAYS = 30
"""A session ends this many days after its last use."""

NAME = re.compile(r"[A-Za-z0-9_-]{3,20}")


def check_username(username: str) -> None:
    """400 with the rule, unless ``username`` follows it."""
    if not NAME.fullmatch(username):
        raise ApiError(
            400,
            "a username has 3 to 20 characters: letters, digits, '_' and '-'",
        )


def check_password(password: str, username: str) -> None:
    """400 with the rule, unless ``password`` follows it."""
    if len(password) < 8:
        raise ApiError(400, "a password has at least 8 characters")
    if len(password) > 200:
        raise ApiError(400, "a password has at most 200 characters")
    if password.lower() == username.lower():
        raise ApiError(400, "the password must not be the username")


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


HASH_COST: dict[str, int] = {"time_cost": 2, "memory_cost": 19456, "parallelism": 1}
"""Argon2id's cost: 2 passes over 19 MiB, one lane (OWASP's minimum for Argon2id). Only the
tests lower it, in their own process (tests/conftest.py); a server always runs this one."""


class Accounts:
    """The accounts of one app: the store, the password hasher and the sign-in limits."""

    def __init__(
        self,
        engine: Engine,
        *,
        attempts_per_address: int = 20,
        attempts_per_account: int = 8,
        failures_per_account: int = 30,
        window: float = 600.0,
    ) -> None:
        self.store = AccountStore(engine)
        cost = HASH_COST
        self.hasher = PasswordHasher(
            time_cost=cost["time_cost"],
            memory_cost=cost["memory_cost"],
            parallelism=cost["parallelism"],
        )
        self.dummy = self.hasher.hash(secrets.token_urlsafe(16))
        self.by_address = AttemptStore(engine, "address", attempts_per_address, window)
        self.by_pair = AttemptStore(engine, "pair", attempts_per_account, window)
        self.by_account = AttemptStore(engine, "account", failures_per_account, window)
        self.devices = AttemptStore(engine, "device", 1, DEVICE_DAYS * 86400.0)

    def language(self, user_id: int) -> str:
        """The language the account chose (its prefs' ``language``), else English: the
        language of its notices, mails and pushes (a blocking read: call it in a thread)."""
        user = self.store.by_id(user_id)
        value = (user.prefs or {}).get("language") if user is not None else None
        return (known(value) if isinstance(value, str) else None) or SOURCE

    # -- passwords -------------------------------------------------------------
    def hash(self, password: str) -> str:
        """The Argon2id hash of ``password``."""
        return self.hasher.hash(password)

    def verify(self, stored: str | None, password: str) -> bool:
        """True when ``password`` matches ``stored``.

        With no usable hash (no such user, a deleted one) the check runs against a
        dummy hash, so every answer costs the same Argon2id work.
        """
        usable = stored is not None and stored.startswith("$argon2")
        hashed = stored if stored is not None and usable else self.dummy
        try:
            return self.hasher.verify(hashed, password) and usable
        except (VerificationError, InvalidHashError):
            return False

    def sign_in(
        self, username: str, password: str, address: str, device: str | None = None
    ) -> User:
        """The account, when ``password`` is its password; 401 in the same words otherwise.

        ``device`` is the browser's :data:`DEVICE_COOKIE`, if any. Only failures count.
        """
        name = username.lower()
        pair = f"{name}|{address}"
        known = device is not None and self.devices.seen(_device_key(name, device))
        limits = [
            (
                self.by_address,
                address,
                N_("too many failed sign-ins from your address: try again in {wait} s"),
            ),
            (
                self.by_pair,
                pair,
                N_(
                    "too many sign-in attempts for this account from your address: "
                    "try again in {wait} s"
                ),
            ),
        ]
        if not known:
            limits.append(
                (
                    self.by_account,
                    name,
                    N_(
                        "too many sign-in attempts for this account (from new devices): "
                        "try again in {wait} s"
                    ),
                )
            )
        held: list[tuple[AttemptStore, int]] = []
        for limit, key, what in limits:  # counted before the check: exact across processes
            row, wait = limit.reserve(key)
            if row is None:
                for store, taken in held:
                    store.release(taken)
                raise ApiError(429, what, headers={"Retry-After": str(wait)}, wait=wait)
            held.append((limit, row))
        found = self.store.by_name(username)
        user, stored = found if found is not None else (None, None)
        good = self.verify(stored, password)
        if user is None or not good or user.deleted:
            raise ApiError(401, "wrong username or password")  # the rows stay: failures
        for store, taken in held:  # a success counts nothing
            store.release(taken)
        self.by_pair.forget(pair)
        if user.disabled:
            raise ApiError(403, "this account is disabled")
        return user

    def user_id(self, username: str) -> int | None:
        """The id of the account named ``username`` (any case), or None (deleted: None too)."""
        found = self.store.by_name(username)
        return None if found is None or found[0].deleted else found[0].id

    def know_device(self, user: User, request: HTTPConnection, response: Response) -> None:
        """Remember this browser as a device of ``user`` (its cookie set on ``response``)."""
        secret = request.cookies.get(DEVICE_COOKIE)
        if not secret or len(secret) > 100:
            secret = secrets.token_urlsafe(32)
        self.devices.forget(_device_key(user.username.lower(), secret))
        self.devices.fail(_device_key(user.username.lower(), secret))
        response.set_cookie(
            DEVICE_COOKIE,
            secret,
            max_age=DEVICE_DAYS * 86400,
            httponly=True,
            samesite="lax",
            secure=request.url.scheme == "https",
            path="/api/auth",
        )

    # -- sessions --------------------------------------------------------------
    def start_session(self, user: User, request: Request, response: Response) -> str:
        """A new session for ``user``, its cookie set on ``response``; its stored hash."""
        secret = secrets.token_urlsafe(32)
        expires = utcnow() + datetime.timedelta(days=SESSION_DAYS)
        self.store.add_session(_digest(secret), user.id, expires)
        response.set_cookie(
            COOKIE,
            secret,
            max_age=SESSION_DAYS * 86400,
            httponly=True,
            samesite="lax",
            secure=request.url.scheme == "https",
            path="/",
        )
        return _digest(secret)

    def end_session(self, request: HTTPConnection, response: Response) -> None:
        """End the request's session (if any) and clear the cookie."""
        secret = request.cookies.get(COOKIE)
        if secret:
            self.store.end_session(_digest(secret))
        response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")

    def user_of(self, request: HTTPConnection) -> User | None:
        """The signed-in user of the request (the session's expiry moves on), or None."""
        secret = request.cookies.get(COOKIE)
        if not secret or len(secret) > 100:
            return None
        now = utcnow()
        return self.store.session_user(
            _digest(secret), now, now + datetime.timedelta(days=SESSION_DAYS)
        )


def _device_key(name: str, secret: str) -> str:
    return f"{name}|{_digest(secret)}"


def get_accounts(connection: HTTPConnection) -> Accounts:
    """The app's accounts (of the request's or the socket's app)."""
    return cast(Accounts, connection.app.state.services[Accounts])


AccountsDep = Annotated[Accounts, provided(Accounts)]
"""A route parameter of this type receives the app's :class:`Accounts`."""


def _signed_in(request: Request, accounts: AccountsDep) -> User:
    user = accounts.user_of(request)
    if user is None:
        raise ApiError(401, "you are not signed in")
    if request.method not in ("GET", "HEAD", "OPTIONS") and cross_site(request):
        raise ApiError(403, "a change from another site is refused: use this site's pages")
    return user


SignedIn = Annotated[User, Depends(_signed_in)]
"""The signed-in user (401 otherwise; 403 for a change coming from another site)."""


async def player_of(connection: HTTPConnection) -> User | None:
    """The signed-in account of a request or a socket whose cookie may play here (None: a
    guest, or a change from another site): what :data:`Player` gives a route."""
    if not connection.cookies.get(COOKIE):  # a guest: answered without a worker thread
        return None
    accounts = get_accounts(connection)
    user = await asyncio.to_thread(accounts.user_of, connection)
    if user is None:
        return None
    scope_method = connection.scope.get("method", "GET")
    if scope_method not in ("GET", "HEAD", "OPTIONS") and cross_site(connection):
        return None  # the cookie does not count for a change from another site
    return user


Player = Annotated[User | None, Depends(player_of)]
"""The signed-in account that may play with its cookie here (None: a guest, or cross-site)."""


def account_id(player: User | None) -> int | None:
    """The seat rule's account: a seat is played by its token, or by the account that holds
    it (its cookie, same site): every route that acts for a seat passes this on (issue 38)."""
    return None if player is None else player.id
