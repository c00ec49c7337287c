"""The games of a tournament: made for its pairings, played by bots, ended on a no-show.

* :func:`make_game`: a pairing's game through the games' ``start_game`` (the same way a
  challenge starts one); a pairing of an account and one of the server's ``shoal-LEVEL``
  bots is a game against the computer, whose seat the bot's account holds.
* Two ``shoal-LEVEL`` bots paired together: a game with no seat tokens, which
  :class:`BotDuels` plays to its end, each side at its bot's level, committing each turn
  like any other change (the version check lets one process store each turn).
* :func:`no_show_data`: the data after a seat did not make its first turn in time: the
  other seat wins, and ``ended["no_show"]`` names the absent seat.
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from typing import Any

from shoal.ai.players import get_player, play_turn
from shoal.core import Action, Game, Seat, State, other

from ..context import ServerContext
from ..errors import ApiError
from ..games.creation import game_data
from ..games.manager import GameEntry, GameManager
from ..games.models import GameData
from ..games.session import LiveGame
from ..games.start import Side, start_game

__all__ = ["BotDuels", "make_game", "no_show_data"]


def _bot_turn(game: Game, state: State, level: str, seed: int) -> list[Action]:
    return play_turn(get_player(level, game, seed=seed), state)


async def make_game(
    context: ServerContext,
    *,
    game: str,
    options: dict[str, Any],
    clock: str,
    rated: bool,
    first: Side,
    second: Side,
    levels: tuple[str | None, str | None],
) -> GameData:
    """The game of a pairing, ``first`` in the first seat; ``levels``: each seat's
    computer level when it is one of the server's bots."""
    if levels[0] is not None and levels[1] is not None:  # two of the server's bots
        data = game_data(
            game,
            options,
            mode="friend",
            players=[first.name, second.name],
            token_hashes=[None, None],
            accounts=[first.account, second.account],
            time_control=clock,
            rated=rated,
        )
        await context.manager.create(data)
        return data
    computer: str | None
    if levels[0] is not None:  # the computer's seat is start_game's ``other``
        colour, creator, opponent, computer = "second", second, first, levels[0]
    else:
        colour, creator, opponent, computer = "first", first, second, levels[1]
    data, _, _ = await start_game(
        context.manager,
        context.correspondence,
        game=game,
        options=options,
        colour=colour,
        time_control=clock,
        rated=rated,
        creator=creator,
        other=opponent,
        computer=computer,
    )
    return data


def no_show_data(live: LiveGame, seat: Seat) -> GameData:
    """The data after ``seat`` did not make its first turn in time: the other seat wins."""
    side = live.state.side_name(seat)
    ended = {
        "winner": other(seat),
        "reason": f"{side} did not make a first move in time (a no-show)",
        "no_show": seat,
    }
    data = dataclasses.replace(live.data, ended=ended)
    data.version = live.data.version + 1
    return data


class BotDuels:
    """Plays the games between two of the server's bots (this process's share of them)."""

    def __init__(self, manager: GameManager) -> None:
        self.manager = manager
        self._running: set[str] = set()

    def play(self, entry: GameEntry, levels: tuple[str, str]) -> None:
        """Play ``entry`` to its end in the background (once per game in this process)."""
        game_id = entry.live.data.id
        if game_id in self._running:
            return
        self._running.add(game_id)
        task = self.manager.spawn(self._play(entry, levels))
        task.add_done_callback(lambda _t: self._running.discard(game_id))

    async def _play(self, entry: GameEntry, levels: tuple[str, str]) -> None:
        while True:
            live = entry.live
            if live.over:
                return
            version = live.data.version
            seat = live.state.to_move
            assert seat is not None
            seed = (live.data.seed or 0) * 1_000_003 + len(live.data.actions)
            actions = await asyncio.to_thread(_bot_turn, live.game, live.state, levels[seat], seed)
            async with entry.lock:
                if entry.live.data.version != version or entry.live.over:
                    continue
                try:
                    if await self.manager.check_flag_locked(entry):
                        return
                    await self.manager.commit(entry, entry.live.with_actions(actions, time.time()))
                except ApiError:  # another process moved first: the game is reloaded
                    continue
