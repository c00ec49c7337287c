"""Moderation as plain data: the reasons of a report, the actions, roles, and the rows as
dataclasses (:class:`Report`, :class:`Entry`, :class:`Standing`)."""

from __future__ import annotations

import dataclasses
import datetime
from typing import Any, Literal, get_args

__all__ = [
    "ACTIONS",
    "KINDS",
    "REASONS",
    "ROLES",
    "SANCTIONS",
    "SIGNALS",
    "WEB_ACTIONS",
    "Entry",
    "Report",
    "Standing",
    "WebAction",
]

WebAction = Literal[
    "warn",
    "mute",
    "unmute",
    "engine",
    "unengine",
    "ban",
    "unban",
    "close",
    "hide-chat",
    "show-chat",
    "hide-study",
    "show-study",
    "dismiss",
]
"""The actions of the moderators' page (``grant`` and ``revoke`` are the operator's)."""

WEB_ACTIONS: tuple[str, ...] = get_args(WebAction)
"""The same, as a tuple."""

KINDS = ("player", "chat", "study", "game")
"""What a player may report: a player, a chat line, a study, a game (the site's own
fair-play signals are reports of the kind ``fairplay``)."""

REASONS: dict[str, str] = {
    "cheating": "engine help, or someone else playing the account",
    "abuse": "insults, harassment or threats",
    "spam": "spam or advertising",
    "name": "an offensive name or title",
    "other": "something else (say what in the text)",
}
"""The reasons a player picks from, with the words the pages show."""

SIGNALS = ("tab", "agreement")
"""The reasons of the site's own fair-play reports: a game analysed in another tab of the
player's browser, or an agreement with the engine improbable for the rating."""

ROLES = ("moderator", "operator")
"""The roles the operator gives (``shoal admin grant ROLE NAME``): a moderator works the
queue; an operator's account is a moderator no moderator may act on."""

ACTIONS: dict[str, str] = {
    "warn": "a warning the player sees (a notification)",
    "mute": "chat muted for N days: their lines reach nobody but themselves",
    "unmute": "the mute lifted",
    "engine": "marked as an engine user: their rated games leave the ratings, their "
    "opponents get back what they lost",
    "unengine": "the engine mark lifted (new rated games count again; the ratings given back stay)",
    "ban": "banned: no sign-in; their sessions end and their open pages close",
    "unban": "the ban lifted",
    "close": "the account closed, as its own deletion does",
    "hide-chat": "a chat line hidden from everyone",
    "show-chat": "a hidden chat line shown again",
    "hide-study": "a study hidden from everyone but its editors",
    "show-study": "a hidden study shown again",
    "dismiss": "the report closed with no action",
    "grant": "a role given (by the operator)",
    "revoke": "a role taken back (by the operator)",
}
"""Every action the audit log records, with what it does."""

SANCTIONS = ("warn", "mute", "engine", "ban", "close")
"""The actions on a player that handle every open report about them."""


@dataclasses.dataclass(frozen=True)
class Report:
    """A report as stored."""

    id: int
    reporter_id: int | None
    target_id: int
    kind: str
    reason: str
    text: str
    game_id: str | None
    chat_id: int | None
    study_id: str | None
    details: dict[str, Any]
    status: str
    created: datetime.datetime
    handled: datetime.datetime | None
    handled_by: int | None
    outcome: str | None


@dataclasses.dataclass(frozen=True)
class Entry:
    """One line of the audit log."""

    id: int
    created: datetime.datetime
    moderator_id: int | None
    moderator: str
    action: str
    target_id: int | None
    target: str
    reason: str
    details: dict[str, Any]
    report_id: int | None

    def view(self) -> dict[str, Any]:
        """The entry for the API and the export."""
        return {
            "id": self.id,
            "at": self.created.isoformat() + "Z",
            "moderator": self.moderator,
            "action": self.action,
            "target": self.target,
            "reason": self.reason,
            "details": self.details,
            "report": self.report_id,
        }


@dataclasses.dataclass(frozen=True)
class Standing:
    """An account's standing with the moderators (all clear by default)."""

    user_id: int
    muted_until: datetime.datetime | None = None
    engine: bool = False
    banned: bool = False

    def muted(self, now: datetime.datetime) -> bool:
        """Whether the account's chat is muted at ``now``."""
        return self.muted_until is not None and self.muted_until > now

    def view(self, now: datetime.datetime) -> dict[str, Any]:
        """For the moderators' pages."""
        until = self.muted_until if self.muted(now) else None
        return {
            "muted_until": None if until is None else until.isoformat() + "Z",
            "engine": self.engine,
            "banned": self.banned,
        }
