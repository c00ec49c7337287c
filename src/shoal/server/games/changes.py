"""The prelude every change of a game goes through, written once.

:func:`change` loads the game, takes its lock, catches up with other server
processes, checks the caller's token, that the game is still on, the version
the caller saw, and the clock; only then does the route decide and commit.
Any refusal changes nothing.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import AsyncIterator, Callable, Sequence

from shoal.core import Seat, State

from ..errors import ApiError
from .manager import Ack, GameEntry, GameManager
from .models import GameData
from .session import LiveGame

__all__ = ["Change", "change"]


@dataclasses.dataclass
class Change:
    """A change under way (the game's lock held): the live game and the caller's seats."""

    manager: GameManager
    entry: GameEntry
    live: LiveGame
    seats: list[Seat]

    async def commit(
        self, data: GameData, ack: Ack | None = None, states: Sequence[State] = ()
    ) -> None:
        """Store ``data`` as the game's next version and tell the watchers (``ack``: in the
        mover's delta; ``states``: those of its new actions, :meth:`GameManager.commit`)."""
        await self.manager.commit(self.entry, data, ack, states)


@contextlib.asynccontextmanager
async def change(
    manager: GameManager,
    game_id: str,
    version: int | None,
    token: str | None,
    *,
    refuse: Callable[[LiveGame], None] | None = None,
    when_over: bool = False,
    flag_message: str | None = None,
    account: int | None = None,
) -> AsyncIterator[Change]:
    """Under the game's lock: the game, once the caller may change it from ``version``
    (None: from whatever version is current then, as the Bot API moves).

    In order: catch up with a newer ``version`` stored by another process; 403
    unless ``token`` (or the signed-in ``account``) plays a seat; ``refuse(live)``
    (a check of the route, which raises); 409 when the game is over (unless
    ``when_over``); 409 for a stale
    ``version``; with a ``flag_message``, end the game if its clock has fallen
    and answer 409 with that message.
    """
    entry = await manager.entry(game_id)
    async with entry.lock:
        if version is not None:
            await manager.catch_up(entry, version)
        live = entry.live
        seats = live.check_player(token, account)
        if refuse is not None:
            refuse(live)
        if not when_over and live.over:
            raise ApiError(409, "the game is over")
        if version is not None:
            live.check_version(version)
        if flag_message is not None and await manager.check_flag_locked(entry):
            raise ApiError(409, flag_message)
        yield Change(manager, entry, live, seats)
