"""Everything the site holds about one player, as one JSON document: the operator's
``shoal admin export-user NAME`` and the player's own download (``GET /api/me/export``)
are this one function, :func:`export_user`.

The document (format ``shoal-user-export``, version 1; docs/server.md "The operator's
commands" lists every key) holds the account, its email address and mail settings, its
games (each with its record), the chat lines it wrote, its notifications, the mails sent
to it, its studies, its push devices, its ratings with their history, its puzzle
ratings, its events, seeks and challenges, its vacations and its bot's API tokens. It
never holds a secret: no password hash, session or token hash, no push keys (a push
device is shown by its push service and the day it was added), no other player's data
beyond what a game or an event shows everyone.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import ColumnElement, Table, func, or_, select
from sqlalchemy.orm import Session

from shoal import __version__

from ..accounts.models import User
from ..accounts.tables import SeatRow, SessionRow, UserRow
from ..bots.tables import BotRow, BotTokenRow
from ..challenges.tables import ChallengeRow
from ..games.session import LiveGame
from ..games.store import Store
from ..games.tables import ChatRow
from ..lobby.tables import SeekRow
from ..mail.tables import DigestRow, MailSentRow, NotifySettingsRow
from ..notifications.tables import NotificationRow
from ..push.tables import PushSettingsRow, PushSubscriptionRow
from ..puzzles.tables import PuzzlePlayerRow
from ..ratings.tables import RatingHistoryRow, RatingRow
from ..studies.tables import ChapterRow, LikeRow, MemberRow, StudyRow
from ..tournaments.tables import TournamentPlayerRow, TournamentRow
from ..vacation.tables import VacationRow

__all__ = ["FORMAT", "VERSION", "export_user"]

FORMAT = "shoal-user-export"
"""The document's ``format``."""

VERSION = 1
"""The document's ``version`` (a key added keeps it; a key changed or removed moves it on)."""


def _value(value: Any) -> Any:
    if isinstance(value, datetime.datetime):
        return value.isoformat() + ("Z" if value.tzinfo is None else "")
    return value


def _rows(
    session: Session, table: Any, where: ColumnElement[bool], omit: Iterable[str] = ()
) -> list[dict[str, Any]]:
    """Every row of ``table`` that ``where`` selects, as plain JSON values (``omit`` left
    out), in the table's key order."""
    columns: Table = table.__table__
    kept = [c for c in columns.columns if c.name not in set(omit)]
    found = session.execute(select(*kept).where(where).order_by(*columns.primary_key.columns))
    return [{c.name: _value(v) for c, v in zip(kept, row, strict=True)} for row in found]


def _one(session: Session, table: Any, where: ColumnElement[bool]) -> dict[str, Any] | None:
    rows = _rows(session, table, where, omit=("user_id",))
    return rows[0] if rows else None


def export_user(store: Store, user: User) -> dict[str, Any]:
    """Everything the site holds about ``user`` (blocking: reads the database)."""
    uid = user.id
    with Session(store.engine) as session:
        account = _rows(session, UserRow, UserRow.id == uid, omit=("password_hash", "name_key"))
        bot = _one(session, BotRow, BotRow.user_id == uid)
        seats = _rows(session, SeatRow, SeatRow.user_id == uid)
        studies = _rows(session, StudyRow, StudyRow.owner_id == uid)
        owned = [s["id"] for s in studies]
        chapters = _rows(session, ChapterRow, ChapterRow.study_id.in_(owned))
        for study in studies:
            study["chapters"] = [c for c in chapters if c["study_id"] == study["id"]]
        document: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "exported": _value(datetime.datetime.now(datetime.UTC).replace(tzinfo=None)),
            "software": f"shoal {__version__}",
            "account": dict(
                account[0],
                bot=bot,
                sessions=_rows(
                    session, SessionRow, SessionRow.user_id == uid, ("id_hash", "user_id")
                ),
                api_tokens=_rows(
                    session, BotTokenRow, BotTokenRow.user_id == uid, ("token_hash", "user_id")
                ),
            ),
            "email": _one(session, NotifySettingsRow, NotifySettingsRow.user_id == uid),
            "mail_digest": _one(session, DigestRow, DigestRow.user_id == uid),
            "mail_sent": _rows(session, MailSentRow, MailSentRow.user_id == uid, ("user_id",)),
            "notifications": _rows(
                session, NotificationRow, NotificationRow.user_id == uid, ("user_id",)
            ),
            "push_settings": _one(session, PushSettingsRow, PushSettingsRow.user_id == uid),
            "push_devices": [
                {"id": d["id"], "service": _origin(d["endpoint"]), "created": d["created"]}
                for d in _rows(session, PushSubscriptionRow, PushSubscriptionRow.user_id == uid)
            ],
            "vacations": _rows(session, VacationRow, VacationRow.user_id == uid, ("user_id",)),
            "games": _games(store, seats),
            "chat": _chat(session, user, seats),
            "ratings": _rows(session, RatingRow, RatingRow.user_id == uid, ("user_id",)),
            "rating_history": _rows(
                session, RatingHistoryRow, RatingHistoryRow.user_id == uid, ("user_id",)
            ),
            "puzzles": _rows(
                session, PuzzlePlayerRow, PuzzlePlayerRow.user_id == uid, ("user_id",)
            ),
            "studies": {
                "owned": studies,
                "member_of": [
                    m["study_id"] for m in _rows(session, MemberRow, MemberRow.user_id == uid)
                ],
                "liked": [
                    like["study_id"] for like in _rows(session, LikeRow, LikeRow.user_id == uid)
                ],
            },
            "events": {
                "created": _rows(session, TournamentRow, TournamentRow.creator_id == uid),
                "entered": _rows(
                    session, TournamentPlayerRow, TournamentPlayerRow.user_id == uid, ("user_id",)
                ),
            },
            "seeks": _rows(
                session,
                SeekRow,
                SeekRow.user_id == uid,
                ("guest_hash", "guest_address", "creator_token"),
            ),
            "challenges": _rows(
                session,
                ChallengeRow,
                or_(ChallengeRow.challenger == uid, ChallengeRow.challenged == uid),
            ),
        }
    return document


def _origin(endpoint: str) -> str:
    """A push endpoint without its secret path: its service's origin."""
    parts = urlsplit(endpoint)
    return f"{parts.scheme}://{parts.netloc}"


def _games(store: Store, seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each game the player holds a seat in, newest row first, with its record."""
    held: dict[str, list[int]] = {}
    for seat in seats:
        held.setdefault(seat["game_id"], []).append(seat["seat"])
    out = []
    for game_id, mine in held.items():
        data = store.load(game_id)
        if data is None:  # deleted meanwhile
            continue
        live = LiveGame(data)
        out.append(
            {
                "id": data.id,
                "game": data.game,
                "options": data.options,
                "mode": data.mode,
                "players": data.players,
                "seats": sorted(mine),
                "time_control": data.time_control,
                "rated": bool(data.rated),
                "over": live.over,
                "record": live.record().to_text(),
            }
        )
    return out


def _chat(session: Session, user: User, seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The chat lines the player wrote: in the players' room from a seat it holds, and as a
    spectator under its own name (which no one else may write under, issue 38)."""
    mine = [(ChatRow.game_id == s["game_id"]) & (ChatRow.seat == s["seat"]) for s in seats]
    by_name = ChatRow.seat.is_(None) & (func.lower(ChatRow.name) == user.username.lower())
    return _rows(session, ChatRow, or_(by_name, *mine))
