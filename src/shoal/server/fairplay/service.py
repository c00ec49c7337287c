"""Fair play's one door (issue 61): :class:`FairPlay`.

**After each rated game** (a listener of the games' manager): the process that sees the
game end claims its check in the database (one process checks a game), then, behind the
server's search queue (``--max-searches``: the computer's turns and hints come first only
by arriving first) and in a worker thread, reviews it at the fair-play budget
(:func:`shoal.analysis.fairplay.game_agreement`) and stores each account's figures; then
each checked player's last rated games are tested (:func:`shoal.analysis.fairplay.test`)
and an improbable agreement becomes a report for the moderators (signal ``agreement``).
Seats held by bots are exempt, as are games that did not count (a guest, an abort).

**The browser's signal** (:meth:`FairPlay.tab`): during their own rated or event game, a
player's browser saw the game's position on the analysis board, in a hint or in the offline
engine of another tab (BroadcastChannel ``shoal-fairplay``, :file:`web/fairplay.js`): one
report per game (signal ``tab``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Collection
from typing import Annotated, Any

from shoal.analysis.fairplay import (
    REFERENCE_GAMES,
    WINDOW,
    Agreement,
    Verdict,
    game_agreement,
    test,
)
from shoal.core.native import engine_for
from shoal.records import Record

from ..errors import ApiError
from ..games.manager import GameEntry
from ..games.session import LiveGame
from ..provide import provided
from .store import FairplayStore, Seat

__all__ = ["TOOLS", "FairPlay", "FairPlayDep", "build"]

log = logging.getLogger("shoal.server.fairplay")

TOOLS = ("analysis", "hint", "offline", "engine")
"""What the browser saw analysing the position: the analysis board, a hint, the offline
page's engine, or a page's engine in another tab."""


class FairPlay:
    """The fair-play checks of one app (see the module)."""

    def __init__(
        self,
        store: FairplayStore,
        *,
        spawn: Callable[[Any], Any],
        searches: Callable[[], asyncio.Semaphore],
        changes: Callable[[LiveGame], list[dict[str, Any]] | None],
        is_bot: Callable[[int], bool],
        engine_users: Callable[[], Collection[int]],
        report: Callable[..., Any],
        in_event: Callable[[str], bool],
        agreement: Callable[[Record], tuple[Agreement, Agreement]] = game_agreement,
    ) -> None:
        self.store = store
        self._spawn = spawn
        self._searches = searches
        self._changes = changes
        self._is_bot = is_bot
        self._engine_users = engine_users
        self._report = report
        self._in_event = in_event
        self._agreement = agreement
        self._seen: set[str] = set()
        self._tasks: set[asyncio.Task[Any]] = set()

    # -- a listener of the manager ---------------------------------------------------------
    def after_change(self, entry: GameEntry) -> None:
        """Check a rated game once it is over (once per process; the claim decides which)."""
        live = entry.live
        if not live.over or not live.data.rated or live.data.id in self._seen:
            return
        self._seen.add(live.data.id)
        task = self._spawn(self.check(live))
        if isinstance(task, asyncio.Task):
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def forget(self, game_id: str) -> None:
        """``game_id`` left this process's memory: if it is loaded again, its check's claim
        finds it taken (as in any other process)."""
        self._seen.discard(game_id)

    def close(self) -> None:
        """Nothing to stop: the manager cancels what it spawned."""

    async def settled(self) -> None:
        """Wait for the checks under way in this process (tests and the measurement)."""
        while self._tasks:
            with contextlib.suppress(Exception):
                await asyncio.gather(*list(self._tasks))

    async def check(self, live: LiveGame) -> list[tuple[int, Verdict]]:
        """Check the finished rated game ``live``: each checked account and its verdict
        (none when the game did not count, or another process checks it)."""
        data = live.data
        seats = await asyncio.to_thread(self._seats, live)
        if not seats:
            return []
        speed = "live" if data.clock is not None else "correspondence"
        if not await asyncio.to_thread(self.store.claim, data.id, data.game, speed, seats):
            return []
        try:
            async with self._searches():
                both = await asyncio.to_thread(self._agreement, live.record())
            mine = [both[s.seat] for s in seats]
            await asyncio.to_thread(self.store.finish, data.id, mine)
        except Exception:  # a broken check is logged and marked, never retried in a loop
            log.exception("game %s: the fair-play check failed", data.id)
            await asyncio.to_thread(self.store.fail, data.id)
            return []
        out = []
        for seat in seats:
            verdict = await asyncio.to_thread(self.judge, seat.user_id, data.game, speed, data.id)
            out.append((seat.user_id, verdict))
        return out

    def _seats(self, live: LiveGame) -> list[Seat]:
        """The seats of ``live`` to check: held by a person's account, in a game that counted
        (the ratings' changes say who had which rating before it)."""
        changes = self._changes(live)
        if not isinstance(changes, list):
            return []  # unrated after all: a guest, an abort, an engine user
        return [
            Seat(seat, int(change["user_id"]), float(change["before"]))
            for seat, change in enumerate(changes)
            if not self._is_bot(int(change["user_id"]))
        ]

    def verdict(self, user_id: int, game: str, speed: str) -> Verdict:
        """The test of the account's last rated games of ``game`` at ``speed`` (no report)."""
        window = self.store.window(user_id, game, speed, WINDOW * 3)  # some may be short
        exclude = {user_id, *self._engine_users()}
        reference = self.store.reference(
            game, speed, [g.rating for g in window], exclude=exclude, per_rating=REFERENCE_GAMES
        )
        return test(window, reference)

    def judge(self, user_id: int, game: str, speed: str, game_id: str) -> Verdict:
        """Test the account's last rated games; report it when the test says so."""
        verdict = self.verdict(user_id, game, speed)
        if verdict.flagged:
            self._report(
                user_id,
                signal="agreement",
                text=(
                    f"agreed with the engine in {verdict.rate:.0%} of the judged turns of the "
                    f"last {verdict.games} rated {game} games ({speed}); players of that rating "
                    f"agree in {verdict.reference:.0%} (z = {verdict.z:.1f})"
                ),
                game_id=game_id,
                details={"game": game, "speed": speed, **verdict.as_json()},
            )
        return verdict

    # -- the browser's signal --------------------------------------------------------------
    def counts(self, live: LiveGame) -> bool:
        """Whether ``live`` is a game the browser watches: rated or of an event, and on."""
        return not live.over and (bool(live.data.rated) or self._in_event(live.data.id))

    def tab(self, live: LiveGame, seats: list[int], tool: str, position: str) -> bool:
        """The player of ``seats`` had ``live``'s position analysed by ``tool`` in another tab:
        True when a report was made (one per game and player)."""
        if tool not in TOOLS:
            raise ApiError(
                400,
                "the tool is one of {choices}, not {tool}",
                choices=", ".join(TOOLS),
                tool=repr(tool),
            )
        if len(seats) != 1:
            raise ApiError(403, "the signal is for one of the game's two players")
        if not self.counts(live):
            return False
        ply = _ply_of(live, position)
        if ply is None:
            raise ApiError(400, "this position is not one of the game's")
        account = (live.data.accounts or [None, None])[seats[0]]
        if account is None or self._is_bot(account):
            return False  # a guest's seat, or a bot: nothing to report
        report = self._report(
            account,
            signal="tab",
            text=f"the game's position after {ply} actions was analysed ({tool}) in another "
            "tab of the player's browser during the game",
            game_id=live.data.id,
            details={"tool": tool, "ply": ply, "seat": seats[0]},
        )
        return report is not None


def _ply_of(live: LiveGame, position: str) -> int | None:
    """The ply whose position ``position`` is (a position string, or the browser engine's
    packed state in hex), the latest first; None when none is."""
    engine = engine_for(live.game)
    for ply in range(len(live.states) - 1, -1, -1):
        state = live.states[ply]
        if state.position() == position:
            return ply
        if engine is not None:
            packed = engine.pack(state)
            if packed is not None and packed.hex() == position:
                return ply
    return None


def build(store: FairplayStore, **ports: Any) -> FairPlay:
    """The fair-play checks of an app (the ports: see :class:`FairPlay`)."""
    return FairPlay(store, **ports)


FairPlayDep = Annotated[FairPlay, provided(FairPlay)]
"""A route parameter of this type receives the app's :class:`FairPlay`."""
