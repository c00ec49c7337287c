"""Computer players and the one interface every caller uses to get one.

A :class:`Player` chooses one atomic action for the seat to move;
:func:`play_turn` lets it play a whole turn. :func:`get_player` builds a player
from a level name (``"random"``, or a named level of :data:`LEVELS`: beginner,
casual, club, strong, max), a spec such as ``"mcts:iterations=500"`` (see
:mod:`shoal.ai.levels`) or a trained network, ``"baseline:ENV"`` (:mod:`shoal.ai.baseline`).

>>> from shoal.games import get
>>> player = get_player("random", get("connect4"), seed=1)
>>> state = get("connect4").initial()
>>> actions = play_turn(player, state)
>>> len(actions)
1
"""

from __future__ import annotations

import random
from typing import Protocol

from shoal.core import Action, Game, InvalidOptionError, State

from .levels import DEFAULT_LEVEL, LEVEL_TABLE, level_player, spec_player

__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "Player",
    "RandomPlayer",
    "get_player",
    "play_turn",
    "turn_states",
]

LEVELS: tuple[str, ...] = ("random", *(level.name for level in LEVEL_TABLE))
"""The player names :func:`get_player` knows, weakest first."""


class Player(Protocol):
    """Something that chooses an action; never writes onto the state it is given."""

    name: str

    def choose(self, state: State) -> Action:
        """One legal atomic action for ``state.to_move``."""
        ...


class RandomPlayer:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "random"
        self._rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        return legal[self._rng.randrange(len(legal))]


def get_player(level: str, game: Game, seed: int = 0) -> Player:
    """The player for a level name or a spec (raises InvalidOptionError for an unknown one).

    >>> from shoal.games import get
    >>> get_player("club", get("connect4")).name
    'club'
    >>> get_player("alphabeta:depth=3", get("connect4")).name
    'alphabeta:depth=3'
    """
    if level == "random":
        return RandomPlayer(seed)
    if level in LEVELS or level.partition(":")[0] in LEVELS[1:]:
        return level_player(level, game, seed)
    if level.partition(":")[0] in ("mcts", "alphabeta"):
        return spec_player(level, game, seed)
    if level.startswith("baseline:"):  # a trained network (shoal.ai.baseline)
        from .baseline import BaselineAgent

        return BaselineAgent(game, seed, net=level.partition(":")[2])
    raise InvalidOptionError(f"unknown level {level!r} (levels: {', '.join(LEVELS)})")


def play_turn(player: Player, state: State) -> list[Action]:
    """The actions ``player`` chooses until the turn (or the game) is over."""
    return [action for action, _ in turn_states(player, state)]


def turn_states(player: Player, state: State) -> list[tuple[Action, State]]:
    """The actions ``player`` chooses until the turn (or the game) is over, each with the
    state it leads to (each checked once: a caller keeps the states instead of applying the
    actions again)."""
    out: list[tuple[Action, State]] = []
    turn = state.turn
    while state.outcome is None and state.turn == turn:
        action = player.choose(state)
        state = state.apply(action)
        out.append((action, state))
    return out
