"""A live game on the server: its stored data, its states, its views and its rules of play.

:class:`LiveGame` wraps a :class:`~shoal.server.storage.GameData` with the states
it replays to, and answers everything the API asks: the view (SVG, click paths,
turns, result, clocks), who a token may play, how an action, an undo or a
resignation changes the data. It never writes to the database itself: the app
saves the new data (checked against the version) before it answers, so nothing
is acknowledged that is not stored.

Knows no game: everything comes through the registry and the protocol.
"""

from __future__ import annotations

import dataclasses
import time
from typing import Any

from shoal import games
from shoal.core import Action, Game, Seat, State, other
from shoal.records import Record, result_token

from .storage import GameData, hash_token

__all__ = [
    "MODES",
    "ApiError",
    "LiveGame",
    "replay_view",
    "turn_list",
]

MODES = ("computer", "friend", "local")
"""Who plays: against the computer, against a friend online, both at one screen."""


class ApiError(Exception):
    """A refused request: an HTTP status and a message a player understands."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers


def turn_list(states: list[State], actions: list[Action]) -> list[dict[str, Any]]:
    """The turns of a game: number, seat, side, text, first and last action index, complete.

    ``states[i]`` is the state before ``actions[i]`` (``len(states) == len(actions) + 1``).
    ``start``/``end`` delimit the turn's actions: ``actions[start:end]``; ``end`` is
    also the index of the state the turn leads to.
    """
    out: list[dict[str, Any]] = []
    start = 0
    for index in range(len(actions)):
        after = states[index + 1]
        if after.turn != states[start].turn or after.outcome is not None:
            out.append(_turn_entry(states, actions, len(out) + 1, start, index + 1, True))
            start = index + 1
    if start < len(actions):
        out.append(_turn_entry(states, actions, len(out) + 1, start, len(actions), False))
    return out


def _turn_entry(
    states: list[State], actions: list[Action], number: int, start: int, end: int, complete: bool
) -> dict[str, Any]:
    state = states[start]
    seat = state.to_move
    if complete:
        text = state.turn_text(actions[start:end])
    else:
        text = "; ".join(states[i].action_text(actions[i]) for i in range(start, end))
    side = state.side_name(seat) if seat is not None else ""
    return {
        "number": number,
        "seat": seat,
        "side": side,
        "text": text,
        "start": start,
        "end": end,
        "complete": complete,
    }


def _last_turn_actions(turns: list[dict[str, Any]], actions: list[Action]) -> list[Action]:
    if not turns:
        return []
    last = turns[-1]
    return actions[last["start"] : last["end"]]


def _outcome_dict(state: State, ended: dict[str, Any] | None) -> dict[str, Any] | None:
    if ended is not None:
        winner = ended.get("winner")
        token = "1/2-1/2" if winner is None else ("1-0" if winner == 0 else "0-1")
        return {"winner": winner, "reason": ended["reason"], "scores": None, "result": token}
    outcome = state.outcome
    if outcome is None:
        return None
    return {
        "winner": outcome.winner,
        "reason": outcome.reason,
        "scores": list(outcome.scores) if outcome.scores is not None else None,
        "result": result_token(outcome),
    }


def _features(game: Game, state: State) -> dict[str, float]:
    try:
        values = game.features(state)
    except Exception:  # features are for display only: never let them break a view
        return {}
    return {str(k): round(float(v), 4) for k, v in values.items()}


def board_view(game: Game, states: list[State], actions: list[Action], k: int) -> dict[str, Any]:
    """The position after ``k`` actions, drawn, with the turns up to there."""
    state = states[k]
    turns = turn_list(states[: k + 1], actions[:k])
    return {
        "ply": k,
        "svg": game.render_svg(state, last=_last_turn_actions(turns, actions[:k])),
        "to_move": state.to_move,
        "sides": list(state.sides()),
        "position": state.position(),
        "turn": state.turn,
        "turns": turns,
        "features": _features(game, state),
        "status": game.status(state),
    }


def replay_view(record: Record, k: int) -> dict[str, Any]:
    """The replay view of a record at ``k`` actions (0 = the start)."""
    n = len(record.actions)
    if not 0 <= k <= n:
        raise ApiError(404, f"move {k} is out of range: the record has {n} actions")
    states = record.states()
    view = board_view(record.game, states, record.actions, k)
    full_turns = turn_list(states, record.actions)
    view.update(
        game={"id": record.game.id, "title": record.game.title},
        options=_option_values(record.game),
        total=n,
        all_turns=full_turns,
        players=list(record.players),
        result=_outcome_dict(states[k], None),
        final_result=_outcome_dict(states[-1], None),
    )
    return view


def _option_values(game: Game) -> dict[str, Any]:
    return {f.name: getattr(game.options, f.name) for f in dataclasses.fields(game.options)}


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

    @classmethod
    def extend(cls, old: LiveGame, data: GameData) -> LiveGame:
        """``data`` made live, reusing ``old``'s states where the actions agree."""
        live = cls.__new__(cls)
        live.data = data
        live.game = old.game
        keep = 0
        for mine, theirs in zip(old.data.actions, data.actions):
            if mine != theirs:
                break
            keep += 1
        states = old.states[: keep + 1]
        for action in data.actions[keep:]:
            states.append(states[-1].child(action))
        live.states = states
        live.thinking = False
        live._static = None
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

    def seats_of(self, token: str | None) -> list[Seat]:
        """The seats ``token`` may play (none for a missing or wrong token)."""
        if not token:
            return []
        digest = hash_token(token)
        return [seat for seat, h in enumerate(self.data.token_hashes) if h == digest]

    def computer_to_move(self) -> bool:
        """True when it is the computer's turn."""
        return (
            self.data.mode == "computer"
            and not self.over
            and self.state.to_move == self.data.computer_seat
        )

    def view(self, now: float | None = None) -> dict[str, Any]:
        """Everything a client shows: the board, the click paths, turns, result, clocks.

        A new dict each time (callers may add keys); the parts that only change
        with the data are computed once per version and shared.
        """
        if self._static is None:
            self._static = self._static_view()
        return {**self._static, "clock": self.clock_view(now), "thinking": self.thinking}

    def _static_view(self) -> dict[str, Any]:
        data, state = self.data, self.state
        actions = data.actions
        turns = turn_list(self.states, actions)
        legal: list[dict[str, Any]] = []
        if not self.over:
            paths = self.game.click_paths(state)
            for action in state.legal_actions():
                legal.append(
                    {
                        "action": action,
                        "text": state.action_text(action),
                        "path": list(paths.get(action, ())),
                    }
                )
        result = _outcome_dict(state, data.ended)
        mode = data.mode
        return {
            "id": data.id,
            "game": {"id": self.game.id, "title": self.game.title},
            "options": _option_values(self.game),
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
            "svg": self.game.render_svg(state, last=_last_turn_actions(turns, actions)),
            "legal": legal,
            "turns": turns,
            "result": result,
            "features": _features(self.game, state),
            "status": self.game.status(state),
            "position": state.position(),
            "allowed": {
                "undo": mode != "friend" and self._undo_point() is not None,
                "hint": mode != "friend" and not self.over and not self.computer_to_move(),
                "resign": not self.over,
            },
        }

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
    def _next(self, **changes: Any) -> GameData:
        data = dataclasses.replace(self.data, **changes)
        data.version = self.data.version + 1
        return data

    def with_flag(self, seat: Seat, now: float) -> GameData:
        """The data after ``seat`` lost on time."""
        clock = dict(self.data.clock or {})
        remaining = list(self.remaining(now))
        remaining[seat] = 0.0
        clock.update(remaining=remaining, since=None)
        side = self.state.side_name(seat)
        ended = {"winner": other(seat), "reason": f"{side} ran out of time"}
        return self._next(clock=clock, ended=ended)

    def with_actions(self, new_actions: list[Action], now: float) -> GameData:
        """The data after the legal ``new_actions`` (one seat's, already checked)."""
        state = self.state
        clock = self.data.clock
        if clock is not None:
            clock = dict(clock)
            remaining = [float(x) for x in clock["remaining"]]
            running = self.clock_running()
            if running is not None and clock.get("since") is not None:
                remaining[running] -= now - float(clock["since"])
            end = state
            for action in new_actions:
                end = end.child(action)
            if end.turn != state.turn and running is not None:
                remaining[running] += float(clock["increment"])
            clock["since"] = now
            clock["remaining"] = remaining
        return self._next(actions=[*self.data.actions, *new_actions], clock=clock)

    def with_resignation(self, seat: Seat) -> GameData:
        """The data after ``seat`` resigned."""
        side = self.state.side_name(seat)
        ended = {"winner": other(seat), "reason": f"{side} resigned"}
        clock = self.data.clock
        if clock is not None:
            clock = dict(clock, remaining=self.remaining(), since=None)
        return self._next(ended=ended, clock=clock)

    def _undo_point(self) -> int | None:
        """How many actions stay after an undo (None: nothing to undo).

        Against the computer: back to the start of the human's last turn (so the
        computer's reply goes too). At one screen: back one turn.
        """
        data = self.data
        if data.ended is not None or not data.actions:
            return None
        turns = turn_list(self.states, data.actions)
        if data.mode == "local":
            return int(turns[-1]["start"])
        if data.mode == "computer":
            human = other(data.computer_seat or 0)
            for turn in reversed(turns):
                if turn["seat"] == human:
                    return int(turn["start"])
        return None

    def with_undo(self) -> GameData:
        """The data after an undo (raises ApiError when there is nothing to undo)."""
        if self.data.mode == "friend":
            raise ApiError(403, "undo is only for games against the computer or at one screen")
        point = self._undo_point()
        if point is None:
            if self.data.ended is not None:
                raise ApiError(409, "the game is over: there is nothing to undo")
            raise ApiError(409, "there is nothing to undo yet")
        return self._next(actions=self.data.actions[:point])

    # -- checks -----------------------------------------------------------------------
    def check_version(self, version: int) -> None:
        """Refuse a change made from a state the client saw before the current one."""
        if version != self.data.version:
            raise ApiError(
                409,
                f"the game has changed (version {self.data.version}, you sent {version}): "
                "reload and try again",
            )

    def check_player(self, token: str | None) -> list[Seat]:
        """The seats of ``token``; 403 when it plays none."""
        seats = self.seats_of(token)
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
        return record
