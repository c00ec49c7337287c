"""The engine protocol: a line protocol on stdin/stdout for outside programs.

Framed like the Go Text Protocol: every reply starts with ``= `` (success) or
``? `` (failure, then the message), may span lines, and ends with an empty
line. A failed command never changes the state.

>>> session = EngineSession()
>>> print(session.handle("new connect4"), end="")
= ......./......./......./......./......./....... x
<BLANKLINE>
>>> print(session.handle("play d"), end="")
=
<BLANKLINE>
>>> print(session.handle("turn"), end="")
= 1 o
<BLANKLINE>
>>> print(session.handle("play z"), end="")
? 'z': a drop is a column letter a to g
<BLANKLINE>
"""

from __future__ import annotations

import re
import shlex
import sys
from collections.abc import Callable
from typing import TextIO

from shoal import games
from shoal.ai import DEFAULT_LEVEL, get_player, hint, play_turn
from shoal.core import Game, History, ShoalError, State, parse_option_words

__all__ = ["COMMANDS", "EngineError", "EngineSession", "serve"]


_OPTION_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*=")
"""An option word of ``new`` and ``load``: ``name=value`` (no position field starts so)."""


class EngineError(Exception):
    """A command that cannot be carried out; its message is the ``?`` reply."""


def _reply(ok: bool, body: str) -> str:
    lines = body.split("\n") if body else [""]
    head = ("= " if ok else "? ") + lines[0]
    return "\n".join([head.rstrip(), *lines[1:]]) + "\n\n"


_NO_GAME = "no game: start one with 'new GAME' or 'load GAME [key=value ...] POSITION'"


