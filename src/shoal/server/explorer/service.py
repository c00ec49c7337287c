"""The explorer's actions (issue 44): counting a game that ended, looking up a position.

:class:`ExplorerListener` is a manager listener, like the ratings': after every
change of a loaded game that is over, it counts the game in a worker thread
(:meth:`~shoal.server.explorer.store.ExplorerStore.count` claims it, so the
counts grow once, whichever process sees the end first). :class:`Explorer`
answers lookups from the site's counts, one account's games or the game's
shipped book, and adds the engine's value and the prover's verdict per move.
"""

from __future__ import annotations

import asyncio
import datetime
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Annotated, Any

from sqlalchemy.engine import Engine

from shoal import games
from shoal.analysis.book import open_book
from shoal.analysis.book_index import BookIndex
from shoal.analysis.explorer import (
    PROOF_NODES,
    MoveStats,
    Tree,
    annotate,
    node_key,
    start_state,
    variant_key,
    walk,
)
from shoal.core import Game, State
from shoal.core.errors import ShoalError, UnknownGameError

from ..errors import ApiError
from ..games.manager import GameEntry, GameManager
from ..games.session import LiveGame
from ..provide import provided
from ..ratings.service import Ratings, player_ratings, speed_of
from .store import ExplorerStore, Filters, FinishedGame

__all__ = [
    "SOURCES",
    "Explorer",
    "ExplorerDep",
    "ExplorerListener",
    "Lookup",
    "build",
    "finished_game",
]

SOURCES = ("site", "book", "player")
"""Where the counts come from: the site's games, the shipped book, one account's games."""

RatingsOf = Callable[[Sequence[int | None], str, str], tuple[int | None, ...]]
"""Per seat, the rating of its account in a game at a speed (None: a guest)."""


def finished_game(
    live: LiveGame, ratings_of: RatingsOf, now: datetime.datetime
) -> FinishedGame | None:
    """What the explorer counts of a finished game (None: aborted, or not over)."""
    data = live.data
    ended = data.ended
    if ended is not None:
        if ended.get("aborted"):
            return None
        winner = ended.get("winner")
    elif live.state.outcome is not None:
        winner = live.state.outcome.winner
    else:
        return None
    accounts = tuple(data.accounts or (None, None))
    speed = speed_of(data)
    ratings = ratings_of(accounts, data.game, speed)
    return FinishedGame(
        game_id=data.id,
        steps=walk(live.game, live.states[0], data.actions),
        winner=winner,
        rated=bool(data.rated),
        speed=speed,
        ratings=(ratings[0], ratings[1]),
        accounts=(accounts[0], accounts[1]),
        ended=now,
    )


class Lookup:
    """One lookup's question, checked: the game, its start state, where and what to count."""

    def __init__(
        self,
        game_id: str,
        options: dict[str, str],
        position: str | None,
        source: str,
        filters: Filters,
    ) -> None:
        if source not in SOURCES:
            raise ApiError(
                400,
                "unknown source {source} (sources: {choices})",
                source=repr(source),
                choices=", ".join(SOURCES),
            )
        try:
            self.game: Game = games.REGISTRY.from_mapping(game_id, options)
        except UnknownGameError as error:
            raise ApiError(404, str(error)) from None
        except ShoalError as error:
            raise ApiError(400, "the options: {error}", error=error) from None
        try:
            self.state: State = start_state(self.game, position)
        except ShoalError as error:
            raise ApiError(400, "the position: {error}", error=error) from None
        if source == "player" and filters.user_id is None:
            raise ApiError(400, "source=player needs player=USERNAME")
        self.source = source
        self.filters = filters
        self.node = node_key(variant_key(self.game), self.state.position())


class Explorer:
    """The explorer's lookups and counting."""

    BOOKS = 8
    """Books kept in memory (one per game and options asked for)."""

    def __init__(self, store: ExplorerStore, ratings_of: RatingsOf) -> None:
        self.store = store
        self.ratings_of = ratings_of
        self._books: OrderedDict[str, Tree | BookIndex] = OrderedDict()
        self._lock = threading.Lock()
        self.clock: Callable[[], datetime.datetime] = lambda: datetime.datetime.now(
            datetime.UTC
        ).replace(tzinfo=None)

    def count_live(self, live: LiveGame) -> bool:
        """Count a finished game once (False: already counted, aborted or not over)."""
        finished = finished_game(live, self.ratings_of, self.clock())
        return finished is not None and self.store.count(finished)

    def book(self, game: Game) -> Tree | BookIndex:
        """The shipped book of ``game`` (its options): its index (or counted), read once, kept."""
        key = variant_key(game)
        with self._lock:
            tree = self._books.get(key)
            if tree is None:
                tree = self._books[key] = open_book(game)
                while len(self._books) > self.BOOKS:
                    self._books.popitem(last=False)
            self._books.move_to_end(key)
            return tree

    def moves(self, lookup: Lookup) -> list[MoveStats]:
        """The counted moves of a lookup (no engine values)."""
        if lookup.source == "book":
            return self.book(lookup.game).moves(lookup.state)
        return self.store.moves(lookup.node, lookup.filters)

    def answer(
        self, lookup: Lookup, *, engine: bool = True, nodes: int = PROOF_NODES
    ) -> dict[str, Any]:
        """The reply of ``GET /api/explorer/{game}``: the position, whose turn, every move."""
        moves = self.moves(lookup)
        state = lookup.state
        if engine:
            annotate(lookup.game, state, moves, nodes=nodes)
        rows = []
        for move in moves:
            row = move.as_json()
            row["position"] = state.child(move.action).position()
            rows.append(row)
        return {
            "game": lookup.game.id,
            "source": lookup.source,
            "position": state.position(),
            "to_move": state.to_move,
            "side": None if state.to_move is None else state.side_name(state.to_move),
            "games": sum(m.games for m in moves),
            "moves": rows,
        }


class ExplorerListener:
    """Counts every game the manager sees over (a :class:`~.manager.Listener`)."""

    def __init__(self, manager: GameManager, explorer: Explorer) -> None:
        self.manager = manager
        self.explorer = explorer
        self._done: set[str] = set()

    def after_change(self, entry: GameEntry) -> None:
        live = entry.live
        if not live.over or live.data.id in self._done:
            return
        self._done.add(live.data.id)
        self.manager.spawn(self._count(live))

    def forget(self, game_id: str) -> None:
        """``game_id`` left this process's memory: if it is loaded again, counting it again
        is a no-op (the store counts a game once, as for any other process)."""
        self._done.discard(game_id)

    async def _count(self, live: LiveGame) -> None:
        await asyncio.to_thread(self.explorer.count_live, live)

    def close(self) -> None:
        """Nothing to stop: the manager cancels the spawned tasks."""


def build(engine: Engine, manager: GameManager, ratings: Ratings) -> Explorer:
    """The explorer of one app on ``engine``: every game the manager sees end is counted, with
    its players' ratings."""
    explorer = Explorer(
        ExplorerStore(engine),
        lambda accounts, game, speed: player_ratings(ratings, accounts, game, speed),
    )
    listener = ExplorerListener(manager, explorer)
    manager.listen(listener)
    manager.on_evict(listener.forget)
    return explorer


ExplorerDep = Annotated[Explorer, provided(Explorer)]
"""A route parameter of this type receives the app's :class:`Explorer`."""
