"""The ladder's players: their specs, and the programs that play their seats.

An agent is named on the command line by a spec, ``[NAME=]KIND[+iterations]:TARGET``:

* ``engine:COMMAND``: a program that speaks ``shoal engine``'s protocol (docs/ai.md, "The
  ladder");
* ``bot:COMMAND``: a program that plays through the server's Bot API; ``{server}`` and
  ``{token}`` in the command are replaced by the address of a server the ladder starts and
  the bot account's API token (``bot:shoal bot --server {server} --token {token} --engine
  ./mine``), see :mod:`shoal.ladder.botseat`;
* ``python:TARGET [name=value ...]``: a Python agent class (:mod:`shoal.ladder.agent`) and the
  options it is constructed with;
* ``baseline:ENV``: a trained baseline network of ``shoal.ai.baseline`` (``baseline:sytran_6``).

``+iterations`` declares that the agent is budgeted by iterations (a Python class declares it
with ``budget = "iterations"``). ``NAME=`` names it (else the spec names it). The anchors are
the server's levels (:data:`ANCHOR_LEVELS`), played by ``shoal engine`` at their iteration
budgets with no time cap, so they play the same on any machine.
"""

from __future__ import annotations

import dataclasses
import shlex
import sys
from pathlib import Path
from typing import Protocol

from shoal.ai import baseline
from shoal.core import Game, options_to_strings

from .agent import AgentLoadError, budget_kind, load_agent
from .process import Answer, TimedEngine

__all__ = [
    "ANCHOR_LEVELS",
    "KINDS",
    "AgentSpec",
    "EngineSeat",
    "LadderBudget",
    "Seat",
    "anchor_spec",
    "parse_agent",
]

KINDS = ("engine", "bot", "python", "baseline")
"""The kinds of submitted agents."""

ANCHOR_LEVELS = ("random", "beginner", "casual", "club")
"""The levels that may anchor a ladder, weakest first (stronger levels cost minutes a game)."""

NO_CAP = 1_000_000
"""The turn cap an anchor level plays with: never reached, so its iteration budget decides."""


@dataclasses.dataclass(frozen=True)
class LadderBudget:
    """What a turn may spend: ``seconds`` of wall time on the pinned core (plus ``grace``),
    or for an agent budgeted by iterations ``iterations`` per action within ``cap`` seconds
    (the anchors too); ``cap`` only stops a program that hangs."""

    seconds: float = 0.2
    iterations: int = 200
    grace: float | None = None
    cap: float = 60.0

    def __post_init__(self) -> None:
        if not self.seconds > 0:
            raise ValueError(f"the time budget must be above 0 seconds, not {self.seconds}")
        if self.iterations < 1:
            raise ValueError(f"the iteration budget must be at least 1, not {self.iterations}")
        if self.grace is not None and self.grace < 0:
            raise ValueError(f"the grace must not be below 0, not {self.grace}")

    @property
    def allowance(self) -> float:
        """The grace over ``seconds`` a reply may take: by default 10%, at least 0.05 s
        (the pipes and the scheduler's share)."""
        return self.grace if self.grace is not None else max(0.05, 0.1 * self.seconds)

    def limit(self, spec: AgentSpec) -> float:
        """The most wall time ``spec``'s turn may take before it loses the game."""
        if spec.anchor or spec.iterations:
            return self.cap
        return self.seconds + self.allowance

    def genmove(self, spec: AgentSpec) -> str:
        """The ``genmove`` command for ``spec``'s turn."""
        if spec.anchor:
            level = (
                spec.target if spec.target == "random" else f"{spec.target}:turn_seconds={NO_CAP}"
            )
            return f"genmove level={level}"
        if spec.iterations:
            return f"genmove iterations={self.iterations}"
        return f"genmove time={self.seconds:g}"

    def as_json(self) -> dict[str, float | int]:
        """The budget's figures for the results."""
        return {
            "seconds": self.seconds,
            "grace": self.allowance,
            "iterations": self.iterations,
            "cap": self.cap,
        }


@dataclasses.dataclass(frozen=True)
class AgentSpec:
    """A player of the ladder: its name, kind, target, how it is budgeted, an anchor's rating."""

    name: str
    kind: str
    target: str
    iterations: bool = False
    rating: float | None = None

    @property
    def anchor(self) -> bool:
        """Whether this is an anchor (a level with a pinned rating)."""
        return self.kind == "anchor"

    @property
    def spec(self) -> str:
        """The spec as written on the command line."""
        if self.anchor:
            return self.target
        return f"{self.kind}{'+iterations' if self.iterations else ''}:{self.target}"

    def command(self) -> list[str]:
        """The program that plays this agent (a bot's is started by its seat)."""
        host = [sys.executable, "-m", "shoal.ladder.host"]
        if self.kind == "engine":
            return shlex.split(self.target)
        if self.kind == "python":  # the class, then its options (name=value words)
            return [*host, *shlex.split(self.target)]
        if self.kind == "baseline":
            return [*host, "shoal.ai.baseline:BaselineAgent", f"net={self.target}"]
        if self.anchor:
            return [sys.executable, "-m", "shoal.cli", "engine"]
        raise ValueError(f"a {self.kind} agent has no command of its own")


