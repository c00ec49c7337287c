"""Bots (issue 23): accounts that programs (or the server's own AI) play, their API tokens,
and the events the Bot API streams to them.

* A bot is an account marked in ``shoal_bots`` (``shoal admin bot NAME``). Its API
  tokens (``shoal admin token NAME``) are random secrets shown once; the database keeps
  their SHA-256; ``shoal admin revoke NAME`` revokes them all. A request with
  ``Authorization: Bearer TOKEN`` acts as the token's account (:data:`BotUser`): no
  cookie, so no cross-site check.
* The server's own bots ``shoal-LEVEL`` (one per level of :data:`shoal.ai.players.LEVELS`)
  are made when the app starts (:func:`ensure_computer_bots`, idempotent). A game
  against one is a game against the computer at that level, whose seat is held by
  the bot's account: the computer's turns are :class:`~shoal.server.games.background.Computer`'s.
* :class:`BotEvents` listens to every change of a loaded game and feeds the streams:
  per account the events (``gameStart``, ``gameFinish``), per game its states.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Collection
from typing import Annotated, Any

from fastapi import Depends
from sqlalchemy.engine import Engine
from starlette.requests import HTTPConnection

from shoal.ai.players import LEVELS

from ..accounts.models import User
from ..accounts.service import Accounts
from ..challenges.models import Challenge
from ..errors import ApiError
from ..events import Events
from ..games.manager import GameEntry, GameManager
from ..games.session import LiveGame
from ..provide import provided
from .store import BotStore

__all__ = [
    "BOTS",
    "BOT_PREFIX",
    "BotEvents",
    "BotUser",
    "Bots",
    "build",
    "ensure_computer_bots",
    "game_full",
    "game_state",
    "new_api_token",
]

BOT_PREFIX = "shoal-"
"""The server's own bots are named ``shoal-LEVEL``."""

log = logging.getLogger(__name__)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_api_token(bots: BotStore, user_id: int) -> str:
    """A new API token for the bot ``user_id`` (stored hashed; the secret is returned once)."""
    token = "shb_" + secrets.token_urlsafe(30)
    bots.add_token(user_id, _digest(token))
    return token


COMPUTER_PASSWORD = "!computer"
"""The password hash of the server's own bot accounts: no password matches it."""


def ensure_computer_bots(accounts: Accounts, bots: BotStore) -> dict[str, User]:
    """The accounts ``shoal-LEVEL`` for every level, made when missing (idempotent).

    They have no usable password (nobody signs in as them). A name taken by a person
    before is left alone (and that level has no bot account).
    """
    for level in LEVELS:
        name = BOT_PREFIX + level
        found = accounts.store.by_name(name)
        if found is None:
            user = accounts.store.create_user(name, COMPUTER_PASSWORD)
            if user is not None:
                bots.mark(user.id, level)
                continue
            found = accounts.store.by_name(name)  # another process made it meanwhile
        if found is None:
            continue
        user, password_hash = found
        if bots.level_of(user.id) is not None:
            continue
        if password_hash == COMPUTER_PASSWORD and not bots.is_bot(user.id):
            # made by another worker starting at the same moment, not marked yet
            bots.mark(user.id, level)
        elif not bots.is_bot(user.id):
            log.warning("the name %s belongs to a person: no computer bot for %s", name, level)
    return bots.computer_bots()


def game_state(live: LiveGame) -> dict[str, Any]:
    """A game's state line of the game stream: moves so far, who is to move, the result."""
    state = live.states
    moves = [state[i].action_text(a) for i, a in enumerate(live.data.actions)]
    out: dict[str, Any] = {
        "type": "gameState",
        "version": live.data.version,
        "moves": moves,
        "turn": live.state.to_move if not live.over else None,
        "status": "over" if live.over else "started",
    }
    if live.over:
        view = live.view()
        result = view.get("result") or {}
        out["winner"] = result.get("winner")
        out["reason"] = result.get("reason")
    clock = live.clock_view()
    if clock is not None:
        out["clock"] = clock
    return out


def game_full(live: LiveGame, names: list[str], user: User | None) -> dict[str, Any]:
    """The first line of a game stream: the game, its set-up, the seats, the state."""
    held = live.data.accounts or [None, None]
    return {
        "type": "gameFull",
        "id": live.data.id,
        "game": live.game.id,
        "options": dict(live.data.options),
        "seed": live.data.seed,
        "start": live.data.start,
        "initial": live.states[0].position(),
        "seats": [{"seat": s, "name": names[s], "account": held[s] is not None} for s in (0, 1)],
        "yourSeats": [s for s in (0, 1) if user is not None and held[s] == user.id],
        "state": game_state(live),
    }


def _summary(live: LiveGame, user_id: int) -> dict[str, Any]:
    held = live.data.accounts or [None, None]
    seats = [s for s in (0, 1) if held[s] == user_id]
    seat = seats[0] if seats else None
    out: dict[str, Any] = {
        "id": live.data.id,
        "game": live.game.id,
        "seat": seat,
        "opponent": live.data.players[1 - seat] if seat is not None else None,
        "isMyTurn": live.state.to_move in seats and not live.over,
    }
    if live.over:
        state = game_state(live)
        out["winner"], out["reason"] = state["winner"], state["reason"]
    return out


