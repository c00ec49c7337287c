"""The terminal game session behind ``shoal play``: glue only, no rules.

A :class:`Session` keeps the game (every state since the start and the atomic
actions between them) and asks each seat's controller for its turn: a person
types at the keyboard, a computer player from :func:`shoal.ai.players.get_player`
plays through :func:`~shoal.ai.players.play_turn`. Everything the session
knows about the game comes from the protocol: input is matched with
``state.turn_actions_text`` / ``state.parse_action`` against the legal actions,
the board is the game's ``render_text``, the status line its ``status``.

Input and output go through a :class:`UI`: :class:`PlainUI` (plain ``print``
and ``input``, for screen readers, dumb terminals and tests: inject the two
functions) or :class:`RichUI` (colour, panels, a thinking spinner, line editing
with completion). The session hands the UI a :class:`Screen` (plain data) to
draw, so both show the same things.

>>> import io
>>> from shoal import games
>>> lines = iter(["z", "d", "quit", ""])
>>> out = io.StringIO()
>>> ui = PlainUI(input_fn=lambda prompt: next(lines), output=out)
>>> session = Session(games.get("connect4"), ui, levels=(None, "random"))
>>> session.run()
0
>>> "'z': a drop is a column letter a to g" in out.getvalue()
True
>>> session.actions[0]
3
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import itertools
import re
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol, TextIO

import shoal.ai
from shoal import games
from shoal.ai.players import Player, get_player, play_turn
from shoal.core import Action, Game, Seat, ShoalError, State
from shoal.records import Record, read

__all__ = ["COMMANDS", "UI", "PlainUI", "RichUI", "Screen", "Session", "choose_game"]

COMMANDS: dict[str, str] = {
    "?": "list the legal actions (also 'legal')",
    "hint": "suggest an action, with a reason",
    "undo": "take back your last turn (and the computer's reply)",
    "moves": "show the whole move list",
    "board": "show the board again",
    "save FILE": "save the game as a text record",
    "load FILE": "load a record (text or JSON) and continue from it",
    "resign": "give up this game",
    "quit": "leave (offers to save first)",
    "help": "this list",
}
"""The session's commands and what they do (anything else is read as a move)."""

_COMMAND_WORDS = {"?", "legal", "hint", "undo", "moves", "board", "save", "load"}
_COMMAND_WORDS |= {"resign", "quit", "exit", "help"}
_FEW = 12
"""Up to this many next actions are listed when a turn continues."""


@dataclasses.dataclass
class Screen:
    """What to draw after a change: plain data built from the protocol."""

    title: str
    """The game's title."""
    players: str
    """Who plays which side, e.g. ``"you (x) vs random computer (o)"``."""
    board: str
    before: str | None
    """The board before the last turn (to mark what changed), if any."""
    last: str
    """The last turn in notation, e.g. ``"7. o: c"`` ('' at the start)."""
    to_move: str
    """Whose decision it is (or the result)."""
    status: str
    """The game's score or race state in a line ('' when it has none)."""
    moves: list[tuple[int, str, str]]
    """Every turn so far: number, side, turn text."""
    sides: tuple[str, str]
    """The side names of seats 0 and 1 (pieces take their seat's colour)."""
    notes: list[str]
    """Messages to show under the board (the computer's move, 'turn continues')."""
    over: bool


class UI(Protocol):
    """How a session talks to the player."""

    def ask(self, prompt: str) -> str:
        """A line of input (raises EOFError at the end of input)."""
        ...

    def show(self, screen: Screen) -> None:
        """Draw the board and everything around it."""
        ...

    def say(self, text: str, kind: str = "info") -> None:
        """A message; ``kind`` is info, error, good or title."""
        ...

    def listing(self, title: str, items: Sequence[str]) -> None:
        """A list of short items (legal actions, moves)."""
        ...

    def thinking(self, text: str) -> contextlib.AbstractContextManager[None]:
        """Shown while the computer chooses."""
        ...

    def pause(self, seconds: float) -> None:
        """Wait (watch mode)."""
        ...


