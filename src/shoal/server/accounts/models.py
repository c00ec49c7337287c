"""Accounts as plain data: :class:`User` (what every domain knows of an account) and the
database's clock (naive UTC)."""

from __future__ import annotations

import dataclasses
import datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .tables import UserRow

__all__ = ["User", "user_of_row", "utcnow"]


def utcnow() -> datetime.datetime:
    """Now, as naive UTC (the database's times)."""
    return datetime.datetime.now(datetime.UTC).replace(tzinfo=None)


@dataclasses.dataclass(frozen=True)
class User:
    """An account as plain data (the password hash stays in the store's hands)."""

    id: int
    username: str
    created: datetime.datetime
    disabled: bool
    deleted: bool
    prefs: dict[str, Any]


def user_of_row(row: UserRow) -> User:
    """The account of a row of ``shoal_users``."""
    return User(row.id, row.username, row.created, row.disabled, row.deleted, dict(row.prefs))
