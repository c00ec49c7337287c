"""The operator's actions, written once: ``shoal admin`` calls them, a player's own deletion
calls :func:`close_account`, and the moderators' actions (:mod:`..moderation.actions`:
ban, close) call :func:`disable_account` and :func:`close_account`.

Each action changes the database, then writes a note (:mod:`.notes`) so that every
server process drops what it holds in memory: the sockets of a closed account, a
deleted game, the bans. None of them needs a server to be running.
"""

from __future__ import annotations

import asyncio
import dataclasses
import datetime

from sqlalchemy import delete, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from ..accounts.claims import release_seats
from ..accounts.models import User
from ..accounts.store import AccountStore
from ..accounts.tables import SeatRow
from ..challenges.tables import ChallengeRow
from ..games.manager import GameManager
from ..games.tables import ChatRow, CorrespondenceRow, GameRow, OfferRow
from ..lobby.tables import SeekRow
from ..mail.store import MailStore
from ..notifications.store import NoticeStore
from ..notifications.tables import NotificationRow
from ..push.store import PushStore
from ..review.tables import ReviewRow
from ..tournaments.tables import TournamentGameRow
from .bans import Ban, BanStore, utcnow
from .notes import Notes

__all__ = [
    "Closed",
    "GameInEvent",
    "ban_address",
    "close_account",
    "delete_game",
    "disable_account",
    "end_sessions",
    "unban_address",
]


@dataclasses.dataclass(frozen=True)
class Closed:
    """What closing an account did: the games whose seats went neutral, the sessions ended."""

    games: list[str]
    sessions: int


class GameInEvent(ValueError):
    """A game of an event (its results count in the event's standings): not deleted."""


async def close_account(manager: GameManager, engine: Engine, user: User) -> Closed:
    """Close ``user``'s account as its own deletion does: its seats show a neutral name (the
    games stay), its sessions end, its notifications, email address and push devices go,
    its open seeks and challenges are withdrawn, its name is kept from reuse. Every server
    process closes its sockets and reloads the games it holds (a note ``account``)."""
    store = AccountStore(engine)
    hashes = await asyncio.to_thread(store.session_hashes, user.id)
    games = await release_seats(manager, store, user)
    await asyncio.to_thread(_close_rows, engine, store, user.id)
    await asyncio.to_thread(
        Notes(engine).write, "account", {"user": user.id, "sessions": hashes, "games": games}
    )
    return Closed(games, len(hashes))


def _close_rows(engine: Engine, store: AccountStore, user_id: int) -> None:
    store.end_sessions(user_id)
    store.update_user(user_id, deleted=True, password_hash="!", prefs={})
    NoticeStore(engine).forget(user_id)  # notifications
    MailStore(engine).forget(user_id)  # the email address and mail settings
    PushStore(engine).forget(user_id)  # push devices and settings
    with Session(engine) as session, session.begin():
        session.execute(
            update(SeekRow)
            .where(SeekRow.user_id == user_id, SeekRow.status == "open")
            .values(status="gone")
        )
        session.execute(
            update(ChallengeRow)
            .where(
                (ChallengeRow.challenger == user_id) | (ChallengeRow.challenged == user_id),
                ChallengeRow.status == "open",
            )
            .values(status="cancelled")
        )


def end_sessions(engine: Engine, user_id: int, moved: tuple[str | None, str] | None = None) -> int:
    """End the sessions of the account ``user_id`` and close their sockets in every server
    process (a disabled account, signed out everywhere, a new password); how many ended.

    ``moved`` is (this browser's old session, its new one), for a new password: the new
    session stays, and the pages this browser opened with the old one go on under the new
    one (they are not closed, and a later end of the new session closes them)."""
    store = AccountStore(engine)
    keep = moved[1] if moved is not None else None
    hashes = [h for h in store.session_hashes(user_id) if h != keep]
    ended = store.end_sessions(user_id, keep)
    renamed = [list(moved)] if moved is not None and moved[0] is not None else []
    closing = [h for h in hashes if moved is None or h != moved[0]]
    Notes(engine).write(
        "account", {"user": user_id, "sessions": closing, "games": [], "renamed": renamed}
    )
    return ended


def disable_account(engine: Engine, user_id: int, disabled: bool) -> int:
    """Disable (no sign-in) or enable again the account ``user_id``: ``shoal admin disable``
    and a moderator's ban (issue 61) both. A disabled account's sessions end and its sockets
    close in every server process (:func:`end_sessions`); how many sessions ended."""
    AccountStore(engine).update_user(user_id, disabled=disabled)
    return end_sessions(engine, user_id) if disabled else 0


def delete_game(engine: Engine, game_id: str) -> bool:
    """Delete the game ``game_id`` with its seats, chat, offers, correspondence clock,
    notifications and review; every server process drops it from memory and closes its
    sockets (a note ``game``). False when there is no such game; :class:`GameInEvent` for
    a game of an event. Ratings it moved stay moved (their history keeps its id)."""
    with Session(engine) as session, session.begin():
        if session.get(GameRow, game_id) is None:
            return False
        event = session.scalar(
            select(TournamentGameRow.tournament_id).where(TournamentGameRow.game_id == game_id)
        )
        if event is not None:
            raise GameInEvent(
                f"game {game_id} is a game of event {event}: its result counts in the "
                "event's standings, so it is not deleted"
            )
        for table, column in (
            (SeatRow, SeatRow.game_id),
            (ChatRow, ChatRow.game_id),
            (OfferRow, OfferRow.game_id),
            (CorrespondenceRow, CorrespondenceRow.game_id),
            (NotificationRow, NotificationRow.game_id),
        ):
            session.execute(delete(table).where(column == game_id))
        session.execute(delete(ReviewRow).where(ReviewRow.subject == f"game/{game_id}"))
        session.execute(delete(GameRow).where(GameRow.id == game_id))
    Notes(engine).write("game", {"game": game_id, "deleted": True})
    return True


def ban_address(
    engine: Engine,
    network: str,
    *,
    guests_only: bool = False,
    reason: str = "",
    by: str = "operator",
    days: float | None = None,
) -> tuple[Ban, bool]:
    """Ban the range ``network`` (CIDR; a ValueError in words otherwise), for ``days`` or
    for good; every server process refuses it at once and closes its sockets. Answers the
    ban and whether it is new (a ban of the same range is replaced)."""
    if days is not None and not 0 < days <= 3660:
        raise ValueError(f"--days is above 0 and at most 3660, not {days:g}")
    expires = None if days is None else utcnow() + datetime.timedelta(days=days)
    ban, new = BanStore(engine).add(
        network, guests_only=guests_only, reason=reason, by=by, expires=expires
    )
    Notes(engine).write("bans", {"network": ban.network})
    return ban, new


def unban_address(engine: Engine, network: str) -> bool:
    """Lift the ban of ``network`` (as it was banned); False when there was none."""
    removed = BanStore(engine).remove(network)
    if removed:
        Notes(engine).write("bans", {"network": network})
    return removed
