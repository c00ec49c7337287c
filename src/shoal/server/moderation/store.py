"""The queries of moderation (:class:`ModerationStore`): roles, reports, the audit log and each
account's standing, on the tables of :mod:`.tables`."""

from __future__ import annotations

import datetime
from collections.abc import Iterator, Sequence
from typing import Any

from sqlalchemy import delete, func, or_, select, true, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session
from sqlalchemy.sql.elements import ColumnElement

from .models import Entry, Report, Standing
from .tables import AuditRow, ReportRow, RoleRow, StandingRow

__all__ = ["ModerationStore", "utcnow"]


def utcnow() -> datetime.datetime:
    """Now, as naive UTC (the database's times)."""
    return datetime.datetime.now(datetime.UTC).replace(tzinfo=None)


def _report(row: ReportRow) -> Report:
    return Report(
        row.id,
        row.reporter_id,
        row.target_id,
        row.kind,
        row.reason,
        row.text,
        row.game_id,
        row.chat_id,
        row.study_id,
        dict(row.details or {}),
        row.status,
        row.created,
        row.handled,
        row.handled_by,
        row.outcome,
    )


def _entry(row: AuditRow) -> Entry:
    return Entry(
        row.id,
        row.created,
        row.moderator_id,
        row.moderator,
        row.action,
        row.target_id,
        row.target,
        row.reason,
        dict(row.details or {}),
        row.report_id,
    )


