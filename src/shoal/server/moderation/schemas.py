"""The bodies and answers of moderation's routes."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from ..schemas import Out
from .models import WebAction

__all__ = [
    "ModActionIn",
    "ModEntryOut",
    "ModLogOut",
    "ModPlayerFile",
    "ModQueueOut",
    "ModRole",
    "MyReport",
    "ReportIn",
    "ReportOut",
]


class ReportIn(BaseModel):
    """A report: about a player (``username``), a chat line (``chat``), a study (``study``)
    or a game (``game``, and ``username`` when you did not play it)."""

    kind: Literal["player", "chat", "study", "game"]
    reason: Literal["cheating", "abuse", "spam", "name", "other"]
    text: str = Field("", max_length=1000, description="what happened, in your words")
    username: str | None = Field(None, max_length=40)
    game: str | None = Field(None, max_length=32)
    chat: int | None = Field(None, ge=1, le=2**31 - 1)
    study: str | None = Field(None, max_length=16)


class ReportOut(Out):
    """A report made: its number and state."""

    id: int
    state: Literal["open", "handled"]


class MyReport(Out):
    """A report I made, and its state."""

    id: int
    kind: str
    about: str
    reason: str
    text: str
    game: str | None
    chat: int | None
    study: str | None
    state: Literal["open", "handled"]
    created: str = Field(description="ISO 8601, UTC")
    handled: str | None = Field(description="ISO 8601, UTC; null while open")


class ModRole(Out):
    """The signed-in account and its role (null: none)."""

    username: str
    role: Literal["moderator", "operator"] | None


class ModActionIn(BaseModel):
    """A moderator's action (see docs/moderation.md for each)."""

    action: WebAction
    reason: str = Field(max_length=1000, description="why: the audit log keeps it")
    username: str | None = Field(None, max_length=40)
    report: int | None = Field(None, ge=1, le=2**31 - 1)
    chat: int | None = Field(None, ge=1, le=2**31 - 1)
    study: str | None = Field(None, max_length=16)
    days: int | None = Field(None, description="a mute's length, 1 to 365 days")


class ModEntryOut(Out):
    """One line of the audit log: who, when, whom, why, what."""

    id: int
    at: str = Field(description="ISO 8601, UTC")
    moderator: str
    action: str
    target: str
    reason: str
    details: dict[str, Any]
    report: int | None


class ModLogOut(Out):
    """A page of the audit log, newest first (``next``: the ``before`` of the next page)."""

    entries: list[ModEntryOut]
    next: int | None


class ModStanding(Out):
    muted_until: str | None
    engine: bool
    banned: bool


class ModPlayer(Out):
    username: str | None = Field(description="null: a guest")
    created: str | None
    bot: bool
    role: str | None
    closed: bool
    standing: ModStanding
    fairplay: list[dict[str, Any]]


class ModReportSummary(Out):
    id: int
    kind: str
    reason: str
    text: str
    reporter: str
    state: str
    created: str
    outcome: str | None


class ModChatLine(Out):
    """A chat line around a reported one."""

    id: int
    room: str
    name: str
    text: str
    time: float
    hidden: bool
    shadow: bool = Field(description="shown to its writer only")
    reported: bool


class ModGame(Out):
    """The game of a report."""

    id: str
    game: str
    title: str | None = None
    players: list[str]
    rated: bool = False
    event: bool = False
    mode: str | None = None
    over: bool = False
    result: str | None = None
    ply: int = 0


class ModStudy(Out):
    """The study of a report."""

    id: str
    title: str
    owner: str
    visibility: str
    hidden: bool


class ModContext(Out):
    """What a moderator sees around a report."""

    chat: list[ModChatLine] | None = None
    game: ModGame | None = None
    study: ModStudy | None = None


class ModReport(ModReportSummary):
    """A report in the queue, with its context."""

    game: str | None
    chat: int | None
    study: str | None
    details: dict[str, Any]
    context: ModContext


class ModQueueGroup(Out):
    player: ModPlayer
    count: int
    reports: list[ModReport]
    history: list[ModReportSummary]
    actions: list[ModEntryOut]


class ModQueueOut(Out):
    """The open reports by player, most-reported first, each with its context."""

    open: int
    groups: list[ModQueueGroup]


class ModPlayerFile(Out):
    """A player as the moderators see them."""

    player: ModPlayer
    history: list[ModReportSummary]
    actions: list[ModEntryOut]