BOTS = "bots"
"""The events' channel of the Bot API's event streams (issue 56): ``{"game": ID, "kind":
"start" or "end", "users": [...]}`` when a game of those accounts started or ended (a
process with an event stream of one of them reads the game and announces it), ``{"user":
ID, "challenge": ID}`` for a new challenge of that account."""

TOLD = 50_000
"""How many (game, start or end) announcements a process remembers, so that each crosses once."""


class BotEvents:
    """The open streams: events per account, states per game (a manager listener).

    A game stream follows its game through the manager (a change stored by another
    process reaches this one's loaded game through the relay, and so this listener). The
    event streams hear of the games and challenges of the other processes through the
    events' channel :data:`BOTS`."""

    def __init__(
        self,
        events: Events | None = None,
        load: Callable[[str], Awaitable[GameEntry]] | None = None,
        challenge: Callable[[int, int], dict[str, Any] | None] | None = None,
    ) -> None:
        self.users: dict[int, set[asyncio.Queue[dict[str, Any]]]] = {}
        self.games: dict[str, set[asyncio.Queue[dict[str, Any]]]] = {}
        self.started: dict[int, set[str]] = {}
        self.finished: dict[int, set[str]] = {}
        self.events = events
        self._load = load
        self._challenge = challenge
        """The ``challenge`` event of a challenge id for the challenged account (None: no
        such challenge of theirs); synchronous, it reads the database (run in a thread)."""
        self._told: OrderedDict[tuple[str, str], None] = OrderedDict()
        if events is not None:
            events.subscribe(BOTS, self._from_elsewhere, here=False)

    def needs(self, entry: GameEntry) -> bool:
        """Whether a stream of this process follows the game (it hears the game's changes,
        the other processes' too, through its loaded entry: keep it loaded)."""
        return bool(self.games.get(entry.live.data.id))

    def after_change(self, entry: GameEntry) -> None:
        """Send the game's new state to its streams, and start/finish events to its players."""
        live = entry.live
        users = {a for a in (live.data.accounts or ()) if a is not None}
        for queue in self.games.get(live.data.id, ()):
            queue.put_nowait(game_state(live))
        for user_id in users:
            if user_id in self.users:
                self.announce(user_id, live)
        kind = "end" if live.over else "start" if live.data.version == 1 else None
        if users and kind and self.events is not None and self._tell(live.data.id, kind):
            payload = {"game": live.data.id, "kind": kind, "users": sorted(users)}
            self.events.publish(BOTS, payload)

    def _tell(self, game_id: str, kind: str) -> bool:
        """True the first time this process hears of ``game_id``'s start (or end)."""
        key = (game_id, kind)
        if key in self._told:
            return False
        self._told[key] = None
        while len(self._told) > TOLD:
            self._told.popitem(last=False)
        return True

    async def _from_elsewhere(self, event: Any) -> None:
        if not isinstance(event, dict):
            return
        user, challenge_id = event.get("user"), event.get("challenge")
        if isinstance(user, int) and isinstance(challenge_id, int):
            if user in self.users and self._challenge is not None:
                found = await asyncio.to_thread(self._challenge, challenge_id, user)
                if found is not None:
                    self.send(user, found)
            return
        game_id, kind, users = event.get("game"), event.get("kind"), event.get("users")
        if not isinstance(game_id, str) or kind not in ("start", "end"):
            return
        self._tell(game_id, kind)  # heard: not told again from this process
        here = [u for u in users or () if isinstance(u, int) and u in self.users]
        if here and self._load is not None:
            entry = await self._load(game_id)
            for user_id in here:
                self.announce(user_id, entry.live)

    def announce(self, user_id: int, live: LiveGame) -> None:
        """``gameStart`` once for a game on, ``gameFinish`` once for a game over."""
        game_id = live.data.id
        started = self.started.setdefault(user_id, set())
        finished = self.finished.setdefault(user_id, set())
        kind = None
        if not live.over and game_id not in started:
            started.add(game_id)
            kind = "gameStart"
        elif live.over and game_id in started and game_id not in finished:
            finished.add(game_id)
            kind = "gameFinish"
        if kind is not None:
            for queue in self.users.get(user_id, ()):
                queue.put_nowait({"type": kind, "game": _summary(live, user_id)})

    def send(self, user_id: int, event: dict[str, Any]) -> int:
        """Push ``event`` to the account's open event streams; how many there were.

        For the other areas' events, e.g. the lobby's ``{"type": "challenge", ...}``.
        """
        queues = self.users.get(user_id, set())
        for queue in queues:
            queue.put_nowait(event)
        return len(queues)

    def open_user(self, user_id: int) -> asyncio.Queue[dict[str, Any]]:
        """A new event queue of ``user_id``'s stream (games already on are announced again)."""
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.users.setdefault(user_id, set()).add(queue)
        self.started.pop(user_id, None)
        self.finished.pop(user_id, None)
        return queue

    def close_user(self, user_id: int, queue: asyncio.Queue[dict[str, Any]]) -> None:
        """Forget a closed event stream."""
        queues = self.users.get(user_id)
        if queues is not None:
            queues.discard(queue)
            if not queues:
                del self.users[user_id]

    def open_game(self, game_id: str) -> asyncio.Queue[dict[str, Any]]:
        """A new state queue of a game stream."""
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.games.setdefault(game_id, set()).add(queue)
        return queue

    def close_game(self, game_id: str, queue: asyncio.Queue[dict[str, Any]]) -> None:
        """Forget a closed game stream."""
        queues = self.games.get(game_id)
        if queues is not None:
            queues.discard(queue)
            if not queues:
                del self.games[game_id]

    def close(self) -> None:
        """Nothing to stop (the streams end with their requests)."""