class EngineSession:
    """One game driven by protocol commands; keeps the states for ``undo``."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.history: History | None = None
        self.seed = 0
        self.finished = False

    # -- helpers ------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The current state (EngineError before a game is started)."""
        return self._history().state

    def _history(self) -> History:
        if self.history is None:
            raise EngineError(_NO_GAME)
        return self.history

    def _game(self) -> Game:
        if self.game is None:
            raise EngineError(_NO_GAME)
        return self.game

    # -- commands -----------------------------------------------------------------
    def cmd_games(self, args: list[str]) -> str:
        return "\n".join(games.ids())

    @staticmethod
    def _game_and_seed(game_id: str, words: list[str]) -> tuple[Game, int]:
        """The game ``game_id`` with the options ``words`` (``name=value``, ``seed`` among
        them); InvalidOptionError or EngineError names a bad one."""
        options = parse_option_words(words)
        seed_text = options.pop("seed", "0")
        try:
            seed = int(seed_text)
        except ValueError:
            raise EngineError(f"seed {seed_text!r} is not a whole number") from None
        return games.REGISTRY.from_mapping(game_id, options), seed

    def cmd_new(self, args: list[str]) -> str:
        if not args:
            raise EngineError("usage: new GAME [key=value ...]")
        game, seed = self._game_and_seed(args[0], args[1:])
        state = game.initial(seed)
        self.game, self.history, self.seed = game, History(state), seed
        return state.position()

    def cmd_load(self, args: list[str]) -> str:
        # the options come first, as in ``new``: the leading words that look like name=value
        count = 1
        while count < len(args) and _OPTION_WORD.match(args[count]):
            count += 1
        if count == len(args):
            raise EngineError("usage: load GAME [key=value ...] POSITION")
        game, seed = self._game_and_seed(args[0], args[1:count])
        state = game.load(" ".join(args[count:]))
        self.game, self.history, self.seed = game, History(state), seed
        return state.position()

    def cmd_position(self, args: list[str]) -> str:
        return self.state.position()

    def cmd_legal(self, args: list[str]) -> str:
        state = self.state
        return "\n".join(state.action_text(a) for a in state.legal_actions())

    def cmd_play(self, args: list[str], raw: str = "") -> str:
        if not raw:
            raise EngineError("usage: play ACTION (an atomic action or a whole turn)")
        self._history().play_text(raw)
        return ""

    def cmd_turn(self, args: list[str]) -> str:
        state = self.state
        if state.to_move is None:
            return "over"
        return f"{state.to_move} {state.side_name(state.to_move)}"

    def cmd_result(self, args: list[str]) -> str:
        outcome = self.state.outcome
        if outcome is None:
            return "none"
        if outcome.winner is None:
            return f"draw {outcome.reason}"
        return f"win {outcome.winner} {outcome.reason}"

    def _search_options(self, args: list[str]) -> tuple[str, float | None, int | None]:
        options = parse_option_words(args)
        level = options.pop("level", DEFAULT_LEVEL)
        time_limit = iterations = None
        try:
            if "time" in options:
                time_limit = float(options.pop("time"))
            if "iterations" in options:
                iterations = int(options.pop("iterations"))
        except ValueError as error:
            raise EngineError(f"bad number: {error}") from None
        if options:
            raise EngineError(f"unknown option {next(iter(options))!r}")
        return level, time_limit, iterations

    def cmd_genmove(self, args: list[str]) -> str:
        state = self.state
        if state.outcome is not None:
            raise EngineError("the game is over")
        level, time_limit, iterations = self._search_options(args)
        game = self._game()
        seed = self.seed + len(self._history())
        if time_limit is None and iterations is None:
            player = get_player(level, game, seed=seed)
        else:
            # An explicit budget replaces the level's: the game's own search with it.
            budget = [f"iterations={iterations}"] if iterations is not None else []
            if time_limit is not None:
                budget.append(f"turn_seconds={time_limit}")
            spec = f"{game.ai_profile.algorithm}:{','.join(budget)}"
            player = get_player(spec, game, seed=seed)
        actions = play_turn(player, state)
        texts = []
        history = self._history()
        for action in actions:
            texts.append(history.state.action_text(action))
            history.play(action, checked=False)
        return "\n".join(texts)

    def cmd_hint(self, args: list[str]) -> str:
        state = self.state
        if state.outcome is not None:
            raise EngineError("the game is over")
        level = parse_option_words(args).get("level", DEFAULT_LEVEL)
        advice = hint(self._game(), state, level=level, seed=self.seed + len(self._history()))
        return f"{state.action_text(advice.action)} {advice.reason}"

    def cmd_undo(self, args: list[str]) -> str:
        history = self.history
        if history is None or not len(history):
            raise EngineError("nothing to undo")
        history.undo()
        return ""

    def cmd_show(self, args: list[str]) -> str:
        return self._game().render_text(self.state)

    def cmd_history(self, args: list[str]) -> str:
        if self.history is None:
            return ""
        turns = self.history.turns()
        return "\n".join(text for turn in turns for text in turn.texts())

    def cmd_quit(self, args: list[str]) -> str:
        self.finished = True
        return ""

    # -- dispatch -----------------------------------------------------------------
    def handle(self, line: str) -> str:
        """The framed reply to one command line."""
        text = line.strip()
        if not text or text.startswith("#"):
            return ""
        name, _, rest = text.partition(" ")
        handler = COMMANDS.get(name.lower())
        if handler is None:
            return _reply(False, f"unknown command {name!r} (commands: {', '.join(COMMANDS)})")
        try:
            if name.lower() == "play":
                body = self.cmd_play([], rest.strip())
            else:
                try:
                    args = shlex.split(rest)
                except ValueError as error:
                    raise EngineError(f"cannot read the arguments: {error}") from None
                body = handler(self, args)
        except (EngineError, ShoalError) as error:
            return _reply(False, str(error))
        return _reply(True, body)


COMMANDS: dict[str, Callable[[EngineSession, list[str]], str]] = {
    "games": EngineSession.cmd_games,
    "new": EngineSession.cmd_new,
    "load": EngineSession.cmd_load,
    "position": EngineSession.cmd_position,
    "legal": EngineSession.cmd_legal,
    "play": EngineSession.cmd_play,
    "turn": EngineSession.cmd_turn,
    "result": EngineSession.cmd_result,
    "genmove": EngineSession.cmd_genmove,
    "hint": EngineSession.cmd_hint,
    "undo": EngineSession.cmd_undo,
    "show": EngineSession.cmd_show,
    "history": EngineSession.cmd_history,
    "quit": EngineSession.cmd_quit,
}


def serve(
    stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout, session: EngineSession | None = None
) -> int:
    """Read commands until ``quit`` or end of input; reply to each (with ``session``: a
    subclass's, as the ladder's hosted agents and example engines are)."""
    session = session or EngineSession()
    for line in stdin:
        reply = session.handle(line)
        if reply:
            stdout.write(reply)
            stdout.flush()
        if session.finished:
            break
    return 0
