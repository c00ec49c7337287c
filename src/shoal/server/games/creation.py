"""New games' stored data, made in one place for every way a game starts.

A game starts from the new-game form (``POST /api/games``), a rematch, and (as
the community grows) a lobby seek, a challenge or a bot: each way decides who
sits where; this module turns that into a :class:`GameData` that the manager
can store, so the set-up seed, the start position's check and the clock's shape
are written once.
"""

from __future__ import annotations

import secrets
from typing import Any

from shoal import games
from shoal.core import Game, State

from ..errors import ApiError
from .manager import new_game_id, new_token
from .models import GameData, hash_token

__all__ = ["fresh_clock", "game_data", "new_token", "rematch_data"]


def fresh_clock(base: float, increment: float) -> dict[str, Any]:
    """A clock before the first turn: ``base`` seconds each, ``increment`` per turn."""
    return {
        "base": float(base),
        "increment": float(increment),
        "remaining": [float(base), float(base)],
        "since": None,
    }


def game_data(
    game_id: str,
    options: dict[str, Any],
    *,
    mode: str,
    players: list[str],
    token_hashes: list[str | None],
    seed: int | None = None,
    start: str | None = None,
    level: str | None = None,
    computer_seat: int | None = None,
    clock: dict[str, Any] | None = None,
    accounts: list[int | None] | None = None,
    time_control: str | None = None,
    rated: bool | None = None,
) -> GameData:
    """A new game of ``game_id`` with ``options``, checked: unknown games and options,
    and start positions that do not read or are already over, raise with words.

    ``seed`` is the set-up seed (random if ``None``; unused with a ``start`` position).
    """
    game: Game = games.REGISTRY.from_mapping(game_id, options)
    if seed is None:
        seed = secrets.randbelow(2**31)
    state: State = game.load(start) if start is not None else game.initial(seed)
    if state.outcome is not None:
        raise ApiError(400, "the start position is already over")
    return GameData(
        id=new_game_id(),
        game=game.id,
        options={k: str(v) for k, v in options.items()},
        seed=None if start is not None else seed,
        start=start,
        mode=mode,
        level=level,
        computer_seat=computer_seat,
        players=list(players),
        token_hashes=list(token_hashes),
        actions=[],
        clock=clock,
        ended=None,
        version=1,
        accounts=None if accounts is None else list(accounts),
        time_control=time_control,
        rated=rated,
    )


def rematch_data(old: GameData) -> tuple[GameData, dict[int, str]]:
    """The rematch of ``old``: sides swapped, same game, options, start and clock.

    Answers the new game and a fresh token for each player, keyed by their seat in
    ``old`` (the player of old seat ``s`` plays seat ``1 - s``); accounts follow
    their players.
    """
    tokens = {0: new_token(), 1: new_token()}
    clock = None
    if old.clock is not None:
        clock = fresh_clock(old.clock["base"], old.clock["increment"])
    accounts = None if old.accounts is None else [old.accounts[1], old.accounts[0]]
    data = game_data(
        old.game,
        dict(old.options),
        mode="friend",
        players=[old.players[1], old.players[0]],
        token_hashes=[hash_token(tokens[1]), hash_token(tokens[0])],
        start=old.start,
        clock=clock,
        accounts=accounts,
        time_control=old.time_control,
        rated=old.rated,
    )
    return data, tokens
