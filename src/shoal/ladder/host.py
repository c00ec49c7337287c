"""``python -m shoal.ladder.host TARGET [name=value ...]``: a Python agent as an engine program.

The ladder runs every agent as a program that speaks ``shoal engine``'s protocol; this one
serves the agent class that ``TARGET`` names (see :mod:`shoal.ladder.agent`), constructed
with the game, its seed and the ``name=value`` words as options after each ``new`` or
``load``. Every command is ``shoal engine``'s except ``genmove``: it asks the agent for each
atomic action of the turn with what is left of ``time=SECONDS`` (and ``iterations=N``),
plays them and replies with them, one per line. An agent that raises, or answers an action
that is not legal, gets a ``?`` reply naming it (the ladder scores that as a loss).

A target that names no agent class ends the program at once with the reason (exit code 2).
"""

from __future__ import annotations

import shlex
import sys
import time
from collections.abc import Sequence
from typing import TextIO

from shoal.core import ShoalError, parse_option_words
from shoal.engine.protocol import EngineError, EngineSession, serve

from .agent import Agent, AgentFactory, AgentLoadError, Budget, load_agent

__all__ = ["AgentSession", "main"]


class AgentSession(EngineSession):
    """An engine session whose ``genmove`` is the agent's."""

    def __init__(self, factory: AgentFactory, options: dict[str, str]) -> None:
        super().__init__()
        self.factory = factory
        self.options = options
        self.agent: Agent | None = None

    def handle(self, line: str) -> str:
        """The framed reply to one command line (``genmove``: the agent's turn)."""
        name, _, rest = line.strip().partition(" ")
        if name.lower() == "genmove":
            try:
                body = self._genmove(shlex.split(rest))
            except (EngineError, ShoalError) as error:
                return f"? {error}\n\n"
            except Exception as error:  # the agent's own failure: a reply, not a crash
                return f"? the agent failed: {type(error).__name__}: {error}\n\n"
            return f"= {body}\n\n"
        reply = super().handle(line)
        if name.lower() in ("new", "load") and reply.startswith("="):
            try:
                self.agent = self.factory(self._game(), self.seed, **self.options)
            except Exception as error:
                return f"? the agent could not start: {type(error).__name__}: {error}\n\n"
        return reply

    def _genmove(self, args: list[str]) -> str:
        options = parse_option_words(args)
        try:
            seconds = float(options.pop("time")) if "time" in options else None
            iterations = int(options.pop("iterations")) if "iterations" in options else None
        except ValueError as error:
            raise EngineError(f"bad number: {error}") from None
        options.pop("level", None)  # a level means nothing to an agent
        if options:
            raise EngineError(f"unknown option {next(iter(options))!r}")
        history = self._history()
        if history.state.outcome is not None:
            raise EngineError("the game is over")
        if self.agent is None:
            raise EngineError("no game: start one with 'new GAME'")
        start = time.perf_counter()
        turn = history.state.turn
        texts: list[str] = []
        while history.state.outcome is None and history.state.turn == turn:
            left = None if seconds is None else max(0.0, seconds - (time.perf_counter() - start))
            state = history.state
            action = self.agent.choose(state, Budget(left, iterations))
            if action not in state.legal_actions():
                raise EngineError(f"the agent chose {action!r}, which is not a legal action")
            texts.append(state.action_text(action))
            history.play(action, checked=False)
        return "\n".join(texts)


def main(argv: Sequence[str] | None = None, stdin: TextIO = sys.stdin) -> int:
    """Serve the agent ``argv[0]`` names with the options ``argv[1:]``; the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        print("usage: python -m shoal.ladder.host TARGET [name=value ...]", file=sys.stderr)
        return 2
    try:
        factory = load_agent(args[0])
        options = parse_option_words(args[1:])
    except (AgentLoadError, ShoalError) as error:
        print(f"shoal.ladder.host: {error}", file=sys.stderr)
        return 2
    return serve(stdin, sys.stdout, AgentSession(factory, options))


if __name__ == "__main__":
    raise SystemExit(main())
