"""Settling a rated game's end (issue 23) in process, on a SQLite file: the scores of every
way a game ends, the start-up settle of the ends a crash left unsettled, the ratings shown
per seat. (The API's rated games are in ``test_ratings.py``; the crash itself, with real
processes, in ``test_seams_settle.py``.)"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from shoal.server.accounts.store import AccountStore
from shoal.server.games.creation import game_data
from shoal.server.games.manager import GameEntry, GameManager
from shoal.server.games.models import GameData
from shoal.server.games.session import LiveGame
from shoal.server.games.store import Store
from shoal.server.ratings.service import (
    RatingListener,
    build,
    displays,
    player_ratings,
    scores_of,
    settle_pending,
)
from shoal.server.ratings.store import RatingStore


@pytest.fixture
def stores(tmp_path: Path) -> Iterator[tuple[Store, RatingStore, list[int]]]:
    """The games, the ratings and two accounts (ann, ben) on a fresh SQLite file."""
    store = Store(f"sqlite:///{tmp_path / 'settle.sqlite3'}")
    accounts = AccountStore(store.engine)
    ids = []
    for name in ("ann", "ben"):
        user = accounts.create_user(name, "x")
        assert user is not None
        ids.append(user.id)
    yield store, RatingStore(store.engine), ids
    store.close()


def _game(ids: list[int | None], *, rated: bool = True, **more: Any) -> GameData:
    return game_data(
        "connect4",
        {},
        mode="friend",
        players=["ann", "ben"],
        token_hashes=["a" * 64, "b" * 64],
        seed=1,
        accounts=list(ids),
        rated=rated,
        **more,
    )


def _played(data: GameData, actions: list[int]) -> GameData:
    """``data`` after ``actions`` (columns of Connect Four)."""
    return LiveGame(data).next_data(actions=actions)


FIRST_WINS = [0, 1, 0, 1, 0, 1, 0]  # four in column 0
SECOND_WINS = [0, 1, 0, 1, 2, 1, 3, 1]  # four in column 1


def test_the_scores_of_every_way_a_game_ends() -> None:
    """Seat scores (1, 1/2, 0) from the rules' result, a resignation, a time-out or an agreed
    draw; None for an abort; a game still on is refused."""
    data = _game([1, 2])
    assert scores_of(LiveGame(_played(data, FIRST_WINS))) == (1.0, 0.0)
    assert scores_of(LiveGame(_played(data, SECOND_WINS))) == (0.0, 1.0)
    live = LiveGame(data)
    assert scores_of(LiveGame(live.with_resignation(0))) == (0.0, 1.0)
    assert scores_of(LiveGame(live.with_resignation(1))) == (1.0, 0.0)
    assert scores_of(LiveGame(live.with_agreement("drawn by agreement"))) == (0.5, 0.5)
    assert scores_of(LiveGame(live.with_agreement("aborted by x", aborted=True))) is None
    with pytest.raises(ValueError, match=r"^the game is not over$"):
        scores_of(live)


def test_start_up_settles_each_rated_end_left_unsettled_once(
    stores: tuple[Store, RatingStore, list[int]],
) -> None:
    """After a crash: the rated games that ended unsettled are settled at their speed and
    counted; a game still on, a casual game and a game that cannot be read are left; an
    aborted game is marked, not counted; a second start settles nothing."""
    store, ratings, ids = stores
    live = _game(ids, clock={"base": 300, "increment": 2, "remaining": [300, 300], "since": None})
    corr, on, casual, aborted, gone = (_game(ids) for _ in range(5))
    casual.rated = False
    for data in (live, corr, on, casual, aborted, gone):
        store.insert(data)
    ended = {  # saved in this order: the game that cannot be read is among the first
        gone.id: _played(gone, FIRST_WINS),
        live.id: _played(live, SECOND_WINS),  # ben wins, live
        corr.id: _played(corr, FIRST_WINS),  # ann wins, correspondence
        casual.id: _played(casual, FIRST_WINS),
        aborted.id: LiveGame(aborted).with_agreement("aborted by x", aborted=True),
    }
    for data in ended.values():
        store.save(data, data.version - 1)
    assert ratings.unsettled() == [on.id, gone.id, live.id, corr.id, aborted.id]  # oldest first

    def load(game_id: str) -> GameData | None:
        return None if game_id == gone.id else store.load(game_id)

    assert settle_pending(load, ratings) == 2
    ann, ben = (ratings.rating(user, "connect4", "live") for user in ids)
    assert (ann.games, ben.games) == (1, 1) and ben.rating.r > 1500 > ann.rating.r
    ann, ben = (ratings.rating(user, "connect4", "correspondence") for user in ids)
    assert (ann.games, ben.games) == (1, 1) and ann.rating.r > 1500 > ben.rating.r
    assert ratings.rated_game(aborted.id) is not None  # marked settled, rated nothing
    assert set(ratings.unsettled()) == {on.id, gone.id}
    assert settle_pending(load, ratings) == 0
    assert ratings.rating(ids[0], "connect4", "live").games == 1


def test_each_seat_shows_its_accounts_rating(
    stores: tuple[Store, RatingStore, list[int]],
) -> None:
    """Per seat, the account's rating rounded (None for a guest's seat)."""
    store, ratings, ids = stores
    data = _game(ids)
    store.insert(data)
    assert player_ratings(ratings, [ids[0], None], "connect4", "live") == (1500, None)
    assert displays(ratings, ids, "connect4", "live") == {ids[0]: "1500?", ids[1]: "1500?"}
    ratings.settle(data.id, "connect4", "live", ids, (1.0, 0.0))
    won = ratings.rating(ids[0], "connect4", "live").rating.r
    assert won > 1500 and won != round(won)
    assert player_ratings(ratings, [None, ids[0]], "connect4", "live") == (None, round(won))
    # one game: still provisional; the other speed is untouched
    assert displays(ratings, ids[:1], "connect4", "live") == {ids[0]: f"{round(won)}?"}
    assert displays(ratings, ids[:1], "connect4", "correspondence") == {ids[0]: "1500?"}


def test_a_settle_cut_off_by_the_database_is_tried_again_and_written_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The listener settles a rated end in the background: with the database gone (its
    folder moved away) the settle fails, says so once, and is tried again until it is
    written; told of the end twice, it settles once and counts one failed try."""
    folder = tmp_path / "db"
    folder.mkdir()
    store = Store(f"sqlite:///{folder / 'settle.sqlite3'}")
    accounts = AccountStore(store.engine)
    ids = [user.id for user in (accounts.create_user(n, "x") for n in ("ann", "ben")) if user]
    ratings = RatingStore(store.engine)
    data = _game(ids)
    store.insert(data)
    ended = _played(data, FIRST_WINS)
    store.save(ended, data.version)

    async def settle() -> None:
        manager = GameManager(store)
        listener = RatingListener(manager, ratings)
        entry = GameEntry(LiveGame(ended))
        listener.after_change(GameEntry(LiveGame(data)))  # a move, the game on: nothing to do
        folder.rename(tmp_path / "away")
        store.engine.dispose()  # no open connection left: the next one finds no file
        listener.after_change(entry)
        listener.after_change(entry)
        settling = asyncio.all_tasks() - {asyncio.current_task()}
        deadline = time.monotonic() + 30
        while not caplog.records and not all(task.done() for task in settling):
            assert time.monotonic() < deadline, "the settle neither failed nor ended"
            await asyncio.sleep(0.01)
        assert caplog.records, [task.exception() for task in settling]  # it failed, said so
        (tmp_path / "away").rename(folder)
        done, _ = await asyncio.wait(settling, timeout=30)
        assert done == settling and [task.exception() for task in done] == [None] * len(done)
        await manager.tasks.close()

    with caplog.at_level(logging.WARNING, "shoal.server.ratings.service"):
        asyncio.run(settle())
    failed, works = (record.getMessage() for record in caplog.records)
    assert failed.startswith("settling a rated game failed (OperationalError: ")
    assert failed.endswith(
        "; trying again after 1 s, then up to 30 s apart, quietly until it works"
    )
    assert works.startswith("settling a rated game works again after 1 failed try in ")
    ann, ben = (ratings.rating(user, "connect4", "correspondence") for user in ids)
    assert (ann.games, ben.games) == (1, 1) and ann.rating.r > 1500 > ben.rating.r
    store.close()


