"""The games a server process holds: loading, committing, ending on time, live updates.

One :class:`GameManager` per app. It keeps the loaded games in memory (each with
an :class:`asyncio.Lock`, so changes to one game are serialised), commits every
change to the :class:`~shoal.server.games.store.Store` before it is acknowledged and
pushes new views to the game's WebSocket watchers. After every change it tells
its listeners (:class:`Listener`): the background work of :mod:`.background`
(the computer's turns, the flag timers) starts from there.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Callable, Coroutine, Sequence
from typing import Any, Protocol

from fastapi import WebSocket

from shoal.core import Seat, State
from shoal.i18n import SOURCE

from ..errors import ApiError
from ..periodic import Failures, every
from ..sockets import encode, send, send_all
from ..tasks import Tasks
from .entry import Ack, GameEntry, new_game_id, new_token, with_ack
from .models import Claim, GameData
from .patch import patch_of
from .session import LiveGame
from .store import StaleVersionError, Store
from .views import view_delta

__all__ = [
    "EVICT_EVERY",
    "FINISHED_IDLE",
    "NOTED_IDLE",
    "UNFINISHED_IDLE",
    "Ack",
    "GameEntry",
    "GameManager",
    "Listener",
    "new_game_id",
    "new_token",
]

FINISHED_IDLE = 60.0
"""Seconds a finished game that no socket watches stays in a process's memory after its
last use (:meth:`GameManager.evict`)."""

UNFINISHED_IDLE = 600.0
"""Seconds a game still on stays in memory after its last use when no socket watches it,
no clock runs and no part of the server needs it (:meth:`GameManager.keep`)."""

NOTED_IDLE = 30.0
"""Seconds after its last use in this process past which another process's change of a
game drops it from this process's memory rather than being applied to it, when nothing here
needs it (:meth:`GameManager.drop_unneeded`)."""

EVICT_EVERY = 30.0
"""Seconds between two looks for games to drop from memory (:meth:`GameManager.run_evictions`)."""

log = logging.getLogger("shoal.server.games.manager")


class Listener(Protocol):
    """Background work told of every change of a loaded game."""

    def after_change(self, entry: GameEntry) -> None:
        """React to a change (in the event loop; start tasks with :meth:`GameManager.spawn`)."""

    def close(self) -> None:
        """Stop timers at shutdown (the manager cancels the spawned tasks itself)."""


class GameManager:
    """Loaded games, their commits and watchers; background work listens to the changes."""

    def __init__(self, store: Store, tasks: Tasks | None = None) -> None:
        self.store = store
        self.tasks = tasks if tasks is not None else Tasks()
        """The app's background tasks (the computer's turns, timers)."""
        self._entries: dict[str, GameEntry] = {}
        self._listeners: list[Listener] = []
        self._commit_hooks: list[Callable[[str, int], None]] = []
        self._evict_hooks: list[Callable[[str], None]] = []
        self._needs: list[Callable[[GameEntry], bool]] = []
        self.announce: Callable[[str, int, dict[str, Any] | None], tuple[str, str]] | None = None
        """Set by the relay (:mod:`shoal.server.relay`): the notification ``(channel,
        payload)`` that tells the other processes of a change ``(game_id, version,
        patch)``; a save on PostgreSQL sends it in its own statement
        (:meth:`Store.save_in_loop <.store.Store.save_in_loop>`)."""

    def listen(self, listener: Listener) -> None:
        """Tell ``listener`` of every change from now on (in the order of registration)."""
        self._listeners.append(listener)

    def on_commit(self, hook: Callable[[str, int], None]) -> None:
        """Call ``hook(game_id, version)`` after each change this process stores."""
        self._commit_hooks.append(hook)

    def on_evict(self, hook: Callable[[str], None]) -> None:
        """Call ``hook(game_id)`` when a game leaves memory (:meth:`evict`): what a listener
        keeps of it can go too."""
        self._evict_hooks.append(hook)

    def keep(self, needs: Callable[[GameEntry], bool]) -> None:
        """Keep in memory every game still on for which ``needs(entry)`` is true (the
        computer's turn, a Bot API stream, a chat socket: parts that hear a game's changes
        through its entry), however long unused (:meth:`evict`)."""
        self._needs.append(needs)

    def forget(self, game_id: str) -> bool:
        """Drop the game ``game_id`` from memory (an operator deleted it; its sockets are
        closed by :mod:`shoal.server.admin`); True when it was loaded. A timer that still
        fires for it finds no row to write and stops."""
        return self._entries.pop(game_id, None) is not None

    def loaded(self, game_id: str) -> GameEntry | None:
        """The game ``game_id`` when this process has it loaded, else None."""
        return self._entries.get(game_id)

    def all_loaded(self) -> list[GameEntry]:
        """Every game this process has loaded (the metrics count them)."""
        return list(self._entries.values())

    # -- loading ----------------------------------------------------------------
    async def entry(self, game_id: str) -> GameEntry:
        """The loaded game ``game_id`` (404 when there is none)."""
        entry = self._entries.get(game_id)
        if entry is not None:
            entry.used = time.monotonic()
            return entry
        data = await asyncio.to_thread(self.store.load, game_id)
        if data is None:
            raise ApiError(404, "there is no game {game}", game=repr(game_id))
        entry = self._entries.get(game_id)  # another request may have loaded it meanwhile
        if entry is None:
            entry = GameEntry(LiveGame(data))
            self._entries[game_id] = entry
            self._after_change(entry)
        return entry

    async def create(self, data: GameData, claims: Sequence[Claim] = ()) -> GameEntry:
        """Store a new game (with ``claims`` in its transaction: :meth:`Store.insert
        <shoal.server.games.store.Store.insert>`) and load it."""
        await asyncio.to_thread(self.store.insert, data, claims)
        return self._created(data)

    async def create_many(
        self, games: Sequence[tuple[GameData, Sequence[Claim]]]
    ) -> list[GameEntry | None]:
        """Store new games in one transaction (:meth:`Store.insert_many
        <shoal.server.games.store.Store.insert_many>`) and load them; None for a game whose
        claim was lost (not stored)."""
        stored = await asyncio.to_thread(self.store.insert_many, games)
        return [self._created(data) if ok else None for (data, _), ok in zip(games, stored)]

    def _created(self, data: GameData) -> GameEntry:
        entry = GameEntry(LiveGame(data))
        self._entries[data.id] = entry
        self._after_change(entry)
        return entry

    async def catch_up(self, entry: GameEntry, version: int, fresh: GameData | None = None) -> None:
        """Catch up with a game that another server process changed, when a client saw a
        newer version (or the other process announced it). ``fresh``: the new version, made
        from the change's patch (:mod:`.patch`: no read); without it, or when it is not
        ``version``, the stored game is read.

        Call with ``entry.lock`` held, before checking the client's version.
        """
        if version <= entry.live.data.version:
            return
        if fresh is None or fresh.version != version:
            fresh = await asyncio.to_thread(self.store.load, entry.live.data.id)
        if fresh is not None and fresh.version > entry.live.data.version:
            self._caught_up(entry, fresh)
            await self.broadcast(entry)

    def _caught_up(self, entry: GameEntry, fresh: GameData) -> None:
        """Make ``fresh`` (stored by another process, or made from its patch) live: only the
        actions this process does not have are applied (:meth:`LiveGame.extend
        <.session.LiveGame.extend>`), never the whole game again (issues 56, 58)."""
        entry.live = LiveGame.extend(entry.live, fresh)
        self._after_change(entry, used=False)  # another process's use, not this one's

    async def seats(
        self, entry: GameEntry, token: str | None, account: int | None = None
    ) -> list[Seat]:
        """The seats ``token`` or ``account`` plays in the loaded game; when they play none
        here, the stored game is read again first if it is newer (issue 56: another process
        stored a claim whose notice has not reached this one, or was lost while its
        listener reconnected after a restart of the database; the invited friend was shown
        "You are watching" while the API said they held the seat)."""
        seats = entry.live.seats_of(token, account)
        if seats or (not token and account is None):
            return seats
        game_id = entry.live.data.id
        stored = (await asyncio.to_thread(self.store.versions, [game_id])).get(game_id)
        if stored is not None and stored > entry.live.data.version:
            async with entry.lock:
                await self.catch_up(entry, stored)
        return entry.live.seats_of(token, account)

    async def refresh(self) -> int:
        """Catch up every loaded game still on with what other processes stored (after the
        relay was cut off and may have missed their announcements); how many changed."""
        entries = {gid: e for gid, e in self._entries.items() if not e.live.over}
        if not entries:
            return 0
        stored = await asyncio.to_thread(self.store.versions, list(entries))
        changed = 0
        for game_id, version in stored.items():
            entry = entries[game_id]
            if version > entry.live.data.version:
                async with entry.lock:
                    entry.changed_elsewhere = version  # the storing process plays the computer
                    await self.catch_up(entry, version)
                changed += 1
        return changed

    # -- committing ----------------------------------------------------------------
    async def commit(
        self,
        entry: GameEntry,
        data: GameData,
        ack: Ack | None = None,
        states: Sequence[State] = (),
    ) -> None:
        """Store ``data`` over the current version, then make it live and tell the watchers
        (the mover's delta carrying ``ack``, when given and it watches deltas). ``states``: the
        states of the actions ``data`` adds, made when they were checked (none is applied
        again, :meth:`LiveGame.extend <.session.LiveGame.extend>`).

        Call with ``entry.lock`` held. A version conflict in the database (another
        server process moved first) reloads the game and answers 409.
        """
        old = entry.live.data.version
        patch = patch_of(entry.live.data, data)
        notice = None if self.announce is None else self.announce(data.id, data.version, patch)
        try:
            told = await self.store.save_in_loop(data, old, entry.live.data, notice)
        except StaleVersionError:
            fresh = await asyncio.to_thread(self.store.load, data.id)
            if fresh is not None and fresh.version > entry.live.data.version:
                self._caught_up(entry, fresh)
                await self.broadcast(entry)  # this process's watchers see the other's change
            raise ApiError(409, "the game changed meanwhile: reload and try again") from None
        thinking = entry.live.thinking
        entry.patch = (data.version, patch)  # for the relay
        if told:
            entry.told = data.version
        entry.live = LiveGame.extend(entry.live, data, states)
        entry.live.thinking = thinking
        self._after_change(entry)
        await self.broadcast(entry, ack)
        for hook in self._commit_hooks:
            hook(data.id, data.version)

    def _after_change(self, entry: GameEntry, *, used: bool = True) -> None:
        if used:
            entry.used = time.monotonic()
        for listener in self._listeners:
            listener.after_change(entry)

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run ``coro`` as one of the app's background tasks (cancelled at its close)."""
        return self.tasks.spawn(coro)

    async def check_flag(self, entry: GameEntry) -> bool:
        """End the game when the running clock has fallen; True when it did.

        Every process that has the game loaded has a timer; the database's version
        check lets exactly one of them store the flag (the others reload the game).
        """
        async with entry.lock:
            try:
                return await self.check_flag_locked(entry)
            except ApiError:  # another process stored the flag (or a move) first
                return False

    async def check_flag_locked(self, entry: GameEntry) -> bool:
        """:meth:`check_flag` with ``entry.lock`` held."""
        now = time.time()
        seat = entry.live.flag_fallen(now)
        if seat is None:
            return False
        await self.commit(entry, entry.live.with_flag(seat, now))
        return True

    # -- watchers -------------------------------------------------------------------
    async def watch(
        self,
        entry: GameEntry,
        socket: WebSocket,
        *,
        deltas: bool = False,
        language: str = SOURCE,
    ) -> None:
        """Add a WebSocket watcher and send it the whole current view (``{"type": "view"}``);
        after each change it gets the new view, or with ``deltas`` what changed
        (:func:`~.views.view_delta`). ``language``: the watcher's (the game's words in it)."""
        async with entry.sending:
            view = entry.live.view(language=language)
            if language != SOURCE:
                entry.languages[socket] = language
            if deltas:
                if not any(entry.languages.get(s, SOURCE) == language for s in entry.deltas):
                    entry.sent[language] = view
                entry.deltas.add(socket)
            entry.watchers.add(socket)
            if not await send(socket, {"type": "view", "view": view}):
                self.unwatch(entry, socket)

    def unwatch(self, entry: GameEntry, socket: WebSocket) -> None:
        """Forget a watcher."""
        entry.watchers.discard(socket)
        entry.deltas.discard(socket)
        language = entry.languages.pop(socket, SOURCE)
        if not any(entry.languages.get(s, SOURCE) == language for s in entry.deltas):
            entry.sent.pop(language, None)

    async def broadcast(self, entry: GameEntry, ack: Ack | None = None) -> None:
        """Send every watcher (spectators included; no tokens in it) the current view, or to
        those that asked for deltas, what changed since the view they have; each message is
        encoded once for all its sockets of one language. With ``ack``, its socket's delta
        carries it."""
        if not entry.watchers:
            return
        async with entry.sending:
            dropped: list[WebSocket] = []
            languages = entry.languages
            groups: dict[str, set[WebSocket]] = {SOURCE: entry.watchers}
            if languages:  # readers of other languages: one group each (English: the rest)
                groups = {}
                for socket in entry.watchers:
                    groups.setdefault(languages.get(socket, SOURCE), set()).add(socket)
            for language, watchers in groups.items():
                dropped += await self._send_view(entry, language, watchers, ack)
            for socket in dropped:
                self.unwatch(entry, socket)  # a closed socket: forget it

    async def _send_view(
        self, entry: GameEntry, language: str, watchers: set[WebSocket], ack: Ack | None
    ) -> list[WebSocket]:
        """Send ``watchers`` (all of one ``language``) the current view or their delta; the
        sockets that are closed."""
        view = entry.live.view(language=language)
        dropped: list[WebSocket] = []
        deltas = entry.deltas & watchers if entry.languages else entry.deltas
        if deltas:
            old = entry.sent.get(language)
            entry.sent[language] = view
            if old is not None:
                text = encode(view_delta(old, view))
                entry.last_delta[language] = (old["version"], view["version"], text)
            else:
                text = encode({"type": "view", "view": view})
            if ack is not None and old is not None and ack.socket in deltas:
                dropped += await send_all(deltas - {ack.socket}, text)
                ack.sent = await send(ack.socket, with_ack(text, ack.id))
                if not ack.sent:
                    dropped.append(ack.socket)
            else:
                dropped += await send_all(deltas, text)
        if len(deltas) < len(watchers):
            dropped += await send_all(watchers - deltas, {"type": "view", "view": view})
        return dropped

    def delta_since(self, entry: GameEntry, old: LiveGame, language: str = SOURCE) -> str:
        """The encoded delta (:func:`~.views.view_delta`) from ``old``'s view to the game's
        current one, in ``language``: the text the delta watchers of that language were sent
        when it was made from the same version (encoded once for all), else made now. The
        answer of a change with ``?answer=delta``."""
        last, version = entry.last_delta.get(language), entry.live.data.version
        if last is not None and last[0] == old.data.version and last[1] == version:
            return last[2]
        return encode(view_delta(old.view(language=language), entry.live.view(language=language)))

    # -- memory ---------------------------------------------------------------------
    def evict(self, now: float | None = None) -> int:
        """Drop from memory the games this process does not need; how many went. A later
        request loads one again from the database, as it was.

        None with a socket watching it or a change under way. A finished game goes after
        :data:`FINISHED_IDLE` seconds unused; one still on after :data:`UNFINISHED_IDLE`,
        unless its clock runs (its timer must fire here), the computer is thinking, or a
        part of the server needs it (:meth:`keep`).

        Issue 56: a process kept every game it ever loaded, 70 to 500 KB each (the states
        of its actions, its views), so a busy site's workers grew without end.
        """
        now = time.monotonic() if now is None else now
        idle = [game_id for game_id, entry in self._entries.items() if self._unneeded(entry, now)]
        for game_id in idle:
            self._drop(game_id)
        return len(idle)

    def drop_unneeded(self, entry: GameEntry, now: float | None = None) -> bool:
        """Drop ``entry`` from memory, as :meth:`evict` would, when this process has not used
        it for :data:`NOTED_IDLE` seconds and nothing here needs it (no watcher, no change
        under way, no running clock, nothing :meth:`keep` names, not a game against the
        computer: its reply is watched for here); True when it went. The relay
        asks this when another process changed the game: applying the change to a game
        nobody here follows is work for nothing (issue 56: each move was applied again, its
        states made, in every process that had ever loaded the game, the one that made it
        and the one that took the invite's seat among them)."""
        now = time.monotonic() if now is None else now
        if now - entry.used < NOTED_IDLE or not self._unneeded(entry, math.inf):
            return False
        if entry.live.data.mode == "computer":
            # kept: this process watches for the computer's reply the changing process runs,
            # and plays it should that process die in mid-search (background.Computer)
            return False
        if self._entries.get(entry.live.data.id) is not entry:
            return False
        self._drop(entry.live.data.id)
        return True

    def _drop(self, game_id: str) -> None:
        del self._entries[game_id]
        for hook in self._evict_hooks:
            hook(game_id)

    def _unneeded(self, entry: GameEntry, now: float) -> bool:
        if entry.watchers or entry.lock.locked() or entry.sending.locked():
            return False
        live = entry.live
        if live.over:
            return now - entry.used >= FINISHED_IDLE
        return (
            now - entry.used >= UNFINISHED_IDLE
            and not live.thinking
            and live.seconds_to_flag() is None
            and not any(needs(entry) for needs in self._needs)
        )

    async def run_evictions(self) -> None:
        """:meth:`evict` every :data:`EVICT_EVERY` seconds until cancelled (the app's lifetime);
        a failure is logged and the next look comes on time."""

        async def look() -> None:
            self.evict()

        failures = Failures("dropping unused games from memory", log, f"every {EVICT_EVERY:g} s")
        await every(EVICT_EVERY, look, failures)

    async def close(self) -> None:
        """Stop the listeners' timers and the background tasks (at shutdown)."""
        for listener in self._listeners:
            listener.close()
        await self.tasks.close()
