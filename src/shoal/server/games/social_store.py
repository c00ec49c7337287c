"""The queries of a game's social side (issue 23): its offers, mutes, rematch and chat.

:class:`SocialStore` works on the engine of a :class:`~shoal.server.games.store.Store`
(the same database, its own tables ``shoal_offers`` and ``shoal_chat``).
"""

from __future__ import annotations

import dataclasses
import datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from .models import Claim
from .tables import ChatRow, OfferRow

__all__ = ["ChatLine", "ChatMessage", "Offers", "Rematch", "SocialStore"]


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC).replace(tzinfo=None)


@dataclasses.dataclass
class Rematch:
    """A rematch offer: the seat that offered it, the new game once accepted, and the hash
    of the offerer's token in that game (None: it offered with its account's cookie)."""

    by: int
    game: str | None = None
    key: str | None = None


@dataclasses.dataclass
class Offers:
    """A game's open offers (``{"seat", "ply"}`` or None), the seats that muted the other,
    and the rematch offer (read only: :class:`SocialStore`'s rematch methods write it)."""

    draw: dict[str, Any] | None = None
    takeback: dict[str, Any] | None = None
    mutes: list[int] = dataclasses.field(default_factory=list)
    rematch: Rematch | None = None


@dataclasses.dataclass
class ChatMessage:
    """One chat message (``seat`` is None in the spectators' room).

    ``user_id`` is the writer's account (None: a guest), never shown to clients; a
    ``shadow`` message is shown to its writer only (a muted writer, or a line to a player
    who blocks the writer: issue 61).
    """

    id: int
    room: str
    seat: int | None
    name: str
    text: str
    time: float
    user_id: int | None = None
    shadow: bool = False

    def view(self) -> dict[str, Any]:
        """The message for a client (the text is plain text: clients never parse it as HTML)."""
        return {
            "id": self.id,
            "room": self.room,
            "seat": self.seat,
            "name": self.name,
            "text": self.text,
            "time": self.time,
        }

    def readable_by(self, seats: list[int], account: int | None) -> bool:
        """Whether a reader with ``seats`` (and signed in as ``account``) sees it: a shadow
        message only its writer's seat or account."""
        if not self.shadow:
            return True
        if self.seat is not None:
            return self.seat in seats
        return account is not None and account == self.user_id


@dataclasses.dataclass(frozen=True)
class ChatLine:
    """A chat message with where it was written and whether it is hidden (for moderators)."""

    message: ChatMessage
    game_id: str
    hidden: bool


