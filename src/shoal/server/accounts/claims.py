"""Seats held by accounts: a guest's seats move to the account; a deleted account's go neutral.

Both change a game's ``accounts`` and ``players`` through the game's lock and
:meth:`~shoal.server.games.manager.GameManager.commit`, so watchers see the new names.
"""

from __future__ import annotations

import asyncio

from pydantic import BaseModel, Field

from ..errors import ApiError
from ..games.manager import GameManager
from .models import User
from .store import AccountStore

__all__ = ["NEUTRAL_NAME", "Claim", "claim_seats", "release_seats", "seats_held"]

NEUTRAL_NAME = "deleted player"
"""The name shown for the seats of a deleted account."""


class Claim(BaseModel):
    """A seat token this browser holds for a game."""

    id: str = Field(max_length=32)
    token: str = Field(max_length=100)


async def claim_seats(manager: GameManager, user: User, claims: list[Claim]) -> list[str]:
    """Tie the seats the claims' tokens play to ``user``; the ids of the games changed.

    A claim that names no game, or whose token plays nothing, is skipped; a seat
    already held by another account stays theirs. Tokens keep working.
    """
    changed = []
    for claim in claims:
        try:
            entry = await manager.entry(claim.id)
        except ApiError:
            continue
        async with entry.lock:
            live = entry.live
            seats = live.seats_of(claim.token)
            accounts = list(live.data.accounts or [None, None])
            players = list(live.data.players)
            local = live.data.mode == "local"
            for seat in seats:
                if accounts[seat] is None:
                    accounts[seat] = user.id
                    if not local:
                        players[seat] = user.username
            if accounts != (live.data.accounts or [None, None]):
                await manager.commit(entry, live.with_holders(accounts, players))
                changed.append(claim.id)
    return changed


async def release_seats(manager: GameManager, store: AccountStore, user: User) -> list[str]:
    """Show ``user``'s seats under :data:`NEUTRAL_NAME` (the games stay); the games' ids.

    Each game changes through its lock and ``manager``'s commit (its version moves on, its
    watchers see the new names), whether ``manager`` is a server's or an operator's
    command's own (``shoal admin close-user``).
    """
    changed = []
    for game_id, _seat in await asyncio.to_thread(seats_held, store, user):
        entry = await manager.entry(game_id)
        async with entry.lock:
            live = entry.live
            accounts = list(live.data.accounts or [None, None])
            players = list(live.data.players)
            for seat, holder in enumerate(accounts):
                if holder == user.id:
                    accounts[seat] = None
                    players[seat] = NEUTRAL_NAME
            await manager.commit(entry, live.with_holders(accounts, players))
            changed.append(game_id)
    return changed


def seats_held(store: AccountStore, user: User) -> list[tuple[str, int]]:
    """The (game id, seat) pairs ``user`` holds, one per game (a query: call it in a thread)."""
    seen: dict[str, int] = {}
    for game_id, seat in store.seats_of(user.id):
        seen.setdefault(game_id, seat)
    return list(seen.items())
