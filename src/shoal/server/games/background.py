"""Background work of a server: the computer's turns (and hints) and the game clocks.

Both are :class:`~shoal.server.games.manager.Listener` s of the :class:`GameManager`:
after every change of a loaded game, :class:`Computer` starts the computer's
turn when it is to move, in every game it plays (a game against the computer, and a
tournament's game between two of the server's bots, :meth:`Computer.duel`): one loop, its
searches in worker threads, at most ``max_searches`` at once (the others queue, hints
included), each turn committed through :func:`~.moves.commit_actions` like any move; and
:class:`Clocks`
sets a timer that ends the game when the running clock falls. A flag that cannot be
stored because the database is away is tried again every :data:`FLAG_RETRY` seconds
until it is stored (or another process stored it, or a move came first): a time-out
is never lost to an outage, and the version check stores it once.
"""

from __future__ import annotations

import asyncio
import logging

import shoal.ai
from shoal.ai.levels import level_by_name
from shoal.ai.players import get_player, turn_states
from shoal.core import Action, Game, InvalidOptionError, Seat, State
from shoal.core.words import ENGLISH, Translator

from ..db_down import DATABASE_ERRORS
from ..errors import ApiError
from ..ops.metrics import SEARCHES_BUSY, labelled
from ..periodic import Failures
from .manager import GameEntry, GameManager
from .moves import commit_actions
from .session import LiveGame

__all__ = [
    "FLAG_RETRY",
    "HINT_LEVEL",
    "TAKE_OVER_AFTER",
    "TAKE_OVER_CAPS",
    "Clocks",
    "Computer",
    "compute_hint",
]

TAKE_OVER_AFTER = 20.0
"""Seconds (plus :data:`TAKE_OVER_CAPS` times the level's turn cap) after which a process
takes over the computer's reply that another process should have stored (it died in
mid-search). A reply queued that long behind other searches in a live process is
searched twice, and the version check keeps one."""

TAKE_OVER_CAPS = 3.0

FLAG_RETRY = 1.0
"""Seconds between two tries to store a fallen flag while the database is away."""

log = logging.getLogger("shoal.server.games.background")

HINT_LEVEL = "club"
"""The level whose choice a hint shows (under a second of search)."""


def _computer_turn(game: Game, state: State, level: str, seed: int) -> list[tuple[Action, State]]:
    """The computer's whole turn at ``level``: its actions, each with the state it leads to."""
    return turn_states(get_player(level, game, seed=seed), state)


def compute_hint(
    game: Game, state: State, seed: int, tr: Translator = ENGLISH
) -> tuple[Action, str]:
    """The best action for the seat to move and a reason in words (``shoal.ai.hint``), in
    ``tr``'s language."""
    result = shoal.ai.hint(game, state, level=HINT_LEVEL, seed=seed, tr=tr)
    return result.action, result.reason or game.explain(state, result.action, tr=tr)


