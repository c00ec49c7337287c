"""The terminal UI of ``shoal play``, by part. Glue only: no rules.

- :mod:`~shoal.cli.tui.screen`: the :class:`Screen` to draw (plain data), the
  :class:`UI` protocol, and :class:`PlainUI` (plain text).
- :mod:`~shoal.cli.tui.rich_ui`: :class:`RichUI`, colour with rich.
- :mod:`~shoal.cli.tui.session`: :class:`Session`, one game without I/O (turns,
  undo, records, the computer's turns, hints), started from any position.
- :mod:`~shoal.cli.tui.loop`: :class:`CommandLoop`, which reads input, dispatches
  the commands and draws; :func:`choose_game`, the game menu.
- :mod:`~shoal.cli.tui.words`: the language of the terminal's words (``--language``, the
  environment's) and the sides' and levels' names in it; every part above takes a
  ``language`` and speaks through its catalogue.

A session and a UI make a game at the terminal:

>>> import io
>>> from shoal import games
>>> lines = iter(["d", "undo", "quit"])
>>> out = io.StringIO()
>>> ui = PlainUI(input_fn=lambda prompt: next(lines), output=out)
>>> session = Session(games.get("connect4"), levels=(None, "random"))
>>> CommandLoop(session, ui).run()
0
>>> "took back 2 turns" in out.getvalue()
True
"""

from __future__ import annotations

from .loop import COMMANDS, CommandLoop, choose_game
from .rich_ui import RichUI, board_text
from .screen import UI, PlainUI, Screen
from .session import Listener, Played, Session
from .words import add_language_argument, chosen_language, environment_language

__all__ = [
    "COMMANDS",
    "UI",
    "CommandLoop",
    "Listener",
    "PlainUI",
    "Played",
    "RichUI",
    "Screen",
    "Session",
    "add_language_argument",
    "board_text",
    "choose_game",
    "chosen_language",
    "environment_language",
]
