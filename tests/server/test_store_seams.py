"""The game store's seams that a silent defect would cost most (issue 64's mutation run of
``games/store.py`` left them unchecked): which engine a URL gets, the SQLite file's
settings, the seats' index through every change of the accounts, ``versions`` past
its chunk of 500 ids, and games stored together with their claims."""

from __future__ import annotations

import asyncio
import dataclasses
import datetime
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import select, text
from sqlalchemy.orm import Session
from sqlalchemy.pool import StaticPool

from shoal.server.accounts.tables import SeatRow
from shoal.server.db.pool import OneThreadAtATime
from shoal.server.games.models import ClaimLostError
from shoal.server.games.store import StaleVersionError, Store
from shoal.server.games.tables import RecordRow

from .game_data import local_game, moved


def _seats(db: Store, game_id: str) -> dict[int, int]:
    with Session(db.engine) as session:
        rows = session.execute(
            select(SeatRow.seat, SeatRow.user_id).where(SeatRow.game_id == game_id)
        )
        return {int(seat): int(user) for seat, user in rows}


@pytest.mark.parametrize("url", ["sqlite://", "sqlite:///", "sqlite:///:memory:"])
def test_a_memory_url_gets_one_shared_connection_usable_from_any_thread(url: str) -> None:
    """Rule: a SQLite memory database is one connection (StaticPool) that every thread may
    use, kept when the store is closed (it would vanish); it is not a file, and never saves
    on the asynchronous path."""
    db = Store(url)
    assert (db.in_memory, db.sqlite_file, db.saves_async, db.url) == (True, False, False, url)
    assert isinstance(db.engine.pool, OneThreadAtATime)
    db.insert(local_game("kept"))
    found: list[object] = []
    worker = threading.Thread(target=lambda: found.append(db.load("kept")))
    worker.start()
    worker.join(30)
    assert not worker.is_alive() and found and found[0] is not None  # another thread reads it
    db.close()
    assert db.load("kept") is not None  # closed, the memory database is still there


