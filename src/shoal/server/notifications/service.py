"""Notifications to accounts (issue 22): stored, pushed live, mailed when asked.

A :class:`Notifier` per app. :meth:`Notifier.notify` stores a notification for an
account (``shoal_notifications``) and pushes it with the new unread count to the
account's open pages (``WS /api/notifications/ws``, registered in :attr:`sockets`).
The kinds:

* ``your_turn``: a correspondence game waits for your move (and a mail, once per
  game and turn, when the server mails and the account wants it);
* ``challenge``: someone challenges you (:meth:`Notifier.challenge`, for the lobby's
  challenges; mailed like turns);
* ``game_ended``: a correspondence game of yours ended;
* ``offer``: your opponent offers a draw or a rematch;
* ``moderation``: a warning from the moderators (issue 61);
* ``study``: you are invited to edit a study (issue 59; ``data.link`` is its page).

Live games send no ``your_turn`` or ``game_ended``: both players are at the board.

Every notification stored is also pushed (Web Push, issue 43, :mod:`.push`) to the
account's subscribed devices when the account wants its kind pushed, so it reaches a closed
browser or the installed app.

Pages open on the other server processes (PostgreSQL) get the push through the events'
channel ``notices`` (:mod:`shoal.server.events`): ``{"user": USER, "notice": ID}`` (ID 0
for a new count only); a process with a page of that account open reads the notification
from the database and pushes it with the unread count. A lost event only delays a badge:
the page reads the count again on its next load.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import WebSocket
from sqlalchemy.engine import Engine

from shoal.core import Seat, other
from shoal.i18n import N_, SOURCE, Text

from ..events import Events
from ..games.session import LiveGame
from ..games.views import EndReason
from ..mail.service import Mailer
from ..provide import provided
from ..push.service import Pusher
from ..sockets import send_all
from .models import Notice
from .store import NoticeStore

__all__ = ["KINDS", "NOTICES", "Notifier", "NotifierDep", "build"]

KINDS = ("your_turn", "challenge", "game_ended", "offer", "tournament", "moderation", "study")
"""The kinds of notification."""

NOTICES = "notices"
"""The events' channel of notifications: ``{"user": USER, "notice": ID or 0}``."""


def english(user_id: int) -> str:
    """The language of every account where the app tells none (a test's partial app)."""
    return SOURCE


_YOUR_OPPONENT = N_("your opponent")


def _opponent(name: str | None) -> str | Text:
    return name or Text(_YOUR_OPPONENT)


def _held(live: LiveGame, seat: Seat) -> int | None:
    accounts = live.data.accounts or [None, None]
    return accounts[seat]


