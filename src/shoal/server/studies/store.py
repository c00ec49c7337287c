"""The studies' rows (:class:`StudyStore`): studies, members, chapters, likes.

A chapter's tree changes only through :meth:`StudyStore.save_tree`, a guarded
``UPDATE ... WHERE version = seen``: of two editors who change one chapter at once,
one wins and the other's change is made again on the newer tree (the service's retry),
in every process alike.
"""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Sequence
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from .models import Chapter, Study
from .tables import ChapterRow, LikeRow, MemberRow, StudyRow

__all__ = ["NewChapter", "StudyStore"]

NewChapter = tuple[str, str, dict[str, Any], dict[str, Any]]
"""A chapter to add: its name, game, options and tree JSON."""


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC).replace(tzinfo=None)


def _chapter(row: ChapterRow) -> Chapter:
    return Chapter(
        id=row.id,
        study_id=row.study_id,
        number=row.number,
        name=row.name,
        game=row.game,
        options=dict(row.options),
        tree=dict(row.tree),
        version=row.version,
        updated=row.updated,
    )


class StudyStore:
    """The studies in the database of ``engine``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- studies --------------------------------------------------------------------------
    def create(
        self, owner_id: int, title: str, visibility: str, chapters: Sequence[NewChapter]
    ) -> str:
        """A new study with its first chapters (one transaction): its id."""
        now = _now()
        study_id = secrets.token_urlsafe(6)
        with Session(self.engine) as session, session.begin():
            session.add(
                StudyRow(
                    id=study_id,
                    owner_id=owner_id,
                    title=title,
                    visibility=visibility,
                    sync=False,
                    sync_chapter=None,
                    sync_path=[],
                    likes=0,
                    hidden=False,
                    created=now,
                    updated=now,
                )
            )
            for number, chapter in enumerate(chapters, start=1):
                session.add(_chapter_row(study_id, number, chapter, now))
        return study_id

    def get(self, study_id: str) -> Study | None:
        """The study ``study_id`` with its members, or None."""
        with Session(self.engine) as session:
            row = session.get(StudyRow, study_id)
            if row is None:
                return None
            members = session.scalars(
                select(MemberRow.user_id)
                .where(MemberRow.study_id == study_id)
                .order_by(MemberRow.added, MemberRow.user_id)
            ).all()
            return Study(
                id=row.id,
                owner_id=row.owner_id,
                title=row.title,
                visibility=row.visibility,
                sync=row.sync,
                sync_chapter=row.sync_chapter,
                sync_path=tuple(row.sync_path),
                likes=row.likes,
                members=tuple(members),
                created=row.created,
                updated=row.updated,
                hidden=bool(row.hidden),
            )

    def update(self, study_id: str, **values: Any) -> None:
        """Set the study's ``title``, ``visibility``, ``sync``, ``sync_chapter``, ``sync_path``."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(StudyRow).where(StudyRow.id == study_id).values(updated=_now(), **values)
            )

    def remove(self, study_id: str) -> None:
        """Delete the study with its chapters, members and likes."""
        with Session(self.engine) as session, session.begin():
            for table in (ChapterRow, MemberRow, LikeRow):
                session.execute(delete(table).where(table.study_id == study_id))
            session.execute(delete(StudyRow).where(StudyRow.id == study_id))

    def listing(
        self,
        *,
        game: str | None = None,
        owner_id: int | None = None,
        member_id: int | None = None,
        public_only: bool = True,
        order: str = "likes",
        limit: int = 50,
    ) -> list[tuple[Study, list[str]]]:
        """Studies with the games of their chapters: public ones (or an account's own and
        those it edits, ``member_id``), of a game, most liked or newest first."""
        query = select(StudyRow.id)
        if public_only:
            query = query.where(StudyRow.visibility == "public", StudyRow.hidden.is_(False))
        if owner_id is not None:
            query = query.where(StudyRow.owner_id == owner_id)
        if member_id is not None:
            edited = select(MemberRow.study_id).where(MemberRow.user_id == member_id)
            query = query.where((StudyRow.owner_id == member_id) | StudyRow.id.in_(edited))
        if game is not None:
            query = query.where(
                StudyRow.id.in_(select(ChapterRow.study_id).where(ChapterRow.game == game))
            )
        if order == "likes":
            query = query.order_by(StudyRow.likes.desc(), StudyRow.updated.desc())
        else:
            query = query.order_by(StudyRow.updated.desc())
        with Session(self.engine) as session:
            ids = session.scalars(query.limit(limit)).all()
            games: dict[str, list[str]] = {i: [] for i in ids}
            for study_id, name in session.execute(
                select(ChapterRow.study_id, ChapterRow.game)
                .where(ChapterRow.study_id.in_(ids))
                .order_by(ChapterRow.number)
            ):
                if name not in games[study_id]:
                    games[study_id].append(name)
        out = []
        for study_id in ids:
            study = self.get(study_id)
            if study is not None:
                out.append((study, games[study_id]))
        return out

    # -- members and likes ----------------------------------------------------------------
    def add_member(self, study_id: str, user_id: int) -> bool:
        """Invite an editor (False: already one)."""
        try:
            with Session(self.engine) as session, session.begin():
                session.add(MemberRow(study_id=study_id, user_id=user_id, added=_now()))
        except IntegrityError:
            return False
        return True

    def remove_member(self, study_id: str, user_id: int) -> bool:
        """Remove an editor (False: not one)."""
        with Session(self.engine) as session, session.begin():
            result = session.execute(
                delete(MemberRow).where(
                    MemberRow.study_id == study_id, MemberRow.user_id == user_id
                )
            )
            return bool(result.rowcount)  # type: ignore[attr-defined]

    def like(self, study_id: str, user_id: int, on: bool) -> int:
        """Like (or unlike) the study once per account; its likes after."""
        with Session(self.engine) as session, session.begin():
            found = session.get(LikeRow, (study_id, user_id))
            if on and found is None:
                session.add(LikeRow(study_id=study_id, user_id=user_id))
            elif not on and found is not None:
                session.delete(found)
            session.flush()
            count = session.scalar(
                select(func.count()).select_from(LikeRow).where(LikeRow.study_id == study_id)
            )
            session.execute(
                update(StudyRow).where(StudyRow.id == study_id).values(likes=int(count or 0))
            )
            return int(count or 0)

    def likes(self, study_id: str, user_id: int) -> bool:
        """True when the account likes the study."""
        with Session(self.engine) as session:
            return session.get(LikeRow, (study_id, user_id)) is not None

    # -- chapters -------------------------------------------------------------------------
    def chapters(self, study_id: str) -> list[Chapter]:
        """The study's chapters in order."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(ChapterRow)
                .where(ChapterRow.study_id == study_id)
                .order_by(ChapterRow.number, ChapterRow.id)
            ).all()
            return [_chapter(row) for row in rows]

    def chapter(self, study_id: str, chapter_id: int) -> Chapter | None:
        """One chapter of the study, or None."""
        with Session(self.engine) as session:
            row = session.get(ChapterRow, chapter_id)
            return None if row is None or row.study_id != study_id else _chapter(row)

    def add_chapters(self, study_id: str, chapters: Sequence[NewChapter]) -> list[int]:
        """Add chapters after the last: their ids."""
        now = _now()
        with Session(self.engine) as session, session.begin():
            last = session.scalar(
                select(func.max(ChapterRow.number)).where(ChapterRow.study_id == study_id)
            )
            rows = [
                _chapter_row(study_id, (last or 0) + n, chapter, now)
                for n, chapter in enumerate(chapters, start=1)
            ]
            session.add_all(rows)
            session.flush()
            session.execute(update(StudyRow).where(StudyRow.id == study_id).values(updated=now))
            return [row.id for row in rows]

    def save_tree(self, chapter_id: int, seen: int, tree: dict[str, Any]) -> bool:
        """Store ``tree`` if the chapter is still at version ``seen`` (False: it moved on)."""
        with Session(self.engine) as session, session.begin():
            result = session.execute(
                update(ChapterRow)
                .where(ChapterRow.id == chapter_id, ChapterRow.version == seen)
                .values(tree=tree, version=seen + 1, updated=_now())
            )
            return bool(result.rowcount)  # type: ignore[attr-defined]

    def rename_chapter(self, chapter_id: int, name: str) -> None:
        """Rename a chapter (its version grows, so open pages re-read it)."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(ChapterRow)
                .where(ChapterRow.id == chapter_id)
                .values(name=name, version=ChapterRow.version + 1, updated=_now())
            )

    def remove_chapter(self, chapter_id: int) -> None:
        """Delete a chapter."""
        with Session(self.engine) as session, session.begin():
            session.execute(delete(ChapterRow).where(ChapterRow.id == chapter_id))


def _chapter_row(
    study_id: str, number: int, chapter: NewChapter, now: datetime.datetime
) -> ChapterRow:
    name, game, options, tree = chapter
    return ChapterRow(
        study_id=study_id,
        number=number,
        name=name,
        game=game,
        options=options,
        tree=tree,
        version=1,
        updated=now,
    )
