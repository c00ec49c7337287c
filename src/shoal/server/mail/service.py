"""Mail for correspondence turns, challenges, tournament games and digests (issues 22, 43), when
the server has SMTP settings: :class:`Mailer`, the mail domain's one door.

``shoal serve --smtp smtp://[user:password@]host[:port][?from=ADDRESS&starttls=1]``
(or the environment variable ``SHOAL_SMTP``; ``smtps://`` for TLS from the start).
Mails are sent with the standard library's :mod:`smtplib` in a worker thread, in a
task of their own: a move never waits for a mail server.

At most one mail per game and turn (and one per challenge): the mail's key
(``turn:GAME:TURN:SEAT``) is inserted in ``shoal_mail_sent`` first, and only the
process whose insert succeeds sends. An account gets mail only with an email
address and the setting on; every mail carries an unsubscribe link with a signed
token (HMAC-SHA256 with the site's secret) that works without signing in. An account that
chose digests (:mod:`.digest`) gets no mail per turn; :meth:`Mailer.sweep_digests` sends the
digests that are due (every ``sweep_every`` seconds, :meth:`Mailer.run`).

Every mail has ``Date``, a ``Message-ID`` of the site's host, and ``List-Unsubscribe:
<https://SITE/unsubscribe?token=T>`` written as it is (never folded into RFC 2047 words,
which mail clients do not read as a link) with ``List-Unsubscribe-Post:
List-Unsubscribe=One-Click`` when the site is on https: a mail client's one-click
unsubscribe (RFC 8058) POSTs ``List-Unsubscribe=One-Click`` to that link, and the mail stops.
"""

from __future__ import annotations

import asyncio
import dataclasses
import datetime
import hashlib
import hmac
import logging
import smtplib
import urllib.parse
from collections.abc import Callable, Coroutine
from email.message import EmailMessage
from email.policy import EmailPolicy
from email.utils import format_datetime, make_msgid
from typing import Annotated, Any

from sqlalchemy.engine import Engine

from shoal.i18n import N_, SOURCE, Text, catalogue

from ..db.secrets import SiteSecrets
from ..ops.metrics import MAIL, labelled
from ..pending import Pending
from ..periodic import Failures
from ..periodic import every as periodic
from ..provide import provided
from .digest import Digests
from .store import MailStore

__all__ = [
    "Mail",
    "MailDep",
    "Mailer",
    "SmtpSettings",
    "build",
    "check_unsubscribe",
    "parse_smtp",
    "unsubscribe_token",
]

log = logging.getLogger("shoal.server.mail")


@dataclasses.dataclass(frozen=True)
class SmtpSettings:
    """Where and how to send mail."""

    host: str
    port: int
    sender: str
    user: str | None = None
    password: str | None = None
    tls: bool = False
    starttls: bool = False


