"""A move, written once: one door for every action of every kind of player.

* :func:`play` is the one service function of a player's atomic action, whether it comes as
  ``POST /api/games/{id}/actions`` (the API, a page without its socket), as a ``move``
  message on the game's WebSocket (:class:`SocketMoves`, issue 39: a move that skips the
  HTTP request's stack) or as the Bot API's ``POST /api/bot/game/{id}/move/{action}``
  (which moves from the current version): the same checks, the same refusals in the same
  words.
* The server's computer (in a game against it, and in a tournament's game between two of its
  bots: :class:`~.background.Computer`, one loop) commits its whole turn through
  :func:`commit_actions` too.
* :func:`commit_actions` is the one function that commits a move's actions: it makes the
  new data (the clocks moved on) and hands the manager the states the actions were checked
  with, which are stored and broadcast as they are (parse once, apply once: no action is
  applied a second time, :meth:`LiveGame.extend <.session.LiveGame.extend>`).

The socket message is ``{"type": "move", "id": ID, "version": V, "action": N}`` (or
``"text"`` instead of ``"action"``), with the seat's ``"token"`` in the message (never in
the socket's address); a signed-in page's cookie plays the account's seats as on a POST.
Once the move is stored it is acknowledged on the same socket: a socket that watches deltas
gets the move's delta with ``"ack": ID`` in it (sent to every watcher at once, the others
without it: one message less a move, issue 39); any other gets the new view, then
``{"type": "ack", "id": ID, "version": NEW}``. A refusal is answered ``{"type": "error",
"id": ID, "status": S, "detail": WORDS}`` with the status and the sentence the POST would
answer; a refused move changes nothing.
"""

from __future__ import annotations

import logging
import time
from typing import Any

import orjson
from fastapi import WebSocket

from shoal.core import Action, ShoalError, State
from shoal.i18n import N_, SOURCE, say

from ..accounts.service import account_id, player_of
from ..db_down import DATABASE_DOWN, DATABASE_ERRORS
from ..errors import INTERNAL_ERROR, ApiError, check_error
from ..language import language_of, language_of_guest
from ..sockets import encode, send
from .changes import change
from .manager import Ack, GameEntry, GameManager
from .models import GameData
from .session import LiveGame

__all__ = ["MOVE_LIMIT", "SocketMoves", "commit_actions", "play"]

log = logging.getLogger("shoal.server.games.moves")

MOVE_LIMIT = 2_000
"""The longest ``move`` message a game socket reads, in characters (a move is ~100)."""


async def play(
    manager: GameManager,
    game_id: str,
    version: int | None,
    token: str | None,
    *,
    action: int | None = None,
    text: str | None = None,
    account: int | None = None,
    delta: bool = False,
    ack: Ack | None = None,
    language: str = SOURCE,
) -> tuple[int, str | None]:
    """Play one atomic action (by number, or by its ``text`` in the game's notation) from
    ``version`` (None: the version current when the game's lock is taken, as the Bot API
    plays) for the seat of ``token`` or ``account``; stored before it returns.

    Answers the new version and, with ``delta``, the encoded delta from ``version``
    (:meth:`~.manager.GameManager.delta_since`, made under the game's lock; the game's words
    in ``language``); ``ack`` rides
    in the mover's delta (:class:`~.manager.Ack`). Raises
    :class:`~shoal.server.errors.ApiError` (nothing changed) for a refusal.
    """
    async with change(
        manager,
        game_id,
        version,
        token,
        account=account,
        flag_message=N_("your time ran out: the game is over"),
    ) as now:
        live, state = now.live, now.live.state
        if state.to_move not in now.seats:
            if live.computer_to_move():
                raise ApiError(409, "it is not your turn: the computer is to move")
            raise ApiError(409, "it is not your turn: your opponent is to move")
        if (action is None) == (text is None):
            raise ApiError(400, "send either an action number or its text")
        try:
            if action is not None:
                if not 0 <= action < live.game.num_distinct_actions:
                    raise ApiError(422, "action {action} is out of range", action=action)
                child = state.apply(action)  # checked and applied, once
                chosen = action
            else:
                chosen = state.parse_action(text or "")  # matched against the legal texts
                child = state.child(chosen)
        except ShoalError as error:
            raise check_error(error) from None
        await commit_actions(manager, now.entry, [chosen], [child], ack)
        answer = manager.delta_since(now.entry, live, language) if delta else None
        return now.entry.live.data.version, answer


