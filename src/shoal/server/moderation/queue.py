"""The moderators' queue and its context (issue 61).

:func:`queue` lists the open reports by the player they are about, most-reported first,
then the one reported last first (a player reported by five people comes before one
reported once, whenever they were reported); within a player, newest first. Each report
comes with what a moderator needs to judge it without leaving the page:

* a chat line: the lines around it in its room (hidden and shadow lines marked), and its
  game;
* a game: its players, whether it is rated or of an event, its result and length;
* a study: its title, owner, visibility and whether it is hidden;
* a fair-play signal: what the site saw (the tool and the position, or the figures of
  the test).

and each player with their standing (muted, engine, banned), whether they are a bot,
their role, their recent reports (handled ones too), the actions taken on them and their
fair-play figures (:func:`player_file`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from shoal.core import ShoalError

from ..accounts.models import User
from ..games.session import LiveGame
from .models import Report

if TYPE_CHECKING:
    from .service import Moderation

__all__ = ["player_file", "queue", "report_view"]

GUEST = 0


def queue(mod: Moderation) -> list[dict[str, Any]]:
    """The open reports by player, with their context."""
    groups = mod.store.queue()
    reporters = [r.reporter_id for _, _, rs in groups for r in rs if r.reporter_id is not None]
    names = mod.ports.names([t for t, _, _ in groups] + reporters)
    out = []
    for target, count, reports in groups:
        user = mod.ports.user(target) if target != GUEST else None
        out.append(
            {
                "player": _player(mod, user),
                "count": count,
                "reports": [report_view(mod, r, names) for r in reports],
                "history": _history(mod, target, names) if user is not None else [],
                "actions": _actions(mod, target) if user is not None else [],
            }
        )
    return out


def player_file(mod: Moderation, user: User) -> dict[str, Any]:
    """Everything the moderators know of ``user``: standing, reports, actions, fair play."""
    names = mod.ports.names([user.id])
    return {
        "player": _player(mod, user),
        "history": _history(mod, user.id, names, open_too=True),
        "actions": _actions(mod, user.id),
    }


def _player(mod: Moderation, user: User | None) -> dict[str, Any]:
    if user is None:
        return {
            "username": None,
            "created": None,
            "bot": False,
            "role": None,
            "closed": False,
            "standing": {"muted_until": None, "engine": False, "banned": False},
            "fairplay": [],
        }
    return {
        "username": user.username,
        "created": user.created.isoformat() + "Z",
        "bot": mod.ports.is_bot(user.id),
        "role": mod.store.role(user.id),
        "closed": user.deleted,
        "standing": mod.store.standing(user.id).view(mod.clock()),
        "fairplay": mod.ports.fairplay(user.id),
    }


def _history(
    mod: Moderation, target: int, names: dict[int, str], *, open_too: bool = False
) -> list[dict[str, Any]]:
    """The player's recent reports (only the handled ones, unless ``open_too``)."""
    reports = [r for r in mod.store.reports_about(target) if open_too or r.status != "open"]
    more = mod.ports.names([r.reporter_id for r in reports if r.reporter_id is not None])
    return [_summary(r, {**names, **more}) for r in reports[:10]]


def _actions(mod: Moderation, target: int) -> list[dict[str, Any]]:
    return [entry.view() for entry in mod.store.entries(target_id=target, limit=10)]


def _summary(report: Report, names: dict[int, str]) -> dict[str, Any]:
    return {
        "id": report.id,
        "kind": report.kind,
        "reason": report.reason,
        "text": report.text,
        "reporter": _reporter(report, names),
        "state": report.status,
        "created": report.created.isoformat() + "Z",
        "outcome": report.outcome,
    }


def _reporter(report: Report, names: dict[int, str]) -> str:
    if report.reporter_id is None:
        return "the site (fair play)"
    return names.get(report.reporter_id, "?")


def report_view(mod: Moderation, report: Report, names: dict[int, str]) -> dict[str, Any]:
    """One report with its context."""
    view = _summary(report, names)
    context: dict[str, Any] = {}
    if report.chat_id is not None:
        context["chat"] = _chat(mod, report.chat_id)
    if report.game_id is not None:
        context["game"] = _game(mod, report.game_id)
    if report.study_id is not None:
        context["study"] = _study(mod, report.study_id)
    view.update(
        game=report.game_id,
        chat=report.chat_id,
        study=report.study_id,
        details=report.details,
        context=context,
    )
    return view


def _chat(mod: Moderation, chat_id: int) -> list[dict[str, Any]]:
    return [
        {
            "id": line.message.id,
            "room": line.message.room,
            "name": line.message.name,
            "text": line.message.text,
            "time": line.message.time,
            "hidden": line.hidden,
            "shadow": line.message.shadow,
            "reported": line.message.id == chat_id,
        }
        for line in mod.ports.chat_around(chat_id)
    ]


def _game(mod: Moderation, game_id: str) -> dict[str, Any] | None:
    data = mod.ports.game(game_id)
    if data is None:
        return None
    try:
        live = LiveGame(data)
    except (ShoalError, ValueError):  # a game the catalog no longer has
        return {"id": data.id, "game": data.game, "players": list(data.players)}
    ended = data.ended or {}
    outcome = live.state.outcome
    winner = ended.get("winner") if data.ended else (outcome.winner if outcome else None)
    result = None
    if live.over:
        result = "draw" if winner is None else f"{data.players[winner]} won"
        reason = ended.get("reason") or (outcome.reason if outcome else "")
        result += f" ({reason})" if reason else ""
    return {
        "id": data.id,
        "game": data.game,
        "title": live.game.title,
        "players": list(data.players),
        "rated": bool(data.rated),
        "event": mod.ports.in_event(data.id),
        "mode": data.mode,
        "over": live.over,
        "result": result,
        "ply": len(data.actions),
    }


def _study(mod: Moderation, study_id: str) -> dict[str, Any] | None:
    study = mod.ports.study(study_id)
    if study is None:
        return None
    names = mod.ports.names([study.owner_id])
    return {
        "id": study.id,
        "title": study.title,
        "owner": names.get(study.owner_id, "?"),
        "visibility": study.visibility,
        "hidden": study.hidden,
    }