class ModerationStore:
    """Roles, reports, the audit log and standings in the database of ``engine``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- roles -----------------------------------------------------------------------------
    def role(self, user_id: int) -> str | None:
        """The account's role (``moderator``, ``operator``) or None."""
        with Session(self.engine) as session:
            row = session.get(RoleRow, user_id)
            return None if row is None else row.role

    def roles(self, user_ids: Sequence[int]) -> dict[int, str]:
        """The roles of those of ``user_ids`` that have one."""
        if not user_ids:
            return {}
        with Session(self.engine) as session:
            rows = session.execute(
                select(RoleRow.user_id, RoleRow.role).where(RoleRow.user_id.in_(set(user_ids)))
            )
            return {row[0]: row[1] for row in rows}

    def all_roles(self) -> dict[int, str]:
        """Every account with a role."""
        with Session(self.engine) as session:
            return {
                row[0]: row[1] for row in session.execute(select(RoleRow.user_id, RoleRow.role))
            }

    def set_role(self, user_id: int, role: str | None) -> bool:
        """Give the account ``role`` (None: take its role back); False when nothing changed."""
        with Session(self.engine) as session, session.begin():
            row = session.get(RoleRow, user_id)
            if role is None:
                if row is None:
                    return False
                session.delete(row)
                return True
            if row is not None:
                if row.role == role:
                    return False
                row.role, row.granted = role, utcnow()
                return True
            session.add(RoleRow(user_id=user_id, role=role, granted=utcnow()))
            return True

    # -- reports ---------------------------------------------------------------------------
    def add_report(self, **values: Any) -> Report:
        """Store a new open report."""
        values.setdefault("details", {})
        row = ReportRow(status="open", created=utcnow(), **values)
        with Session(self.engine) as session:
            session.add(row)
            session.commit()
            return _report(row)

    def report(self, report_id: int) -> Report | None:
        """The report ``report_id``, or None."""
        with Session(self.engine) as session:
            row = session.get(ReportRow, report_id)
            return None if row is None else _report(row)

    def open_duplicate(
        self,
        reporter_id: int | None,
        target_id: int,
        kind: str,
        *,
        game_id: str | None = None,
        chat_id: int | None = None,
        study_id: str | None = None,
        reason: str | None = None,
        any_game: bool = False,
    ) -> Report | None:
        """An open report of the same reporter about the same thing, if any (``reason``: of
        that reason only; ``any_game``: whatever its game)."""
        with Session(self.engine) as session:
            query = select(ReportRow).where(
                ReportRow.status == "open",
                ReportRow.target_id == target_id,
                ReportRow.kind == kind,
                ReportRow.reporter_id.is_(None)
                if reporter_id is None
                else ReportRow.reporter_id == reporter_id,
                true()
                if any_game
                else ReportRow.game_id.is_(None)
                if game_id is None
                else ReportRow.game_id == game_id,
                true() if reason is None else ReportRow.reason == reason,
                ReportRow.chat_id.is_(None) if chat_id is None else ReportRow.chat_id == chat_id,
                ReportRow.study_id.is_(None)
                if study_id is None
                else ReportRow.study_id == study_id,
            )
            row = session.scalars(query.limit(1)).first()
            return None if row is None else _report(row)

    def reports_by(self, reporter_id: int, limit: int = 100) -> list[Report]:
        """The reports ``reporter_id`` made, newest first."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(ReportRow)
                .where(ReportRow.reporter_id == reporter_id)
                .order_by(ReportRow.id.desc())
                .limit(limit)
            ).all()
            return [_report(r) for r in rows]

    def reports_about(self, target_id: int, limit: int = 20) -> list[Report]:
        """The reports about ``target_id``, open and handled, newest first."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(ReportRow)
                .where(ReportRow.target_id == target_id)
                .order_by(ReportRow.id.desc())
                .limit(limit)
            ).all()
            return [_report(r) for r in rows]

    def queue(self, limit: int = 50) -> list[tuple[int, int, list[Report]]]:
        """The open reports by the player they are about: ``(target, count, reports)``,
        most-reported first, then the one reported last first; reports newest first."""
        with Session(self.engine) as session:
            counts = session.execute(
                select(ReportRow.target_id, func.count(), func.max(ReportRow.id))
                .where(ReportRow.status == "open")
                .group_by(ReportRow.target_id)
                .order_by(func.count().desc(), func.max(ReportRow.id).desc())
                .limit(limit)
            ).all()
            targets = [row[0] for row in counts]
            rows = session.scalars(
                select(ReportRow)
                .where(ReportRow.status == "open", ReportRow.target_id.in_(targets))
                .order_by(ReportRow.id.desc())
            ).all()
        by_target: dict[int, list[Report]] = {t: [] for t in targets}
        for row in rows:
            by_target[row.target_id].append(_report(row))
        return [(target, int(count), by_target[target]) for target, count, _ in counts]

    def handle(
        self,
        *,
        by: int | None,
        outcome: str,
        report_ids: Sequence[int] = (),
        target_id: int | None = None,
        chat_id: int | None = None,
        study_id: str | None = None,
    ) -> list[int]:
        """Mark open reports handled: those of ``report_ids``, and every open one about
        ``target_id`` (or about the chat line ``chat_id``, the study ``study_id``); their ids."""
        wheres: list[ColumnElement[bool]] = []
        if report_ids:
            wheres.append(ReportRow.id.in_(list(report_ids)))
        if target_id is not None:
            wheres.append(ReportRow.target_id == target_id)
        if chat_id is not None:
            wheres.append(ReportRow.chat_id == chat_id)
        if study_id is not None:
            wheres.append(ReportRow.study_id == study_id)
        if not wheres:
            return []

        with Session(self.engine) as session, session.begin():
            ids = list(
                session.scalars(
                    select(ReportRow.id).where(ReportRow.status == "open", or_(*wheres))
                )
            )
            if ids:
                session.execute(
                    update(ReportRow)
                    .where(ReportRow.id.in_(ids), ReportRow.status == "open")
                    .values(status="handled", handled=utcnow(), handled_by=by, outcome=outcome)
                )
            return ids

    def open_count(self) -> int:
        """How many reports are open."""
        with Session(self.engine) as session:
            query = select(func.count()).select_from(ReportRow).where(ReportRow.status == "open")
            return int(session.execute(query).scalar_one())

    # -- the audit log ---------------------------------------------------------------------
    def log(self, **values: Any) -> Entry:
        """Add a line to the audit log."""
        row = AuditRow(created=utcnow(), **values)
        with Session(self.engine) as session:
            session.add(row)
            session.commit()
            return _entry(row)

    def entries(
        self, *, target_id: int | None = None, before: int | None = None, limit: int = 100
    ) -> list[Entry]:
        """The audit log, newest first (about ``target_id`` only; ids below ``before``)."""
        query = select(AuditRow).order_by(AuditRow.id.desc()).limit(limit)
        if target_id is not None:
            query = query.where(AuditRow.target_id == target_id)
        if before is not None:
            query = query.where(AuditRow.id < before)
        with Session(self.engine) as session:
            return [_entry(r) for r in session.scalars(query).all()]

    def every_entry(self, batch: int = 500) -> Iterator[Entry]:
        """The whole audit log, oldest first, read in batches (the export)."""
        last = 0
        while True:
            with Session(self.engine) as session:
                rows = session.scalars(
                    select(AuditRow).where(AuditRow.id > last).order_by(AuditRow.id).limit(batch)
                ).all()
                entries = [_entry(r) for r in rows]
            if not entries:
                return
            yield from entries
            last = entries[-1].id

    # -- standing --------------------------------------------------------------------------
    def standing(self, user_id: int) -> Standing:
        """The account's standing (all clear when no moderator acted)."""
        with Session(self.engine) as session:
            row = session.get(StandingRow, user_id)
            if row is None:
                return Standing(user_id)
            return Standing(user_id, row.muted_until, bool(row.engine), bool(row.banned))

    def standings(self, user_ids: Sequence[int]) -> dict[int, Standing]:
        """The standings of ``user_ids`` (those with none are all clear)."""
        out = {uid: Standing(uid) for uid in user_ids}
        if not user_ids:
            return out
        with Session(self.engine) as session:
            for row in session.scalars(
                select(StandingRow).where(StandingRow.user_id.in_(set(user_ids)))
            ):
                out[row.user_id] = Standing(
                    row.user_id, row.muted_until, bool(row.engine), bool(row.banned)
                )
        return out

    def set_standing(self, user_id: int, **values: Any) -> Standing:
        """Change the account's ``muted_until``, ``engine`` or ``banned``."""
        with Session(self.engine) as session, session.begin():
            row = session.get(StandingRow, user_id)
            if row is None:
                row = StandingRow(
                    user_id=user_id, muted_until=None, engine=False, banned=False, updated=utcnow()
                )
                session.add(row)
            for key, value in values.items():
                setattr(row, key, value)
            row.updated = utcnow()
        return self.standing(user_id)

    def engine_users(self) -> list[int]:
        """The accounts marked as engine users."""
        with Session(self.engine) as session:
            return list(session.scalars(select(StandingRow.user_id).where(StandingRow.engine)))

    def forget(self, user_id: int) -> None:
        """Drop the account's role (its account closed); reports and the log stay."""
        with Session(self.engine) as session, session.begin():
            session.execute(delete(RoleRow).where(RoleRow.user_id == user_id))
