"""Storage of games and uploaded records with SQLAlchemy 2 (SQLite by default, any URL).

One row per game holds everything needed to rebuild it after a restart: the game
id and options, the seed or start position, every accepted atomic action, the
seat tokens (SHA-256 hashes, never the secrets), the players, the clock settings
and the remaining times, the end by resignation or time, and a ``version`` that
grows with every change. Writes are optimistic: :meth:`Store.save` updates the
row only where the version is still the one the change was made from, so two
server processes can never both accept a move on the same version.
"""

from __future__ import annotations

import dataclasses
import datetime
import hashlib
import json
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    Integer,
    String,
    Text,
    create_engine,
    event,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column
from sqlalchemy.pool import StaticPool

__all__ = ["GameData", "StaleVersionError", "Store", "hash_token"]


def hash_token(token: str) -> str:
    """The stored form of a seat token (tokens are random secrets; a hash suffices)."""
    return hashlib.sha256(token.encode()).hexdigest()


class StaleVersionError(Exception):
    """The game changed since the version a change was made from."""


class _Base(DeclarativeBase):
    pass


class _GameRow(_Base):
    __tablename__ = "shoal_games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)  # seeds reach 2**63
    start: Mapped[str | None] = mapped_column(Text, nullable=True)
    mode: Mapped[str] = mapped_column(String(16))
    level: Mapped[str | None] = mapped_column(String(32), nullable=True)
    computer_seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    players: Mapped[list[str]] = mapped_column(JSON)
    token_hashes: Mapped[list[str | None]] = mapped_column(JSON)
    actions: Mapped[list[int]] = mapped_column(JSON)
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    ended: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    version: Mapped[int] = mapped_column(Integer)
    created: Mapped[datetime.datetime] = mapped_column(DateTime)
    updated: Mapped[datetime.datetime] = mapped_column(DateTime)


class _RecordRow(_Base):
    __tablename__ = "shoal_records"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    text: Mapped[str] = mapped_column(Text)
    created: Mapped[datetime.datetime] = mapped_column(DateTime)


@dataclasses.dataclass
class GameData:
    """A stored game, as plain data.

    ``mode`` is ``"computer"``, ``"friend"`` or ``"local"``; ``token_hashes``
    holds per seat the hash of the token that may play it (``None`` for the
    computer's seat; the same hash twice at one screen). ``clock`` is
    ``{"base", "increment", "remaining": [s0, s1], "since": epoch seconds}``
    or ``None``; ``ended`` is ``{"winner", "reason"}`` for an end the rules do
    not know (resignation, time) or ``None``.
    """

    id: str
    game: str
    options: dict[str, Any]
    seed: int | None
    start: str | None
    mode: str
    level: str | None
    computer_seat: int | None
    players: list[str]
    token_hashes: list[str | None]
    actions: list[int]
    clock: dict[str, Any] | None
    ended: dict[str, Any] | None
    version: int


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC).replace(tzinfo=None)


class Store:
    """Games and records in a SQL database given by a SQLAlchemy URL."""

    def __init__(self, url: str) -> None:
        kwargs: dict[str, Any] = {}
        self.in_memory = url.startswith("sqlite") and (
            ":memory:" in url or url in ("sqlite://", "sqlite:///")
        )
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False}
            if self.in_memory:
                kwargs["poolclass"] = StaticPool  # one connection: the memory database
        self.url = url
        self.engine: Engine = create_engine(url, **kwargs)
        if url.startswith("sqlite") and not self.in_memory:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        _Base.metadata.create_all(self.engine)

    def close(self) -> None:
        """Release the database connections (an in-memory database is kept: it would vanish)."""
        if not self.in_memory:
            self.engine.dispose()

    # -- games ----------------------------------------------------------------
    def insert(self, data: GameData) -> None:
        """Store a new game."""
        now = _now()
        with Session(self.engine) as session:
            session.add(_GameRow(created=now, updated=now, **_columns(data)))
            session.commit()

    def load(self, game_id: str) -> GameData | None:
        """The stored game ``game_id``, or None."""
        with Session(self.engine) as session:
            row = session.get(_GameRow, game_id)
            if row is None:
                return None
            return GameData(**{f.name: getattr(row, f.name) for f in dataclasses.fields(GameData)})

    def save(self, data: GameData, expected_version: int) -> None:
        """Write ``data`` (whose version is already the new one) over ``expected_version``.

        Raises StaleVersionError when the stored version is not ``expected_version``.
        """
        values = _columns(data)
        del values["id"]
        values["updated"] = _now()
        with Session(self.engine) as session:
            result = session.execute(
                update(_GameRow)
                .where(_GameRow.id == data.id, _GameRow.version == expected_version)
                .values(**values)
            )
            if getattr(result, "rowcount", 1) != 1:
                session.rollback()
                raise StaleVersionError(data.id)
            session.commit()

    def list_ids(self, limit: int = 50) -> list[str]:
        """The most recently changed games, newest first."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(_GameRow.id).order_by(_GameRow.updated.desc()).limit(limit)
            )
            return [r[0] for r in rows]

    # -- uploaded records ----------------------------------------------------------
    def insert_record(self, record_id: str, text: str) -> None:
        """Store an uploaded record's text."""
        with Session(self.engine) as session:
            session.add(_RecordRow(id=record_id, text=text, created=_now()))
            session.commit()

    def load_record(self, record_id: str) -> str | None:
        """An uploaded record's text, or None."""
        with Session(self.engine) as session:
            row = session.get(_RecordRow, record_id)
            return None if row is None else row.text


def _sqlite_pragmas(connection: Any, record: Any) -> None:
    """A SQLite file in WAL mode: readers never wait for the writer, commits are cheap.

    ``synchronous=NORMAL`` keeps every commit through a crash or a kill of the
    process (the write-ahead log is in the operating system's hands once the
    commit returns); only a power cut may lose the last commits. For that, use
    PostgreSQL (docs/server.md).
    """
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()


def _columns(data: GameData) -> dict[str, Any]:
    values = dataclasses.asdict(data)
    # JSON columns get fresh copies, so later edits of ``data`` never alias stored values.
    return {k: json.loads(json.dumps(v)) for k, v in values.items()}