# -- plain ------------------------------------------------------------------------
class PlainUI:
    """Plain ``print`` and ``input``: no colour, no cursor movement, nothing but text."""

    def __init__(
        self,
        input_fn: Callable[[str], str] | None = None,
        output: TextIO | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self._input = input_fn
        self._out = output
        self._sleep = sleep

    def _print(self, text: str = "") -> None:
        out = self._out if self._out is not None else sys.stdout
        out.write(text + "\n")
        out.flush()

    def ask(self, prompt: str) -> str:
        if self._input is not None:
            return self._input(prompt)
        return input(prompt)

    def show(self, screen: Screen) -> None:
        self._print()
        self._print(f"{screen.title}: {screen.players}")
        self._print(screen.board)
        if screen.moves:
            recent = [f"{n}. {side} {text}" for n, side, text in screen.moves[-8:]]
            more = "... " if len(screen.moves) > 8 else ""
            self._print(f"Moves: {more}{'  '.join(recent)}")
        if screen.last:
            self._print(f"Last: {screen.last}")
        if screen.status:
            self._print(f"Status: {screen.status}")
        for note in screen.notes:
            self._print(note)
        self._print(screen.to_move)

    def say(self, text: str, kind: str = "info") -> None:
        self._print(f"Error: {text}" if kind == "error" else text)

    def listing(self, title: str, items: Sequence[str]) -> None:
        self._print(f"{title}: {', '.join(items)}" if items else f"{title}: none")

    @contextlib.contextmanager
    def thinking(self, text: str) -> Iterator[None]:
        self._print(f"{text}...")
        yield

    def pause(self, seconds: float) -> None:
        if seconds > 0:
            self._sleep(seconds)


# -- rich -------------------------------------------------------------------------
_SEAT_STYLES = ("bold bright_red", "bold bright_yellow")
_GLYPH_STYLES = ("bold bright_cyan", "bold bright_green", "bold magenta", "bold bright_blue")
_EMPTY = set(".·-|+_:/\\")
_ANSI = re.compile(r"(\x1b\[[0-9;?]*[A-Za-z])")


def _coordinate_line(line: str) -> bool:
    """A line of single letters in alphabetical order (a file-letter legend)."""
    tokens = line.split()
    return (
        len(tokens) >= 2
        and all(len(t) == 1 and t.isalpha() for t in tokens)
        and all(ord(b) == ord(a) + 1 for a, b in itertools.pairwise(tokens))
    )


def board_text(board: str, before: str | None, sides: tuple[str, str]) -> Any:
    """The board as a rich ``Text``: pieces coloured, coordinates dim, the last turn marked.

    Generic over every game's ``render_text``: a glyph that is a side's
    initial (``x``/``o``, ``L``/``D``) takes that seat's colour, other glyphs a
    stable colour of their own, digits and legend lines are dimmed, and each
    character that differs from the board before the last turn is highlighted.
    """
    from rich.text import Text

    lines = board.split("\n")
    old = before.split("\n") if before is not None else None
    if old is not None and (
        len(old) != len(lines) or any(len(a) != len(b) for a, b in zip(old, lines))
    ):
        old = None
    initials = [s[:1].lower() for s in sides]
    text = Text()
    for row, line in enumerate(lines):
        legend = _coordinate_line(line)
        for col, char in enumerate(line):
            if char.isspace():
                style = ""
            elif legend or char.isdigit():
                style = "cyan dim"
            elif char in _EMPTY:
                style = "bright_black"
            elif char.lower() in initials and initials[0] != initials[1]:
                style = _SEAT_STYLES[initials.index(char.lower())]
            else:
                style = _GLYPH_STYLES[ord(char) % len(_GLYPH_STYLES)]
            if old is not None and old[row][col] != char and not char.isspace():
                style = (style + " " if style else "") + "reverse"
            text.append(char, style=style or None)
        if row != len(lines) - 1:
            text.append("\n")
    return text


class RichUI:
    """Colour with rich: the board in a panel beside the move list, a thinking spinner.

    Line editing and history come from ``readline`` when it is available, with
    tab completion of the legal actions and the commands (``completions`` is
    set by the session before each prompt).
    """

    def __init__(self, console: Any = None, clear: bool = True) -> None:
        from rich.console import Console

        self.console = console if console is not None else Console(highlight=False)
        self.clear = clear
        self.completions: Sequence[str] = ()
        self._readline: Any = None
        try:
            import readline
        except ImportError:  # pragma: no cover - Windows without pyreadline
            pass
        else:
            self._readline = readline
            readline.set_completer(self._complete)
            readline.set_completer_delims(" ;,")
            readline.parse_and_bind("tab: complete")

    def _complete(self, text: str, index: int) -> str | None:
        options = [c for c in self.completions if c.startswith(text)]
        return options[index] if index < len(options) else None

    def ask(self, prompt: str) -> str:
        with self.console.capture() as capture:
            self.console.print(f"[bold green]{prompt}[/]", end="")
        rendered = capture.get()
        if self._readline is not None:
            # readline must know which prompt bytes take no room on the line.
            rendered = _ANSI.sub(lambda m: "\x01" + m.group(1) + "\x02", rendered)
        return input(rendered)

    def show(self, screen: Screen) -> None:
        from rich.columns import Columns
        from rich.panel import Panel
        from rich.table import Table

        if self.clear:
            self.console.clear()
        board = Panel(
            board_text(screen.board, screen.before, screen.sides),
            title=f"[bold]{screen.title}[/]",
            subtitle=f"last: {screen.last}" if screen.last else None,
            border_style="blue",
            expand=False,
            padding=(0, 1),
        )
        moves = Table(box=None, show_header=False, padding=(0, 1))
        moves.add_column(justify="right", style="dim")
        moves.add_column(style="bold")
        moves.add_column()
        shown = screen.moves[-16:]
        if len(screen.moves) > len(shown):
            moves.add_row("…", "", "")
        for number, side, text in shown:
            moves.add_row(f"{number}.", side, text)
        parts: list[Any] = [board]
        if screen.moves:
            parts.append(Panel(moves, title="moves", border_style="bright_black", expand=False))
        self.console.print(screen.players, style="dim", markup=False)
        self.console.print(Columns(parts))
        if screen.status:
            self.console.print(f"[cyan]{screen.status}[/]")
        for note in screen.notes:
            self.console.print(note, markup=False, style="yellow")
        style = "bold magenta" if screen.over else "bold"
        self.console.print(screen.to_move, style=style, markup=False)

    def say(self, text: str, kind: str = "info") -> None:
        style = {"error": "bold red", "good": "bold green", "title": "bold"}.get(kind, "")
        prefix = "✗ " if kind == "error" else ""
        self.console.print(prefix + text, style=style or None, markup=False)

    def listing(self, title: str, items: Sequence[str]) -> None:
        from rich.columns import Columns

        self.console.print(f"[bold]{title}[/]")
        if items:
            self.console.print(Columns([f"[cyan]{item}[/]" for item in items], padding=(0, 3)))

    @contextlib.contextmanager
    def thinking(self, text: str) -> Iterator[None]:
        with self.console.status(f"[bold]{text}…[/]", spinner="dots"):
            yield

    def pause(self, seconds: float) -> None:
        if seconds > 0:
            time.sleep(seconds)


# -- the session ------------------------------------------------------------------
class _GameEnded(Exception):
    """Raised inside the loop when the player quits."""


class Session:
    """One game at the terminal: seats played by people (``None``) or computer levels.

    ``levels[seat]`` is ``None`` for a person at the keyboard, else a level
    name for :func:`get_player` (validated when the session starts).
    """

    def __init__(
        self,
        game: Game,
        ui: UI,
        *,
        levels: tuple[str | None, str | None] = (None, None),
        seed: int = 0,
        delay: float = 0.0,
        start: str | None = None,
    ) -> None:
        self.ui = ui
        self.levels = levels
        self.seed = seed
        self.delay = delay
        self.resigned: Seat | None = None
        self._notes: list[str] = []
        self._saved = True
        self._set_game(game, start, [])

    # -- state --------------------------------------------------------------------
    def _set_game(self, game: Game, start: str | None, actions: Sequence[Action]) -> None:
        self.game = game
        self.start = start
        first = game.load(start) if start is not None else game.initial(self.seed)
        self.states: list[State] = [first]
        self.actions: list[Action] = []
        for action in actions:
            self._push(action)
        self.players: list[Player | None] = [
            None if level is None else get_player(level, game, seed=self.seed * 2 + seat)
            for seat, level in enumerate(self.levels)
        ]
        self.resigned = None

    @property
    def state(self) -> State:
        """The current state."""
        return self.states[-1]

    def _push(self, action: Action) -> None:
        self.states.append(self.state.apply(action))
        self.actions.append(action)
        self._saved = False

    def _turn_starts(self) -> list[int]:
        """Indices into ``actions`` where each turn begins."""
        starts = []
        for index in range(len(self.actions)):
            if index == 0 or self.states[index].turn != self.states[index - 1].turn:
                starts.append(index)
        return starts

    def _turns(self) -> list[tuple[int, State, list[Action]]]:
        """(start index, state before, actions) for each turn so far (the last may be partial)."""
        starts = self._turn_starts()
        out = []
        for n, start in enumerate(starts):
            end = starts[n + 1] if n + 1 < len(starts) else len(self.actions)
            out.append((start, self.states[start], self.actions[start:end]))
        return out

    def _in_turn(self) -> bool:
        """True when the seat to move has already taken actions of its current turn."""
        return (
            bool(self.actions)
            and self.state.outcome is None
            and self.states[-2].turn == self.state.turn
        )

    def _turn_text(self, before: State, actions: list[Action]) -> str:
        after = before
        for action in actions:
            after = after.child(action)
        if after.turn != before.turn or after.outcome is not None:
            return before.turn_text(actions)
        texts = []
        for action in actions:
            texts.append(before.action_text(action))
            before = before.child(action)
        return "; ".join(texts) + " ..."

    # -- names --------------------------------------------------------------------
    def _who(self, seat: Seat) -> str:
        level = self.levels[seat]
        if level is not None:
            return f"{level} computer"
        if self.levels[1 - seat] is None:
            return f"player {seat + 1}"
        return "you"

    def _seat_label(self, seat: Seat) -> str:
        return f"{self.state.side_name(seat)} (seat {seat}, {self._who(seat)})"

    def result_text(self) -> str:
        """The result in words, with its reason (and scores where the game counts)."""
        state = self.state
        sides = state.sides()
        if self.resigned is not None:
            winner = 1 - self.resigned
            return f"{sides[self.resigned]} resigns: {self._seat_label(winner)} wins"
        outcome = state.outcome
        if outcome is None:
            return "unfinished"
        if outcome.winner is None:
            text = f"Draw: {outcome.reason}"
        else:
            w = outcome.winner
            text = f"{sides[w]} (seat {w}, {self._who(w)}) wins: {outcome.reason}"
        if outcome.scores is not None and "score" not in outcome.reason:
            a, b = outcome.scores
            text += f" (scores: {sides[0]} {a:g}, {sides[1]} {b:g})"
        return text

    def screen(self) -> Screen:
        """The screen for the current state."""
        state = self.state
        turns = self._turns()
        moves = [
            (n, before.side_name(before.to_move or 0), self._turn_text(before, acts))
            for n, (_i, before, acts) in enumerate(turns, start=1)
        ]
        before_board: str | None = None
        last = ""
        if turns:
            index, _before, _acts = turns[-1]
            number, side, text = moves[-1]
            last = f"{number}. {side}: {text}"
            before_board = self.game.render_text(self.states[index])
        if self.resigned is not None or state.outcome is not None:
            to_move = "Game over. " + self.result_text()
        else:
            seat = state.to_move if state.to_move is not None else 0
            tail = ", turn continues" if self._in_turn() else ""
            to_move = f"{self._seat_label(seat)} to play{tail}"
        status = self.game.status(state)
        sides = state.sides()
        players = f"{self._who(0)} ({sides[0]}) vs {self._who(1)} ({sides[1]})"
        notes, self._notes = self._notes, []
        return Screen(
            title=self.game.title,
            players=players,
            board=self.game.render_text(state),
            before=before_board,
            last=last,
            to_move=to_move,
            status=status,
            moves=moves,
            sides=sides,
            notes=notes,
            over=self.resigned is not None or state.outcome is not None,
        )

    def _show(self) -> None:
        self.ui.show(self.screen())

    # -- the loop -----------------------------------------------------------------
    def run(self) -> int:
        """Play until the game ends or the player quits; returns an exit code."""
        self._show()
        try:
            while True:
                if self.resigned is not None or self.state.outcome is not None:
                    if not self._finish():
                        return 0
                    continue
                seat = self.state.to_move
                assert seat is not None
                player = self.players[seat]
                if player is None:
                    self._human_turn(seat)
                else:
                    self._computer_turn(seat, player)
        except _GameEnded:
            return 0

    def _computer_turn(self, seat: Seat, player: Player) -> None:
        if self.delay > 0 and self.actions:
            self.ui.pause(self.delay)
        state = self.state
        with self.ui.thinking(f"{self._who(seat)} ({state.side_name(seat)}) is thinking"):
            actions = play_turn(player, state)
        for action in actions:
            self._push(action)
        side = state.side_name(seat)
        self._notes.append(f"{self._who(seat)} ({side}) played {self._turn_text(state, actions)}")
        self._show()

    def _prompt(self, seat: Seat) -> str:
        number = self.state.turn + 1
        tail = " (continues)" if self._in_turn() else ""
        return f"{number}. {self.state.side_name(seat)}{tail}> "

    def _human_turn(self, seat: Seat) -> None:
        state = self.state
        completions = getattr(self.ui, "completions", None)
        if completions is not None:
            words = ["hint", "undo", "moves", "board", "save", "load", "resign", "quit", "help"]
            self.ui.completions = [*state.legal_texts(), *words]  # type: ignore[attr-defined]
        try:
            line = self.ui.ask(self._prompt(seat)).strip()
        except EOFError:
            self.ui.say("")
            raise _GameEnded from None
        if not line:
            return
        word, _, rest = line.partition(" ")
        if word.lower() in _COMMAND_WORDS and line not in state.legal_texts():
            self._command(word.lower(), rest.strip())
            return
        self._move(line)

    def _move(self, line: str) -> None:
        state = self.state
        try:
            actions = state.turn_actions_text(line)
        except ShoalError as error:
            partial = self._partial_turn(line)
            if partial is None:
                self.ui.say(f"{error}  (? lists the legal actions, help the commands)", "error")
                return
            actions = partial
        turn_before = state.turn
        for action in actions:
            self._push(action)
        after = self.state
        if after.outcome is None and after.turn == turn_before:
            legal = [after.action_text(a) for a in after.legal_actions()]
            if len(legal) <= _FEW:
                self._notes.append(f"turn continues: choose {' or '.join(legal)}")
            else:
                self._notes.append(f"turn continues: {len(legal)} choices (? lists them)")
        self._show()

    def _partial_turn(self, line: str) -> list[Action] | None:
        """The first atomic actions of a turn typed together, when they do not complete it."""
        state = self.state
        parts = state.split_turn(line)
        if len(parts) <= 1:
            return None
        actions = []
        for part in parts:
            if state.outcome is not None or state.turn != self.state.turn:
                return None
            try:
                action = state.parse_action(part)
            except ShoalError:
                return None
            actions.append(action)
            state = state.child(action)
        return actions

    # -- commands -----------------------------------------------------------------
    def _command(self, word: str, rest: str) -> None:
        if word in ("?", "legal"):
            state = self.state
            texts = [state.action_text(a) for a in state.legal_actions()]
            noun = "legal action" if len(texts) == 1 else "legal actions"
            self.ui.listing(f"{len(texts)} {noun}", texts)
        elif word == "help":
            self._help()
        elif word == "hint":
            self._hint()
        elif word == "undo":
            if self._undo():
                self._show()
        elif word == "moves":
            moves = self.screen().moves
            self.ui.listing("moves", [f"{n}. {side} {text}" for n, side, text in moves])
        elif word == "board":
            self._show()
        elif word == "save":
            self._save(rest)
        elif word == "load":
            self._load(rest)
        elif word == "resign":
            self.resigned = self.state.to_move
            self._saved = False
            self._show()
        else:  # quit, exit
            self._offer_save("Save the game before leaving? y/N> ")
            raise _GameEnded

    def _help(self) -> None:
        self.ui.say("Type an action in the game's notation, or a whole turn, then Enter.", "title")
        width = max(len(name) for name in COMMANDS)
        for name, text in COMMANDS.items():
            self.ui.say(f"  {name.ljust(width)}  {text}")

    def _hint(self) -> None:
        state = self.state
        seat = state.to_move if state.to_move is not None else 0
        with self.ui.thinking("looking for a hint"):
            advice = shoal.ai.hint(self.game, state, seed=len(self.actions))
        text = state.action_text(advice.action)
        self.ui.say(f"hint for {state.side_name(seat)}: {text}: {advice.reason}")

    def _undo(self) -> bool:
        """Take back the last human turn (and the computer's replies after it)."""
        if self._in_turn():
            self.states.pop()
            self.actions.pop()
            self.resigned = None
            self._notes.append("took back one step of this turn")
            return True
        if self.resigned is not None:
            self.resigned = None
        starts = self._turn_starts()
        humans = [i for i in starts if self.players[self.states[i].to_move or 0] is None]
        if not humans:
            self.ui.say("nothing to undo", "error")
            return False
        cut = humans[-1]
        taken = len(starts) - starts.index(cut)
        del self.states[cut + 1 :]
        del self.actions[cut:]
        self._saved = False
        self._notes.append(f"took back {taken} turn{'s' if taken > 1 else ''}")
        return True

    def record(self) -> Record:
        """The game so far as a record."""
        names = tuple("human" if level is None else level for level in self.levels)
        record = Record.from_actions(
            self.game,
            self.actions,
            seed=self.seed,
            start=self.start,
            players=(names[0], names[1]),
        )
        if self.resigned is not None:
            record.extra_tags["Termination"] = f"seat {self.resigned} resigned"
        return record

    def _save(self, name: str) -> bool:
        if not name:
            self.ui.say("usage: save FILE", "error")
            return False
        try:
            Path(name).expanduser().write_text(self.record().to_text())
        except OSError as error:
            self.ui.say(f"cannot save to {name}: {error.strerror or error}", "error")
            return False
        self._saved = True
        self.ui.say(f"saved to {name}", "good")
        return True

    def _load(self, name: str) -> None:
        if not name:
            self.ui.say("usage: load FILE", "error")
            return
        try:
            record = read(Path(name).expanduser().read_text())
        except OSError as error:
            self.ui.say(f"cannot read {name}: {error.strerror or error}", "error")
            return
        except ShoalError as error:
            self.ui.say(f"{name}: {error}", "error")
            return
        self.load_record(record)
        self._notes.append(f"loaded {name}: {len(self._turns())} turns")
        self._show()

    def load_record(self, record: Record) -> None:
        """Continue from ``record`` (its game, start and actions)."""
        self.seed = record.seed or 0
        self._set_game(record.game, record.start, record.actions)
        self._saved = True

    def default_file(self) -> str:
        """A file name for the game here, e.g. ``connect4-20261122-0215.txt``."""
        return f"{self.game.id}-{datetime.datetime.now():%Y%m%d-%H%M}.txt"

    def _ask_file_and_save(self) -> bool:
        """Ask for a file name (Enter takes the suggested one) and save."""
        default = self.default_file()
        while True:
            try:
                name = self.ui.ask(f"File name [{default}]> ").strip()
            except EOFError:
                return False
            if self._save(name or default):
                return True

    def _offer_save(self, prompt: str) -> None:
        """Before leaving an unsaved game: y saves, anything else leaves."""
        if self._saved or not self.actions:
            return
        try:
            answer = self.ui.ask(prompt).strip()
        except EOFError:
            return
        if answer.lower() in ("y", "yes", "save"):
            self._ask_file_and_save()
        elif answer.lower().startswith("save "):
            self._save(answer[5:].strip())

    def _finish(self) -> bool:
        """At the end: offer to save, or take back; False when the session is over."""
        person = any(p is None for p in self.players)
        back = "take back (undo), or " if person else "or "
        while True:
            if self._saved or not self.actions:
                prompt = f"{back.capitalize()}Enter to finish> "
            else:
                prompt = f"Save the game (y), {back}Enter to finish> "
            try:
                answer = self.ui.ask(prompt).strip()
            except EOFError:
                return False
            word = answer.lower()
            if word in ("", "n", "no", "quit", "exit", "q"):
                return False
            if word == "undo" and person:
                if self._undo():
                    self._show()
                    return True
            elif word in ("y", "yes", "save"):
                self._ask_file_and_save()
            elif word.startswith("save "):
                self._save(answer[5:].strip())
            else:
                options = "y, save FILE, undo or Enter" if person else "y, save FILE or Enter"
                self.ui.say(f"{answer!r}: the game is over; answer {options}", "error")


def choose_game(ui: UI) -> Game | None:
    """Ask which game to play with a numbered menu (None when the player leaves)."""
    ids = list(games.ids()) + [g for g in games.ids(all=True) if g not in games.ids()]
    listed = set(games.ids())
    ui.say("Which game?", "title")
    for number, game_id in enumerate(ids, start=1):
        entry = games.REGISTRY.entry(game_id)
        note = "" if game_id in listed else " (calibration game)"
        ui.say(f"  {number}. {entry.title} [{game_id}]{note}")
    while True:
        try:
            answer = ui.ask("Game number or id> ").strip().lower()
        except EOFError:
            return None
        if not answer or answer in ("q", "quit"):
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(ids):
            return games.get(ids[int(answer) - 1])
        if answer in ids:
            return games.get(answer)
        ui.say(f"{answer!r}: choose a number from 1 to {len(ids)} or a game id", "error")