def parse_smtp(url: str) -> SmtpSettings:
    """The settings of an ``smtp://`` or ``smtps://`` URL (ValueError with words otherwise)."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("smtp", "smtps"):
        raise ValueError(f"an SMTP URL starts with smtp:// or smtps:// (got {url!r})")
    if not parts.hostname:
        raise ValueError(f"the SMTP URL {url!r} names no host")
    try:
        port = parts.port
    except ValueError:
        raise ValueError(f"the SMTP URL {url!r} has a bad port") from None
    query = urllib.parse.parse_qs(parts.query)
    sender = query.get("from", [f"shoal@{parts.hostname}"])[0]
    if "@" not in sender:
        raise ValueError(f"the sender {sender!r} is not an email address")
    tls = parts.scheme == "smtps"
    return SmtpSettings(
        host=parts.hostname,
        port=port or (465 if tls else 25),
        sender=sender,
        user=urllib.parse.unquote(parts.username) if parts.username else None,
        password=urllib.parse.unquote(parts.password) if parts.password else None,
        tls=tls,
        starttls=query.get("starttls", ["0"])[0] in ("1", "true", "yes"),
    )


class MailPolicy(EmailPolicy):
    """The standard library's policy for mail (CRLF, folded at 78), except that the
    ``List-Unsubscribe`` headers are never folded: a long link has no space to fold at, and
    the default policy then wrote it as RFC 2047 encoded words, which no client reads as a
    link (RFC 2369 wants ``<URL>``; lines may reach 998 characters)."""

    def fold(self, name: str, value: str) -> str:
        """The header as text (``List-Unsubscribe`` unfolded)."""
        if name.lower().startswith("list-unsubscribe"):
            return str(EmailPolicy.fold(self.clone(max_line_length=None), name, value))
        return str(super().fold(name, value))

    def fold_binary(self, name: str, value: str) -> bytes:
        """The header as bytes (``List-Unsubscribe`` unfolded)."""
        if name.lower().startswith("list-unsubscribe"):
            return bytes(EmailPolicy.fold_binary(self.clone(max_line_length=None), name, value))
        return bytes(super().fold_binary(name, value))


MAIL_POLICY = MailPolicy(linesep="\r\n")
"""The policy of every mail the site sends."""


def english(user_id: int) -> str:
    """The language of every account where the app tells none (a test's partial app)."""
    return SOURCE


_FOOTER = N_(
    "shoal. No more mail from this site: {unsubscribe}\n(or change your settings: {settings})"
)
"""The words under every mail's signature line."""

_YOUR_OPPONENT = N_("your opponent")
"""A digest's opponent without a name (stored in English in the turn's notification)."""


def _send(settings: SmtpSettings, message: EmailMessage) -> None:
    factory = smtplib.SMTP_SSL if settings.tls else smtplib.SMTP
    with factory(settings.host, settings.port, timeout=30) as smtp:
        if settings.starttls:
            smtp.starttls()
        if settings.user:
            smtp.login(settings.user, settings.password or "")
        smtp.send_message(message)


def _sign(secrets: SiteSecrets, user_id: int) -> str:
    key = secrets.get("unsubscribe").encode()
    return hmac.new(key, f"unsubscribe:{user_id}".encode(), hashlib.sha256).hexdigest()[:32]


def unsubscribe_token(secrets: SiteSecrets, user_id: int) -> str:
    """The unsubscribe token of ``user_id`` (signed with the site's secret)."""
    return f"{user_id}.{_sign(secrets, user_id)}"


def check_unsubscribe(secrets: SiteSecrets, token: str) -> int | None:
    """The account an unsubscribe token names, or None when it is not genuine."""
    head, _, signature = token.partition(".")
    if not head.isdigit() or len(head) > 12 or len(signature) != 32:
        return None
    user_id = int(head)
    return user_id if hmac.compare_digest(signature, _sign(secrets, user_id)) else None


def _named(name: str, nobody: str) -> str:
    return nobody if name in ("", _YOUR_OPPONENT) else name


class Mailer:
    """Sends the mails of turns and challenges in the background, once each."""

    def __init__(
        self,
        store: MailStore,
        secrets: SiteSecrets,
        digests: Digests,
        settings: SmtpSettings,
        site_url: str,
        spawn: Callable[[Coroutine[Any, Any, Any]], asyncio.Task[Any]],
        language: Callable[[int], str] = english,
    ) -> None:
        self.store = store
        self.language = language
        """The language of an account's mail (its prefs', English for none; blocking)."""
        self.secrets = secrets
        self.digests = digests
        """The accounts' turn-mail modes (issue 43): only ``turn`` mails each turn."""
        self.settings = settings
        self.site_url = site_url.rstrip("/")
        self.spawn = spawn
        self._pending = Pending()
        self.sent = 0
        self.failed = 0

    def _start(self, delivery: Coroutine[Any, Any, None]) -> None:
        self._pending.add(self.spawn(delivery))

    async def settle(self) -> None:
        """Wait until every mail started so far has been handed to the mail server, or
        found unwanted, sent already, or failed (tests: the inbox is then final)."""
        await self._pending.settle()

    def _host(self) -> str:
        """The site's host, for the mails' ``Message-ID`` (the sender's, without a site)."""
        host = urllib.parse.urlsplit(self.site_url).hostname
        return host or self.settings.sender.rpartition("@")[2]

    def unsubscribe_url(self, user_id: int) -> str:
        """The link that turns the account's mail off without signing in."""
        return f"{self.site_url}/unsubscribe?token={unsubscribe_token(self.secrets, user_id)}"

    # -- the mails -----------------------------------------------------------------
    def turn(
        self, user_id: int, key: str, game_id: str, title: str, opponent: str | Text, days: int
    ) -> None:
        """Mail ``user_id`` that it is their turn (in the background; once per ``key``):
        ``days`` per move against ``opponent`` (a name, or words said in the account's
        language)."""
        values = {"title": title, "opponent": opponent, "days": days}
        values["link"] = f"{self.site_url}/game/{game_id}"
        subject = Text(N_("Your turn in {title} against {opponent}"), values)
        if days == 1:
            template = N_(
                "{opponent} has moved: it is your turn in {title}.\nYou have 1 day per move."
                "\n\nPlay: {link}\n"
            )
        else:
            template = N_(
                "{opponent} has moved: it is your turn in {title}.\nYou have {days} days per "
                "move.\n\nPlay: {link}\n"
            )
        body = Text(template, values)
        self._start(self._deliver(user_id, key, "mail_turns", subject, body))

    def tournament_game(self, user_id: int, key: str, event: str, opponent: str, link: str) -> None:
        """Mail ``user_id`` their next tournament game (in the background; once per ``key``;
        sent when the account wants mail of its turns)."""
        url = f"{self.site_url}{link}" if link.startswith("/") else link
        values = {"event": event, "opponent": opponent, "url": url}
        subject = Text(N_("{event}: your next game, against {opponent}"), values)
        body = Text(
            N_("Your next game in {event} is paired: you play {opponent}.\n\nPlay: {url}\n"),
            values,
        )
        self._start(self._deliver(user_id, key, "mail_turns", subject, body))

    def challenge(self, user_id: int, key: str, by: str, title: str, link: str) -> None:
        """Mail ``user_id`` that ``by`` challenges them (in the background; once per ``key``)."""
        url = f"{self.site_url}{link}" if link.startswith("/") else link
        values = {"by": by, "title": title, "url": url}
        subject = Text(N_("{by} challenges you to {title}"), values)
        body = Text(N_("{by} challenges you to a game of {title}.\n\nAnswer: {url}\n"), values)
        self._start(self._deliver(user_id, key, "mail_challenges", subject, body))

    async def _deliver(
        self, user_id: int, key: str, setting: str, subject: Text, body: Text
    ) -> None:
        wants = await asyncio.to_thread(self.store.settings, user_id)
        if wants.email is None or not getattr(wants, setting):
            return
        if setting == "mail_turns":
            mode, _ = await asyncio.to_thread(self.digests.mode, user_id)
            if mode != "turn":
                return  # a digest instead, or no turn mail
        if not await asyncio.to_thread(self.store.claim_mail, key, user_id):
            return  # sent already (by this process or another)
        language = await asyncio.to_thread(self.language, user_id)
        await self._mail(user_id, wants.email, subject.say(language), body.say(language), language)

    async def digest(self, user_id: int, games: list[dict[str, Any]]) -> None:
        """Mail ``user_id`` the list of the games waiting for their move (claimed already)."""
        wants = await asyncio.to_thread(self.store.settings, user_id)
        if wants.email is None or not wants.mail_turns:
            return
        language = await asyncio.to_thread(self.language, user_id)
        count = len(games)
        words = catalogue(language)
        subject = words.ngettext(
            "{n} game waiting for your move", "{n} games waiting for your move", count
        ).format(n=count)
        line = words.gettext("- {title} against {opponent}: {link} (move by {deadline} UTC)")
        lines = [
            line.format(
                title=g["title"],
                opponent=_named(g["opponent"], words.gettext(_YOUR_OPPONENT)),
                link=f"{self.site_url}/game/{g['game']}",
                deadline=f"{g['deadline']:%Y-%m-%d %H:%M}",
            )
            for g in games
        ]
        body = words.gettext("It is your turn in:") + "\n" + "\n".join(lines) + "\n"
        await self._mail(user_id, wants.email, subject, body, language)

    async def sweep_digests(self) -> int:
        """Send every digest due (the ones this process claimed); how many."""
        count = 0
        for user_id, old in await asyncio.to_thread(self.digests.due):
            games = await asyncio.to_thread(self.digests.waiting, user_id)
            if not games:
                continue
            if await asyncio.to_thread(self.digests.claim, user_id, old):
                await self.digest(user_id, games)
                count += 1
        return count

    async def run(self, every: float) -> None:
        """Send the digests due every ``every`` seconds until cancelled (the app's lifetime);
        an outage is two lines in the log (:mod:`..periodic`), not one a sweep."""
        failures = Failures("the digests' sweep", log, f"every {every:g} s")
        await periodic(every, self.sweep_digests, failures)

    async def _mail(
        self, user_id: int, address: str, subject: str, body: str, language: str = SOURCE
    ) -> None:
        unsubscribe = await asyncio.to_thread(self.unsubscribe_url, user_id)
        message = EmailMessage(policy=MAIL_POLICY)
        message["From"] = self.settings.sender
        message["To"] = address
        message["Subject"] = subject
        message["Date"] = format_datetime(datetime.datetime.now(datetime.UTC))
        message["Message-ID"] = make_msgid("shoal", domain=self._host())
        message["List-Unsubscribe"] = f"<{unsubscribe}>"
        if unsubscribe.startswith("https://"):  # RFC 8058: one click, over https only
            message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        footer = Text(
            _FOOTER, {"unsubscribe": unsubscribe, "settings": f"{self.site_url}/settings"}
        )
        message.set_content(f"{body}\n-- \n{footer.say(language)}\n")
        try:
            await asyncio.to_thread(_send, self.settings, message)
            labelled(MAIL, "sent").inc()
            self.sent += 1
        except (OSError, smtplib.SMTPException) as error:
            labelled(MAIL, "failed").inc()
            self.failed += 1
            log.warning("mail to account %s not sent: %s", user_id, error)


@dataclasses.dataclass(frozen=True)
class Mail:
    """The mail domain of one app: the settings' store, the site's secrets (unsubscribe
    links), the digests, and the mailer when the server mails (None otherwise)."""

    store: MailStore
    secrets: SiteSecrets
    digests: Digests
    mailer: Mailer | None


MailDep = Annotated[Mail, provided(Mail)]
"""A route parameter of this type receives the app's :class:`Mail`."""


def build(
    engine: Engine,
    secrets: SiteSecrets,
    *,
    smtp_url: str | None,
    site_url: str,
    clock: Callable[[], float],
    spawn: Callable[[Coroutine[Any, Any, Any]], asyncio.Task[Any]],
    language: Callable[[int], str] = english,
) -> Mail:
    """The mail domain on ``engine``: a :class:`Mailer` only with an ``smtp_url``, mailing
    each account in its ``language``."""
    store = MailStore(engine)
    digests = Digests(engine, clock)
    mailer = None
    if smtp_url:
        mailer = Mailer(store, secrets, digests, parse_smtp(smtp_url), site_url, spawn, language)
    return Mail(store, secrets, digests, mailer)
