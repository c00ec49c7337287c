"""The colour terminal UI: :class:`RichUI` and :func:`board_text`, drawn with rich.

The same :class:`~shoal.cli.tui.screen.Screen` as the plain UI, with colour,
panels, a thinking spinner, and line editing with completion.
"""

from __future__ import annotations

import contextlib
import itertools
import re
import time
from collections.abc import Iterator, Sequence
from typing import Any

from .screen import Screen
from .words import catalogue

__all__ = ["RichUI", "board_text"]

_SEAT_STYLES = ("bold bright_red", "bold bright_yellow")
_GLYPH_STYLES = ("bold bright_cyan", "bold bright_green", "bold magenta", "bold bright_blue")
_EMPTY = set(".·-|+_:/\\")
_ANSI = re.compile(r"(\x1b\[[0-9;?]*[A-Za-z])")
_PROSE = re.compile(r"[A-Za-z]{3,}")


def escape(text: str) -> str:
    """``text`` with rich's markup escaped: a translation, a file name or a status shows its
    square brackets as they are (``[Datei]``, ``[connect4-20261130.txt]``)."""
    from rich.markup import escape as rich_escape

    return rich_escape(text)


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
        prose = _PROSE.search(line) is not None  # a status line: words, not pieces
        for col, char in enumerate(line):
            if char.isspace():
                style = ""
            elif prose:
                style = "bold"
            elif char == "~":
                style = "blue"
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
    set by the session before each prompt). Its own words (``last``, ``moves``) are in
    ``language``.
    """

    def __init__(self, console: Any = None, clear: bool = True, language: str = "en") -> None:
        from rich.console import Console

        self.words = catalogue(language)
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
        """A line through ``input`` (readline editing), the prompt in colour."""
        with self.console.capture() as capture:
            self.console.print(f"[bold green]{escape(prompt)}[/]", end="")
        rendered = capture.get()
        if self._readline is not None:
            # readline must know which prompt bytes take no room on the line.
            rendered = _ANSI.sub(lambda m: "\x01" + m.group(1) + "\x02", rendered)
        return input(rendered)

    def show(self, screen: Screen) -> None:
        """The board panel beside the recent moves, then status, notes and who plays."""
        from rich.cells import cell_len
        from rich.columns import Columns
        from rich.panel import Panel
        from rich.table import Table

        if self.clear:
            self.console.clear()
        last = self.words.gettext("last: {turn}").format(turn=screen.last) if screen.last else ""
        # the panel is as wide as the board, or as its title and subtitle when they are longer
        # (a language's words run longer than the English): never cut short
        inner = max(cell_len(line) for line in screen.board.split("\n")) + 4
        wanted = max(cell_len(screen.title), cell_len(last)) + 6
        board = Panel(
            board_text(screen.board, screen.before, screen.sides),
            title=f"[bold]{escape(screen.title)}[/]",
            subtitle=escape(last) if last else None,
            border_style="blue",
            expand=wanted > inner,  # to ``width``: rich sizes a panel that does not to its board
            padding=(0, 1),
            width=wanted if wanted > inner else None,
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
            title = escape(self.words.gettext("moves"))
            parts.append(Panel(moves, title=title, border_style="bright_black", expand=False))
        self.console.print(screen.players, style="dim", markup=False)
        self.console.print(Columns(parts))
        if screen.legend:
            self.console.print(screen.legend, style="dim", markup=False)
        if screen.status:
            self.console.print(f"[cyan]{escape(screen.status)}[/]")
        if screen.message:
            self.console.print(screen.message, markup=False, style="bold bright_cyan")
        for note in screen.notes:
            self.console.print(note, markup=False, style="yellow")
        style = "bold magenta" if screen.over else "bold"
        self.console.print(screen.to_move, style=style, markup=False)

    def say(self, text: str, kind: str = "info") -> None:
        """A message in the colour of its kind."""
        style = {"error": "bold red", "good": "bold green", "title": "bold"}.get(kind, "")
        prefix = "✗ " if kind == "error" else ""
        self.console.print(prefix + text, style=style or None, markup=False)

    def listing(self, title: str, items: Sequence[str]) -> None:
        """The items in columns under a bold title."""
        from rich.columns import Columns

        self.console.print(f"[bold]{escape(title)}[/]")
        if items:
            self.console.print(
                Columns([f"[cyan]{escape(item)}[/]" for item in items], padding=(0, 3))
            )

    @contextlib.contextmanager
    def thinking(self, text: str) -> Iterator[None]:
        """A spinner while the block runs."""
        with self.console.status(f"[bold]{escape(text)}…[/]", spinner="dots"):
            yield

    def pause(self, seconds: float) -> None:
        """Sleeps."""
        if seconds > 0:
            time.sleep(seconds)