async def commit_actions(
    manager: GameManager,
    entry: GameEntry,
    actions: list[Action],
    states: list[State],
    ack: Ack | None = None,
) -> None:
    """Commit one seat's legal ``actions`` (already checked, with the ``states`` they lead
    to) as the game's next version: the clocks move on, the data is stored, the states made
    live and the watchers told (``ack`` in the mover's delta). Call with ``entry.lock`` held;
    the one function that commits a move's actions (a player's through :func:`play`, the
    server's computer's turns, :class:`~.background.Computer`)."""
    data = _with_actions(entry.live, actions, states, time.time())
    await manager.commit(entry, data, ack, states)


def _with_actions(
    live: LiveGame, actions: list[Action], states: list[State], now: float
) -> GameData:
    """The data after ``actions`` (one seat's, checked; ``states``: where they lead): the
    running clock loses the time spent and gains the increment when the turn is over.
    Before the clocks run (the first turn of each side) ``since`` moves only when a turn
    ends: it is when the wait of the side to move began (the first-move deadline)."""
    clock = live.data.clock
    if clock is not None:
        clock = dict(clock)
        remaining = [float(x) for x in clock["remaining"]]
        running = live.clock_running()
        if running is not None and clock.get("since") is not None:
            remaining[running] -= now - float(clock["since"])
        if states[-1].turn != live.state.turn and running is not None:
            remaining[running] += float(clock["increment"])
        if running is not None or states[-1].turn != live.state.turn:
            clock["since"] = now  # before the clocks run: when the last turn ended
        clock["remaining"] = remaining
    return live.next_data(actions=[*live.data.actions, *actions], clock=clock)


def _whole(message: dict[str, Any], key: str) -> int:
    value = message.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ApiError(422, "a move's {key} must be a whole number", key=repr(key))
    return value


def _str(message: dict[str, Any], key: str, limit: int) -> str | None:
    value = message.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > limit:
        raise ApiError(
            422,
            "a move's {key} must be text of at most {limit} characters",
            key=repr(key),
            limit=limit,
        )
    return value


class SocketMoves:
    """The ``move`` messages of one game socket (the socket's ``on_text`` handler)."""

    def __init__(self, manager: GameManager, socket: WebSocket, game_id: str) -> None:
        self.manager = manager
        self.socket = socket
        self.game_id = game_id

    async def on_text(self, text: str) -> None:
        """Play the move ``text`` asks for and answer its ack or its refusal."""
        ident: Any = None
        try:
            if len(text) > MOVE_LIMIT:
                raise ApiError(
                    413,
                    "a socket message is at most {move_limit} characters",
                    move_limit=MOVE_LIMIT,
                )
            try:
                message = orjson.loads(text)
            except orjson.JSONDecodeError:
                raise ApiError(400, "a socket message is JSON (or ping)") from None
            if not isinstance(message, dict) or message.get("type") != "move":
                raise ApiError(400, 'the game socket takes {"type": "move", ...} messages')
            ident = message.get("id")
            if not isinstance(ident, (int, str)) or isinstance(ident, bool):
                ident = None
                raise ApiError(422, "a move's 'id' must be a number or text, echoed in its answer")
            version = _whole(message, "version")
            action = None if message.get("action") is None else _whole(message, "action")
            token = _str(message, "token", 200)
            ack = Ack(self.socket, ident)
            new_version, _ = await play(
                self.manager,
                self.game_id,
                version,
                token,
                action=action,
                text=_str(message, "text", 500),
                account=await self.account(),
                ack=ack,
            )
            if ack.sent:  # in the mover's delta
                return
            answer: dict[str, Any] = {"type": "ack", "id": ident, "version": new_version}
        except ApiError as error:
            detail = error.words(await language_of(self.socket))
            answer = {"type": "error", "id": ident, "status": error.status, "detail": detail}
        except DATABASE_ERRORS as error:
            log.warning("a socket move met the database away: %s", type(error).__name__)
            detail = say(DATABASE_DOWN, language_of_guest(self.socket))
            answer = {"type": "error", "id": ident, "status": 503, "detail": detail}
        except Exception:  # a defect: logged, answered as a POST's 500 is; the socket stays
            log.exception("a socket move failed")
            detail = say(INTERNAL_ERROR, language_of_guest(self.socket))
            answer = {"type": "error", "id": ident, "status": 500, "detail": detail}
        await send(self.socket, encode(answer))

    async def account(self) -> int | None:
        """The account the socket's cookie signs in, read at each move as a POST reads it
        (a session ended meanwhile plays no more; a guest's socket has no cookie to read)."""
        return account_id(await player_of(self.socket))
