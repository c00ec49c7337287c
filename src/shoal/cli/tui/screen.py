"""What the terminal shows: the :class:`Screen` (plain data), the :class:`UI` protocol, plain text.

A session builds a :class:`Screen` from the protocol; a :class:`UI` draws it.
:class:`PlainUI` is plain ``print`` and ``input`` (for screen readers, dumb
terminals and tests: inject the two functions); the colour UI is
:class:`shoal.cli.tui.rich_ui.RichUI`. Neither knows anything of the session.

>>> import io
>>> out = io.StringIO()
>>> PlainUI(output=out).listing("2 legal actions", ["a", "b"])
>>> out.getvalue()
'2 legal actions: a, b\\n'
"""

from __future__ import annotations

import contextlib
import dataclasses
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Protocol, TextIO

from .words import catalogue

__all__ = ["UI", "PlainUI", "Screen"]


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
    message: str = ""
    """A standing line set by the caller (a course's task, a puzzle's goal); '' for none."""
    legend: str = ""
    """What the board's characters mean (the game's ``text_legend``); '' for none."""


class UI(Protocol):
    """How a command loop talks to the player."""

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


class PlainUI:
    """Plain ``print`` and ``input``: no colour, no cursor movement, nothing but text; its
    own words (``Legend:``, ``Error:``...) in ``language``."""

    def __init__(
        self,
        input_fn: Callable[[str], str] | None = None,
        output: TextIO | None = None,
        sleep: Callable[[float], None] = time.sleep,
        language: str = "en",
    ) -> None:
        self.words = catalogue(language)
        self._input = input_fn
        self._out = output
        self._sleep = sleep

    def _print(self, text: str = "") -> None:
        out = self._out if self._out is not None else sys.stdout
        out.write(text + "\n")
        out.flush()

    def ask(self, prompt: str) -> str:
        """A line from the injected input function, else from ``input``."""
        if self._input is not None:
            return self._input(prompt)
        return input(prompt)

    def show(self, screen: Screen) -> None:
        """The title, board, recent moves, last turn, status, notes and who is to play."""
        self._print()
        _ = self.words.gettext
        self._print(f"{screen.title}: {screen.players}")
        self._print(screen.board)
        if screen.legend:
            self._print(_("Legend: {legend}").format(legend=screen.legend))
        if screen.moves:
            recent = [f"{n}. {side} {text}" for n, side, text in screen.moves[-8:]]
            more = "... " if len(screen.moves) > 8 else ""
            self._print(_("Moves: {moves}").format(moves=more + "  ".join(recent)))
        if screen.last:
            self._print(_("Last: {turn}").format(turn=screen.last))
        if screen.status:
            self._print(_("Status: {status}").format(status=screen.status))
        if screen.message:
            self._print(screen.message)
        for note in screen.notes:
            self._print(note)
        self._print(screen.to_move)

    def say(self, text: str, kind: str = "info") -> None:
        """A line; errors start with ``Error:``."""
        self._print(
            self.words.gettext("Error: {error}").format(error=text) if kind == "error" else text
        )

    def listing(self, title: str, items: Sequence[str]) -> None:
        """``title: a, b, c`` on one line."""
        listed = ", ".join(items) if items else self.words.gettext("none")
        self._print(f"{title}: {listed}")

    @contextlib.contextmanager
    def thinking(self, text: str) -> Iterator[None]:
        """Says ``text...`` once."""
        self._print(f"{text}...")
        yield

    def pause(self, seconds: float) -> None:
        """Sleeps (through the injected ``sleep``)."""
        if seconds > 0:
            self._sleep(seconds)