def test_a_memory_database_is_used_by_one_thread_at_a_time() -> None:
    """Rule: two threads never share the memory database's connection at once. (They did:
    a read's rollback at its return undid another thread's insert under way, whose commit
    then failed, and a test's app answered 503 to a new game while its tick read.) A
    thread's insert under way, another thread's read: the read waits for the commit."""
    db = Store("sqlite://")
    with db.engine.begin() as connection:
        connection.execute(text("CREATE TABLE kept (x INTEGER)"))
    inserted, read = threading.Event(), threading.Event()
    seen: list[int] = []
    errors: list[BaseException] = []

    def writer() -> None:
        try:
            with Session(db.engine) as session:
                session.execute(text("INSERT INTO kept VALUES (1)"))
                inserted.set()
                read.wait(0.5)  # the reader is held out (it did its read and rollback here)
                session.commit()
        except BaseException as error:  # the assertion below shows it
            errors.append(error)

    def reader() -> None:
        inserted.wait(30)
        with Session(db.engine) as session:
            seen.append(int(session.execute(text("SELECT count(*) FROM kept")).scalar_one()))
        read.set()

    threads = [threading.Thread(target=writer), threading.Thread(target=reader)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert not errors and seen == [1]  # the read came after the commit, and saw the row
    with Session(db.engine) as session:
        assert session.execute(text("SELECT count(*) FROM kept")).scalar_one() == 1


def test_a_file_url_gets_a_pool_in_wal_mode_with_a_busy_timeout(tmp_path: Path) -> None:
    """Rule: a SQLite file is a pool of connections (not the memory database's one), each in
    WAL mode with ``synchronous=NORMAL`` and a 30 s busy timeout, usable from any thread; a
    closed store lets its connections go."""
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    db = Store(url)
    assert (db.in_memory, db.sqlite_file, db.saves_async) == (False, True, False)
    assert not isinstance(db.engine.pool, StaticPool)
    settings: list[tuple[object, ...]] = []

    def read_settings() -> None:
        with db.engine.connect() as connection:
            settings.append(
                tuple(
                    connection.execute(text(f"PRAGMA {name}")).scalar()
                    for name in ("journal_mode", "synchronous", "busy_timeout")
                )
            )

    worker = threading.Thread(target=read_settings)
    worker.start()
    worker.join(30)
    assert settings == [("wal", 1, 30000)]  # 1 is NORMAL
    assert db.engine.pool.checkedin() >= 1  # type: ignore[attr-defined]
    db.close()
    assert db.engine.pool.checkedin() == 0  # type: ignore[attr-defined]


@pytest.mark.parametrize("told", [False, True], ids=["whole", "changes"])
def test_the_seats_index_follows_each_change_of_the_accounts(tmp_path: Path, told: bool) -> None:
    """Rule: the seats' index (an account's games) holds exactly the game's accounts after
    each save: a seat taken, a second taken, one given up, one taken by another account,
    one changing hands; whether the save is of the whole row or of its changes, and also
    through :meth:`Store.save_in_loop`."""
    db = Store(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    data = dataclasses.replace(local_game("seated"), accounts=[None, 7])
    db.insert(data)
    assert _seats(db, "seated") == {1: 7}
    steps: list[tuple[list[int | None], dict[int, int]]] = [
        ([5, 7], {0: 5, 1: 7}),
        ([5, None], {0: 5}),
        ([8, None], {0: 8}),
        ([8, 9], {0: 8, 1: 9}),
    ]
    steps += [([8, 4], {0: 8, 1: 4}), ([None, None], {})]
    try:
        for index, (accounts, want) in enumerate(steps):
            after = dataclasses.replace(moved(data, index % 7), accounts=accounts)
            if index % 2:
                asyncio.run(db.save_in_loop(after, data.version, data if told else None))
            else:
                db.save(after, data.version, data if told else None)
            assert _seats(db, "seated") == want, accounts
            data = after
        # a stale save of new accounts writes neither the row nor the seats
        stale = dataclasses.replace(moved(data, 1), accounts=[2, 3])
        with pytest.raises(StaleVersionError):
            db.save(stale, data.version - 1, data if told else None)
        assert _seats(db, "seated") == {} and db.versions(["seated"]) == {"seated": data.version}
    finally:
        db.close()


def test_versions_answers_each_stored_game_among_many_ids(tmp_path: Path) -> None:
    """Rule: ``versions`` answers the stored version of each id that exists, past its chunks of
    500 ids (a game at index 0, one at 499, one at 500 and one at the end of 1,200), and
    nothing for an id that does not."""
    db = Store(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    try:
        for name, version in (("first", 1), ("last-of-one", 2), ("next", 3), ("end", 4)):
            db.insert(local_game(name, version=version))
        ids = ["first", *(f"none{i}" for i in range(498)), "last-of-one", "next"]
        ids += [*(f"more{i}" for i in range(698)), "end"]
        assert len(ids) == 1200 and ids.index("next") == 500
        assert db.versions(ids) == {"first": 1, "last-of-one": 2, "next": 3, "end": 4}
        assert db.versions(["nothing"]) == {} and db.versions([]) == {}
    finally:
        db.close()


def test_games_stored_together_keep_those_whose_claims_hold(db: str) -> None:
    """Rule (issue 59, ``insert_many``): games stored in one transaction each come after
    their claims; a game whose claim is lost is not stored and the others are, their
    claims' writes once (the first try was rolled back whole), on both databases."""
    store = Store(db)
    tries: list[str] = []

    def claim(game_id: str, holds: bool) -> Callable[[Session], bool]:
        def write(session: Session) -> bool:
            tries.append(game_id)
            session.add(RecordRow(id=f"claim-{game_id}", text="", created=datetime.datetime.now()))
            session.flush()  # a second write of this row would break its key
            return holds

        return write

    games = [(local_game(name), [claim(name, name != "lost")]) for name in ("one", "lost", "two")]
    assert store.insert_many(games) == [True, False, True]
    assert tries == ["one", "lost", "two", "one", "two"]  # tried again without the lost one
    assert [store.load(name) is not None for name in ("one", "lost", "two")] == [True, False, True]
    with Session(store.engine) as session:
        claims = sorted(session.scalars(select(RecordRow.id)))
    assert claims == ["claim-one", "claim-two"]
    with pytest.raises(ClaimLostError):
        store.insert(local_game("alone"), [claim("alone", False)])
    assert store.load("alone") is None
    assert store.insert_many([(local_game("lost"), [claim("lost", False)])]) == [False]
    store.close()