class SocialStore:
    """Offers, mutes and chat messages in the database of ``engine``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def load_offers(self, game_id: str) -> Offers:
        """The offers of ``game_id`` (none when nothing was ever offered)."""
        with Session(self.engine) as session:
            row = session.get(OfferRow, game_id)
            if row is None:
                return Offers()
            rematch = None
            if row.rematch_by is not None:
                rematch = Rematch(row.rematch_by, row.rematch_game, row.rematch_key)
            return Offers(row.draw, row.takeback, list(row.mutes), rematch)

    def save_offers(self, game_id: str, offers: Offers) -> None:
        """Write the offers of ``game_id``."""
        with Session(self.engine) as session:
            row = session.get(OfferRow, game_id)
            if row is None:
                row = OfferRow(game_id=game_id, mutes=[], updated=_now())
                session.add(row)
            row.draw = dict(offers.draw) if offers.draw else None
            row.takeback = dict(offers.takeback) if offers.takeback else None
            row.mutes = sorted(set(offers.mutes))
            row.updated = _now()
            session.commit()

    # -- the rematch: conditional updates, so that one offer and one game win ------------
    def offer_rematch(self, game_id: str, seat: int, key: str | None) -> bool:
        """Store ``seat``'s rematch offer where none stands; False when one does."""
        with Session(self.engine) as session:
            done = session.execute(
                update(OfferRow)
                .where(OfferRow.game_id == game_id, OfferRow.rematch_by.is_(None))
                .values(rematch_by=seat, rematch_game=None, rematch_key=key, updated=_now())
            )
            if done.rowcount == 1:  # type: ignore[attr-defined]
                session.commit()
                return True
            if session.get(OfferRow, game_id) is not None:
                return False  # an offer stands
            row = OfferRow(game_id=game_id, mutes=[], updated=_now())
            row.rematch_by, row.rematch_key = seat, key
            session.add(row)
            try:
                session.commit()
            except IntegrityError:  # another process made the row first: ask again
                session.rollback()
                return self.offer_rematch(game_id, seat, key)
            return True

    def drop_rematch(self, game_id: str) -> bool:
        """Withdraw or decline the rematch offer not yet accepted; False when there is none."""
        with Session(self.engine) as session:
            done = session.execute(
                update(OfferRow)
                .where(
                    OfferRow.game_id == game_id,
                    OfferRow.rematch_by.is_not(None),
                    OfferRow.rematch_game.is_(None),
                )
                .values(rematch_by=None, rematch_key=None, updated=_now())
            )
            session.commit()
            return bool(done.rowcount)  # type: ignore[attr-defined]

    def rematch_claim(self, game_id: str, by: int, new_game: str) -> Claim:
        """The claim that stores the rematch ``new_game`` with the game itself
        (:meth:`Store.insert <.store.Store.insert>`): it marks ``by``'s offer accepted,
        and is too late (nothing stored) when the offer is gone or was accepted already."""

        def claim(session: Session) -> bool:
            done = session.execute(
                update(OfferRow)
                .where(
                    OfferRow.game_id == game_id,
                    OfferRow.rematch_by == by,
                    OfferRow.rematch_game.is_(None),
                )
                .values(rematch_game=new_game, updated=_now())
            )
            return bool(done.rowcount)  # type: ignore[attr-defined]

        return claim

    # -- chat ------------------------------------------------------------------------
    def message(self, game_id: str, message_id: int) -> ChatMessage | None:
        """One shown message of ``game_id`` by its id (None: no such message, or hidden)."""
        with Session(self.engine) as session:
            row = session.get(ChatRow, message_id)
            if row is None or row.hidden or row.game_id != game_id:
                return None
            return _message(row)

    def add_message(
        self,
        game_id: str,
        room: str,
        seat: int | None,
        name: str,
        text: str,
        *,
        user_id: int | None = None,
        shadow: bool = False,
    ) -> ChatMessage:
        """Store a chat message (by the account ``user_id``; ``shadow``: for its writer
        only); the stored message."""
        now = _now()
        with Session(self.engine) as session:
            row = ChatRow(
                game_id=game_id,
                room=room,
                seat=seat,
                name=name,
                text=text,
                created=now,
                user_id=user_id,
                shadow=shadow,
            )
            session.add(row)
            session.commit()
            return _message(row)

    def messages(self, game_id: str, room: str, limit: int = 200) -> list[ChatMessage]:
        """The last ``limit`` shown messages of a room, oldest first."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(ChatRow)
                .where(ChatRow.game_id == game_id, ChatRow.room == room, ~ChatRow.hidden)
                .order_by(ChatRow.id.desc())
                .limit(limit)
            ).all()
            return [_message(row) for row in reversed(rows)]

    def all_messages(self, game_id: str) -> list[tuple[ChatMessage, bool]]:
        """Every message of a game, both rooms, hidden ones too (with the flag), oldest first:
        for moderators."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(ChatRow).where(ChatRow.game_id == game_id).order_by(ChatRow.id)
            ).all()
            return [(_message(row), bool(row.hidden)) for row in rows]

    def line(self, message_id: int) -> ChatLine | None:
        """Message ``message_id`` with its game, hidden or not (None: no such message)."""
        with Session(self.engine) as session:
            row = session.get(ChatRow, message_id)
            return None if row is None else ChatLine(_message(row), row.game_id, bool(row.hidden))

    def around(self, message_id: int, count: int = 5) -> list[ChatLine]:
        """The lines of message ``message_id``'s room around it: ``count`` before, itself and
        ``count`` after, hidden ones too (for moderators)."""
        with Session(self.engine) as session:
            row = session.get(ChatRow, message_id)
            if row is None:
                return []
            room = (ChatRow.game_id == row.game_id, ChatRow.room == row.room)
            before = session.scalars(
                select(ChatRow)
                .where(*room, ChatRow.id < message_id)
                .order_by(ChatRow.id.desc())
                .limit(count)
            ).all()
            after = session.scalars(
                select(ChatRow)
                .where(*room, ChatRow.id > message_id)
                .order_by(ChatRow.id)
                .limit(count)
            ).all()
            rows = [*reversed(before), row, *after]
            return [ChatLine(_message(r), r.game_id, bool(r.hidden)) for r in rows]

    def hide(self, message_id: int, hidden: bool = True) -> bool:
        """Hide (or show again) message ``message_id``; False when there is no such message."""
        with Session(self.engine) as session:
            row = session.get(ChatRow, message_id)
            if row is None:
                return False
            row.hidden = hidden
            session.commit()
            return True


def _message(row: ChatRow) -> ChatMessage:
    created = row.created.replace(tzinfo=datetime.UTC).timestamp()
    return ChatMessage(
        row.id,
        row.room,
        row.seat,
        row.name,
        row.text,
        round(created, 3),
        row.user_id,
        bool(row.shadow),
    )
