"""Game records: tags and turns, as PGN-like text and as JSON.

A record names the game, its options, the rules version, the start (a seed for
a random set-up, or an explicit position string), the players, the result and
the date, then the turns in the game's turn notation, one turn per line::

    [Game "connect4"]
    [RulesVersion "1"]
    [Seed "0"]
    [Seat0 "alice"]
    [Seat1 "random"]
    [Result "1-0"]
    [Reason "four in a row"]
    [Date "2026.11.22"]

    1. d
    2. d
    ...

``Result`` is ``1-0`` (seat 0 won), ``0-1`` (seat 1 won), ``1/2-1/2`` (draw)
or ``*`` (unfinished). A game the rules did not end (a resignation, a time-out, an
agreed draw, an abort) keeps its result and reason in :attr:`Record.ending`, written as
``Result`` and ``Reason`` like a rules result (an abort: ``[Result "*"]`` with a
``Reason``); reading gives them back when the replayed game is unfinished (a result
without a reason there is refused: it does not match the replay). Options are
``[Option "name=value"]`` tags, one each. A turn still in progress when the record
was written is a last line ``N. partial: a; b`` listing its atomic actions. Reading
replays every turn through the rules and raises :class:`~shoal.core.RecordError`
naming the line of the first problem.

>>> from shoal.games import get
>>> game = get("connect4")
>>> record = Record.from_actions(game, [3, 3, 2], seed=0, players=("ann", "bob"))
>>> text = record.to_text()
>>> read_text(text).actions
[3, 3, 2]
>>> read_text(text).final_state().position()
'......./......./......./......./...o.../..xx... o'
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import re
from collections.abc import Sequence
from typing import Any

from shoal import games
from shoal.core import (
    Action,
    Game,
    History,
    InvalidPositionError,
    Outcome,
    RecordError,
    ShoalError,
    State,
    ends_turn,
    options_to_strings,
)

__all__ = [
    "MAX_RECORD_BYTES",
    "RESULTS",
    "Ending",
    "Record",
    "read_json",
    "read_text",
    "result_token",
]

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
"""The results a record may carry."""

MAX_RECORD_BYTES = 2_000_000
"""Records larger than this are refused before they are parsed."""

_TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]$')
_TURN = re.compile(r"^(\d+)\.\s+(.*)$")


def result_token(outcome: Outcome | None) -> str:
    """The Result tag of an outcome: ``1-0``, ``0-1``, ``1/2-1/2`` or ``*``."""
    if outcome is None:
        return "*"
    if outcome.winner is None:
        return "1/2-1/2"
    return "1-0" if outcome.winner == 0 else "0-1"


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


@dataclasses.dataclass(frozen=True)
class Ending:
    """How a game ended that its rules did not end: a result of :data:`RESULTS` and why
    (``0-1``, "x resigned"; ``*``, "aborted")."""

    result: str
    reason: str


def _ending(result: str | None, reason: str | None, line: int | None = None) -> Ending | None:
    """The ending that a Result and a Reason name in an unfinished game (None: none)."""
    if result is not None and result not in RESULTS:
        raise RecordError(f"result {result!r} is not one of {', '.join(RESULTS)}", line)
    if result in (None, "*") and not reason:
        return None
    if not reason:
        raise RecordError(f"Result {result} does not match the replayed game (*)", line)
    return Ending(result or "*", reason or "")


@dataclasses.dataclass
class Record:
    """A game: how it started and every atomic action since, with its tags.

    The actions are validated: a Record always replays (build one with
    :meth:`from_actions`, :func:`read_text` or :func:`read_json`).
    """

    game: Game
    actions: list[Action]
    seed: int | None = 0
    start: str | None = None
    players: tuple[str, str] = ("", "")
    date: str = ""
    extra_tags: dict[str, str] = dataclasses.field(default_factory=dict)
    ending: Ending | None = None
    """The result and reason of a game its rules did not end (None: by the rules, or on)."""

    @classmethod
    def from_actions(
        cls,
        game: Game,
        actions: Sequence[Action],
        *,
        seed: int | None = 0,
        start: str | None = None,
        players: tuple[str, str] = ("", ""),
        date: str | None = None,
    ) -> Record:
        """A record of ``actions`` from ``initial(seed)`` (or from ``start``), checked."""
        record = cls(
            game=game,
            actions=list(actions),
            seed=None if start is not None else seed,
            start=start,
            players=players,
            date=date or datetime.date.today().strftime("%Y.%m.%d"),
        )
        state = record.start_state()
        for index, action in enumerate(record.actions):
            try:
                state = state.apply(action)
            except ShoalError as error:
                raise RecordError(f"action {index + 1}: {error}") from None
        return record

    # -- replay -------------------------------------------------------------------
    def start_state(self) -> State:
        """The state the record starts from."""
        if self.start is not None:
            return self.game.load(self.start)
        return self.game.initial(self.seed or 0)

    def history(self) -> History:
        """The game as a :class:`~shoal.core.History`: every state and the turns."""
        return History(self.start_state(), self.actions, checked=False)

    def states(self) -> list[State]:
        """Every state of the game, the start included."""
        return list(self.history().states)

    def final_state(self) -> State:
        """The state after the last action."""
        return self.states()[-1]

    def turns(self) -> list[tuple[State, list[Action], bool]]:
        """The turns: the state each starts from, its actions, and whether it is complete.

        The same turns as ``history().turns()``, as plain tuples.
        """
        return [(t.before, list(t.actions), t.complete) for t in self.history().turns()]

    # -- text ---------------------------------------------------------------------
    def tags(self) -> list[tuple[str, str]]:
        """The tags in the order they are written."""
        final = self.final_state()
        tags = [("Game", self.game.id), ("RulesVersion", self.game.rules_version)]
        for name, value in options_to_strings(self.game.options).items():
            tags.append(("Option", f"{name}={value}"))
        if self.start is not None:
            tags.append(("Start", self.start))
        else:
            tags.append(("Seed", str(self.seed or 0)))
        tags.append(("Seat0", self.players[0]))
        tags.append(("Seat1", self.players[1]))
        result, reason = self.result(final)
        tags.append(("Result", result))
        if reason is not None:
            tags.append(("Reason", reason))
        if self.date:
            tags.append(("Date", self.date))
        tags.extend(self.extra_tags.items())
        return tags

    def result(self, final: State | None = None) -> tuple[str, str | None]:
        """The result and its reason: the rules', else the :attr:`ending`'s (None: on)."""
        final = final if final is not None else self.final_state()
        if final.outcome is not None:
            return result_token(final.outcome), final.outcome.reason
        if self.ending is not None:
            return self.ending.result, self.ending.reason
        return "*", None

    def to_text(self) -> str:
        """The record as PGN-like text."""
        lines = [f'[{name} "{_escape(value)}"]' for name, value in self.tags()]
        lines.append("")
        for turn in self.history().turns():
            if turn.complete:
                lines.append(f"{turn.number}. {turn.text()}")
            else:
                lines.append(f"{turn.number}. partial: {turn.text()}")
        return "\n".join(lines) + "\n"

    # -- JSON ---------------------------------------------------------------------
    def to_json_dict(self) -> dict[str, Any]:
        """The record as a JSON-ready dict; turns are lists of atomic action texts."""
        final = self.final_state()
        result, reason = self.result(final)
        turns = []
        for turn in self.history().turns():
            turns.append({"actions": turn.texts(), "complete": turn.complete})
        return {
            "format": "shoal-record",
            "version": 1,
            "game": self.game.id,
            "rules_version": self.game.rules_version,
            "options": options_to_strings(self.game.options),
            "seed": self.seed,
            "start": self.start,
            "players": list(self.players),
            "date": self.date,
            "result": result,
            "reason": reason or "",
            "turns": turns,
            "tags": dict(self.extra_tags),
        }

    def to_json(self) -> str:
        """The record as a JSON document."""
        return json.dumps(self.to_json_dict(), indent=1)


_KNOWN_TAGS = {"Game", "RulesVersion", "Option", "Start", "Seed", "Seat0", "Seat1"}
_CHECKED_TAGS = {"Result", "Reason"}


def _make_game(game_id: str, options: dict[str, str], line: int | None) -> Game:
    try:
        return games.REGISTRY.from_mapping(game_id, options)
    except ShoalError as error:
        raise RecordError(str(error), line) from None


def _check_size(text: str | bytes) -> None:
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError(f"the record is larger than {MAX_RECORD_BYTES} bytes")


def read_text(text: str) -> Record:
    """Read and replay a text record (raises RecordError with the line number)."""
    _check_size(text)
    tags: dict[str, str] = {}
    options: dict[str, str] = {}
    extra: dict[str, str] = {}
    tag_lines: dict[str, int] = {}
    turn_lines: list[tuple[int, int, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            if turn_lines:
                raise RecordError("a tag after the turns", number)
            match = _TAG.match(line)
            if match is None:
                raise RecordError(f'malformed tag {line!r} (expected [Name "value"])', number)
            name, value = match.group(1), _unescape(match.group(2))
            if name == "Option":
                key, sep, val = value.partition("=")
                if not sep or not key.strip():
                    raise RecordError(f"option {value!r} is not name=value", number)
                options[key.strip()] = val.strip()
            elif name in _KNOWN_TAGS or name in _CHECKED_TAGS or name == "Date":
                if name in tags:
                    raise RecordError(f"tag {name} appears twice", number)
                tags[name] = value
                tag_lines[name] = number
            else:
                extra[name] = value
            continue
        match = _TURN.match(line)
        if match is None:
            raise RecordError(f"expected a numbered turn like '1. ...', got {line!r}", number)
        turn_lines.append((number, int(match.group(1)), match.group(2).strip()))
    if "Game" not in tags:
        raise RecordError("the record has no Game tag")
    game = _make_game(tags["Game"], options, tag_lines["Game"])
    if tags.get("RulesVersion", game.rules_version) != game.rules_version:
        raise RecordError(
            f"rules version {tags['RulesVersion']} is not the version this shoal plays "
            f"({game.rules_version})",
            tag_lines["RulesVersion"],
        )
    seed: int | None = 0
    start: str | None = None
    if "Start" in tags:
        start, seed = tags["Start"], None
        try:
            state = game.load(start)
        except InvalidPositionError as error:
            raise RecordError(str(error), tag_lines["Start"]) from None
    else:
        try:
            seed = int(tags.get("Seed", "0"))
        except ValueError:
            raise RecordError(f"seed {tags['Seed']!r} is not a number", tag_lines["Seed"]) from None
        state = game.initial(seed)
    actions: list[Action] = []
    for index, (number, turn_number, body) in enumerate(turn_lines, start=1):
        if turn_number != index:
            raise RecordError(f"turn {turn_number} where turn {index} was expected", number)
        try:
            if body.startswith("partial:"):
                if index != len(turn_lines):
                    raise RecordError("only the last turn may be partial", number)
                parts = [p.strip() for p in body[len("partial:") :].split(";")]
                turn_actions = []
                probe = state
                for part in parts:
                    action = probe.parse_action(part)
                    turn_actions.append(action)
                    probe = probe.child(action)
                    if probe.turn != state.turn:
                        raise RecordError(f"{body!r} completes its turn: not partial", number)
            else:
                turn_actions = state.parse_turn(body)
        except RecordError:
            raise
        except ShoalError as error:
            raise RecordError(str(error), number) from None
        for action in turn_actions:
            state = state.child(action)
        actions.extend(turn_actions)
    ending = None
    if "Result" in tags and state.outcome is not None:
        expected = result_token(state.outcome)
        if tags["Result"] != expected:
            raise RecordError(
                f"Result {tags['Result']} does not match the replayed game ({expected})",
                tag_lines["Result"],
            )
    elif state.outcome is None:
        ending = _ending(tags.get("Result"), tags.get("Reason"), tag_lines.get("Result"))
    return Record(
        game=game,
        actions=actions,
        seed=seed,
        start=start,
        players=(tags.get("Seat0", ""), tags.get("Seat1", "")),
        date=tags.get("Date", ""),
        extra_tags=extra,
        ending=ending,
    )


def read_json(text: str | bytes) -> Record:
    """Read and replay a JSON record (raises RecordError saying what is wrong)."""
    _check_size(text)
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise RecordError(f"not JSON: {error}") from None
    if not isinstance(data, dict) or data.get("format") != "shoal-record":
        raise RecordError("not a shoal record (format must be 'shoal-record')")

    def field(name: str, kind: type | tuple[type, ...], default: Any = None) -> Any:
        value = data.get(name, default)
        if value is not None and not isinstance(value, kind):
            raise RecordError(f"field {name!r} has the wrong type")
        return value

    game_id = field("game", str)
    if game_id is None:
        raise RecordError("field 'game' is missing")
    options = field("options", dict, {})
    if not all(isinstance(k, str) and isinstance(v, str | int | float) for k, v in options.items()):
        raise RecordError("field 'options' must map names to values")
    game = _make_game(game_id, {k: str(v) for k, v in options.items()}, None)
    version = field("rules_version", str, game.rules_version)
    if version != game.rules_version:
        raise RecordError(f"rules version {version} is not {game.rules_version}")
    start = field("start", str)
    seed = field("seed", int, 0)
    players = field("players", list, ["", ""])
    if len(players) != 2 or not all(isinstance(p, str) for p in players):
        raise RecordError("field 'players' must be two names")
    turns = field("turns", list, [])
    try:
        state = game.load(start) if start is not None else game.initial(seed or 0)
    except ShoalError as error:
        raise RecordError(f"start: {error}") from None
    actions: list[Action] = []
    for index, turn in enumerate(turns, start=1):
        if not isinstance(turn, dict) or not isinstance(turn.get("actions"), list):
            raise RecordError(f"turn {index}: expected {{'actions': [...]}}")
        turn_start, before = state.turn, state
        for text in turn["actions"]:
            if not isinstance(text, str):
                raise RecordError(f"turn {index}: actions must be text")
            if state.turn != turn_start:
                raise RecordError(f"turn {index}: {text!r} comes after the turn ended")
            try:
                action = state.parse_action(text)
            except ShoalError as error:
                raise RecordError(f"turn {index}: {error}") from None
            actions.append(action)
            state = state.child(action)
        complete = ends_turn(before, state)
        if not complete and index != len(turns):
            raise RecordError(f"turn {index} is not complete")
    result = data.get("result")
    ending = None
    if state.outcome is not None:
        if result is not None and result != result_token(state.outcome):
            raise RecordError(f"result {result} does not match the replayed game")
    else:
        reason = data.get("reason")
        if not isinstance(result, str | None) or not isinstance(reason, str | None):
            raise RecordError("fields 'result' and 'reason' are text")
        ending = _ending(result, reason)
    tags = field("tags", dict, {})
    return Record(
        game=game,
        actions=actions,
        seed=None if start is not None else seed,
        start=start,
        players=(players[0], players[1]),
        date=field("date", str, ""),
        extra_tags={str(k): str(v) for k, v in tags.items()},
        ending=ending,
    )
