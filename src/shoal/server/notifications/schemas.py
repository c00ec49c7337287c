"""The answers of the notifications' routes: notifications, their count, read marks."""

from __future__ import annotations

from pydantic import Field

from ..schemas import Out

__all__ = ["Marked", "NoticeChallenge", "NoticeOut", "Notifications", "Unread"]

Scalar = str | int | float | bool | None


class NoticeChallenge(Out):
    """The challenge a ``challenge`` notification tells of, as it stands now."""

    id: int
    status: str
    game: str | None
    time_control: str | None
    rated: bool
    colour: str


class NoticeOut(Out):
    """A notification (``time`` in epoch seconds); a challenge's carries its state now."""

    id: int
    kind: str
    game: str | None
    text: str
    data: dict[str, Scalar] = Field(description="the kind's details (opponent, link, ...)")
    read: bool
    time: float
    challenge: NoticeChallenge | None = Field(None, description="only on a challenge's")


class Notifications(Out):
    """A page of notifications, newest first, and the count of unread ones."""

    notifications: list[NoticeOut]
    unread: int


class Unread(Out):
    """How many notifications are unread."""

    unread: int


class Marked(Out):
    """How many were marked read, and how many stay unread."""

    marked: int
    unread: int