class Notifier:
    """Stores notifications, pushes them to open pages, mails turns and challenges."""

    def __init__(
        self,
        store: NoticeStore,
        mailer: Mailer | None = None,
        events: Events | None = None,
        pusher: Pusher | None = None,
        language: Callable[[int], str] = english,
    ) -> None:
        self.store = store
        self.language = language
        """The language of an account's notices (its prefs'; a blocking read)."""
        self.mailer = mailer
        self.pusher = pusher
        """Web Push to the account's subscribed devices (issue 43), every kind it wants."""
        self.sockets: dict[int, set[WebSocket]] = {}
        self._unread: dict[int, int] = {}
        """The unread count last sent to each account's pages here."""
        self.events = events
        """Tells the other server processes (:data:`NOTICES`), if any."""
        if events is not None:  # this process pushes its own notifications itself
            events.subscribe(NOTICES, self._from_elsewhere, here=False)
            events.on_missed(self._refresh)

    async def notify(
        self,
        user_id: int,
        kind: str,
        text: str | Text,
        *,
        game_id: str | None = None,
        data: dict[str, Any] | None = None,
    ) -> Notice:
        """Store a notification for ``user_id`` and push it to the account's open pages.

        A :class:`~shoal.i18n.Text` is stored in the account's language (its prefs', English
        for none): the list, the badge's page and the push say it as it was stored."""
        assert kind in KINDS, kind
        if isinstance(text, Text):
            text = text.say(await asyncio.to_thread(self.language, user_id))
        notice = await asyncio.to_thread(
            self.store.add, user_id, kind, game_id, text, dict(data or {})
        )
        await self.push(user_id, notice)
        if self.pusher is not None:  # once: only the process that stored it pushes it
            self.pusher.notify(user_id, notice)
        return notice

    async def push(self, user_id: int, notice: Notice | None = None, *, relay: bool = True) -> None:
        """Send the unread count (and ``notice``) to every open page of ``user_id``.

        With ``relay``, the other server processes push it to their pages too.
        """
        if relay and self.events is not None:
            self.events.publish(
                NOTICES, {"user": user_id, "notice": 0 if notice is None else notice.id}
            )
        sockets = self.sockets.get(user_id)
        if not sockets:
            return
        unread = await asyncio.to_thread(self.store.unread, user_id)
        self._unread[user_id] = unread
        message: dict[str, Any] = {"type": "notification", "unread": unread}
        if notice is not None:
            message["notification"] = notice.view()
        for socket in await send_all(sockets, message):
            sockets.discard(socket)  # a closed page: forget it

    async def _from_elsewhere(self, event: Any) -> None:
        if not isinstance(event, dict):
            return
        user_id, notice_id = event.get("user"), event.get("notice")
        if not isinstance(user_id, int) or not isinstance(notice_id, int):
            return
        if user_id not in self.sockets:
            return
        notice = await asyncio.to_thread(self.store.get, notice_id) if notice_id else None
        await self.push(user_id, notice, relay=False)

    async def _refresh(self) -> None:
        """After the relay was cut off: every open page here whose unread count changed
        meanwhile gets it again (the others nothing: no message twice)."""
        for user_id in list(self.sockets):
            if await asyncio.to_thread(self.store.unread, user_id) != self._unread.get(user_id):
                await self.push(user_id, relay=False)

    def watch(self, user_id: int, socket: WebSocket) -> None:
        """Push ``user_id``'s notifications to ``socket`` from now on."""
        self.sockets.setdefault(user_id, set()).add(socket)

    def unwatch(self, user_id: int, socket: WebSocket) -> None:
        """Forget ``socket``."""
        sockets = self.sockets.get(user_id)
        if sockets is not None:
            sockets.discard(socket)
            if not sockets:
                del self.sockets[user_id]
                self._unread.pop(user_id, None)

    # -- the events ------------------------------------------------------------------
    async def your_turn(self, live: LiveGame, seat: Seat | None, days: int) -> None:
        """``seat`` is to move in the correspondence game ``live``: tell its account."""
        if seat is None:
            return
        user = _held(live, seat)
        if user is None:
            return
        name = live.data.players[other(seat)]
        opponent = _opponent(name)
        title = live.game.title
        if days == 1:
            template = N_("Your turn in {title} against {opponent} (1 day per move)")
        else:
            template = N_("Your turn in {title} against {opponent} ({days} days per move)")
        text = Text(template, {"title": title, "opponent": opponent, "days": days})
        data = {"opponent": name or "your opponent", "title": title, "turn": live.state.turn}
        await self.notify(user, "your_turn", text, game_id=live.data.id, data=data)
        if self.mailer is not None:
            key = f"turn:{live.data.id}:{live.state.turn}:{seat}"
            self.mailer.turn(user, key, live.data.id, title, opponent, days)

    async def game_ended(self, live: LiveGame) -> None:
        """The correspondence game ``live`` ended: tell both players' accounts."""
        ended = live.data.ended or {}
        result = live.view()["result"] or {}
        reason = str(ended.get("reason") or result.get("reason") or "the game is over")
        winner = result.get("winner")
        for seat in (0, 1):
            user = _held(live, seat)
            if user is None:
                continue
            name = live.data.players[other(seat)]
            opponent = _opponent(name)
            if ended.get("aborted"):
                template = N_("{title} against {opponent}: aborted ({reason})")
            elif winner is None:
                template = N_("{title} against {opponent}: drawn ({reason})")
            elif winner == seat:
                template = N_("{title} against {opponent}: you won ({reason})")
            else:
                template = N_("{title} against {opponent}: you lost ({reason})")
            said = EndReason(reason, game=live.game)  # a stored end in the reader's words
            values = {"title": live.game.title, "opponent": opponent, "reason": said}
            text = Text(template, values)
            await self.notify(
                user,
                "game_ended",
                text,
                game_id=live.data.id,
                data={"winner": winner, "reason": reason, "opponent": name or "your opponent"},
            )

    async def offer(self, live: LiveGame, by: Seat, what: str) -> None:
        """``by`` offers ``what`` (``draw`` or ``rematch``): tell the other player's account."""
        user = _held(live, other(by))
        if user is None:
            return
        name = live.data.players[by]
        if what == "draw":
            template = N_("{name} offers a draw in {title}")
            if not name:
                template = N_("Your opponent offers a draw in {title}")
        else:
            template = N_("{name} offers a rematch in {title}")
            if not name:
                template = N_("Your opponent offers a rematch in {title}")
        text = Text(template, {"name": name, "title": live.game.title})
        data = {"offer": what, "by": name or "Your opponent"}
        await self.notify(user, "offer", text, game_id=live.data.id, data=data)

    async def offer_closed(self, live: LiveGame, to: Seat) -> None:
        """The offers made to ``to`` in ``live`` were answered or withdrawn: its notifications
        of them are read now (issue 40), and the account's pages hear the new count."""
        user = _held(live, to)
        if user is None:
            return
        changed = await asyncio.to_thread(self.store.mark_game_read, user, live.data.id, "offer")
        if changed:
            await self.push(user)

    async def challenge(
        self,
        user_id: int,
        by: str,
        title: str,
        *,
        challenge_id: str,
        link: str,
        data: dict[str, Any] | None = None,
    ) -> Notice:
        """``by`` challenges ``user_id`` to a game of ``title`` (the lobby's challenges).

        ``link`` is the site path where the challenge is answered (the lobby's challenges
        use their page ``/challenges/ID``); a mail goes out
        once per challenge when the server mails and the account wants it.
        """
        text = Text(N_("{by} challenges you to {title}"), {"by": by, "title": title})
        notice = await self.notify(
            user_id,
            "challenge",
            text,
            data={
                "challenge": challenge_id,
                "by": by,
                "title": title,
                "link": link,
                **(data or {}),
            },
        )
        if self.mailer is not None:
            self.mailer.challenge(user_id, f"challenge:{challenge_id}", by, title, link)
        return notice


def build(
    engine: Engine,
    events: Events,
    mailer: Mailer | None,
    pusher: Pusher | None,
    language: Callable[[int], str] = english,
) -> Notifier:
    """The notifications of one app: stored on ``engine``, pushed to open pages here and (by
    ``events``) in the other processes, handed to the ``mailer`` and the ``pusher``; each
    said in its account's ``language``."""
    return Notifier(NoticeStore(engine), mailer, events, pusher, language)


NotifierDep = Annotated[Notifier, provided(Notifier)]
"""A route parameter of this type receives the app's :class:`Notifier`."""
