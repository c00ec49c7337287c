"""The moderators' actions (issue 61), each written once, each in the audit log.

:func:`act` checks who may act on whom (no moderator acts on another moderator, on an
operator's account or on the site's own bots), does the action, marks the reports it
answers handled, and writes one line of the audit log: who, when, whom, why, and what
exactly (:data:`~.models.ACTIONS`).

A hidden chat line leaves the open pages of every server process (the chat's own events'
channel, through the port ``withdraw_chat``). A ban and a close are the operator's own actions
(:mod:`shoal.server.admin.actions`, through the ports): they end the sessions and close the
player's open pages in every process by the operator's notes.
"""

from __future__ import annotations

import asyncio
import datetime
from typing import TYPE_CHECKING, Any

from shoal.i18n import N_, Text

from ..accounts.models import User
from ..errors import ApiError
from .models import ACTIONS, SANCTIONS, WEB_ACTIONS, Entry, Report

if TYPE_CHECKING:
    from .service import Moderation

__all__ = ["MAX_MUTE_DAYS", "WEB_ACTIONS", "act"]

MAX_MUTE_DAYS = 365
"""The longest mute, in days."""

MAX_REASON = 1000
"""The longest reason, in characters."""


class _Target:
    """Whom an action is about: an account, or a guest's chat line (no account)."""

    def __init__(self, user: User | None, name: str) -> None:
        self.user = user
        self.name = name

    @property
    def id(self) -> int | None:
        return None if self.user is None else self.user.id


async def act(
    mod: Moderation,
    moderator: User,
    action: str,
    *,
    reason: str,
    username: str | None = None,
    days: int | None = None,
    report_id: int | None = None,
    chat_id: int | None = None,
    study_id: str | None = None,
) -> Entry:
    """``moderator`` does ``action``; the line it wrote in the audit log.

    400 for what does not make sense (no reason, no days for a mute...), 403 for a target
    no moderator may act on, 404 for what is not there, 409 for what is so already.
    """
    if action not in WEB_ACTIONS:
        raise ApiError(
            400,
            "the action is one of {choices}, not {action}",
            choices=", ".join(WEB_ACTIONS),
            action=repr(action),
        )
    reason = reason.strip()
    if not reason:
        raise ApiError(400, "say why: the audit log keeps every action's reason")
    if len(reason) > MAX_REASON:
        raise ApiError(
            400,
            "a reason has at most {max_reason} characters",
            max_reason=MAX_REASON,
        )
    report = await _report(mod, report_id)
    if report is not None:
        chat_id = chat_id if chat_id is not None else report.chat_id
        study_id = study_id or report.study_id
    target, subject = await asyncio.to_thread(
        _target, mod, action, username, report, chat_id, study_id
    )
    if target.user is not None:
        await asyncio.to_thread(_may_act, mod, moderator, target.user)
    details: dict[str, Any] = dict(subject)
    now = mod.clock()
    if action == "mute":
        if days is None or not 1 <= days <= MAX_MUTE_DAYS:
            raise ApiError(
                400,
                "a mute lasts 1 to {max_mute_days} days: say how many (days)",
                max_mute_days=MAX_MUTE_DAYS,
            )
        until = now + datetime.timedelta(days=days)
        details.update(days=days, until=until.isoformat() + "Z")
    elif days is not None:
        raise ApiError(400, "only a mute takes days")
    details.update(await _do(mod, action, target, details, reason, now))
    handled = await asyncio.to_thread(_handle, mod, moderator, action, target, report, details)
    if handled:
        details["reports"] = handled
    return await asyncio.to_thread(
        mod.store.log,
        moderator_id=moderator.id,
        moderator=moderator.username,
        action=action,
        target_id=target.id,
        target=target.name,
        reason=reason,
        details=details,
        report_id=None if report is None else report.id,
    )


async def _report(mod: Moderation, report_id: int | None) -> Report | None:
    if report_id is None:
        return None
    report = await asyncio.to_thread(mod.store.report, report_id)
    if report is None:
        raise ApiError(404, "there is no report {report}", report=report_id)
    return report


def _target(
    mod: Moderation,
    action: str,
    username: str | None,
    report: Report | None,
    chat_id: int | None,
    study_id: str | None,
) -> tuple[_Target, dict[str, Any]]:
    """Whom the action is about, and what it points at."""
    ports = mod.ports
    if action in ("hide-chat", "show-chat"):
        if chat_id is None:
            raise ApiError(400, "name the chat line (chat, or a report of it)")
        line = ports.chat_line(chat_id)
        if line is None:
            raise ApiError(404, "there is no chat line {chat}", chat=chat_id)
        writer = line.message.user_id
        if writer is None and line.message.seat is not None:
            data = ports.game(line.game_id)
            writer = ((data.accounts if data else None) or [None, None])[line.message.seat]
        subject = {"chat": chat_id, "game": line.game_id, "text": line.message.text}
        if writer is None:
            return _Target(None, f"{line.message.name} (a guest)"), subject
        return _account(mod, writer), subject
    if action in ("hide-study", "show-study"):
        if not study_id:
            raise ApiError(400, "name the study (study, or a report of it)")
        study = ports.study(study_id)
        if study is None:
            raise ApiError(404, "there is no study {study}", study=repr(study_id))
        return _account(mod, study.owner_id), {"study": study.id, "title": study.title}
    if action == "dismiss":
        if report is None:
            raise ApiError(400, "name the report to dismiss (report)")
        if report.status != "open":
            raise ApiError(409, "report {id} is handled already", id=report.id)
        if report.target_id == 0:
            return _Target(None, "a guest"), {}
        return _account(mod, report.target_id), {}
    if username:
        user = mod.account(username)
    elif report is not None and report.target_id:
        found = _account(mod, report.target_id).user
        assert found is not None
        user = found
    else:
        raise ApiError(400, "name the player (username, or a report about them)")
    if action == "close" and user.deleted:
        raise ApiError(409, "{username}'s account is closed already", username=user.username)
    return _Target(user, user.username), {}


