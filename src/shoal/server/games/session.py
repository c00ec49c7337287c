"""A live game on the server: its stored data, its states, its views and its rules of play.

:class:`LiveGame` wraps a :class:`~shoal.server.games.models.GameData` with the states
it replays to, and answers everything the API asks: the view (SVG, click paths,
turns, result, clocks; drawn by :mod:`.views`), who a token may play, how an action, an undo or a
resignation changes the data. It never writes to the database itself: the app
saves the new data (checked against the version) before it answers, so nothing
is acknowledged that is not stored.

Knows no game: everything comes through the registry and the protocol.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence
from typing import Any

from shoal import games
from shoal.core import Action, Game, Seat, State, other
from shoal.core.native import engine_for
from shoal.i18n import N_, SOURCE, Text
from shoal.records import Ending, Record

from ..errors import ApiError
from .models import INVITE, GameData, hash_token
from .views import (
    features_view,
    last_turn_actions,
    legal_entries,
    option_values,
    outcome_view,
    spoken_view,
    turn_list,
)
from .worded import WORDED, worded_view

__all__ = ["MODES", "WORDED", "LiveGame"]

MODES = ("computer", "friend", "local")
"""Who plays: against the computer, against a friend online, both at one screen."""


def ending_of(ended: dict[str, Any]) -> Ending:
    """A stored end (resignation, time-out, agreed draw, abort) as a record's ending."""
    reason = str(ended.get("reason", ""))
    if ended.get("aborted"):
        return Ending("*", reason or "aborted")
    winner = ended.get("winner")
    return Ending("1/2-1/2" if winner is None else "1-0" if winner == 0 else "0-1", reason)


