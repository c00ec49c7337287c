"""The reader's language of a request or a socket: :func:`language_of` (docs/translating.md).

One rule decides (:func:`shoal.i18n.choose`): the signed-in account's setting (``prefs``'
``language``), else the cookie :data:`COOKIE` the picker sets, else ``Accept-Language``, else
English. The pages (``files.page``) use it, and so do the sockets' messages, mail and push
(through :func:`language_of` or, for an account, :func:`account_language`).
"""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import HTTPConnection

from shoal.i18n import choose, known

from .accounts.service import COOKIE as SESSION_COOKIE
from .accounts.service import get_accounts

__all__ = [
    "COOKIE",
    "account_language",
    "language_of",
    "language_of_guest",
    "language_of_sync",
]

COOKIE = "shoal_lang"
"""The cookie of the language chosen in the picker (signed in or not)."""


def account_language(prefs: dict[str, Any] | None) -> str | None:
    """The language an account chose (``prefs["language"]``), if it is one shoal speaks."""
    value = (prefs or {}).get("language")
    return known(value) if isinstance(value, str) else None


def _signed_in(connection: HTTPConnection) -> bool:
    return bool(connection.cookies.get(SESSION_COOKIE)) and "app" in connection.scope


def _account_of(connection: HTTPConnection) -> str | None:
    try:
        accounts = get_accounts(connection)
    except (AttributeError, KeyError):  # an app without accounts (a test's partial app)
        return None
    user = accounts.user_of(connection)
    return account_language(user.prefs) if user is not None else None


def _choose(connection: HTTPConnection, account: str | None) -> str:
    return choose(
        account, connection.cookies.get(COOKIE), connection.headers.get("accept-language")
    )


async def language_of(connection: HTTPConnection) -> str:
    """The language to answer ``connection`` in: account, cookie, ``Accept-Language``, English.
    A guest is answered without a worker thread; an account's session is read in one."""
    signed_in = _signed_in(connection)
    account = await asyncio.to_thread(_account_of, connection) if signed_in else None
    return _choose(connection, account)


def language_of_sync(connection: HTTPConnection) -> str:
    """:func:`language_of` for a ``def`` route (already in a worker thread)."""
    return _choose(connection, _account_of(connection) if _signed_in(connection) else None)


def language_of_guest(connection: HTTPConnection) -> str:
    """The language of ``connection`` without its account (the cookie, ``Accept-Language``,
    English): for words said when the database is away, or in a hurry."""
    return _choose(connection, None)
