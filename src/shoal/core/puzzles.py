"""Puzzles: positions where the side to move wins by force, played one action at a time.

A game's puzzles are data in its package (``puzzles.jsonl``, one JSON object a line:
``id``, ``position``, ``options``, ``winner``, ``solution``, ``accepted_first``, ``theme``,
``difficulty``, ``source``), read by :func:`load_puzzles`. ``solution`` holds the atomic
actions of the winning line in the game's notation, the winner's and the defender's
alternating as they happen; ``accepted_first`` lists other first actions that win too.

:func:`attempt` judges the learner's actions so far, pure and stateless (the web sends all
of them each time): each must be the solution's next action, an accepted first action, or
an action that wins the game at once; the defender's actions of the solution are played
automatically after each correct one. A wrong action ends the attempt; its refutation (the
defender's best answer) comes from a ``choose`` function the caller passes, so this module
stays free of any search (the interfaces pass the AI's choice at a small budget).

>>> from shoal.games import get
>>> game = get("connect4")
>>> row = "......./......./......./......./......./xxx.ooo x"
>>> puzzle = Puzzle(id="connect4-0001", position=row, winner=0, solution=("d",))
>>> attempt(puzzle, game, ["d"]).solved
True
>>> attempt(puzzle, game, ["a"]).correct
False
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from typing import TYPE_CHECKING, Any

from .errors import ShoalError

if TYPE_CHECKING:
    from .game import Game
    from .outcome import Action
    from .state import State

__all__ = [
    "Puzzle",
    "PuzzleError",
    "PuzzleVerdict",
    "Words",
    "attempt",
    "load_puzzles",
    "parse_puzzles",
]

_ID = re.compile(r"^[a-z0-9]+-\d{4}$")
_KEYS = {
    "id",
    "position",
    "options",
    "winner",
    "solution",
    "accepted_first",
    "theme",
    "difficulty",
    "source",
}
_REQUIRED = {"id", "position", "winner", "solution"}
MAX_REFUTATION = 12
"""The most atomic actions a refutation line shows (a defender's whole turn fits)."""


class PuzzleError(ShoalError):
    """A puzzle file or a puzzle attempt that cannot be read, with where and why."""


@dataclasses.dataclass(frozen=True)
class Puzzle:
    """One puzzle (see the module docs for the fields)."""

    id: str
    position: str
    winner: int
    solution: tuple[str, ...]
    options: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    accepted_first: tuple[str, ...] = ()
    theme: str | None = None
    difficulty: int = 1500
    source: str = ""

    @property
    def game_id(self) -> str:
        """The game's id, the part of ``id`` before the number."""
        return self.id.rpartition("-")[0]

    def game(self, base: Game[Any]) -> Game[Any]:
        """The game with this puzzle's options."""
        if not self.options:
            return base
        return type(base).with_options(dict(self.options))

    def start(self, base: Game[Any]) -> State:
        """The puzzle's position."""
        state: State = self.game(base).load(self.position)
        return state

    def as_dict(self) -> dict[str, Any]:
        """The puzzle as one line of ``puzzles.jsonl`` (JSON-ready)."""
        return {
            "id": self.id,
            "position": self.position,
            "options": dict(self.options),
            "winner": self.winner,
            "solution": list(self.solution),
            "accepted_first": list(self.accepted_first),
            "theme": self.theme,
            "difficulty": self.difficulty,
            "source": self.source,
        }


def _puzzle(game_id: str, where: str, data: Any) -> Puzzle:
    if not isinstance(data, dict):
        raise PuzzleError(f"{where}: a puzzle is a JSON object, not {type(data).__name__}")
    missing = _REQUIRED - set(data)
    if missing:
        raise PuzzleError(f"{where}: missing key(s) {', '.join(sorted(missing))}")
    unknown = set(data) - _KEYS
    if unknown:
        raise PuzzleError(f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
    pid = data["id"]
    if not isinstance(pid, str) or not _ID.match(pid) or pid.rpartition("-")[0] != game_id:
        raise PuzzleError(f"{where}: id must be '{game_id}-NNNN', not {pid!r}")
    if not isinstance(data["position"], str) or not data["position"].strip():
        raise PuzzleError(f"{where}: position must be a position string")
    if data["winner"] not in (0, 1) or isinstance(data["winner"], bool):
        raise PuzzleError(f"{where}: winner must be the seat 0 or 1, not {data['winner']!r}")
    for key in ("solution", "accepted_first"):
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(a, str) and a for a in value):
            raise PuzzleError(f"{where}: {key} must be a list of actions in notation")
    if not data["solution"]:
        raise PuzzleError(f"{where}: the solution is empty")
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise PuzzleError(f"{where}: options must be an object")
    theme = data.get("theme")
    if theme is not None and not isinstance(theme, str):
        raise PuzzleError(f"{where}: theme must be a text or null")
    difficulty = data.get("difficulty", 1500)
    if not isinstance(difficulty, int) or isinstance(difficulty, bool):
        raise PuzzleError(f"{where}: difficulty must be an integer rating")
    return Puzzle(
        id=pid,
        position=data["position"],
        winner=data["winner"],
        solution=tuple(data["solution"]),
        options=dict(options),
        accepted_first=tuple(data.get("accepted_first", [])),
        theme=theme,
        difficulty=difficulty,
        source=str(data.get("source", "")),
    )


def parse_puzzles(game_id: str, text: str, name: str = "puzzles.jsonl") -> list[Puzzle]:
    """The puzzles of a JSON-lines text; PuzzleError names the line and what is wrong.

    Blank lines are skipped; ids must be unique.
    """
    out: list[Puzzle] = []
    seen: set[str] = set()
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        where = f"{game_id} {name}, line {number}"
        try:
            data = json.loads(line)
        except json.JSONDecodeError as error:
            raise PuzzleError(f"{where}: not valid JSON: {error.msg}") from None
        puzzle = _puzzle(game_id, where, data)
        if puzzle.id in seen:
            raise PuzzleError(f"{where}: the id {puzzle.id} is used twice")
        seen.add(puzzle.id)
        out.append(puzzle)
    return out


def load_puzzles(game: Game[Any]) -> list[Puzzle]:
    """The puzzles shipped in the game's package (``puzzles.jsonl``); [] without the file."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        text = resources.files(package).joinpath("puzzles.jsonl").read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError):
        return []
    return parse_puzzles(game.id, text)


@dataclasses.dataclass(frozen=True)
class PuzzleVerdict:
    """How the learner's last action stands.

    ``state`` is the position after it and the automatic actions that followed:
    ``replies`` (the defender's actions of the solution, after a correct action) or
    ``refutation`` (the defender's best answer, after a wrong one). ``message`` says it in
    words.
    """

    state: State
    correct: bool
    solved: bool = False
    replies: tuple[str, ...] = ()
    refutation: tuple[str, ...] = ()
    message: str = ""
    last: tuple[Action, ...] = ()
    """The learner's last action and the automatic ones after it (to mark on the board)."""


Chooser = Callable[["State"], "Action"]
"""Picks the best action for the seat to move (the AI, at a small budget)."""


def refutation_line(
    state: State, winner: int, choose: Chooser
) -> tuple[State, tuple[str, ...], tuple[Action, ...]]:
    """The actions after a wrong one until the defender has answered: the rest of the
    learner's turn (if the wrong action did not end it) and the defender's whole turn.

    Returns the state after them, their texts and the actions."""
    texts: list[str] = []
    actions: list[Action] = []
    defended = False
    while state.outcome is None and len(texts) < MAX_REFUTATION:
        if state.to_move == winner and defended:
            break
        defended = defended or state.to_move != winner
        action = choose(state)
        texts.append(state.action_text(action))
        actions.append(action)
        state = state.apply(action)
    return state, tuple(texts), tuple(actions)


def _label(state: State, action: Action) -> str:
    """An action in the game's own words (its action label), from the state it is played in."""
    return state.game.action_label(state, action)


def _same(text: str) -> str:
    return text


Words = Callable[[str], str]
"""A language's ``gettext`` for the verdict's own words ("is right", "Solved!"): the caller's
(the server passes the reader's catalogue's); English, the words as they are, by default.
The game's words (its actions' labels, its ending sentence) stay as the game says them."""


def _side(state: State, seat: int, _: Words) -> str:
    """A side's name, capitalised, in the reader's words (the game page's: ``white``,
    ``light``... are messages of the catalogues); a name they lack as the game says it."""
    name = _(state.side_name(seat))
    return name[:1].upper() + name[1:]


def _answer(start: State, winner: int, texts: Sequence[str], _: Words = _same) -> str:
    """The automatic actions from ``start`` in the game's words: "Dark answers Move the
    tower on c1 to f4." (with the rest of the learner's turn first, when there is one:
    "Light goes on with ...; ...")."""
    own: list[str] = []
    rest: list[str] = []
    state = start
    for text in texts:
        action = state.parse_action(text)
        (own if state.to_move == winner and not rest else rest).append(_label(state, action))
        state = state.apply(action)
    words = ""
    if own:
        words = _("{side} goes on with {actions}").format(
            side=_side(start, winner, _), actions=", ".join(own)
        )
        words += "; " if rest else "."
    if rest:
        words += _("{side} answers {actions}.").format(
            side=_side(start, 1 - winner, _), actions=_(", then ").join(rest)
        )
    return words


def attempt(
    puzzle: Puzzle,
    base: Game[Any],
    played: Sequence[str],
    choose: Chooser | None = None,
    _: Words = _same,
) -> PuzzleVerdict:
    """Judge the learner's ``played`` actions (theirs only, in notation) in ``puzzle``.

    Every action but the last must have been correct (else PuzzleError); the game's own
    error is raised for an action that is not legal or not notation. Without ``choose``
    a wrong action gets no refutation line. ``_`` says the verdict's own words in the
    reader's language (:data:`Words`).
    """
    if not played:
        raise PuzzleError("no action to judge")
    game = puzzle.game(base)
    state = puzzle.start(base)
    index = 0
    solution = puzzle.solution
    for number, text in enumerate(played, 1):
        last = number == len(played)
        if state.outcome is not None or state.to_move != puzzle.winner:
            raise PuzzleError(f"action {number}: it is not the solver's turn")
        action = state.parse_action(text)
        canon = state.action_text(action)
        said = _label(state, action)  # the action in the game's words
        after = state.apply(action)
        wins_now = after.outcome is not None and after.outcome.winner == puzzle.winner
        if index < len(solution) and canon == solution[index]:
            index += 1
        elif wins_now or (index == 0 and canon in puzzle.accepted_first):
            if not last:
                raise PuzzleError(f"action {number + 1} comes after the puzzle was solved")
            message = _("{action} wins. Solved!").format(action=said)
            return PuzzleVerdict(after, True, solved=True, message=message, last=(action,))
        else:
            if not last:
                raise PuzzleError(f"action {number} ({canon}) was wrong: the attempt ended there")
            return _wrong(game, puzzle, after, action, said, choose, _)
        state = after
        before = state
        replies = []
        marks = [action]
        while state.outcome is None and state.to_move != puzzle.winner and index < len(solution):
            replies.append(solution[index])
            reply = state.parse_action(solution[index])
            marks.append(reply)
            state = state.apply(reply)
            index += 1
        solved = index >= len(solution) or state.outcome is not None
        if solved and not last:
            raise PuzzleError(f"action {number + 1} comes after the puzzle was solved")
        if last:
            answer = f" {_answer(before, puzzle.winner, replies, _)}" if replies else ""
            right = _("{action} is right.").format(action=said)
            if solved:
                ending = f" {game.ending_sentence(state)}" if state.outcome is not None else ""
                message = right + answer + " " + _("Solved!") + ending
            else:
                message = right + answer + " " + _("Go on.")
            return PuzzleVerdict(
                state, True, solved, tuple(replies), message=message, last=tuple(marks)
            )
    raise AssertionError("unreachable")


def _wrong(
    game: Game[Any],
    puzzle: Puzzle,
    after: State,
    action: Action,
    said: str,
    choose: Chooser | None,
    _: Words = _same,
) -> PuzzleVerdict:
    refutation: tuple[str, ...] = ()
    marks: tuple[Action, ...] = ()
    final = after
    if choose is not None:
        final, refutation, marks = refutation_line(after, puzzle.winner, choose)
    words = _("{action} is not the way.").format(action=said)
    if refutation:
        words += " " + _answer(after, puzzle.winner, refutation, _)
    if final.outcome is not None:
        words += " " + game.ending_sentence(final)
    return PuzzleVerdict(final, False, refutation=refutation, message=words, last=(action, *marks))


def expected_next(puzzle: Puzzle, base: Game[Any], played: Sequence[str]) -> str | None:
    """The solution's next action for the learner after ``played`` (None once solved)."""
    count = 0
    state = puzzle.start(base)
    for text in puzzle.solution:
        if state.outcome is not None:
            return None
        if state.to_move == puzzle.winner:
            if count == len(played):
                return text
            count += 1
        state = state.apply_text(text)
    return None
