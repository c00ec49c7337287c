"""The answers of the notifications' routes: notifications, mail settings and digests,
push subscriptions, vacations, a correspondence clock."""

from __future__ import annotations

from pydantic import Field

from ..schemas import Out

__all__ = [
    "Digest",
    "MailSettingsOut",
    "Marked",
    "NoticeChallenge",
    "NoticeOut",
    "Notifications",
    "PushKey",
    "PushSettings",
    "Unread",
    "VacationOut",
]

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


class MailSettingsOut(Out):
    """The mail settings, and whether this server sends mail at all."""

    email: str
    mail_turns: bool
    mail_challenges: bool
    server_sends_mail: bool


class Digest(Out):
    """How turns are mailed: each, as a digest every ``hours``, or not at all."""

    mode: str
    hours: int


class PushKey(Out):
    """The VAPID public key (base64url)."""

    key: str


class PushSettings(Out):
    """Which kinds are pushed, and to how many devices."""

    kinds: dict[str, bool]
    devices: int


class VacationOut(Out):
    """This year's vacation days: allowed, used, left; whether away and until when."""

    allowance: int
    used: int
    left: int
    on_vacation: bool
    until: float | None = Field(description="epoch seconds")
