"""The games a server process holds: loading, committing, live updates, computer moves, clocks.

One :class:`GameManager` per app. It keeps the loaded games in memory (each with
an :class:`asyncio.Lock`, so changes to one game are serialised), commits every
change to the :class:`~shoal.server.storage.Store` before it is acknowledged,
pushes new views to the game's WebSocket watchers, runs the computer's turns in
worker threads (at most ``max_searches`` at once; the others queue) and ends
games whose clock has fallen.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import time
from typing import Any

from fastapi import WebSocket

import shoal.ai
from shoal.ai.players import get_player, play_turn
from shoal.core import Action, Game, ShoalError, State

from .session import ApiError, LiveGame
from .storage import GameData, StaleVersionError, Store

__all__ = ["HINT_LEVEL", "GameEntry", "GameManager", "compute_hint", "new_game_id", "new_token"]

HINT_LEVEL = "club"
"""The level whose choice a hint shows (under a second of search)."""


def new_game_id() -> str:
    """A short random game id, safe in URLs."""
    return secrets.token_urlsafe(8).replace("-", "x").replace("_", "y")


def new_token() -> str:
    """A seat token: a random secret; the server stores only its hash."""
    return secrets.token_urlsafe(24)


def _computer_turn(game: Game, state: State, level: str, seed: int) -> list[Action]:
    player = get_player(level, game, seed=seed)
    return play_turn(player, state)


def compute_hint(game: Game, state: State, seed: int) -> tuple[Action, str]:
    """The best action for the seat to move and a reason in words (``shoal.ai.hint``)."""
    result = shoal.ai.hint(game, state, level=HINT_LEVEL, seed=seed)
    return result.action, result.reason or game.explain(state, result.action)


class GameEntry:
    """A loaded game: its live state, the lock its writers take, its watchers and timers."""

    __slots__ = ("flag_timer", "live", "lock", "task", "watchers")

    def __init__(self, live: LiveGame) -> None:
        self.live = live
        self.lock = asyncio.Lock()
        self.watchers: set[WebSocket] = set()
        self.task: asyncio.Task[None] | None = None
        self.flag_timer: asyncio.TimerHandle | None = None


class GameManager:
    """Loaded games, their watchers, computer turns and clocks."""

    def __init__(self, store: Store, max_searches: int = 2) -> None:
        self.store = store
        self.max_searches = max_searches
        self._searches: asyncio.Semaphore | None = None
        self._entries: dict[str, GameEntry] = {}
        self._tasks: set[asyncio.Task[Any]] = set()

    @property
    def searches(self) -> asyncio.Semaphore:
        """The queue for computer searches (created inside the running loop)."""
        if self._searches is None:
            self._searches = asyncio.Semaphore(self.max_searches)
        return self._searches

    # -- loading ----------------------------------------------------------------
    async def entry(self, game_id: str) -> GameEntry:
        """The loaded game ``game_id`` (404 when there is none)."""
        entry = self._entries.get(game_id)
        if entry is not None:
            return entry
        data = await asyncio.to_thread(self.store.load, game_id)
        if data is None:
            raise ApiError(404, f"there is no game {game_id!r}")
        entry = self._entries.get(game_id)  # another request may have loaded it meanwhile
        if entry is None:
            entry = GameEntry(LiveGame(data))
            self._entries[game_id] = entry
            self._after_change(entry)
        return entry

    async def create(self, data: GameData) -> GameEntry:
        """Store a new game and load it."""
        await asyncio.to_thread(self.store.insert, data)
        entry = GameEntry(LiveGame(data))
        self._entries[data.id] = entry
        self._after_change(entry)
        return entry

    async def catch_up(self, entry: GameEntry, version: int) -> None:
        """Reload a game that another server process changed, when a client saw a newer version.

        Call with ``entry.lock`` held, before checking the client's version.
        """
        if version <= entry.live.data.version:
            return
        fresh = await asyncio.to_thread(self.store.load, entry.live.data.id)
        if fresh is not None and fresh.version > entry.live.data.version:
            entry.live = LiveGame(fresh)
            self._after_change(entry)
            await self.broadcast(entry)

    # -- committing ----------------------------------------------------------------
    async def commit(self, entry: GameEntry, data: GameData) -> None:
        """Store ``data`` over the current version, then make it live and tell the watchers.

        Call with ``entry.lock`` held. A version conflict in the database (another
        server process moved first) reloads the game and answers 409.
        """
        old = entry.live.data.version
        try:
            await asyncio.to_thread(self.store.save, data, old)
        except StaleVersionError:
            fresh = await asyncio.to_thread(self.store.load, data.id)
            if fresh is not None:
                entry.live = LiveGame(fresh)
            raise ApiError(409, "the game changed meanwhile: reload and try again") from None
        thinking = entry.live.thinking
        entry.live = LiveGame.extend(entry.live, data)
        entry.live.thinking = thinking
        self._after_change(entry)
        await self.broadcast(entry)

    def _after_change(self, entry: GameEntry) -> None:
        """Start the computer when it is to move; set the flag timer."""
        live = entry.live
        if live.computer_to_move() and (entry.task is None or entry.task.done()):
            entry.task = self._spawn(self._computer(entry))
        if entry.flag_timer is not None:
            entry.flag_timer.cancel()
            entry.flag_timer = None
        seconds = live.seconds_to_flag()
        if seconds is not None:
            loop = asyncio.get_running_loop()
            entry.flag_timer = loop.call_later(
                max(0.0, seconds) + 0.05, lambda: self._spawn(self.check_flag(entry))
            )

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def check_flag(self, entry: GameEntry) -> bool:
        """End the game when the running clock has fallen; True when it did."""
        async with entry.lock:
            return await self.check_flag_locked(entry)

    async def check_flag_locked(self, entry: GameEntry) -> bool:
        """:meth:`check_flag` with ``entry.lock`` held."""
        now = time.time()
        seat = entry.live.flag_fallen(now)
        if seat is None:
            return False
        await self.commit(entry, entry.live.with_flag(seat, now))
        return True

    # -- the computer -----------------------------------------------------------------
    async def _computer(self, entry: GameEntry) -> None:
        while True:
            live = entry.live
            if not live.computer_to_move():
                return
            version = live.data.version
            level = live.data.level or "random"
            seed = (live.data.seed or 0) * 1_000_003 + len(live.data.actions)
            live.thinking = True
            await self.broadcast(entry)
            try:
                async with self.searches:
                    if entry.live.data.version != version:
                        continue
                    actions = await asyncio.to_thread(
                        _computer_turn, live.game, live.state, level, seed
                    )
            finally:
                entry.live.thinking = False
            async with entry.lock:
                if entry.live.data.version != version or entry.live.over:
                    await self.broadcast(entry)  # an undo or resignation came first
                    continue
                if await self.check_flag_locked(entry):
                    return
                await self.commit(entry, entry.live.with_actions(actions, time.time()))

    async def hint(self, game: Game, state: State, seed: int) -> tuple[Action, str]:
        """A hint computed in a worker thread, queued with the computer's searches."""
        async with self.searches:
            return await asyncio.to_thread(compute_hint, game, state, seed)

    # -- watchers -------------------------------------------------------------------
    async def watch(self, entry: GameEntry, socket: WebSocket) -> None:
        """Add a WebSocket watcher and send it the current view."""
        entry.watchers.add(socket)
        await socket.send_json({"type": "view", "view": entry.live.view()})

    def unwatch(self, entry: GameEntry, socket: WebSocket) -> None:
        """Forget a watcher."""
        entry.watchers.discard(socket)

    async def broadcast(self, entry: GameEntry) -> None:
        """Send the current view to every watcher (spectators included; no tokens in it)."""
        if not entry.watchers:
            return
        message = {"type": "view", "view": entry.live.view()}
        text = json.dumps(message, separators=(",", ":"), ensure_ascii=False)  # once for all
        for socket in list(entry.watchers):
            try:
                await socket.send_text(text)
            except Exception:  # a closed socket: forget it
                entry.watchers.discard(socket)

    async def close(self) -> None:
        """Stop the computer tasks and timers (at shutdown)."""
        for entry in self._entries.values():
            if entry.flag_timer is not None:
                entry.flag_timer.cancel()
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(BaseException):
                await task


def check_error(error: ShoalError) -> ApiError:
    """The API error for a rules error (imported here so callers need no core names)."""
    from shoal.core import IllegalActionError, UnknownGameError

    if isinstance(error, UnknownGameError):
        return ApiError(404, str(error))
    if isinstance(error, IllegalActionError):
        return ApiError(422, str(error))
    return ApiError(400, str(error))
