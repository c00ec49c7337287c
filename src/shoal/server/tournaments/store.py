"""The queries of tournaments (:class:`TournamentStore`); nothing else touches their tables.

Every step that must happen once, whichever server process gets there first, is a
guarded update in the database: starting (``status`` from ``upcoming`` to ``running``),
pairing round n (``round`` from n - 1 to n, in the same transaction as the round's rows),
recording a game's result (only while it has none), finishing. The process whose update
changed a row goes on; the others find it done.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from shoal.pairing.records import Round

from ..db.rows import as_data, committed
from ..games.models import Claim
from .tables import TournamentGameRow, TournamentPlayerRow, TournamentRoundRow, TournamentRow

__all__ = ["Entrant", "Pairing", "Tournament", "TournamentStore", "as_tournament", "utcnow"]


def utcnow() -> datetime.datetime:
    """Now, in UTC without a zone (as the tables keep times)."""
    return datetime.datetime.now(datetime.UTC).replace(tzinfo=None)


@dataclasses.dataclass(frozen=True)
class Tournament:
    """An event as plain data (the columns of ``shoal_tournaments``)."""

    id: int
    name: str
    description: str
    game: str
    options: dict[str, Any]
    format: str
    rounds: int
    clock: str
    rated: bool
    starts_at: datetime.datetime | None
    max_players: int
    min_rating: int | None
    max_rating: int | None
    invited: list[str] | None
    creator_id: int
    status: str
    round: int
    created: datetime.datetime
    started: datetime.datetime | None
    ends_at: datetime.datetime | None
    finished: datetime.datetime | None


@dataclasses.dataclass(frozen=True)
class Entrant:
    """A player of an event."""

    user_id: int
    name: str
    joined: float
    seed: float
    withdrawn: bool
    no_shows: int


@dataclasses.dataclass(frozen=True)
class Pairing:
    """A stored pairing: its round and board, seats, game and result."""

    id: int
    round: int
    board: int
    first: str
    second: str
    game_id: str | None
    result: str | None
    forfeit: bool
    finished: float | None


def as_tournament(row: TournamentRow) -> Tournament:
    """An event row as plain data."""
    return as_data(Tournament, row)


def _pairing(row: TournamentGameRow) -> Pairing:
    return as_data(Pairing, row)


class TournamentStore:
    """Tournaments in the app's database (the engine of the games' store)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- events ---------------------------------------------------------------------
    def create(self, **values: Any) -> Tournament:
        """Store a new upcoming event (the columns of :class:`Tournament` but the state)."""
        with Session(self.engine) as session:
            row = TournamentRow(**values, status="upcoming", round=0, created=utcnow())
            session.add(row)
            session.commit()
            return as_tournament(row)

    def get(self, tournament_id: int) -> Tournament | None:
        """The event, or None."""
        with Session(self.engine) as session:
            row = session.get(TournamentRow, tournament_id)
            return None if row is None else as_tournament(row)

    def listed(self, limit: int = 100) -> dict[str, list[Tournament]]:
        """The newest events of each status: ``upcoming``, ``running``, ``finished``."""
        out: dict[str, list[Tournament]] = {}
        with Session(self.engine) as session:
            for status in ("upcoming", "running", "finished"):
                rows = session.scalars(
                    select(TournamentRow)
                    .where(TournamentRow.status == status)
                    .order_by(TournamentRow.id.desc())
                    .limit(limit)
                )
                out[status] = [as_tournament(r) for r in rows]
        return out

    def with_status(self, *statuses: str) -> list[Tournament]:
        """Every event of one of ``statuses`` (one query), by id."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(TournamentRow)
                .where(TournamentRow.status.in_(statuses))
                .order_by(TournamentRow.id)
            )
            return [as_tournament(r) for r in rows]

    def start(self, tournament_id: int, ends_at: datetime.datetime | None) -> bool:
        """Mark the event running (once: True for the process that did)."""
        with Session(self.engine) as session:
            done = session.execute(
                update(TournamentRow)
                .where(TournamentRow.id == tournament_id, TournamentRow.status == "upcoming")
                .values(status="running", started=utcnow(), ends_at=ends_at)
            )
            session.commit()
            return bool(done.rowcount)  # type: ignore[attr-defined]

    def finish(self, tournament_id: int) -> bool:
        """Mark the event finished (once: True for the process that did)."""
        with Session(self.engine) as session:
            done = session.execute(
                update(TournamentRow)
                .where(TournamentRow.id == tournament_id, TournamentRow.status == "running")
                .values(status="finished", finished=utcnow())
            )
            session.commit()
            return bool(done.rowcount)  # type: ignore[attr-defined]

    # -- players --------------------------------------------------------------------
    def join(self, tournament_id: int, user_id: int, name: str, seed: float, now: float) -> str:
        """Enter a player: ``joined``, ``again`` (a withdrawn player back), ``full``,
        ``already`` or ``closed`` (the event is not open to entries)."""
        with Session(self.engine) as session:
            event = session.scalars(
                select(TournamentRow).where(TournamentRow.id == tournament_id).with_for_update()
            ).one()
            row = session.get(TournamentPlayerRow, (tournament_id, user_id))
            if row is not None and not row.withdrawn:
                return "already"
            if event.status == "finished" or (
                event.status == "running" and event.format in ("round_robin", "double_round_robin")
            ):
                return "closed"
            count = session.scalar(
                select(func.count())
                .select_from(TournamentPlayerRow)
                .where(
                    TournamentPlayerRow.tournament_id == tournament_id,
                    TournamentPlayerRow.withdrawn.is_(False),
                )
            )
            if (count or 0) >= event.max_players:
                return "full"
            if row is not None:
                row.withdrawn = False
                session.commit()
                return "again"
            session.add(
                TournamentPlayerRow(
                    tournament_id=tournament_id,
                    user_id=user_id,
                    name=name,
                    joined=now,
                    seed=seed,
                    withdrawn=False,
                    no_shows=0,
                )
            )
            return "joined" if committed(session) else "already"  # twice at once: one entry

    def leave(self, tournament_id: int, user_id: int, *, before_start: bool) -> bool:
        """Take a player out: before the start the entry goes, after it they are withdrawn."""
        with Session(self.engine) as session:
            row = session.get(TournamentPlayerRow, (tournament_id, user_id))
            if row is None or row.withdrawn:
                return False
            if before_start:
                session.delete(row)
            else:
                row.withdrawn = True
            session.commit()
            return True

    def players(self, tournament_id: int) -> list[Entrant]:
        """The entrants, in the order they joined."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(TournamentPlayerRow)
                .where(TournamentPlayerRow.tournament_id == tournament_id)
                .order_by(TournamentPlayerRow.joined, TournamentPlayerRow.user_id)
            )
            return [
                Entrant(r.user_id, r.name, r.joined, r.seed, r.withdrawn, r.no_shows) for r in rows
            ]

    # -- rounds and games -------------------------------------------------------------
    def claim_rounds(self, tournament_id: int, rounds: Sequence[Round], now: float) -> bool:
        """Store ``rounds`` (numbered on from the event's ``round``) if this process is the
        one moving ``round`` on: one transaction, so exactly one process pairs them."""
        if not rounds:
            return False
        first, last = rounds[0].number, rounds[-1].number
        with Session(self.engine) as session:
            done = session.execute(
                update(TournamentRow)
                .where(
                    TournamentRow.id == tournament_id,
                    TournamentRow.round == first - 1,
                    TournamentRow.status == "running",
                )
                .values(round=last)
            )
            if not done.rowcount:  # type: ignore[attr-defined]
                session.rollback()
                return False
            for rnd in rounds:
                session.add(
                    TournamentRoundRow(
                        tournament_id=tournament_id, number=rnd.number, bye=rnd.bye, paired=now
                    )
                )
                for board, pairing in enumerate(rnd.pairings, start=1):
                    session.add(
                        TournamentGameRow(
                            tournament_id=tournament_id,
                            round=rnd.number,
                            board=board,
                            first=pairing.first,
                            second=pairing.second,
                            forfeit=False,
                        )
                    )
            return committed(session)

    def rounds(self, tournament_id: int) -> dict[int, tuple[str | None, float]]:
        """Each paired round's number: its bye and when it was paired (epoch seconds)."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(TournamentRoundRow)
                .where(TournamentRoundRow.tournament_id == tournament_id)
                .order_by(TournamentRoundRow.number)
            )
            return {r.number: (r.bye, r.paired) for r in rows}

    def pairings(self, tournament_id: int) -> list[Pairing]:
        """Every pairing of the event, by round and board."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(TournamentGameRow)
                .where(TournamentGameRow.tournament_id == tournament_id)
                .order_by(TournamentGameRow.round, TournamentGameRow.board)
            )
            return [_pairing(r) for r in rows]

    @staticmethod
    def game_claim(pairing_id: int) -> Callable[[str, str], Claim]:
        """The pairing's game id stored in the transaction that stores the game (a claim of
        :func:`~shoal.server.games.start.start_game`): lost, and no game stored, when the
        pairing has a game or a result already (another process made it)."""

        def claim_for(game_id: str, token: str) -> Claim:
            def claim(session: Session) -> bool:
                done = session.execute(
                    update(TournamentGameRow)
                    .where(
                        TournamentGameRow.id == pairing_id,
                        TournamentGameRow.game_id.is_(None),
                        TournamentGameRow.result.is_(None),
                    )
                    .values(game_id=game_id)
                )
                return bool(done.rowcount)  # type: ignore[attr-defined]

            return claim

        return claim_for

    def of_game(self, game_id: str) -> tuple[int, Pairing] | None:
        """The event and pairing of a game, or None for a game of no event."""
        with Session(self.engine) as session:
            row = session.scalars(
                select(TournamentGameRow).where(TournamentGameRow.game_id == game_id)
            ).first()
            return None if row is None else (row.tournament_id, _pairing(row))

    def record(
        self,
        pairing_id: int,
        result: str,
        *,
        forfeit: bool,
        now: float,
        no_show: str | None = None,
        withdraw_at: int = 2,
    ) -> tuple[bool, int]:
        """A pairing's result, once: (True for the process that stored it, the no-shows of
        ``no_show`` then). A no-show is counted in the same transaction, and at
        ``withdraw_at`` of them the player is withdrawn, so that no next round is paired
        with them in between."""
        with Session(self.engine) as session:
            done = session.execute(
                update(TournamentGameRow)
                .where(TournamentGameRow.id == pairing_id, TournamentGameRow.result.is_(None))
                .values(result=result, forfeit=forfeit, finished=now)
            )
            stored = bool(done.rowcount)  # type: ignore[attr-defined]
            count = 0
            if stored and no_show is not None:
                tournament_id = session.get_one(TournamentGameRow, pairing_id).tournament_id
                row = session.scalars(
                    select(TournamentPlayerRow).where(
                        TournamentPlayerRow.tournament_id == tournament_id,
                        TournamentPlayerRow.name == no_show,
                    )
                ).one()
                row.no_shows += 1
                if row.no_shows >= withdraw_at:
                    row.withdrawn = True
                count = row.no_shows
            session.commit()
            return stored, count