def parse_agent(text: str) -> AgentSpec:
    """The agent a spec names (ValueError says what is wrong with it).

    >>> spec = parse_agent("mine=engine:./my_engine --fast")
    >>> spec.name, spec.kind, spec.target, spec.iterations
    ('mine', 'engine', './my_engine --fast', False)
    >>> parse_agent("baseline:no_such_env")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: agent 'baseline:no_such_env': no shipped baseline 'no_such_env' (there are: ...)
    >>> parse_agent("python+iterations:pkg.mod:Agent").iterations
    True
    """
    name = ""
    head, sep, rest = text.partition("=")
    if sep and ":" not in head:
        name, text = head.strip(), rest
    kind, sep, target = text.partition(":")
    kind, plus, declared = kind.strip().partition("+")
    target = target.strip()
    if not sep or kind not in KINDS:
        raise ValueError(
            f"agent {text!r}: expected KIND:TARGET with KIND one of {', '.join(KINDS)} "
            "(e.g. engine:./my_engine, python:pkg.mod:Agent, baseline:sytran_6)"
        )
    if plus and declared != "iterations":
        raise ValueError(f"agent {text!r}: only '+iterations' may follow the kind")
    if not target:
        raise ValueError(f"agent {text!r}: the {kind} agent names nothing after ':'")
    iterations = bool(plus)
    if kind == "engine":
        try:
            words = shlex.split(target)
        except ValueError as error:
            raise ValueError(f"agent {text!r}: cannot read the command: {error}") from None
        name = name or _program_name(words)
    elif kind == "bot":
        if "{token}" not in target:
            raise ValueError(f"agent {text!r}: the bot's command must take {{token}}")
        name = name or _program_name(shlex.split(target))
    elif kind == "python":
        words = shlex.split(target)
        try:
            iterations = iterations or budget_kind(load_agent(words[0])) == "iterations"
        except AgentLoadError as error:
            raise ValueError(f"agent {text!r}: {error}") from None
        name = name or words[0].rpartition(":")[2]
    else:
        if target.endswith(".npz"):
            if not Path(target).is_file():
                raise ValueError(f"agent {text!r}: there is no network file {target!r}")
        elif target not in baseline.available():
            shipped = ", ".join(baseline.available()) or "none"
            raise ValueError(
                f"agent {text!r}: no shipped baseline {target!r} (there are: {shipped})"
            )
        name = name or f"baseline:{target}"
    return AgentSpec(name=name, kind=kind, target=target, iterations=iterations)


def _program_name(words: list[str]) -> str:
    """A program's name: its script's (``python x/flat_mc.py``: ``flat_mc``), else its own."""
    for word in words[1:]:
        if word.endswith((".py", ".js", ".jar")):
            return Path(word).stem
    return Path(words[0]).name


def anchor_spec(level: str, rating: float) -> AgentSpec:
    """The anchor that is the server's ``level`` (one of :data:`ANCHOR_LEVELS`)."""
    if level not in ANCHOR_LEVELS:
        raise ValueError(f"anchor {level!r}: the anchors are {', '.join(ANCHOR_LEVELS)}")
    return AgentSpec(name=level, kind="anchor", target=level, rating=rating)


class Seat(Protocol):
    """A player's side of the games: told the opponent's actions, asked for its turns."""

    spec: AgentSpec

    def new_game(self, game: Game, seed: int, seat: int) -> None:
        """Start a game of ``game`` from set-up ``seed``, this player at ``seat``."""
        ...

    def tell(self, texts: list[str]) -> None:
        """The opponent's actions, in the game's notation."""
        ...

    def move(self, budget: LadderBudget) -> Answer:
        """This player's turn: the actions, one per line (raises OverBudget, EngineCrashed,
        EngineRefused)."""
        ...

    def forfeit(self) -> None:
        """The game was lost mid-turn: be ready for the next one."""
        ...

    def close(self) -> None:
        """Stop the program."""
        ...


class EngineSeat:
    """A seat played by a program that speaks the engine protocol, pinned to ``core``."""

    SETUP_SECONDS = 60.0
    """The most a program may take to start a game or hear an action (not its budget)."""

    def __init__(self, spec: AgentSpec, *, core: int | None, log: Path | None = None) -> None:
        self.spec = spec
        self.engine = TimedEngine(spec.command(), core=core, log=log)

    def new_game(self, game: Game, seed: int, seat: int) -> None:
        words = [f"{k}={v}" for k, v in options_to_strings(game.options).items()]
        self.engine.ask(" ".join(["new", game.id, *words, f"seed={seed}"]), self.SETUP_SECONDS)

    def tell(self, texts: list[str]) -> None:
        for text in texts:
            self.engine.ask(f"play {text}", self.SETUP_SECONDS)

    def move(self, budget: LadderBudget) -> Answer:
        return self.engine.ask(budget.genmove(self.spec), budget.limit(self.spec))

    def forfeit(self) -> None:
        self.engine.restart()

    def close(self) -> None:
        self.engine.close()
