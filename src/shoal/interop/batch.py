"""Many games stepped at once for learning: :class:`BatchEnv` (in the style of EnvPool and pgx).

``N`` environments of one game advance together: actions go in as one int
array of shape ``(N,)``; observations, legal-action masks, rewards and
termination flags come out as numpy arrays with ``N`` first. A game that ends
is reset at once (auto-reset) from the next seed, so every step returns ``N``
live positions; the returns of the finished game are in the step's
``rewards`` and its ``terminated`` flag is set.

* ``observation``: ``game.observation(state, to_play)`` for the seat to move,
  shape ``(N, *game.observation_shape())``, float32.
* ``action_mask``: bool ``(N, game.num_distinct_actions)``, the legal actions.
* ``to_play``: int ``(N,)``, the seat to move.
* ``rewards``: float32 ``(N, 2)``, per seat, non-zero only on the step that
  ends a game (+1/-1/0).

Legality is checked for the whole batch before anything moves: an illegal
action raises ``ValueError`` naming the environment and changes nothing.
The environments hold the pure engine's states (the observations are computed
from them); agents that search (MCTS opponents) use the compiled fast path.

>>> env = BatchEnv("connect4", num_envs=3, seed=0)
>>> step = env.reset()
>>> step.observation.shape, step.action_mask.shape, step.to_play.tolist()
((3, 3, 6, 7), (3, 7), [0, 0, 0])
>>> step = env.step(np.array([3, 3, 4]))
>>> step.to_play.tolist(), step.terminated.tolist()
([1, 1, 1], [False, False, False])
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from shoal import games
from shoal.core import Game, State

__all__ = ["BatchEnv", "BatchStep"]

Array = np.ndarray[Any, Any]


@dataclasses.dataclass(frozen=True)
class BatchStep:
    """What :meth:`BatchEnv.reset` and :meth:`BatchEnv.step` return (arrays, ``N`` first)."""

    observation: Array
    action_mask: Array
    to_play: Array
    rewards: Array
    terminated: Array


class BatchEnv:
    """``num_envs`` games of ``game_id`` (with ``options``) stepped together, auto-reset."""

    def __init__(self, game_id: str, num_envs: int, seed: int = 0, **options: Any) -> None:
        if not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive int, not {num_envs!r}")
        self.game: Game = games.get(game_id, **options)
        self.num_envs = num_envs
        self.num_actions = self.game.num_distinct_actions
        self.observation_shape = self.game.observation_shape()
        self._next_seed = seed
        self.states: list[State] = []
        self.episodes_done = 0

    def _fresh(self) -> State:
        state = self.game.initial(self._next_seed)
        self._next_seed += 1
        return state

    def reset(self) -> BatchStep:
        """Start ``num_envs`` fresh games (seeds ``seed``, ``seed + 1``, ...)."""
        self.states = [self._fresh() for _ in range(self.num_envs)]
        zeros = np.zeros((self.num_envs, 2), dtype=np.float32)
        return self._observe(zeros, np.zeros(self.num_envs, dtype=bool))

    def step(self, actions: Array | list[int]) -> BatchStep:
        """Apply one action per environment; finished games restart (auto-reset)."""
        if not self.states:
            raise ValueError("call reset() before step()")
        acts = np.asarray(actions)
        if acts.shape != (self.num_envs,) or not np.issubdtype(acts.dtype, np.integer):
            raise ValueError(
                f"actions must be {self.num_envs} ints (shape ({self.num_envs},)), "
                f"not shape {acts.shape} of {acts.dtype}"
            )
        chosen = [int(a) for a in acts]
        for index, (state, action) in enumerate(zip(self.states, chosen, strict=True)):
            if not state.is_legal(action):
                raise ValueError(
                    f"environment {index}: action {action} is not legal "
                    f"(legal: {list(state.legal_actions())})"
                )
        rewards = np.zeros((self.num_envs, 2), dtype=np.float32)
        terminated = np.zeros(self.num_envs, dtype=bool)
        for index, action in enumerate(chosen):
            state = self.states[index].child(action)
            if state.outcome is not None:
                rewards[index] = state.returns()
                terminated[index] = True
                self.episodes_done += 1
                state = self._fresh()
            self.states[index] = state
        return self._observe(rewards, terminated)

    def _observe(self, rewards: Array, terminated: Array) -> BatchStep:
        n = self.num_envs
        observation = np.empty((n, *self.observation_shape), dtype=np.float32)
        mask = np.zeros((n, self.num_actions), dtype=bool)
        to_play = np.empty(n, dtype=np.int64)
        for index, state in enumerate(self.states):
            seat = state.to_move
            assert seat is not None
            to_play[index] = seat
            observation[index] = np.asarray(
                self.game.observation(state, seat), dtype=np.float32
            ).reshape(self.observation_shape)
            mask[index, list(state.legal_actions())] = True
        return BatchStep(observation, mask, to_play, rewards, terminated)

    def random_actions(self, rng: np.random.Generator) -> Array:
        """One uniformly random legal action per environment (for smoke loops and tests)."""
        out = np.empty(self.num_envs, dtype=np.int64)
        for index, state in enumerate(self.states):
            legal = state.legal_actions()
            out[index] = legal[int(rng.integers(len(legal)))]
        return out
