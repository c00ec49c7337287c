"""Ratings in the server (issue 23): which games count, their speed, settling their end.

A game counts when it was created rated (``POST /api/games`` with ``"rated": true``,
signed in) and both seats are held by two different accounts when it ends; it
is rated at its speed: ``live`` with a clock, ``correspondence`` without one
(docs/ratings.md). :class:`RatingListener` is a manager listener: after every
change of a loaded game that is over, it settles the game in a worker thread
(:meth:`~shoal.server.ratings.store.RatingStore.settle` claims it, so the
update happens once, whichever process sees the end first). Both players' ratings
and the settled mark are written in one transaction, so a crash leaves a game
settled or not at all; :func:`settle_pending` runs at start-up and settles every
rated game that ended but was not settled (a crash between the end and its
settling), without waiting for anyone to open it. A settle cut off by the database going
away is tried again (after 1 s, then up to :data:`SETTLE_RETRY_MAX` seconds apart) until it
is written: the claim in the same transaction makes it count once even when the cut came
after the commit reached the database.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import Annotated, Any

from sqlalchemy.engine import Engine

from ..db_down import DATABASE_ERRORS
from ..games.manager import GameEntry, GameManager
from ..games.models import GameData
from ..games.session import LiveGame
from ..periodic import Failures, doubling
from ..provide import provided
from .store import RatingStore

__all__ = [
    "SETTLE_RETRY_FIRST",
    "SETTLE_RETRY_MAX",
    "RatingListener",
    "Ratings",
    "RatingsDep",
    "build",
    "displays",
    "player_ratings",
    "scores_of",
    "settle_live",
    "settle_pending",
    "speed_of",
]

SETTLE_RETRY_FIRST = 1.0
"""The wait in seconds before a settle cut off by the database is tried the second time."""
SETTLE_RETRY_MAX = 30.0
"""The longest wait in seconds between two tries of a settle while the database is away."""

log = logging.getLogger("shoal.server.ratings.service")


def speed_of(data: GameData) -> str:
    """``live`` for a game with a clock, ``correspondence`` for one without."""
    return "live" if data.clock is not None else "correspondence"


def scores_of(live: LiveGame) -> tuple[float, float] | None:
    """The seats' scores of a finished game (1, 1/2, 0), or None for an abort."""
    ended = live.data.ended
    if ended is not None:
        if ended.get("aborted"):
            return None
        winner = ended.get("winner")
    else:
        outcome = live.state.outcome
        if outcome is None:
            raise ValueError("the game is not over")
        winner = outcome.winner
    if winner is None:
        return (0.5, 0.5)
    return (1.0, 0.0) if winner == 0 else (0.0, 1.0)


def settle_live(ratings: RatingStore, live: LiveGame) -> list[dict[str, Any]] | None:
    """Settle a finished game's ratings (once; None when casual or already settled)."""
    data = live.data
    if not data.rated:
        return None
    return ratings.settle(data.id, data.game, speed_of(data), data.accounts, scores_of(live))


def settle_pending(load: Callable[[str], GameData | None], ratings: RatingStore) -> int:
    """Settle every rated game that is over but unsettled (at start-up); how many were.
    ``load`` reads a stored game (the games' store)."""
    count = 0
    for game_id in ratings.unsettled():
        data = load(game_id)
        if data is None:
            continue
        live = LiveGame(data)
        if live.over and settle_live(ratings, live) is not None:
            count += 1
    return count


class RatingListener:
    """Settles every rated game the manager sees over (a :class:`~.manager.Listener`)."""

    def __init__(self, manager: GameManager, ratings: RatingStore) -> None:
        self.manager = manager
        self.ratings = ratings
        self._done: set[str] = set()
        self._failures = Failures(
            "settling a rated game",
            log,
            f"after {SETTLE_RETRY_FIRST:g} s, then up to {SETTLE_RETRY_MAX:g} s apart",
        )  # an outage: two lines for all the games, not one a try

    def after_change(self, entry: GameEntry) -> None:
        live = entry.live
        if not live.over or not live.data.rated or live.data.id in self._done:
            return
        self._done.add(live.data.id)
        self.manager.spawn(self._settle(live))

    def forget(self, game_id: str) -> None:
        """``game_id`` left this process's memory: if it is loaded again, its end is settled
        again, which the ratings' claim makes a no-op (as in any other process)."""
        self._done.discard(game_id)

    async def _settle(self, live: LiveGame) -> None:
        waits = doubling(SETTLE_RETRY_FIRST, SETTLE_RETRY_MAX)
        while True:
            try:
                await asyncio.to_thread(settle_live, self.ratings, live)
            except DATABASE_ERRORS as error:  # cut off: the claim rolled back with the rest
                self._failures.failed(error)
                await asyncio.sleep(next(waits))
            else:
                self._failures.worked()
                return

    def close(self) -> None:
        """Nothing to stop: the manager cancels the spawned tasks."""


def displays(ratings: RatingStore, user_ids: list[int], game: str, speed: str) -> dict[int, str]:
    """Per account, its rating in ``game`` at ``speed`` as shown (``1500?`` for a newcomer)."""
    return ratings.displays(user_ids, game, speed)


def player_ratings(
    ratings: RatingStore, accounts: Sequence[int | None], game: str, speed: str
) -> tuple[int | None, ...]:
    """Per seat, its account's rating in ``game`` at ``speed`` (None: a guest, the computer)."""
    return tuple(
        None if user is None else round(ratings.rating(user, game, speed).rating.r)
        for user in accounts
    )


class Ratings(RatingStore):
    """The ratings of one app, as the other domains and the routes read them: the ratings,
    their history, the leaderboards, the rated games (the store's queries: call them in a
    thread); a game is settled by :class:`RatingListener`."""


def build(engine: Engine, manager: GameManager) -> Ratings:
    """The ratings of one app on ``engine``: every rated game the manager sees end is settled
    (:class:`RatingListener`)."""
    ratings = Ratings(engine)
    listener = RatingListener(manager, ratings)
    manager.listen(listener)
    manager.on_evict(listener.forget)
    return ratings


RatingsDep = Annotated[Ratings, provided(Ratings)]
"""A route parameter of this type receives the app's :class:`Ratings`."""
