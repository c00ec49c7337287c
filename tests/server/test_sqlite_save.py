"""Issue 39, the sixth step: a move's save on a SQLite file runs the guarded update on a
pooled connection of the driver itself (:meth:`Store._save_sqlite
<shoal.server.games.store.Store._save_sqlite>`), without SQLAlchemy's connection and
transaction around it: committed when the call returns, the same 409 for a version that
moved on, the driver's errors raised as SQLAlchemy's (the 503), the seats' index still
written where the accounts change."""

from __future__ import annotations

import asyncio
import dataclasses
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import select
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session

from shoal.server.accounts.tables import SeatRow
from shoal.server.db_down import DATABASE_ERRORS
from shoal.server.games.store import StaleVersionError, Store

from .game_data import local_game, moved, read_back


def test_a_move_saved_in_the_loop_on_sqlite_is_stored_and_reads_back(tmp_path: Path) -> None:
    """Rule: a move saved in the event loop on a SQLite file is committed when the save
    returns (another store reads it back), its JSON columns (the clock, the end) as
    SQLAlchemy writes them."""
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    db = Store(url)
    first = local_game("filed")
    db.insert(first)
    data = first

    async def play() -> None:
        nonlocal data
        for action in (3, 4, 3, 4, 2):
            after = moved(data, action, clock={"base": 60, "remaining": [59.5, 60.0]})
            await db.save_in_loop(after, data.version, data)
            data = after
        ended = dataclasses.replace(
            data, ended={"winner": 1, "reason": "resignation"}, version=data.version + 1
        )
        await db.save_in_loop(ended, data.version, data)

    try:
        asyncio.run(play())
        stored = read_back(url, "filed")
        assert stored is not None
        assert (stored.actions, stored.version) == ([3, 4, 3, 4, 2], 7)
        assert stored.clock == {"base": 60, "remaining": [59.5, 60.0]}
        assert stored.ended == {"winner": 1, "reason": "resignation"}
    finally:
        db.close()


def test_a_stale_save_on_sqlite_is_refused_and_writes_nothing(tmp_path: Path) -> None:
    """Rule: a save over a version that moved on raises StaleVersionError (the 409) and
    leaves the row as it was; the next save over the stored version is stored."""
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    db = Store(url)
    first = local_game("stale")
    db.insert(first)

    async def play() -> None:
        await db.save_in_loop(moved(first, 3), 1, first)
        with pytest.raises(StaleVersionError):
            await db.save_in_loop(moved(first, 5), 1, first)  # made from version 1 too
        second = moved(first, 3)
        await db.save_in_loop(moved(second, 4), 2, second)

    try:
        asyncio.run(play())
        stored = read_back(url, "stale")
        assert stored is not None and (stored.actions, stored.version) == ([3, 4], 3)
    finally:
        db.close()


def test_a_sqlite_error_in_the_save_is_sqlalchemy_s_and_answers_the_503(tmp_path: Path) -> None:
    """Rule: the driver's error in a save (here: the games' table is gone) is raised as
    SQLAlchemy's OperationalError, one of the errors the server answers with the 503."""
    path = tmp_path / "games.sqlite3"
    db = Store(f"sqlite:///{path}")
    first = local_game("gone")
    db.insert(first)
    other = sqlite3.connect(path)
    other.execute("ALTER TABLE shoal_games RENAME TO shoal_games_away")
    other.commit()
    other.close()
    try:
        with pytest.raises(OperationalError, match="no such table") as raised:
            asyncio.run(db.save_in_loop(moved(first, 3), 1, first))
        assert isinstance(raised.value, DATABASE_ERRORS)
    finally:
        db.close()


def test_a_save_that_changes_the_accounts_still_writes_the_seats_index(tmp_path: Path) -> None:
    """Rule: a save whose accounts changed writes the seats' index with the game's row."""
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    db = Store(url)
    first = local_game("seated")
    db.insert(first)
    claimed = moved(first, 3, accounts=[7, None])
    try:
        asyncio.run(db.save_in_loop(claimed, 1, first))
        with Session(db.engine) as session:
            seats = session.execute(
                select(SeatRow.seat, SeatRow.user_id).where(SeatRow.game_id == "seated")
            )
            assert [tuple(row) for row in seats] == [(0, 7)]
        stored = read_back(url, "seated")
        assert stored is not None and stored.accounts == [7, None]
    finally:
        db.close()
