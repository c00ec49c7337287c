"""The command loop behind ``shoal play``: read a line, dispatch it, draw the screen.

A :class:`CommandLoop` drives a :class:`~shoal.cli.tui.session.Session`
through a :class:`~shoal.cli.tui.screen.UI`: a person's line is a command
(:data:`COMMANDS`) or a move; a computer's turn runs under the UI's thinking
indicator; at the end it offers to save or take back. Saving and loading
record files happen here, never in the session.

>>> import io
>>> from shoal import games
>>> from shoal.cli.tui import PlainUI
>>> lines = iter(["z", "d", "quit", ""])
>>> out = io.StringIO()
>>> ui = PlainUI(input_fn=lambda prompt: next(lines), output=out)
>>> session = Session(games.get("connect4"), levels=(None, "random"))
>>> CommandLoop(session, ui).run()
0
>>> "'z': a drop is a column letter a to g" in out.getvalue()
True
>>> session.actions[0]
3
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from pathlib import Path

from shoal import games
from shoal.core import Game, ShoalError
from shoal.records import read

from .screen import UI
from .session import Session
from .words import catalogue, yes

__all__ = ["COMMANDS", "CommandLoop", "choose_game"]


def _(message: str) -> str:
    """Marks a message for ``shoal i18n extract``; it is said through the player's catalogue
    where it is shown."""
    return message


COMMANDS: dict[str, str] = {
    "?": _("list the legal actions (also 'legal')"),
    "hint": _("suggest an action, with a reason"),
    "undo": _("take back your last turn (and the computer's reply)"),
    "moves": _("show the whole move list"),
    "board": _("show the board again"),
    "save FILE": _("save the game as a text record"),
    "load FILE": _("load a record (text or JSON) and continue from it"),
    "resign": _("give up this game"),
    "quit": _("leave (offers to save first)"),
    "help": _("this list"),
}
"""The commands of ``shoal play`` and what they do (anything else is read as a move), in
English: the loop's ``help`` says them in the session's language. The command words are
typed as they are in every language."""

_COMPLETIONS = ["hint", "undo", "moves", "board", "save", "load", "resign", "quit", "help"]


class _GameEnded(Exception):
    """Raised inside the loop when the player quits."""


class CommandLoop:
    """Play ``session`` at the terminal through ``ui`` until the game ends or the player quits.

    ``delay`` is the pause between turns when the computer plays both seats.
    ``handlers`` maps each command word to a function of the rest of the line;
    :meth:`add_command` adds one (with its line in ``help``).
    """

    def __init__(self, session: Session, ui: UI, *, delay: float = 0.0) -> None:
        self.session = session
        self.ui = ui
        self.delay = delay
        self.words = session.words
        """The session's catalogue: the loop speaks the session's language."""
        self.help: dict[str, str] = {
            word: self.words.gettext(text) for word, text in COMMANDS.items()
        }
        self.handlers: dict[str, Callable[[str], None]] = {
            "?": self._legal,
            "legal": self._legal,
            "help": self._help,
            "hint": self._hint,
            "undo": self._undo_command,
            "moves": self._moves,
            "board": lambda _rest: self.show(),
            "save": self._save_command,
            "load": self._load,
            "resign": self._resign,
            "quit": self._quit,
            "exit": self._quit,
        }
        self._completions = list(_COMPLETIONS)

    def add_command(self, word: str, text: str, handler: Callable[[str], None]) -> None:
        """A new command ``word`` (``text`` for help, in the session's language); ``handler``
        gets the rest of the line."""
        self.handlers[word] = handler
        self.help[word] = text
        self._completions.append(word)

    def show(self) -> None:
        """Draw the session's screen."""
        self.ui.show(self.session.screen())

    # -- the loop -----------------------------------------------------------------
    def run(self) -> int:
        """Play until the game ends or the player quits; returns an exit code."""
        self.show()
        try:
            while True:
                if self.session.over:
                    if not self._finish():
                        return 0
                    continue
                if self.session.person_to_move:
                    self._human_turn()
                else:
                    self._computer_turn()
        except _GameEnded:
            return 0

    def _computer_turn(self) -> None:
        # the pause lets a watcher follow two computers; a person waits for no one
        if self.delay > 0 and self.session.actions and not self.session.has_person:
            self.ui.pause(self.delay)
        with self.ui.thinking(self.session.thinking_text()):
            self.session.computer_turn()
        self.show()

    def _human_turn(self) -> None:
        state = self.session.state
        completions = getattr(self.ui, "completions", None)
        if completions is not None:
            self.ui.completions = [*state.legal_texts(), *self._completions]  # type: ignore[attr-defined]
        try:
            line = self.ui.ask(self.session.prompt()).strip()
        except EOFError:
            self.ui.say("")
            raise _GameEnded from None
        if not line:
            return
        word, _, rest = line.partition(" ")
        if word.lower() in self.handlers and line not in state.legal_texts():
            self.handlers[word.lower()](rest.strip())
            return
        try:
            self.session.play_text(line)
        except ShoalError as error:
            said = self.words.gettext("{error}  (? lists the legal actions, help the commands)")
            self.ui.say(said.format(error=error), "error")
            return
        self.show()

    # -- commands -----------------------------------------------------------------
    def _legal(self, _rest: str) -> None:
        state = self.session.state
        texts = [state.action_text(a) for a in state.legal_actions()]
        title = self.words.ngettext("{n} legal action", "{n} legal actions", len(texts))
        self.ui.listing(title.format(n=len(texts)), texts)

    def _help(self, _rest: str = "") -> None:
        said = self.words.gettext(
            "Type an action in the game's notation, or a whole turn, then Enter."
        )
        self.ui.say(said, "title")
        width = max(len(name) for name in self.help)
        for name, text in self.help.items():
            self.ui.say(f"  {name.ljust(width)}  {text}")

    def _hint(self, _rest: str = "") -> None:
        with self.ui.thinking(self.words.gettext("looking for a hint")):
            advice = self.session.hint()
        self.ui.say(self.session.hint_text(advice))

    def _undo_command(self, _rest: str) -> None:
        self._undo()

    def _undo(self) -> bool:
        if not self.session.undo():
            self.ui.say(self.words.gettext("nothing to undo"), "error")
            return False
        self.show()
        return True

    def _moves(self, _rest: str = "") -> None:
        moves = self.session.move_list()
        listed = [f"{n}. {side} {text}" for n, side, text in moves]
        self.ui.listing(self.words.gettext("moves"), listed)

    def _resign(self, _rest: str = "") -> None:
        self.session.resign()
        self.show()

    def _quit(self, _rest: str = "") -> None:
        self._offer_save(self.words.gettext("Save the game before leaving? y/N> "))
        raise _GameEnded

    # -- files --------------------------------------------------------------------
    def _save_command(self, name: str) -> None:
        self._save(name)

    def _save(self, name: str) -> bool:
        if not name:
            self.ui.say(self.words.gettext("usage: save FILE"), "error")
            return False
        try:
            Path(name).expanduser().write_text(self.session.record().to_text())
        except OSError as error:
            said = self.words.gettext("cannot save to {file}: {reason}")
            self.ui.say(said.format(file=name, reason=error.strerror or error), "error")
            return False
        self.session.saved = True
        self.ui.say(self.words.gettext("saved to {file}").format(file=name), "good")
        return True

    def _load(self, name: str) -> None:
        if not name:
            self.ui.say(self.words.gettext("usage: load FILE"), "error")
            return
        try:
            record = read(Path(name).expanduser().read_text())
        except OSError as error:
            said = self.words.gettext("cannot read {file}: {reason}")
            self.ui.say(said.format(file=name, reason=error.strerror or error), "error")
            return
        except ShoalError as error:
            self.ui.say(f"{name}: {error}", "error")
            return
        self.session.load_record(record)
        turns = len(self.session.turns())
        said = self.words.ngettext("loaded {file}: {n} turn", "loaded {file}: {n} turns", turns)
        self.session.note(said.format(file=name, n=turns))
        self.show()

    def default_file(self) -> str:
        """A file name for the game here, e.g. ``connect4-20261122-0215.txt``."""
        return f"{self.session.game.id}-{datetime.datetime.now():%Y%m%d-%H%M}.txt"

    def _ask_file_and_save(self) -> bool:
        """Ask for a file name (Enter takes the suggested one) and save."""
        default = self.default_file()
        while True:
            try:
                name = self.ui.ask(self.words.gettext("File name [{file}]> ").format(file=default))
                name = name.strip()
            except EOFError:
                return False
            if self._save(name or default):
                return True

    def _offer_save(self, prompt: str) -> None:
        """Before leaving an unsaved game: y saves, anything else leaves."""
        if self.session.saved or not self.session.actions:
            return
        try:
            answer = self.ui.ask(prompt).strip()
        except EOFError:
            return
        if yes(self.words, answer):
            self._ask_file_and_save()
        elif answer.lower().startswith("save "):
            self._save(answer[5:].strip())

    def _finish(self) -> bool:
        """At the end: offer to save, or take back; False when the session is over."""
        _ = self.words.gettext
        person = self.session.has_person
        while True:
            if self.session.saved or not self.session.actions:
                prompt = (
                    _("Take back (undo), or Enter to finish> ")
                    if person
                    else _("Or Enter to finish> ")
                )
            elif person:
                prompt = _("Save the game (y), take back (undo), or Enter to finish> ")
            else:
                prompt = _("Save the game (y), or Enter to finish> ")
            try:
                answer = self.ui.ask(prompt).strip()
            except EOFError:
                return False
            word = answer.lower()
            if word in ("", "n", "no", "quit", "exit", "q"):
                return False
            if word == "undo" and person:
                if self._undo():
                    return True
            elif yes(self.words, word):
                self._ask_file_and_save()
            elif word.startswith("save "):
                self._save(answer[5:].strip())
            else:
                if person:
                    said = _("{answer}: the game is over; answer y, save FILE, undo or Enter")
                else:
                    said = _("{answer}: the game is over; answer y, save FILE or Enter")
                self.ui.say(said.format(answer=repr(answer)), "error")


def choose_game(ui: UI, language: str = "en") -> Game | None:
    """Ask which game to play with a numbered menu, in ``language`` (None when the player
    leaves)."""
    words = catalogue(language)
    ids = list(games.ids()) + [g for g in games.ids(all=True) if g not in games.ids()]
    listed = set(games.ids())
    ui.say(words.gettext("Which game?"), "title")
    for number, game_id in enumerate(ids, start=1):
        entry = games.REGISTRY.entry(game_id)
        note = "" if game_id in listed else words.gettext(" (calibration game)")
        ui.say(f"  {number}. {entry.title} [{game_id}]{note}")
    while True:
        try:
            answer = ui.ask(words.gettext("Game number or id> ")).strip().lower()
        except EOFError:
            return None
        if not answer or answer in ("q", "quit"):
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(ids):
            return games.get(ids[int(answer) - 1])
        if answer in ids:
            return games.get(answer)
        said = words.gettext("{answer}: choose a number from 1 to {last} or a game id")
        ui.say(said.format(answer=repr(answer), last=len(ids)), "error")
