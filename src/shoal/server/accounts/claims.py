"""Seats held by accounts: a guest's seats move to the account; a deleted account's go neutral.

Both change a game's ``accounts`` and ``players`` through the game's lock and
:meth:`~shoal.server.games.manager.GameManager.commit`, so watchers see the new names.
"""

from __future__ import annotations

import asyncio

from pydantic import BaseModel, Field

from ..context import ServerContext
from ..errors import ApiError
from .models import User

__all__ = [
    "NEUTRAL_NAME",
    "Claim",
    "claim_seats",
    "close_account",
    "context_seats",
    "release_seats",
]

NEUTRAL_NAME = "deleted player"
"""The name shown for the seats of a deleted account."""


class Claim(BaseModel):
    """A seat token this browser holds for a game."""

    id: str = Field(max_length=32)
    token: str = Field(max_length=100)


async def claim_seats(context: ServerContext, user: User, claims: list[Claim]) -> list[str]:
    """Tie the seats the claims' tokens play to ``user``; the ids of the games changed.

    A claim that names no game, or whose token plays nothing, is skipped; a seat
    already held by another account stays theirs. Tokens keep working.
    """
    changed = []
    for claim in claims:
        try:
            entry = await context.manager.entry(claim.id)
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
                await context.manager.commit(entry, live.with_holders(accounts, players))
                changed.append(claim.id)
    return changed


async def release_seats(context: ServerContext, user: User) -> int:
    """Show ``user``'s seats under :data:`NEUTRAL_NAME` (the games stay); how many games."""
    count = 0
    for game_id, _seat in context_seats(context, user):
        entry = await context.manager.entry(game_id)
        async with entry.lock:
            live = entry.live
            accounts = list(live.data.accounts or [None, None])
            players = list(live.data.players)
            for seat, holder in enumerate(accounts):
                if holder == user.id:
                    accounts[seat] = None
                    players[seat] = NEUTRAL_NAME
            await context.manager.commit(entry, live.with_holders(accounts, players))
            count += 1
    return count


async def close_account(context: ServerContext, user: User) -> int:
    """Close ``user``'s account (its own deletion, or a moderator's action): its seats show
    :data:`NEUTRAL_NAME` (the games stay), its sessions end, its name stays taken, its
    notifications, email address and push devices go. How many games it held."""
    games = await release_seats(context, user)
    store = context.accounts.store
    await asyncio.to_thread(store.end_sessions, user.id)
    await asyncio.to_thread(store.update_user, user.id, deleted=True, password_hash="!", prefs={})
    await asyncio.to_thread(context.notices.forget, user.id)
    await asyncio.to_thread(context.mail.store.forget, user.id)
    await asyncio.to_thread(context.pusher.store.forget, user.id)
    return games


def context_seats(context: ServerContext, user: User) -> list[tuple[str, int]]:
    """The (game id, seat) pairs ``user`` holds, one per game."""
    seen: dict[str, int] = {}
    for game_id, seat in context.accounts.store.seats_of(user.id):
        seen.setdefault(game_id, seat)
    return list(seen.items())
