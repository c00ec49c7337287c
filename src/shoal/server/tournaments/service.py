"""The tournaments' service: the one place where events are made, entered, paired and
scored (the routes and the background call it; nothing else writes their tables).

* :meth:`Tournaments.create` checks an event (game and options, format, rounds, clock,
  start, size) and stores it; :meth:`join`, :meth:`withdraw` and :meth:`invite` (the
  creator enters one of the server's ``shoal-LEVEL`` bots) change its entrants.
* An event starts at its time (the ticker) or when it is full (``starts: "when_full"``).
  With fewer than two players at its start it finishes with no rounds.
* Pairing: round robin by Berger tables (live: one round at a time; correspondence: every
  round at once), Swiss by the matching pairer, one round when the previous one is over;
  an arena pairs its free players at once, and on every tick until its end. Every round
  is claimed in the database (:meth:`TournamentStore.claim_rounds`), so with several
  server processes each round is paired exactly once; the claiming process makes its
  games. A pairing with a withdrawn player is a forfeit (the other wins, no game).
* Results: a manager listener sees each tournament game end and stores its result once.
  A no-show (no first move in time: ``first_move_seconds`` in a live game, from the
  stored start of the wait, :func:`.games.overdue_data`; the deadline by correspondence,
  where the game is aborted) loses that game as a forfeit; at
  :data:`NO_SHOWS_WITHDRAW` no-shows the player is withdrawn.
"""

from __future__ import annotations

import asyncio
import datetime
import functools
import logging
import time
from collections.abc import Callable
from typing import Annotated, Any

from sqlalchemy.engine import Engine

from shoal.i18n import N_
from shoal.pairing.arena import Waiting, pair_arena
from shoal.pairing.records import Game, Round, result_for
from shoal.pairing.roundrobin import round_robin
from shoal.pairing.standings import standings
from shoal.pairing.swiss import SwissHistory, pair_swiss_round

from ..accounts.models import User
from ..bots.service import Bots
from ..errors import ApiError
from ..events import Events
from ..games.env import Games
from ..games.manager import GameEntry
from ..games.models import Claim
from ..games.service import resign
from ..games.start import Side
from ..notifications.service import Notifier
from ..provide import provided
from ..ratings.service import Ratings, scores_of
from .deltas import ViewTags
from .games import make_games, tell_player
from .live import CHANNEL, EventHub
from .making import new_event
from .schedules import ScheduleStore
from .serial import Serial
from .store import Entrant, Tournament, TournamentStore, utcnow
from .ticker import Ticker
from .views import games_of, ranking

__all__ = ["NO_SHOWS_WITHDRAW", "Tournaments", "TournamentsDep"]

NO_SHOWS_WITHDRAW = 2
"""No-shows after which a player is withdrawn."""

log = logging.getLogger("shoal.server.tournaments")


def _is_round_robin(fmt: str) -> bool:
    return fmt in ("round_robin", "double_round_robin")


_CLOSED = {
    "running": N_("the tournament is running: it takes no more players"),
    "finished": N_("the tournament is finished: it takes no more players"),
}
"""Why an event takes no more players, by its status."""