class Computer:
    """The computer's turns in every game it plays, and the hints: in worker threads behind
    one queue."""

    def __init__(self, manager: GameManager, max_searches: int = 2) -> None:
        self.manager = manager
        self.max_searches = max_searches
        self._searches: asyncio.Semaphore | None = None
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._standby: dict[str, asyncio.Task[None]] = {}
        """The games whose computer's reply another process runs, watched till it comes."""
        self._duels: dict[str, tuple[str, str]] = {}
        """The games of two of the server's bots this process plays: each seat's level."""

    @property
    def searches(self) -> asyncio.Semaphore:
        """The queue for computer searches (created inside the running loop)."""
        if self._searches is None:
            self._searches = asyncio.Semaphore(self.max_searches)
        return self._searches

    def level_to_move(self, live: LiveGame) -> str | None:
        """The level at which the computer plays the seat to move of ``live``, or None when
        the computer is not to move (a person is, or the game is over)."""
        if live.computer_to_move():
            return live.data.level or "random"
        levels = self._duels.get(live.data.id)
        seat: Seat | None = live.state.to_move
        if levels is None or seat is None or live.over:
            return None
        return levels[seat]

    def needs(self, entry: GameEntry) -> bool:
        """Whether the computer is to move in the game, or still playing it (here, or on
        stand-by for another process): keep it loaded."""
        task = self._tasks.get(entry.live.data.id)
        return self.level_to_move(entry.live) is not None or (task is not None and not task.done())

    def duel(self, entry: GameEntry, levels: tuple[str, str]) -> None:
        """Play both seats of ``entry`` (a tournament's pairing of two of the server's bots),
        each at its level, to the end."""
        self._duels[entry.live.data.id] = levels
        self.after_change(entry)

    def after_change(self, entry: GameEntry) -> None:
        """Start the computer when it is to move (once per game).

        Not for a version another process made and announced: that process runs
        the reply (and the database's version check settles any overlap).
        """
        game_id = entry.live.data.id
        if entry.live.over:
            self._duels.pop(game_id, None)
        if entry.changed_elsewhere == entry.live.data.version:
            self._stand_by(entry)
            return
        task = self._tasks.get(game_id)
        if self.level_to_move(entry.live) is not None and (task is None or task.done()):
            task = self.manager.spawn(self._play(entry))
            self._tasks[game_id] = task
            task.add_done_callback(lambda done: self._forget(game_id, done))

    def _stand_by(self, entry: GameEntry) -> None:
        """Another process stored this version and runs the computer's reply: should that
        process die before the reply is stored (a worker killed in mid-search), this one
        takes the turn over once the reply is overdue (the database's version check keeps
        one reply, were the other process only slow)."""
        live = entry.live
        level = self.level_to_move(live)
        game_id = live.data.id
        if level is None or game_id in self._standby:
            return
        try:
            cap = level_by_name(level).turn_cap(live.game)
        except InvalidOptionError:  # "random", or a bot's own spec
            cap = 0.0
        overdue = TAKE_OVER_AFTER + TAKE_OVER_CAPS * cap
        standby = self.manager.spawn(self._take_over(entry, live.data.version, overdue))
        self._standby[game_id] = standby
        standby.add_done_callback(lambda _: self._standby.pop(game_id, None))

    async def _take_over(self, entry: GameEntry, version: int, overdue: float) -> None:
        await asyncio.sleep(overdue)
        if entry.live.data.version != version or entry.live.over:
            return  # the reply (or another change) came
        game_id = entry.live.data.id
        stored = (await asyncio.to_thread(self.manager.store.versions, [game_id])).get(game_id)
        if stored is None:
            return  # deleted
        if stored > version:  # stored, but its notice was missed: read it
            async with entry.lock:
                entry.changed_elsewhere = stored
                await self.manager.catch_up(entry, stored)
            return
        log.warning(
            "game %s: the computer's reply to version %d is %.0f s overdue in the process"
            " that stored it; this one plays it",
            game_id,
            version,
            overdue,
        )
        entry.changed_elsewhere = 0
        self.after_change(entry)

    def _forget(self, game_id: str, task: asyncio.Task[None]) -> None:
        if self._tasks.get(game_id) is task:
            del self._tasks[game_id]
        if not task.cancelled() and task.exception() is not None:  # said, not lost: the
            # tournaments' tick starts the turn again (Tournaments._no_shows)
            log.error("game %s: the computer's turn failed", game_id, exc_info=task.exception())

    def close(self) -> None:
        """Nothing to stop: the manager cancels the turns it spawned."""

    async def _play(self, entry: GameEntry) -> None:
        manager = self.manager
        while True:
            live = entry.live
            level = self.level_to_move(live)
            if level is None:
                return
            version = live.data.version
            seed = (live.data.seed or 0) * 1_000_003 + len(live.data.actions)
            live.thinking = True
            await manager.broadcast(entry)
            try:
                async with self.searches:
                    if entry.live.data.version != version:
                        continue
                    with labelled(SEARCHES_BUSY, "computer").track_inprogress():  # ops' gauge
                        turn = await asyncio.to_thread(
                            _computer_turn, live.game, live.state, level, seed
                        )
            finally:
                entry.live.thinking = False
            async with entry.lock:
                if entry.live.data.version != version or entry.live.over:
                    await manager.broadcast(entry)  # an undo or resignation came first
                    continue
                try:
                    if await manager.check_flag_locked(entry):
                        return
                    actions, states = [a for a, _ in turn], [s for _, s in turn]
                    await commit_actions(manager, entry, actions, states)
                except ApiError:  # another process changed the game first: it is reloaded
                    continue

    async def hint(
        self, game: Game, state: State, seed: int, tr: Translator = ENGLISH
    ) -> tuple[Action, str]:
        """A hint computed in a worker thread, queued with the computer's searches (its
        reason in ``tr``'s language)."""
        async with self.searches:
            with labelled(SEARCHES_BUSY, "computer").track_inprogress():
                return await asyncio.to_thread(compute_hint, game, state, seed, tr)


class Clocks:
    """A timer per game whose clock runs: it ends the game when the clock falls."""

    def __init__(self, manager: GameManager) -> None:
        self.manager = manager
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._failures = Failures(
            "storing a fallen flag", log, f"every {FLAG_RETRY:g} s per game"
        )  # an outage: two lines for all the games, not one a game a second

    def after_change(self, entry: GameEntry) -> None:
        """Set (or clear) the game's flag timer for its running clock."""
        game_id = entry.live.data.id
        timer = self._timers.pop(game_id, None)
        if timer is not None:
            timer.cancel()
        seconds = entry.live.seconds_to_flag()
        if seconds is not None:
            self._arm(entry, max(0.0, seconds) + 0.05)

    def _arm(self, entry: GameEntry, seconds: float) -> None:
        loop = asyncio.get_running_loop()
        self._timers[entry.live.data.id] = loop.call_later(
            seconds, lambda: self.manager.spawn(self._flag(entry))
        )

    async def _flag(self, entry: GameEntry) -> None:
        try:
            await self.manager.check_flag(entry)
        except DATABASE_ERRORS as error:  # the database is away: the flag waits for it
            self._failures.failed(error)
            if entry.live.seconds_to_flag() is not None:
                self._arm(entry, FLAG_RETRY)
        else:
            self._failures.worked()

    def close(self) -> None:
        """Cancel every timer."""
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
