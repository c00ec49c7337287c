"""Moderation's one door (issue 61): :class:`Moderation`.

* roles: the operator makes an account a moderator (``shoal admin grant moderator NAME``)
  or takes the role back (``revoke``; :mod:`.roles`); every change is in the audit log;
* reports: a player reports a player, a chat line, a study or a game, with a reason from
  :data:`~.models.REASONS` and free text, and sees each report's state (open, handled);
  the site's own fair-play checks report too (:meth:`Moderation.site_report`);
* chat: what a line may hold (:mod:`.chatrules`) and whether its writer is muted
  (:meth:`Moderation.screen`);
* the queue and its context (:mod:`.queue`), the actions and the audit log
  (:mod:`.actions`).

Every method that reads or writes the database is plain ``def``: the routes call it in a
worker thread. The actions that reach open pages are ``async``.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import Depends
from starlette.requests import Request

from ..accounts.models import User
from ..accounts.service import cross_site, get_accounts
from ..errors import ApiError
from ..events import Events
from ..provide import provided
from .actions import act
from .chatrules import ChatRules
from .models import KINDS, REASONS, SIGNALS, Entry, Report, Standing
from .ports import Ports
from .queue import player_file, queue
from .store import ModerationStore, utcnow

__all__ = [
    "MAX_REPORT_TEXT",
    "Moderation",
    "ModerationDep",
    "ModeratorDep",
    "build",
]

MAX_REPORT_TEXT = 1000
"""The longest free text of a report, in characters."""

GUEST = 0
"""The target of a report about a guest's chat line (no account to act on)."""