class Tournaments:
    """The events of one app: made, entered, paired and scored; their games are started and
    played through the games domain."""

    def __init__(
        self,
        engine: Engine,
        games: Games,
        ratings: Ratings,
        bots: Bots,
        notifier: Notifier,
        events: Events,
        *,
        first_move_seconds: float = 60.0,
        tick: float = 2.0,
        schedule_lead: float = 86400.0,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.games = games
        self.ratings = ratings
        self.bots = bots
        self.notifier = notifier
        self.store = TournamentStore(engine)
        self.schedules = ScheduleStore(engine)
        self.schedule_lead = schedule_lead
        self.first_move_seconds = first_move_seconds
        self._advance = Serial(self._advance_once)
        self.clock = clock
        self._recorded: set[str] = set()
        self.tags = ViewTags()  # the views this process answered, for the page's deltas
        self.events = events
        self.hub = EventHub(self.store, bots.store.bot_ids, events)  # the pages' sockets
        games.manager.listen(self)
        games.manager.on_evict(self._recorded.discard)  # recording again is a no-op
        self.ticker = Ticker(self, events, tick)

    # -- making and entering ------------------------------------------------------
    async def create(self, user: User, body: dict[str, Any]) -> Tournament:
        """Check and store a new event (422 with words for anything wrong: :mod:`.making`),
        and announce it: every process's ticker reads the events again (:mod:`.ticker`)."""
        made = await asyncio.to_thread(self.store.create, **new_event(user.id, body))
        self.changed(made.id)
        return made

    def event(self, tournament_id: int) -> Tournament:
        """The event (404 when there is none; a query: call it in a thread)."""
        found = self.store.get(tournament_id)
        if found is None:
            raise ApiError(
                404,
                "there is no tournament {tournament}",
                tournament=tournament_id,
            )
        return found

    def _seed(self, event: Tournament, user_id: int) -> float:
        speed = "correspondence" if event.clock.endswith("d") else "live"
        shown = self.ratings.displays([user_id], event.game, speed)[user_id]
        return float(shown.rstrip("?"))

    async def join(self, tournament_id: int, user: User, *, invited: bool = False) -> str:
        """Enter ``user`` (409 with words when closed, full or entered already; 403 when
        the entry condition says no, unless the creator ``invited`` them)."""
        event = await asyncio.to_thread(self.event, tournament_id)
        seed = await asyncio.to_thread(self._seed, event, user.id)
        if not invited:
            if event.invited and user.username.lower() not in {n.lower() for n in event.invited}:
                raise ApiError(403, "this tournament is by invitation: you are not on its list")
            if event.min_rating is not None and seed < event.min_rating:
                raise ApiError(
                    403,
                    "this tournament wants a rating of {min_rating} or more",
                    min_rating=event.min_rating,
                )
            if event.max_rating is not None and seed > event.max_rating:
                raise ApiError(
                    403,
                    "this tournament wants a rating of {max_rating} or less",
                    max_rating=event.max_rating,
                )
        outcome = await asyncio.to_thread(
            self.store.join, tournament_id, user.id, user.username, seed, self.clock()
        )
        if outcome == "already":
            raise ApiError(409, "you are in this tournament already")
        if outcome == "full":
            raise ApiError(
                409,
                "the tournament is full ({max_players} players)",
                max_players=event.max_players,
            )
        if outcome == "closed":
            raise ApiError(409, _CLOSED.get(event.status, _CLOSED["finished"]), state=event.status)
        self.changed(tournament_id)
        await self.advance(tournament_id)
        return outcome

    async def withdraw(self, tournament_id: int, user: User) -> None:
        """Take ``user`` out (before the start the entry goes; later they are withdrawn)."""
        event = await asyncio.to_thread(self.event, tournament_id)
        if event.status == "finished":
            raise ApiError(409, "the tournament is over")
        done = await asyncio.to_thread(
            self.store.leave, tournament_id, user.id, before_start=event.status == "upcoming"
        )
        if not done:
            raise ApiError(409, "you are not in this tournament")
        self.changed(tournament_id)
        if event.status == "running":
            await self._resign_open(tournament_id, user.username)
        await self.advance(tournament_id)

    async def _resign_open(self, tournament_id: int, name: str) -> None:
        """A withdrawn player's games still on are lost (resigned for them, as they would)."""
        entrant = next(
            (
                e
                for e in await asyncio.to_thread(self.store.players, tournament_id)
                if e.name == name
            ),
            None,
        )
        if entrant is None:
            return
        for pairing in await asyncio.to_thread(self.store.pairings, tournament_id):
            if pairing.result is not None or pairing.game_id is None:
                continue
            if name not in (pairing.first, pairing.second):
                continue
            try:
                await resign(
                    self.games.manager, pairing.game_id, None, None, account=entrant.user_id
                )
            except ApiError as error:  # over meanwhile, or another process changed it first
                log.info("game %s: no resignation for %s: %s", pairing.game_id, name, error.message)

    async def invite(self, tournament_id: int, user: User, bot: User) -> None:
        """The creator enters one of the server's bots (403 for anyone else)."""
        event = await asyncio.to_thread(self.event, tournament_id)
        if event.creator_id != user.id:
            raise ApiError(403, "only the tournament's creator invites bots")
        if await asyncio.to_thread(self.bots.level_of, bot.id) is None:
            raise ApiError(
                422,
                "{username} is not one of the server's bots",
                username=bot.username,
            )
        await self.join(tournament_id, bot, invited=True)

    # -- the course of an event -----------------------------------------------------------
    async def advance(self, tournament_id: int) -> None:
        """Do what is due: start, pair the next round or the free players, finish; one run
        at a time per event, and one that starts after this call (:mod:`.serial`)."""
        await self._advance(tournament_id)

    async def _advance_once(self, tournament_id: int) -> bool:
        """:meth:`advance`'s run; True when another process claimed the pairing first."""
        event = await asyncio.to_thread(self.event, tournament_id)
        entrants = await asyncio.to_thread(self.store.players, tournament_id)
        active = [e for e in entrants if not e.withdrawn]
        if event.status == "upcoming":
            if event.starts_at is None:  # "when_full"
                due = len(active) >= event.max_players
            else:
                due = utcnow() >= event.starts_at
            if not due:
                return False
            ends_at = None
            if event.format == "arena":
                ends_at = utcnow() + datetime.timedelta(seconds=event.rounds)
            if not await asyncio.to_thread(self.store.start, tournament_id, ends_at):
                return False
            self.changed(tournament_id)
            event = await asyncio.to_thread(self.event, tournament_id)
            if len(active) < 2:
                await self._finish(event)
                return False
        if event.status != "running":
            return False
        if event.format == "arena":
            return await self._arena(event, entrants)
        await self._next_round(event, entrants)  # a lost claim: that process paired the round
        return False

    async def _next_round(self, event: Tournament, entrants: list[Entrant]) -> None:
        pairings = await asyncio.to_thread(self.store.pairings, event.id)
        if any(p.result is None for p in pairings):
            return  # the round is still on
        order = ranking(entrants)
        rounds: list[Round] = []
        if _is_round_robin(event.format):
            schedule = round_robin(order, double=event.format == "double_round_robin")
            if event.round >= len(schedule):
                await self._finish(event)
                return
            at_once = event.clock.endswith("d")
            rounds = schedule[event.round :] if at_once else [schedule[event.round]]
        else:
            if event.round >= event.rounds:
                await self._finish(event)
                return
            byes = await asyncio.to_thread(self.store.rounds, event.id)
            history = SwissHistory(
                order,
                [Game(p.round, p.first, p.second, p.result, p.forfeit) for p in pairings],  # type: ignore[arg-type]
                [b for b, _ in byes.values() if b],
            )
            active = [name for name in order if not _withdrawn(entrants, name)]
            if len(active) < 2:
                await self._finish(event)
                return
            # in a thread: a Swiss of 200 takes about a second (the event loop serves on)
            rounds = [await asyncio.to_thread(pair_swiss_round, event.round + 1, active, history)]
        claimed = await asyncio.to_thread(self.store.claim_rounds, event.id, rounds, self.clock())
        if claimed:
            self.changed(event.id)
            await self._make_games(event, entrants, {r.number for r in rounds})

    async def _arena(self, event: Tournament, entrants: list[Entrant]) -> bool:
        if event.ends_at is not None and utcnow() >= event.ends_at:
            await self._finish(event)
            return False
        pairings = await asyncio.to_thread(self.store.pairings, event.id)
        busy = {name for p in pairings if p.result is None for name in (p.first, p.second)}
        since: dict[str, float] = {e.name: e.joined for e in entrants}
        last: dict[str, str | None] = {}
        for p in sorted(pairings, key=lambda p: (p.finished or 0.0, p.id)):
            if p.result is not None:
                since[p.first] = since[p.second] = p.finished or since.get(p.first, 0.0)
                last[p.first], last[p.second] = p.second, p.first
        names = [e.name for e in entrants]  # standings and pairing in a thread: at 500, ~1 s
        table = await asyncio.to_thread(standings, names, games_of(pairings), [], "arena")
        rank = {line.player: i for i, line in enumerate(table)}
        free = [
            Waiting(e.name, since[e.name], rank.get(e.name, 0), last.get(e.name))
            for e in entrants
            if not e.withdrawn and e.name not in busy
        ]
        moment = await asyncio.to_thread(functools.partial(pair_arena, free, now=self.clock()))
        if not moment:
            return False
        rnd = Round(event.round + 1, tuple(moment))
        if not await asyncio.to_thread(self.store.claim_rounds, event.id, [rnd], self.clock()):
            return True  # paired meanwhile from another reading: who it left free, read again
        self.changed(event.id)
        await self._make_games(event, entrants, {rnd.number})
        return False

    async def _finish(self, event: Tournament) -> None:
        if await asyncio.to_thread(self.store.finish, event.id):
            self.changed(event.id)

    def changed(self, tournament_id: int) -> None:
        """Tell the event's pages, in every process, that it changed (:mod:`.live`)."""
        self.events.publish(CHANNEL, {"event": tournament_id})

    async def _make_games(
        self, event: Tournament, entrants: list[Entrant], numbers: set[int]
    ) -> None:
        """Make the games of the rounds ``numbers`` (just claimed by this process); then tell
        their players (issue 59: an arena of 500 starts with 250 games, and each told in
        turn, the last pair's game was made 5 s after the pairing)."""
        del entrants  # read again: a no-show may have withdrawn someone meanwhile
        by_name = {e.name: e for e in await asyncio.to_thread(self.store.players, event.id)}
        levels = await asyncio.to_thread(self.bots.levels_of, [e.user_id for e in by_name.values()])
        todo: list[tuple[int, Entrant, Entrant, Callable[[str, str], Claim]]] = []
        for pairing in await asyncio.to_thread(self.store.pairings, event.id):
            if pairing.round not in numbers or pairing.game_id or pairing.result:
                continue
            first, second = by_name[pairing.first], by_name[pairing.second]
            if first.withdrawn or second.withdrawn:
                both = first.withdrawn and second.withdrawn
                result = "1/2-1/2" if both else ("0-1" if first.withdrawn else "1-0")
                record = self.store.record
                await asyncio.to_thread(record, pairing.id, result, forfeit=True, now=self.clock())
                self.changed(event.id)
                continue
            claim = self.store.game_claim(pairing.id)  # in the games' transaction
            todo.append((pairing.round, first, second, claim))
        sides = [
            (Side(a.name, a.user_id, levels.get(a.user_id)),
             Side(b.name, b.user_id, levels.get(b.user_id)), claim)
            for _, a, b, claim in todo
        ]  # fmt: skip
        made: list[tuple[int, Entrant, Entrant, str]] = []
        try:
            started = await make_games(self.games, event, sides, self.first_move_seconds)
            for (number, first, second, _), data in zip(todo, started):
                if data is not None:  # else another process made it (or it was scored)
                    made.append((number, first, second, data.id))
        finally:  # the players of the games made are told, whatever came after
            if made:
                self.changed(event.id)
                # by a task of its own: the event's next run (:mod:`.serial`) does not wait
                # for 500 notices and their mails
                self.games.manager.spawn(self._tell(event, made, set(levels)))
        pairings = await asyncio.to_thread(self.store.pairings, event.id)
        if pairings and all(p.result is not None for p in pairings):  # only forfeits: over
            await self.advance(event.id)

    async def _tell(
        self, event: Tournament, made: list[tuple[int, Entrant, Entrant, str]], bots: set[int]
    ) -> None:
        try:
            for number, first, second, game_id in made:
                for entrant, opponent in ((first, second), (second, first)):
                    if entrant.user_id not in bots:  # a person or a program, not our bot
                        await tell_player(self.notifier, event, number, entrant, opponent, game_id)
        except Exception:  # a task of its own: its failure is logged, not lost
            log.exception("telling the players of event %s of their games failed", event.id)

    # -- results --------------------------------------------------------------------
    def after_change(self, entry: GameEntry) -> None:
        """A manager listener: a finished game of an event gets its result stored."""
        live = entry.live
        if live.over and live.data.id not in self._recorded:
            self._recorded.add(live.data.id)
            self.games.manager.spawn(self._game_over(entry))

    def close(self) -> None:
        """The pages' hub stops listening (the manager cancels the spawned tasks)."""
        self.hub.close()

    async def _game_over(self, entry: GameEntry) -> None:
        live = entry.live
        found = await asyncio.to_thread(self.store.of_game, live.data.id)
        if found is None:
            # not an event's game, or one that ended before its pairing was told its id (a
            # duel of two bots can end on the clock at once): the tick, which looks at every
            # pairing's game, brings it back here once the pairing knows it
            self._recorded.discard(live.data.id)
            return
        tournament_id, pairing = found
        ended = live.data.ended or {}
        absent: int | None = None
        if "no_show" in ended:
            absent = int(ended["no_show"])
        elif ended.get("aborted") and "did not move" in str(ended.get("reason")):
            absent = live.state.to_move  # by correspondence: the side to move never moved
        if absent is not None:
            result = "0-1" if absent == 0 else "1-0"
            forfeit = True
        else:
            scores = scores_of(live)
            if scores is None:  # aborted (before issue 59 refused it in events): a draw
                scores = (0.5, 0.5)
            result, forfeit = result_for(scores[0]), False
        name = None if absent is None else (pairing.first if absent == 0 else pairing.second)
        stored, count = await asyncio.to_thread(
            functools.partial(
                self.store.record,
                pairing.id,
                result,
                forfeit=forfeit,
                now=self.clock(),
                no_show=name,
                withdraw_at=NO_SHOWS_WITHDRAW,
            )
        )
        if stored:
            self.changed(tournament_id)
        if stored and name is not None and count >= NO_SHOWS_WITHDRAW:
            await self._resign_open(tournament_id, name)
        if stored:
            await self.advance(tournament_id)

    # -- the ticker ----------------------------------------------------------------
    async def run(self) -> None:
        """Every ``tick`` seconds: make recurring events, start due events, pair, end
        no-shows (:mod:`.ticker`)."""
        await self.ticker.run()


def _withdrawn(entrants: list[Entrant], name: str) -> bool:
    return any(e.name == name and e.withdrawn for e in entrants)


TournamentsDep = Annotated[Tournaments, provided(Tournaments)]
"""A route parameter of this type receives the app's :class:`Tournaments`."""
