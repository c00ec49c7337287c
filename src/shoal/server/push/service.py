"""Web Push (issue 43; RFC 8030 delivery, RFC 8291 encryption, RFC 8292 VAPID).

The site's VAPID key pair (P-256) is made on first start and kept in the database as the
site secret ``vapid`` (the raw private key, base64url), shared by every server process; or
read from a PEM file (``shoal serve --vapid-key FILE`` or ``SHOAL_VAPID_KEY``) for a
deployment that keeps its keys outside the database. ``GET /api/push/key`` gives the public
key to browsers, which subscribe with it.

:class:`Pusher`, the push domain's one door, is called by the notifications' service for
each notification it stores: every device of the account gets the notification encrypted
with ``pywebpush`` (``aes128gcm``) when the account wants that kind pushed; a push service
answering 404 or 410 means the subscription is gone, and it is deleted. Pushing runs in
worker threads in a task of its own: a move never waits for a push service.

Pushes go only to the push services of :mod:`.guard` (the browsers' own and the
operator's), checked again at each send before any connection: an endpoint refused then is
skipped and logged (``shoal_push_total{result="refused"}``), never sent to.
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import stat
import threading
import urllib.parse
from collections.abc import Callable, Coroutine, Sequence
from pathlib import Path
from typing import Annotated, Any

from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from py_vapid import Vapid02
from sqlalchemy.engine import Engine

from shoal.i18n import N_, SOURCE, say

from ..db.secrets import SiteSecrets
from ..notifications.models import Notice
from ..ops.metrics import PUSH, labelled
from ..pending import Pending
from ..provide import provided
from .guard import PushPolicy, PushRefused
from .store import PushStore, Subscription

__all__ = ["SEND_TIMEOUT", "PushDep", "Pusher", "VapidKeys", "build", "push_message"]

log = logging.getLogger("shoal.server.push")

SEND_TIMEOUT = 10.0
"""Seconds a push service has to answer one push: one that takes the connection and never
answers holds a worker thread (and the pushes after it to that account's devices) no
longer than this."""

TITLES = {
    "your_turn": N_("Your turn"),
    "challenge": N_("A challenge"),
    "game_ended": N_("Game over"),
    "offer": N_("An offer"),
    "tournament": N_("Tournament"),
}
"""A push's title by its kind (said in the account's language; the notice's text is stored in
it already)."""


def english(user_id: int) -> str:
    """The language of every account where the app tells none (a test's partial app)."""
    return SOURCE


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class VapidKeys:
    """The site's VAPID key pair."""

    def __init__(self, vapid: Vapid02) -> None:
        self.vapid = vapid
        public = vapid.public_key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        self.public = _b64(public)
        """The public key as browsers want it: the uncompressed point, base64url."""

    @classmethod
    def of_secrets(cls, secrets: SiteSecrets) -> VapidKeys:
        """The pair kept in the database (made on first use, the same for every process)."""

        def make() -> str:
            key = ec.generate_private_key(ec.SECP256R1())
            return _b64(key.private_numbers().private_value.to_bytes(32, "big"))

        return cls(Vapid02.from_raw(secrets.get("vapid", make).encode()))

    @classmethod
    def of_file(cls, path: Path) -> VapidKeys:
        """The pair in a PEM file (``vapid --gen`` writes one: ``private_key.pem``), which
        only its owner may read: run ``(umask 077 && vapid --gen)``, or ``chmod 600`` it."""
        if not path.is_file():
            raise ValueError(f"there is no VAPID key file {str(path)!r}")
        mode = stat.S_IMODE(path.stat().st_mode)
        if mode & 0o077:
            raise ValueError(
                f"the VAPID key file {str(path)!r} may be read by others (mode {mode:04o}): "
                f"chmod 600 {path}"
            )
        try:
            return cls(Vapid02.from_file(str(path)))
        except Exception as error:  # py_vapid raises several kinds for a bad file
            raise ValueError(f"{str(path)!r} is not a VAPID private key (PEM): {error}") from None


def push_message(
    notice: Notice, turns: int | None = None, language: str = SOURCE
) -> dict[str, Any]:
    """What a device receives for ``notice``: a title (in ``language``), the words, the page
    to open."""
    if notice.game_id is not None:
        url = f"/game/{notice.game_id}"
    else:
        url = str(notice.data.get("link") or "/notifications")
    message: dict[str, Any] = {
        "title": say(TITLES[notice.kind], language) if notice.kind in TITLES else "shoal",
        "body": notice.text,
        "url": url,
        "tag": f"{notice.kind}:{notice.game_id or notice.id}",
        "kind": notice.kind,
    }
    if turns is not None:
        message["turns"] = turns
    return message


def _subject(site_url: str) -> str:
    """The VAPID ``sub`` claim (RFC 8292: a ``mailto:`` or ``https:`` URI to reach the site)."""
    parts = urllib.parse.urlsplit(site_url)
    if parts.scheme == "https" and parts.hostname:
        return f"https://{parts.hostname}"
    return f"mailto:push@{parts.hostname or 'localhost'}"


class Pusher:
    """Pushes notifications to the subscribed devices of their account."""

    def __init__(
        self,
        store: PushStore,
        keys: VapidKeys,
        spawn: Callable[[Coroutine[Any, Any, Any]], asyncio.Task[Any]],
        *,
        subject: str | None = None,
        site_url: str = "http://127.0.0.1:8000",
        ttl: int = 86400,
        policy: PushPolicy | None = None,
        timeout: float = SEND_TIMEOUT,
        language: Callable[[int], str] = english,
    ) -> None:
        self.store = store
        self.language = language
        """The language of an account's pushes (its prefs', English for none; blocking)."""
        self.keys = keys
        self.spawn = spawn
        self.subject = subject or _subject(site_url)
        self.ttl = ttl
        self.policy = policy or PushPolicy.of()
        """Where pushes may go (:mod:`.guard`)."""
        self.timeout = timeout
        self._session: Any = None
        self._session_lock = threading.Lock()
        self.sent = 0
        self.failed = 0
        self.removed = 0
        self._pending = Pending()

    def notify(self, user_id: int, notice: Notice) -> None:
        """Push ``notice`` to every device of ``user_id`` that wants its kind (background)."""
        self._pending.add(self.spawn(self.deliver(user_id, notice)))

    async def settle(self) -> None:
        """Wait until every push started so far has been taken or refused by its push
        service (tests: what the devices got is then known, without waiting for silence)."""
        await self._pending.settle()

    async def deliver(self, user_id: int, notice: Notice) -> int:
        """Push ``notice`` now; the number of devices that took it. The devices are read
        first: most accounts have none, and their notices cost one read, not two."""
        devices = await asyncio.to_thread(self.store.subscriptions, user_id)
        if not devices:
            return 0
        wants = await asyncio.to_thread(self.store.kinds, user_id)
        if not wants.get(notice.kind, True):
            return 0
        language = await asyncio.to_thread(self.language, user_id)
        data = json.dumps(push_message(notice, language=language)).encode()
        taken = 0
        for device in devices:
            taken += await asyncio.to_thread(self._send, device, data)
        return taken

    def _send(self, device: Subscription, data: bytes) -> int:
        # here, not at the top: pywebpush (and aiohttp) take a fifth of a second to import,
        # on every server's start
        from pywebpush import WebPushException, webpush

        with self._session_lock:
            if self._session is None:
                self._session = self.policy.session()
        try:
            webpush(
                device.info(),
                data=data,
                vapid_private_key=self.keys.vapid,
                vapid_claims={"sub": self.subject},
                ttl=self.ttl,
                timeout=self.timeout,
                requests_session=self._session,
            )
        except PushRefused as error:  # not a push service, or (now) a private address
            labelled(PUSH, "refused").inc()
            self.failed += 1
            log.warning("push to account %s refused: %s", device.user_id, error)
            return 0
        except WebPushException as error:
            status = getattr(error.response, "status_code", None)
            if status in (404, 410):
                self.store.expired(device.endpoint)
                labelled(PUSH, "gone").inc()
                self.removed += 1
                log.info("push subscription of account %s gone (%s)", device.user_id, status)
            else:
                labelled(PUSH, "failed").inc()
                self.failed += 1
                log.warning("push to account %s failed: %s", device.user_id, error)
            return 0
        except OSError as error:  # the push service cannot be reached
            labelled(PUSH, "failed").inc()
            self.failed += 1
            log.warning("push to account %s failed: %s", device.user_id, error)
            return 0
        labelled(PUSH, "sent").inc()
        self.sent += 1
        return 1


def build(
    engine: Engine,
    secrets: SiteSecrets,
    *,
    key_file: Path | None,
    site_url: str,
    spawn: Callable[[Coroutine[Any, Any, Any]], asyncio.Task[Any]],
    services: Sequence[str] = (),
    language: Callable[[int], str] = english,
) -> Pusher:
    """Web Push on ``engine``: the VAPID keys of ``key_file`` (PEM), else the pair kept in the
    database; pushes go to the browsers' push services and the operator's ``services``
    (:mod:`.guard`)."""
    keys = VapidKeys.of_file(key_file) if key_file is not None else VapidKeys.of_secrets(secrets)
    policy = PushPolicy.of(services)
    return Pusher(
        PushStore(engine), keys, spawn, site_url=site_url, policy=policy, language=language
    )


PushDep = Annotated[Pusher, provided(Pusher)]
"""A route parameter of this type receives the app's :class:`Pusher`."""
