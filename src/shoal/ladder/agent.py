"""The Python side of the ladder: the agent class a researcher writes, and how it is found.

An agent is a class constructed with the game, a seed and its options (``key=value`` words
of its spec, as strings), with a ``choose`` method that picks one atomic action::

    class MyAgent:
        budget = "time"          # or "iterations": the ladder then gives an iteration budget

        def __init__(self, game, seed, **options):
            ...

        def choose(self, state, budget):
            # budget.seconds: what is left of the turn's time (None for an iteration agent)
            # budget.iterations: the ladder's iterations per action (None for a time agent)
            return state.legal_actions()[0]

It is named on the ladder as ``python:TARGET``, where ``TARGET`` is ``package.module:Class``,
``path/to/file.py:Class``, or the name of an entry point in the group ``shoal.agents``
(``[project.entry-points."shoal.agents"] mine = "mypkg.agents:MyAgent"`` in a package's
pyproject.toml, then ``python:mine``). The ladder runs it in its own process
(:mod:`shoal.ladder.host`), pinned to the ladder's core, so its time is measured and
enforced as any program's.
"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.metadata
import importlib.util
import sys
from pathlib import Path
from typing import Any, Protocol

from shoal.core import Action, Game, State

__all__ = [
    "ENTRY_POINT_GROUP",
    "Agent",
    "AgentFactory",
    "AgentLoadError",
    "Budget",
    "budget_kind",
    "load_agent",
]

ENTRY_POINT_GROUP = "shoal.agents"
"""The entry-point group where installed packages name their agent classes."""


@dataclasses.dataclass(frozen=True)
class Budget:
    """What one decision may spend: the turn's seconds left, or iterations per action."""

    seconds: float | None
    iterations: int | None


class Agent(Protocol):
    """A ladder agent (see the module's doc)."""

    def choose(self, state: State, budget: Budget) -> Action:
        """One legal atomic action for ``state.to_move``."""
        ...


class AgentFactory(Protocol):
    """An agent class: ``(game, seed, **options)``."""

    def __call__(self, game: Game, seed: int, **options: str) -> Agent: ...


class AgentLoadError(ValueError):
    """The target names no agent class (the message says why)."""


def _from_file(path: Path, name: str) -> Any:
    if not path.is_file():
        raise AgentLoadError(f"there is no file {str(path)!r}")
    module_name = f"_shoal_agent_{path.stem}"
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise AgentLoadError(f"cannot load {str(path)!r} as Python")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    return getattr(module, name, None)


def load_agent(target: str) -> AgentFactory:
    """The agent class ``target`` names (see the module's doc); AgentLoadError says why not.

    >>> load_agent("shoal.ladder.agent:Budget").__name__
    'Budget'
    >>> load_agent("no-such-agent")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    shoal.ladder.agent.AgentLoadError: no agent 'no-such-agent': give module:Class, ...
    """
    where, sep, name = target.rpartition(":")
    found: Any = None
    if sep and where.endswith(".py"):
        found = _from_file(Path(where), name)
    elif sep:
        try:
            found = getattr(importlib.import_module(where), name, None)
        except ImportError as error:
            raise AgentLoadError(f"cannot import {where!r}: {error}") from None
    else:
        points = importlib.metadata.entry_points(group=ENTRY_POINT_GROUP, name=target)
        if not points:
            raise AgentLoadError(
                f"no agent {target!r}: give module:Class, file.py:Class or an entry point "
                f"of the group {ENTRY_POINT_GROUP!r}"
            )
        found = next(iter(points)).load()
    if found is None or not callable(found):
        raise AgentLoadError(f"{target!r} names nothing that can be called")
    factory: AgentFactory = found
    return factory


def budget_kind(factory: object) -> str:
    """``"iterations"`` when the agent class declares an iteration budget, else ``"time"``."""
    kind = getattr(factory, "budget", "time")
    return "iterations" if kind == "iterations" else "time"