def test_the_apps_ratings_settle_each_rated_end_the_manager_sees(
    stores: tuple[Store, RatingStore, list[int]],
) -> None:
    """``build`` listens to the app's games: a rated end that the manager stores is settled
    into the ratings ``build`` answers, once, with no other part of the app running (the
    fair-play check also settles the ends it reads, so the API tests would not see this
    listener missing); a casual end changes nothing."""
    store, _, ids = stores
    rated, casual = _game(ids), _game(ids, rated=False)

    async def play() -> RatingStore:
        manager = GameManager(store)
        ratings = build(store.engine, manager)
        for data in (rated, casual):
            entry = await manager.create(data)
            async with entry.lock:
                await manager.commit(entry, _played(data, FIRST_WINS))
        settling = asyncio.all_tasks() - {asyncio.current_task()}  # those not done yet
        if settling:
            done, _ = await asyncio.wait(settling, timeout=30)
            assert done == settling and {task.exception() for task in done} == {None}
        await manager.tasks.close()
        return ratings

    ratings = asyncio.run(play())
    ann, ben = (ratings.rating(user, "connect4", "correspondence") for user in ids)
    assert (ann.games, ben.games) == (1, 1) and ann.rating.r > 1500 > ben.rating.r
    assert ratings.rated_game(rated.id) is not None
    assert ratings.rated_game(casual.id) is None