class LiveGame:
    """A game being played: stored data plus the states it replays to."""

    def __init__(self, data: GameData) -> None:
        self.data = data
        self.game: Game = games.REGISTRY.from_mapping(data.game, data.options)
        start = self.game.load(data.start) if data.start is not None else None
        state = start if start is not None else self.game.initial(data.seed or 0)
        self.states: list[State] = [state]
        for action in data.actions:
            state = state.child(action)
            self.states.append(state)
        self.thinking = False
        self._static: dict[str, Any] | None = None
        self._constants: dict[str, Any] | None = None
        """What the views of this game share in every version: its name, options, engine."""
        self._known: tuple[list[dict[str, Any]], int] | None = None
        """An earlier version's turns and how many actions it shares with this one."""
        self._features: dict[str, float] | None = None
        self._worded: dict[str, dict[str, Any]] = {}
        """The :data:`WORDED` keys of this version's view in each language other than English
        that a reader asked for (made once per version and language)."""

    @classmethod
    def extend(cls, old: LiveGame, data: GameData, states: Sequence[State] = ()) -> LiveGame:
        """``data`` made live, reusing ``old``'s states where the actions agree: only the
        actions ``old`` does not have are applied (another process's moves, caught up), or
        none when ``states`` brings the states of the new actions, already made when they
        were checked (parse once, apply once: :func:`~.moves.commit_actions`)."""
        live = cls.__new__(cls)
        live.data = data
        live.game = old.game
        mine, theirs = old.data.actions, data.actions
        keep = len(mine)
        if theirs[:keep] != mine:  # not a move on from ``old`` (an undo, a take-back)
            keep = 0
            for a, b in zip(mine, theirs):
                if a != b:
                    break
                keep += 1
        kept = old.states[: keep + 1]
        if keep == len(mine) and len(states) == len(theirs) - keep:
            kept.extend(states)
        else:
            for action in theirs[keep:]:
                kept.append(kept[-1].child(action))
        live.states = kept
        live.thinking = False
        live._static = None
        live._constants = old._constants
        live._known = (old._static["turns"], keep) if old._static is not None else None
        live._features = None
        live._worded = {}
        return live

    # -- reading -----------------------------------------------------------------
    @property
    def state(self) -> State:
        """The current state."""
        return self.states[-1]

    @property
    def over(self) -> bool:
        """True once the game has ended (by the rules, resignation or time)."""
        return self.data.ended is not None or self.state.outcome is not None

    def seats_of(self, token: str | None, account: int | None = None) -> list[Seat]:
        """The seats ``token`` or the signed-in ``account`` may play (none for a wrong token)."""
        held = self.data.accounts or [None, None]
        digest = hash_token(token) if token else None
        return [
            seat
            for seat, h in enumerate(self.data.token_hashes)
            if (digest is not None and h in (digest, INVITE + digest))
            or (account is not None and held[seat] == account)
        ]

    def invite_seat(self, token: str | None) -> Seat | None:
        """The seat whose unclaimed invite ``token`` is, or None (claimed, or not an invite)."""
        if not token:
            return None
        mark = INVITE + hash_token(token)
        found = [seat for seat, h in enumerate(self.data.token_hashes) if h == mark]
        return found[0] if found else None

    def computer_to_move(self) -> bool:
        """True when it is the computer's turn."""
        return (
            self.data.mode == "computer"
            and not self.over
            and self.state.to_move == self.data.computer_seat
        )

    def view(self, now: float | None = None, language: str = SOURCE) -> dict[str, Any]:
        """Everything a client shows: the board, the click paths, turns, result, clocks.

        A new dict each time (callers may add keys); the parts that only change
        with the data are computed once per version and shared. ``language``: the reader's;
        the game's words (:data:`WORDED`) are said in it (made once per version and
        language, and only for a language someone reads the game in).
        """
        if self._static is None:
            self._static = self._static_view()
        if language == SOURCE:
            return {**self._static, "clock": self.clock_view(now), "thinking": self.thinking}
        worded = self._worded.get(language)
        if worded is None:
            assert self._constants is not None
            worded = self._worded[language] = worded_view(
                self.game,
                self.states,
                self.data,
                self._static,
                self._constants,
                language,
            )
        return {
            **self._static,
            **worded,
            "clock": self.clock_view(now),
            "thinking": self.thinking,
        }

    def _static_view(self) -> dict[str, Any]:
        data, state = self.data, self.state
        actions = data.actions
        turns = turn_list(self.states, actions, *(self._known or ()))
        self._known = None
        constants = self._constants
        if constants is None:
            self._constants = constants = {
                "game": {"id": self.game.id, "title": self.game.title},
                "options": option_values(self.game),
                "engine": engine_for(self.game),
                "has_features": type(self.game).features is not Game.features,
                # the legal actions' entries by action, where the game words them alike in
                # every position (Game.fixed_action_words): each made once per live game
                "entries": {} if self.game.fixed_action_words else None,
            }
        legal: list[dict[str, Any]] = []
        if not self.over:
            legal_actions = state.legal_actions()
            kept: dict[Action, dict[str, Any]] | None = constants["entries"]
            if kept is None:
                legal = self._entries(state, legal_actions)
            else:
                missing = [action for action in legal_actions if action not in kept]
                if missing:
                    kept.update((e["action"], e) for e in self._entries(state, missing))
                legal = [kept[action] for action in legal_actions]
        result = outcome_view(state, data.ended)
        mode = data.mode
        counts = data.counts()  # no engine help, no takeback in a game that counts
        helped = mode != "friend" and not counts
        engine = constants["engine"]  # the browser's engine: the state packed, in hex
        packed = None if engine is None else engine.pack(state)
        return {
            "id": data.id,
            "game": constants["game"],
            "options": constants["options"],
            "seed": data.seed,
            "start": data.start,
            "mode": mode,
            "level": data.level,
            "computer_seat": data.computer_seat,
            "players": list(data.players),
            "version": data.version,
            "ply": len(actions),
            "turn": state.turn,
            "to_move": None if self.over else state.to_move,
            "sides": list(state.sides()),
            "side_words": [self.game.side_words.get(side, "") for side in state.sides()],
            "svg": self.game.render_svg(state, last=last_turn_actions(turns, actions)),
            "legal": legal,
            "spoken": spoken_view(self.game, self.states, turns, actions),
            "words": self.game.describe(state),
            "cells": self.game.cell_names(state),
            "turns": turns,
            "result": result,
            "has_features": constants["has_features"],
            "status": self.game.status(state),
            "position": state.position(),
            "counts": counts,
            "event": data.event,
            "first_move_deadline": self.first_move_deadline(),
            "engine_position": None if packed is None else packed.hex(),
            "allowed": {
                "undo": helped and self._undo_point(turns) is not None,
                "hint": helped and not self.over and not self.computer_to_move(),
                "resign": not self.over,
            },
        }

    def features(self) -> dict[str, float]:
        """The game's features of the current position, for the "Position details" card:
        asked for by the page only while the card is open (``GET
        /api/games/{id}/features``), not drawn into every version's view (issue 39)."""
        if self._features is None:
            self._features = features_view(self.game, self.state)
        return self._features

    def _entries(self, state: State, actions: Sequence[Action]) -> list[dict[str, Any]]:
        """The legal actions' entries of the view (:func:`.views.legal_entries`)."""
        return legal_entries(self.game, state, actions)

    # -- clocks -------------------------------------------------------------------
    def clock_running(self) -> Seat | None:
        """The seat whose clock runs: the seat to move once each side has made a turn."""
        clock = self.data.clock
        if clock is None or self.over or self.state.turn < 2:
            return None
        return self.state.to_move

    def remaining(self, now: float | None = None) -> list[float]:
        """Each seat's time left, in seconds, at ``now``."""
        clock = self.data.clock
        if clock is None:
            return []
        now = time.time() if now is None else now
        left = [float(x) for x in clock["remaining"]]
        running = self.clock_running()
        if running is not None and clock.get("since") is not None:
            left[running] -= now - float(clock["since"])
        return [max(0.0, x) for x in left]

    def first_move_deadline(self) -> float | None:
        """When the side to move loses by no-show, in epoch seconds: in a live game with a
        first-move limit (an event's: the clock's ``first_move`` seconds) whose side to move
        has not made its first turn, that long after the stored start of its wait (the
        clock's ``since``: the game's start for the first side, the end of the first side's
        first turn for the second). None: no such limit, the game is over, or each side has
        made a turn."""
        clock = self.data.clock
        if clock is None or self.over or self.state.turn >= 2:
            return None
        limit, since = clock.get("first_move"), clock.get("since")
        if limit is None or since is None:
            return None
        return float(since) + float(limit)

    def clock_view(self, now: float | None = None) -> dict[str, Any] | None:
        """The clocks for a client: settings, time left, whose clock runs, server time."""
        clock = self.data.clock
        if clock is None:
            return None
        now = time.time() if now is None else now
        return {
            "base": clock["base"],
            "increment": clock["increment"],
            "remaining": [round(x, 2) for x in self.remaining(now)],
            "running": self.clock_running(),
            "server_time": now,
        }

    def flag_fallen(self, now: float | None = None) -> Seat | None:
        """The seat whose time has run out, if any."""
        running = self.clock_running()
        if running is None:
            return None
        return running if self.remaining(now)[running] <= 0 else None

    def seconds_to_flag(self, now: float | None = None) -> float | None:
        """How long until the running clock falls (None when no clock runs)."""
        running = self.clock_running()
        if running is None:
            return None
        return self.remaining(now)[running]

    # -- changes (each returns new data with the version raised; nothing is stored) -----
    # (a move's actions: :func:`~.moves.commit_actions`, the one function that commits them)
    def next_data(self, **changes: Any) -> GameData:
        """The data with ``changes`` and the version raised by one (nothing is stored)."""
        data = dataclasses.replace(self.data, **changes)
        data.version = self.data.version + 1
        return data

    def with_holders(self, accounts: list[int | None], players: list[str]) -> GameData:
        """The data with new seat accounts and player names (nothing else changes)."""
        return self.next_data(accounts=list(accounts), players=list(players))

    def with_claim(
        self, seat: Seat, token_hash: str, name: str, account: int | None = None
    ) -> GameData:
        """The data after the invite of ``seat`` was claimed: a new private token, a name
        (and the claiming ``account`` holds the seat, when given)."""
        hashes = list(self.data.token_hashes)
        hashes[seat] = token_hash
        players = list(self.data.players)
        if name:
            players[seat] = name
        if account is None:
            return self.next_data(token_hashes=hashes, players=players)
        accounts = list(self.data.accounts or [None, None])
        accounts[seat] = account
        return self.next_data(token_hashes=hashes, players=players, accounts=accounts)

    def with_flag(self, seat: Seat, now: float) -> GameData:
        """The data after ``seat`` lost on time."""
        clock = dict(self.data.clock or {})
        remaining = list(self.remaining(now))
        remaining[seat] = 0.0
        clock.update(remaining=remaining, since=None)
        side = self.state.side_name(seat)
        ended = {"winner": other(seat), "reason": f"{side} ran out of time"}
        return self.next_data(clock=clock, ended=ended)

    def with_resignation(self, seat: Seat) -> GameData:
        """The data after ``seat`` resigned."""
        side = self.state.side_name(seat)
        ended = {"winner": other(seat), "reason": f"{side} resigned"}
        clock = self.data.clock
        if clock is not None:
            clock = dict(clock, remaining=self.remaining(), since=None)
        return self.next_data(ended=ended, clock=clock)

    def with_agreement(self, reason: str, *, aborted: bool = False) -> GameData:
        """The data after both players ended the game: a draw by agreement, or an abort."""
        ended: dict[str, Any] = {"winner": None, "reason": reason}
        if aborted:
            ended["aborted"] = True
        clock = self.data.clock
        if clock is not None:
            clock = dict(clock, remaining=self.remaining(), since=None)
        return self.next_data(ended=ended, clock=clock)

    def with_takeback(self, seat: Seat, now: float) -> GameData:
        """The data after ``seat``'s last turn was taken back (with what followed it)."""
        turns = turn_list(self.states, self.data.actions)
        point = next((int(t["start"]) for t in reversed(turns) if t["seat"] == seat), None)
        if point is None:
            raise ApiError(409, "you have not played a turn yet: there is nothing to take back")
        clock = self.data.clock
        if clock is not None:
            clock = dict(clock, remaining=self.remaining(now), since=now)
        return self.next_data(actions=self.data.actions[:point], clock=clock)

    def _undo_point(self, turns: list[dict[str, Any]] | None = None) -> int | None:
        """How many actions stay after an undo (None: nothing to undo).

        Against the computer: back to the start of the human's last turn (so the
        computer's reply goes too). At one screen: back one turn. ``turns``: the
        game's :func:`~.views.turn_list`, when already made.
        """
        data = self.data
        if data.ended is not None or not data.actions:
            return None
        if turns is None:
            turns = turn_list(self.states, data.actions)
        if data.mode == "local":
            return int(turns[-1]["start"])
        if data.mode == "computer":
            human = other(data.computer_seat or 0)
            for turn in reversed(turns):
                if turn["seat"] == human:
                    return int(turn["start"])
        return None

    def refuse_help(self, what: str) -> None:
        """Refuse ``what`` (the engine's help, a takeback) in a game that counts
        (:meth:`GameData.counts <.models.GameData.counts>`), in words."""
        if self.data.counts():
            raise ApiError(
                403,
                "{what} in a game that counts (rated, an event's, or between two accounts)",
                what=Text(what),
            )

    def with_undo(self) -> GameData:
        """The data after an undo (raises ApiError when there is nothing to undo)."""
        if self.data.mode == "friend":
            raise ApiError(403, "undo is only for games against the computer or at one screen")
        self.refuse_help(N_("no undo"))
        point = self._undo_point()
        if point is None:
            if self.data.ended is not None:
                raise ApiError(409, "the game is over: there is nothing to undo")
            raise ApiError(409, "there is nothing to undo yet")
        return self.next_data(actions=self.data.actions[:point])

    # -- checks -----------------------------------------------------------------------
    def check_version(self, version: int) -> None:
        """Refuse a change made from a state the client saw before the current one."""
        if version != self.data.version:
            raise ApiError(
                409,
                "the game has changed (version {version}, you sent {version2}): reload and try "
                "again",
                version=self.data.version,
                version2=version,
            )

    def check_player(self, token: str | None, account: int | None = None) -> list[Seat]:
        """The seats of ``token`` (or of the signed-in ``account``); 403 when it plays none."""
        seats = self.seats_of(token, account)
        if not seats:
            raise ApiError(403, "this token does not play in this game")
        return seats

    def record(self) -> Record:
        """The game's record (tags and turns)."""
        data = self.data
        record = Record.from_actions(
            self.game,
            data.actions,
            seed=data.seed or 0,
            start=data.start,
            players=(data.players[0], data.players[1]),
        )
        if data.ended is not None:
            record.extra_tags["Termination"] = str(data.ended["reason"])
            record.ending = ending_of(data.ended)
        return record