def _account(mod: Moderation, user_id: int) -> _Target:
    user = mod.ports.user(user_id)
    if user is None:
        raise ApiError(404, "the account is gone")
    return _Target(user, user.username)


def _may_act(mod: Moderation, moderator: User, target: User) -> None:
    """403 when ``moderator`` may not act on ``target``: another moderator (unless the actor
    holds the operator's role), an operator's account, or one of the site's own bots."""
    roles = mod.store.roles([moderator.id, target.id])
    theirs = roles.get(target.id)
    if mod.ports.computer(target.id):
        raise ApiError(
            403,
            "{username} is the site's own computer: the operator's account",
            username=target.username,
        )
    if theirs == "operator":
        raise ApiError(
            403,
            "{username} is an operator's account: no moderator acts on it",
            username=target.username,
        )
    if theirs == "moderator" and roles.get(moderator.id) != "operator":
        if target.id == moderator.id:
            raise ApiError(403, "a moderator cannot act on yourself: the operator does")
        raise ApiError(
            403,
            "a moderator cannot act on {username}, a moderator: the operator does",
            username=target.username,
        )


async def _do(
    mod: Moderation,
    action: str,
    target: _Target,
    details: dict[str, Any],
    reason: str,
    now: datetime.datetime,
) -> dict[str, Any]:
    """Do the action itself; what it did, for the log."""
    ports, store = mod.ports, mod.store
    user = target.user
    if action in ("hide-chat", "show-chat"):
        hide = action == "hide-chat"
        line = await asyncio.to_thread(ports.chat_line, int(details["chat"]))
        if line is None or line.hidden == hide:
            if hide:
                raise ApiError(409, "the line is hidden already")
            raise ApiError(409, "the line is shown already")
        await asyncio.to_thread(ports.hide_chat, line.message.id, hide)
        if hide:  # every process's open pages of the game drop it
            await ports.withdraw_chat(line.game_id, line.message.id)
        return {}
    if action in ("hide-study", "show-study"):
        hide = action == "hide-study"
        study = await asyncio.to_thread(ports.study, str(details["study"]))
        if study is None or study.hidden == hide:
            if hide:
                raise ApiError(409, "the study is hidden already")
            raise ApiError(409, "the study is shown already")
        await ports.hide_study(study.id, hide)
        return {}
    if action == "dismiss" or user is None:
        if action != "dismiss":
            raise ApiError(400, "a guest has no account to act on: hide their line instead")
        return {}
    standing = await asyncio.to_thread(store.standing, user.id)
    if action == "warn":
        text = Text(N_("A warning from the moderators: {reason}"), {"reason": reason})
        await ports.notify(user.id, text, {"action": "warn"})
        return {}
    if action == "mute":
        until = now + datetime.timedelta(days=int(details["days"]))
        await asyncio.to_thread(store.set_standing, user.id, muted_until=until)
        return {}
    if action == "unmute":
        if not standing.muted(now):
            raise ApiError(409, "{username} is not muted", username=user.username)
        await asyncio.to_thread(store.set_standing, user.id, muted_until=None)
        return {}
    if action == "engine":
        if standing.engine:
            raise ApiError(
                409,
                "{username} is marked as an engine user already",
                username=user.username,
            )
        await asyncio.to_thread(store.set_standing, user.id, engine=True)
        return {"ratings": await asyncio.to_thread(ports.exclude_ratings, user.id)}
    if action == "unengine":
        if not standing.engine:
            raise ApiError(
                409,
                "{username} is not marked as an engine user",
                username=user.username,
            )
        await asyncio.to_thread(store.set_standing, user.id, engine=False)
        await asyncio.to_thread(ports.include_ratings, user.id)
        return {}
    if action == "ban":
        if standing.banned:
            raise ApiError(409, "{username} is banned already", username=user.username)
        await asyncio.to_thread(store.set_standing, user.id, banned=True)
        sessions = await ports.set_disabled(user.id, True)  # their pages close everywhere
        return {"sessions": sessions}
    if action == "unban":
        if not standing.banned:
            raise ApiError(409, "{username} is not banned", username=user.username)
        await asyncio.to_thread(store.set_standing, user.id, banned=False)
        await ports.set_disabled(user.id, False)
        return {}
    assert action == "close", action
    await ports.close_account(user)
    await asyncio.to_thread(store.forget, user.id)
    return {}


def _handle(
    mod: Moderation,
    moderator: User,
    action: str,
    target: _Target,
    report: Report | None,
    details: dict[str, Any],
) -> list[int]:
    """Mark the reports the action answers handled: the one named, and every open one about
    the player (a sanction), the line (hidden) or the study (hidden)."""
    ids = [report.id] if report is not None else []
    outcome = ACTIONS[action].split(":")[0]
    store = mod.store
    if action in SANCTIONS and target.id is not None:
        return store.handle(by=moderator.id, outcome=outcome, report_ids=ids, target_id=target.id)
    if action == "hide-chat":
        return store.handle(
            by=moderator.id, outcome=outcome, report_ids=ids, chat_id=int(details["chat"])
        )
    if action == "hide-study":
        return store.handle(
            by=moderator.id, outcome=outcome, report_ids=ids, study_id=str(details["study"])
        )
    return store.handle(by=moderator.id, outcome=outcome, report_ids=ids)