class Moderation:
    """Roles, reports, chat screening, the queue and the actions of one app."""

    def __init__(
        self,
        store: ModerationStore,
        ports: Ports,
        rules: ChatRules,
        events: Events | None = None,
        *,
        clock: Callable[[], datetime.datetime] = utcnow,
    ) -> None:
        self.store = store
        self.ports = ports
        self.rules = rules
        self.events = events
        self.clock = clock

    async def act(self, moderator: User, action: str, **what: Any) -> Entry:
        """``moderator`` does ``action`` (:func:`.actions.act`); its line of the audit log."""
        return await act(self, moderator, action, **what)

    def queue(self) -> list[dict[str, Any]]:
        """The open reports by player, with their context (:func:`.queue.queue`)."""
        return queue(self)

    def player(self, username: str) -> dict[str, Any]:
        """A player's file for the moderators (:func:`.queue.player_file`)."""
        return player_file(self, self.account(username))

    # -- roles -----------------------------------------------------------------------------
    def role_of(self, user_id: int) -> str | None:
        """The account's role, or None."""
        return self.store.role(user_id)

    def anyone(self, username: str) -> User:
        """The account named ``username``, closed ones too (404 when there is none)."""
        user = self.ports.find(username)
        if user is None:
            raise ApiError(404, "there is no player {username}", username=repr(username))
        return user

    def account(self, username: str) -> User:
        """The account named ``username`` (404 when there is none, or it was deleted)."""
        user = self.ports.find(username)
        if user is None or user.deleted:
            raise ApiError(404, "there is no player {username}", username=repr(username))
        return user

    # -- chat ------------------------------------------------------------------------------
    def screen(self, user_id: int | None, text: str, languages: list[str]) -> bool:
        """Check a chat line by the account ``user_id`` (None: a guest): 422 in words for a
        listed word, or a link from a guest or an account younger than a day; True when the
        line is to be shown to its writer only (the writer's chat is muted)."""
        now = self.clock()
        user = None if user_id is None else self.ports.user(user_id)
        created = None if user is None else user.created
        self.rules.check(text, languages=languages, created=created, now=now)
        return user is not None and self.store.standing(user.id).muted(now)

    def standing(self, user_id: int) -> Standing:
        """The account's standing (muted, engine, banned)."""
        return self.store.standing(user_id)

    # -- reports ---------------------------------------------------------------------------
    def report(
        self,
        reporter: User,
        *,
        kind: str,
        reason: str,
        text: str,
        username: str | None = None,
        game_id: str | None = None,
        chat_id: int | None = None,
        study_id: str | None = None,
    ) -> Report:
        """``reporter`` reports a player, a chat line, a study or a game (400 for what does not
        make sense, 404 for what is not there, 409 for a report still open; the route
        holds the site's limit ``reports``, :mod:`shoal.server.limits`)."""
        if kind not in KINDS:
            raise ApiError(
                400,
                "a report is about {choices}, not {kind}",
                choices=", ".join(KINDS),
                kind=repr(kind),
            )
        if reason not in REASONS:
            raise ApiError(
                400,
                "the reason is one of {choices}, not {reason}",
                choices=", ".join(REASONS),
                reason=repr(reason),
            )
        text = text.strip()
        if len(text) > MAX_REPORT_TEXT:
            raise ApiError(
                400,
                "a report's text has at most {max_report_text} characters",
                max_report_text=MAX_REPORT_TEXT,
            )
        if reason == "other" and not text:
            raise ApiError(400, "say what is wrong in the text when the reason is 'other'")
        target, subject = self._subject(
            reporter, kind, username=username, game_id=game_id, chat_id=chat_id, study_id=study_id
        )
        if target == reporter.id:
            raise ApiError(400, "you cannot report yourself")
        if self.store.open_duplicate(reporter.id, target, kind, **subject) is not None:
            raise ApiError(409, "you reported this already: your report is still open")
        return self.store.add_report(
            reporter_id=reporter.id,
            target_id=target,
            kind=kind,
            reason=reason,
            text=text,
            **subject,
        )

    def _subject(
        self,
        reporter: User,
        kind: str,
        *,
        username: str | None,
        game_id: str | None,
        chat_id: int | None,
        study_id: str | None,
    ) -> tuple[int, dict[str, Any]]:
        """The account a report is about, and what it points at (its game, line, study)."""
        if kind == "player":
            if not username:
                raise ApiError(400, "name the player you report (username)")
            return self.account(username).id, {}
        if kind == "chat":
            if chat_id is None:
                raise ApiError(400, "name the chat line you report (chat)")
            return self._chat_subject(reporter, chat_id)
        if kind == "study":
            if not study_id:
                raise ApiError(400, "name the study you report (study)")
            study = self.ports.study(study_id)
            if study is None or not study.can_view(reporter.id):
                raise ApiError(404, "there is no study {study}", study=repr(study_id))
            return study.owner_id, {"study_id": study.id}
        if not game_id:
            raise ApiError(400, "name the game you report (game)")
        data = self.ports.game(game_id)
        if data is None:
            raise ApiError(404, "there is no game {game}", game=repr(game_id))
        held = [a for a in (data.accounts or ()) if a is not None]
        if username:
            target = self.account(username).id
            if target not in held:
                raise ApiError(
                    400,
                    "{username} does not play in game {game}",
                    username=username,
                    game=game_id,
                )
        else:
            others = [a for a in held if a != reporter.id]
            if reporter.id not in held or not others:
                raise ApiError(400, "name the player of this game you report (username)")
            target = others[0]
        return target, {"game_id": data.id}

    def _chat_subject(self, reporter: User, chat_id: int) -> tuple[int, dict[str, Any]]:
        line = self.ports.chat_line(chat_id)
        missing = ApiError(404, "there is no chat line {chat}", chat=chat_id)
        if line is None or line.hidden:
            raise missing
        message = line.message
        data = self.ports.game(line.game_id)
        accounts = list((data.accounts if data is not None else None) or [None, None])
        if message.room == "players" and reporter.id not in accounts:
            raise missing  # the players' room is read by the two players only
        if message.shadow and message.user_id != reporter.id:
            raise missing  # shown to its writer only
        writer = message.user_id
        if writer is None and message.seat is not None:
            writer = accounts[message.seat]
        return (GUEST if writer is None else writer), {"game_id": line.game_id, "chat_id": chat_id}

    def mine(self, reporter: User) -> list[dict[str, Any]]:
        """The reports ``reporter`` made, newest first, with their state."""
        reports = self.store.reports_by(reporter.id)
        names = self.ports.names([r.target_id for r in reports])
        return [
            {
                "id": r.id,
                "kind": r.kind,
                "about": names.get(r.target_id, "a guest" if r.target_id == GUEST else "?"),
                "reason": r.reason,
                "text": r.text,
                "game": r.game_id,
                "chat": r.chat_id,
                "study": r.study_id,
                "state": r.status,
                "created": r.created.isoformat() + "Z",
                "handled": None if r.handled is None else r.handled.isoformat() + "Z",
            }
            for r in reports
        ]

    def site_report(
        self,
        target_id: int,
        *,
        signal: str,
        text: str,
        game_id: str | None,
        details: dict[str, Any],
    ) -> Report | None:
        """The site's own fair-play report about ``target_id`` (a signal for the moderators,
        never a sanction): ``signal`` is ``tab`` (the browser saw the game analysed in
        another tab: one open report per game) or ``agreement`` (the statistical test: one
        open report per player, whatever its game). None when one is open already."""
        if signal not in SIGNALS:
            raise ValueError(f"a fair-play signal is {' or '.join(SIGNALS)}, not {signal!r}")
        if self.store.open_duplicate(
            None, target_id, "fairplay", game_id=game_id, reason=signal, any_game=signal != "tab"
        ):
            return None
        return self.store.add_report(
            reporter_id=None,
            target_id=target_id,
            kind="fairplay",
            reason=signal,
            text=text,
            game_id=game_id,
            details=details,
        )


def build(store: ModerationStore, ports: Ports, rules: ChatRules, events: Events) -> Moderation:
    """The moderation of an app."""
    return Moderation(store, ports, rules, events)


ModerationDep = Annotated[Moderation, provided(Moderation)]
"""A route parameter of this type receives the app's :class:`Moderation`."""


def _moderator(request: Request, moderation: ModerationDep) -> User:
    user = get_accounts(request).user_of(request)
    if user is None:
        raise ApiError(401, "you are not signed in")
    if request.method not in ("GET", "HEAD", "OPTIONS") and cross_site(request):
        raise ApiError(403, "a change from another site is refused: use this site's pages")
    if moderation.role_of(user.id) is None:
        raise ApiError(403, "this is for the site's moderators")
    return user


ModeratorDep = Annotated[User, Depends(_moderator)]
"""The signed-in moderator (401 signed out, 403 for anyone without the role)."""