class Bots:
    """The bots of one app: the store, the events, the server's own bots by level."""

    def __init__(
        self,
        engine: Engine,
        accounts: Accounts,
        events: Events,
        manager: GameManager,
        challenge: Callable[[int], Challenge | None],
    ) -> None:
        self.accounts = accounts.store
        self.store = BotStore(engine)
        self._challenge = challenge
        """A challenge by its id (a query: call it in a thread)."""
        self._events = events
        self.events = BotEvents(  # the other processes' games and challenges too (issue 56)
            events, manager.entry, self._challenge_event
        )
        self.computers = ensure_computer_bots(accounts, self.store)
        """The server's own ``shoal-LEVEL`` bots by level."""
        self.keepalive = 5.0
        """Seconds between the empty lines that keep a quiet stream open."""

    def level_of(self, user_id: int) -> str | None:
        """The computer's level when ``user_id`` is one of the server's ``shoal-LEVEL``
        bots, else None (other domains, tournaments for one, ask here)."""
        return self.store.level_of(user_id)

    def levels_of(self, user_ids: Collection[int]) -> dict[int, str]:
        """The computer's level of each of ``user_ids`` that is one of the server's
        ``shoal-LEVEL`` bots; the others are left out (other domains, tournaments for one,
        ask here; one query)."""
        return self.store.levels_of(user_ids)

    async def on_challenge(self, challenge: Challenge) -> None:
        """A lobby hook: a new challenge of a bot goes to its event streams as ``challenge``,
        in every process."""
        self._events.publish(BOTS, {"user": challenge.challenged, "challenge": challenge.id})
        if challenge.challenged in self.events.users:
            event = await asyncio.to_thread(self._describe, challenge)
            self.events.send(challenge.challenged, event)

    def _challenge_event(self, challenge_id: int, user_id: int) -> dict[str, Any] | None:
        found = self._challenge(challenge_id)
        if found is None or found.challenged != user_id:
            return None
        return self._describe(found)

    def _describe(self, challenge: Challenge) -> dict[str, Any]:
        """The ``challenge`` event of ``challenge`` (a query: call it in a thread)."""
        challenger = self.accounts.by_id(challenge.challenger)
        return {
            "type": "challenge",
            "challenge": {
                "id": challenge.id,
                "challenger": challenger.username if challenger is not None else "?",
                "game": challenge.game,
                "options": challenge.options,
                "colour": challenge.colour,
                "time_control": challenge.time_control,
                "rated": challenge.rated,
            },
        }

    def user_of(self, connection: HTTPConnection) -> User:
        """The account of the request's ``Authorization: Bearer`` token (401 otherwise; a
        query: call it in a thread, as :data:`BotUser` is)."""
        header = connection.headers.get("authorization")
        if header is None:
            raise ApiError(401, "send your API token: Authorization: Bearer TOKEN")
        scheme, _, token = header.partition(" ")
        token = token.strip()
        if scheme.lower() != "bearer" or not token or len(token) > 200:
            raise ApiError(401, "the Authorization header must be 'Bearer TOKEN'")
        user, why = self.store.token_user(_digest(token))
        if user is None:
            raise ApiError(401, why)
        return user


def build(
    engine: Engine,
    accounts: Accounts,
    events: Events,
    manager: GameManager,
    challenge: Callable[[int], Challenge | None],
) -> Bots:
    """The bots of one app on ``engine`` (the server's own bots made when missing); their
    streams hear every change of a loaded game, and the other processes' games and
    challenges through ``events``; ``challenge`` reads a challenge by its id."""
    bots = Bots(engine, accounts, events, manager, challenge)
    manager.listen(bots.events)
    manager.keep(bots.events.needs)
    return bots


BotsDep = Annotated[Bots, provided(Bots)]
"""A route parameter of this type receives the app's :class:`Bots`."""


def _bot_user(connection: HTTPConnection, bots: BotsDep) -> User:
    return bots.user_of(connection)


BotUser = Annotated[User, Depends(_bot_user)]
"""The account of the request's API token (401 with the reason otherwise)."""
