"""The games domain as the app builds it: :func:`build` makes its parts from the few things
they use, and :class:`Games` holds them (the other domains and the routes receive it,
:data:`GamesDep`).

* the store (the games' tables; its engine is the app's database), the manager (loaded games,
  commits, watchers) and the uploaded records' cache;
* the computer's turns and the hints (:class:`~.background.Computer`), the live clocks'
  timers (:class:`~.background.Clocks`), the correspondence clocks
  (:class:`~.correspondence.Correspondence`, told by ``notices`` of turns and ends, and by
  ``away`` of vacations), the chat and offers (:class:`~.social.Social`);
* :meth:`Games.start`: every online game agreed between two sides starts here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Annotated, Any

from shoal.i18n import Text
from shoal.records import Record

from ..errors import ApiError
from ..events import Events
from ..provide import provided
from ..tasks import Tasks
from .background import Clocks, Computer
from .clock_store import ClockStore
from .correspondence import Away, Correspondence, TurnNotices
from .manager import GameManager
from .social import Social
from .start import Agreement, Started, start_game, start_games
from .store import Store
from .uploads import RecordCache

__all__ = ["Games", "GamesDep", "build"]


@dataclasses.dataclass(frozen=True)
class Games:
    """The games domain of one app."""

    store: Store
    manager: GameManager
    computer: Computer
    correspondence: Correspondence
    social: Social
    records: RecordCache

    async def start(self, **sides: Any) -> Started:
        """An online game agreed between two sides (:func:`~.start.start_game`'s words)."""
        return await start_game(self.manager, self.correspondence, **sides)

    async def start_many(self, agreed: Sequence[Agreement]) -> list[Started | None]:
        """Several agreed games in one transaction (:func:`~.start.start_games`)."""
        return await start_games(self.manager, self.correspondence, agreed)

    async def finished_record(self, game_id: str, why: str) -> Record:
        """The record of the finished game ``game_id`` (404 when there is none; 409 while it
        is on: "the game is not over yet: ``why``", the review and the analysis board)."""
        entry = await self.manager.entry(game_id)
        if not entry.live.over:
            raise ApiError(409, "the game is not over yet: {why}", why=Text(why))
        return entry.live.record()


def build(
    store: Store,
    tasks: Tasks,
    events: Events,
    *,
    notices: TurnNotices,
    away: Away | None,
    max_searches: int,
    day_seconds: float,
    sweep_every: float,
    clock: Callable[[], float],
) -> Games:
    """The games domain on ``store``; its background work runs as ``tasks``; the chat and
    the offers cross processes on ``events`` (issue 56)."""
    manager = GameManager(store, tasks)
    computer = Computer(manager, max_searches=max_searches)
    manager.listen(computer)
    manager.keep(computer.needs)
    manager.listen(Clocks(manager))
    social = Social(manager, store, events)
    manager.listen(social)
    manager.keep(social.needs)
    correspondence = Correspondence(
        manager,
        ClockStore(store.engine),
        notices,
        day_seconds=day_seconds,
        sweep_every=sweep_every,
        clock=clock,
        away=away,
    )
    return Games(store, manager, computer, correspondence, social, RecordCache(store))


GamesDep = Annotated[Games, provided(Games)]
"""A route parameter of this type receives the app's :class:`Games`."""
