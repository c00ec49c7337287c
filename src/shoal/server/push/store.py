"""The queries of Web Push (issue 43): subscriptions per device and the kinds pushed.

One subscription per device: a device's push ``endpoint`` is unique (its SHA-256 is the
unique key), so subscribing again replaces the row, and the account signed in now holds it.
"""

from __future__ import annotations

import dataclasses
import datetime
import hashlib

from sqlalchemy import delete, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from .tables import PushSettingsRow, PushSubscriptionRow

__all__ = ["PUSH_KINDS", "PushStore", "Subscription"]

PUSH_KINDS = ("your_turn", "challenge", "game_ended", "offer", "tournament")
"""The kinds of notification that can be pushed, each switchable (``tournament``: when
tournaments exist)."""


@dataclasses.dataclass(frozen=True)
class Subscription:
    """A device's push subscription (RFC 8030 endpoint, RFC 8291 keys)."""

    user_id: int
    endpoint: str
    p256dh: str
    auth: str

    def info(self) -> dict[str, object]:
        """The subscription as ``pywebpush`` (and the browser's ``toJSON()``) writes it."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


def _hash(endpoint: str) -> str:
    return hashlib.sha256(endpoint.encode()).hexdigest()


class PushStore:
    """Push subscriptions and push settings in the database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def subscribe(self, sub: Subscription) -> None:
        """Store ``sub``, replacing the device's earlier subscription (any account's)."""
        now = datetime.datetime.now(datetime.UTC).replace(tzinfo=None)
        key = _hash(sub.endpoint)
        for _ in range(2):  # a race with the same device's other request: once more
            with Session(self.engine) as session:
                session.execute(
                    delete(PushSubscriptionRow).where(PushSubscriptionRow.endpoint_hash == key)
                )
                session.add(
                    PushSubscriptionRow(
                        user_id=sub.user_id,
                        endpoint_hash=key,
                        endpoint=sub.endpoint,
                        p256dh=sub.p256dh,
                        auth=sub.auth,
                        created=now,
                    )
                )
                try:
                    session.commit()
                    return
                except IntegrityError:
                    session.rollback()

    def unsubscribe(self, user_id: int, endpoint: str) -> bool:
        """Forget the device ``endpoint`` of ``user_id``; True when there was one."""
        with Session(self.engine) as session:
            result = session.execute(
                delete(PushSubscriptionRow).where(
                    PushSubscriptionRow.endpoint_hash == _hash(endpoint),
                    PushSubscriptionRow.user_id == user_id,
                )
            )
            session.commit()
            return getattr(result, "rowcount", 0) > 0

    def expired(self, endpoint: str) -> None:
        """Forget a subscription the push service says is gone (404 or 410)."""
        with Session(self.engine) as session:
            session.execute(
                delete(PushSubscriptionRow).where(
                    PushSubscriptionRow.endpoint_hash == _hash(endpoint)
                )
            )
            session.commit()

    def subscriptions(self, user_id: int) -> list[Subscription]:
        """The devices of ``user_id``, oldest first."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(PushSubscriptionRow)
                .where(PushSubscriptionRow.user_id == user_id)
                .order_by(PushSubscriptionRow.id)
            )
            return [Subscription(r.user_id, r.endpoint, r.p256dh, r.auth) for r in rows]

    def kinds(self, user_id: int) -> dict[str, bool]:
        """Which kinds ``user_id`` wants pushed (all on by default)."""
        with Session(self.engine) as session:
            row = session.get(PushSettingsRow, user_id)
            stored = dict(row.kinds) if row is not None else {}
        return {kind: bool(stored.get(kind, True)) for kind in PUSH_KINDS}

    def save_kinds(self, user_id: int, kinds: dict[str, bool]) -> dict[str, bool]:
        """Switch kinds on or off (the others keep their setting); the settings now."""
        new = {**self.kinds(user_id), **kinds}
        with Session(self.engine) as session:
            row = session.get(PushSettingsRow, user_id)
            if row is None:
                session.add(PushSettingsRow(user_id=user_id, kinds=new))
            else:
                row.kinds = new
            session.commit()
        return new

    def forget(self, user_id: int) -> None:
        """Delete the user's subscriptions and push settings (an account deleted)."""
        with Session(self.engine) as session:
            for table in (PushSubscriptionRow, PushSettingsRow):
                session.execute(delete(table).where(table.user_id == user_id))
            session.commit()
