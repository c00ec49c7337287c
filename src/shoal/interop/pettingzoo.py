"""shoal games as PettingZoo AEC environments, and a Gymnasium single-agent wrapper.

Needs the optional ``rl`` extra (pettingzoo, gymnasium).

* Agents ``player_0`` and ``player_1`` are shoal's seats 0 and 1. The agent to
  act is the seat to move; a multi-action turn is several steps of one agent.
* Observations are dicts: ``observation`` (shoal's ``Game.observation`` for
  that agent, shaped by ``Game.observation_shape()``) and ``action_mask`` (1
  for each legal action of the agent to act, all 0 for the other agent).
* Rewards: +1 / -1 / 0 at the end. ``reset(seed=N)`` draws a random set-up from
  ``game.initial(N)``.
* ``render_mode="ansi"`` returns the text board; ``"rgb_array"`` an RGB image
  of it (drawn with matplotlib).

>>> env = env_for("connect4")
>>> env.reset(seed=0)
>>> env.agent_selection
'player_0'
>>> env.step(3)
>>> env.agent_selection, int(env.observe("player_1")["action_mask"].sum())
('player_1', 7)
"""

from __future__ import annotations

from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from shoal import games
from shoal.ai.players import Player, get_player
from shoal.core import Game, State

__all__ = ["ShoalAECEnv", "ShoalSingleAgentEnv", "env_for"]

AGENTS = ["player_0", "player_1"]


def _text_image(text: str) -> np.ndarray[Any, Any]:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    lines = text.split("\n")
    width = max(len(line) for line in lines) * 0.11 + 0.4
    height = len(lines) * 0.22 + 0.4
    figure = Figure(figsize=(width, height), dpi=80)
    figure.patch.set_facecolor("white")
    figure.text(0.03, 0.97, text, family="monospace", fontsize=11, va="top")
    canvas = FigureCanvasAgg(figure)
    canvas.draw()  # type: ignore[no-untyped-call]
    buffer = np.asarray(canvas.buffer_rgba())  # type: ignore[no-untyped-call]
    return np.ascontiguousarray(buffer[:, :, :3])


class ShoalAECEnv(AECEnv):  # type: ignore[misc]
    """A shoal game as a PettingZoo AEC environment."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "rgb_array"],
        "is_parallelizable": False,
    }

    def __init__(self, game: Game, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi", "rgb_array"):
            raise ValueError(f"render_mode {render_mode!r} is not ansi or rgb_array")
        self.game = game
        self.render_mode = render_mode
        self.metadata = {**type(self).metadata, "name": f"shoal_{game.id}_v0"}  # type: ignore[misc]
        self.possible_agents = list(AGENTS)
        n = game.num_distinct_actions
        shape = game.observation_shape()
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, shape=shape, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(n,), dtype=np.int8),
                }
            )
            for agent in AGENTS
        }
        self.action_spaces = {agent: spaces.Discrete(n) for agent in AGENTS}
        self.state_: State = game.initial(0)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.state_ = self.game.initial(0 if seed is None else seed)
        for agent, space in self.action_spaces.items():
            space.seed(None if seed is None else seed + AGENTS.index(agent))
        self.agents = list(AGENTS)
        self.rewards = {agent: 0.0 for agent in AGENTS}
        self._cumulative_rewards = {agent: 0.0 for agent in AGENTS}
        self.terminations = {agent: False for agent in AGENTS}
        self.truncations = {agent: False for agent in AGENTS}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in AGENTS}
        self.agent_selection = AGENTS[self.state_.to_move or 0]

    def observe(self, agent: str) -> dict[str, Any]:
        seat = AGENTS.index(agent)
        observation = np.asarray(
            self.game.observation(self.state_, seat), dtype=np.float32
        ).reshape(self.game.observation_shape())
        mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        if self.state_.to_move == seat:
            mask[list(self.state_.legal_actions())] = 1
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert action is not None
        self._cumulative_rewards[agent] = 0.0
        self.state_ = self.state_.apply(int(action))
        if self.state_.outcome is not None:
            returns = self.state_.outcome.returns()
            for seat, name in enumerate(AGENTS):
                self.rewards[name] = returns[seat]
                self.terminations[name] = True
                self.infos[name] = {"reason": self.state_.outcome.reason}
        else:
            self.agent_selection = AGENTS[self.state_.to_move or 0]
        self._accumulate_rewards()

    def render(self) -> Any:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        text = self.game.render_text(self.state_)
        if self.render_mode == "ansi":
            return text
        return _text_image(text)

    def close(self) -> None:
        """Nothing to release."""


def env_for(game_id: str, render_mode: str | None = None, **options: Any) -> ShoalAECEnv:
    """The AEC environment of a registered game with its options."""
    return ShoalAECEnv(games.get(game_id, **options), render_mode=render_mode)


class ShoalSingleAgentEnv(gymnasium.Env[Any, Any]):
    """One seat of a shoal game against a shoal AI level, as a Gymnasium environment.

    Observations are the agent's observation tensors; ``info["action_mask"]``
    marks the legal actions (an illegal action raises). The opponent plays its
    whole turn inside ``step``.
    """

    metadata = {"render_modes": ["ansi", "rgb_array"]}  # noqa: RUF012

    def __init__(
        self,
        game: Game,
        *,
        opponent: str = "random",
        seat: int = 0,
        render_mode: str | None = None,
    ) -> None:
        self.game = game
        self.seat = seat
        self.opponent_level = opponent
        self.render_mode = render_mode
        self.observation_space = spaces.Box(
            0.0, 1.0, shape=game.observation_shape(), dtype=np.float32
        )
        self.action_space = spaces.Discrete(game.num_distinct_actions)
        self.state_: State = game.initial(0)
        self._opponent: Player = get_player(opponent, game, 0)

    def _observation(self) -> np.ndarray[Any, Any]:
        return np.asarray(self.game.observation(self.state_, self.seat), dtype=np.float32).reshape(
            self.game.observation_shape()
        )

    def _info(self) -> dict[str, Any]:
        mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        if self.state_.to_move == self.seat:
            mask[list(self.state_.legal_actions())] = 1
        return {"action_mask": mask}

    def _opponent_moves(self) -> None:
        while self.state_.outcome is None and self.state_.to_move != self.seat:
            self.state_ = self.state_.apply(self._opponent.choose(self.state_))

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray[Any, Any], dict[str, Any]]:
        super().reset(seed=seed)
        start = 0 if seed is None else seed
        self.state_ = self.game.initial(start)
        self._opponent = get_player(self.opponent_level, self.game, start)
        self._opponent_moves()
        return self._observation(), self._info()

    def step(self, action: int) -> tuple[np.ndarray[Any, Any], float, bool, bool, dict[str, Any]]:
        self.state_ = self.state_.apply(int(action))
        self._opponent_moves()
        reward = 0.0
        done = self.state_.outcome is not None
        if self.state_.outcome is not None:
            reward = self.state_.outcome.value_for(self.seat)
        return self._observation(), reward, done, False, self._info()

    def render(self) -> Any:
        text = self.game.render_text(self.state_)
        if self.render_mode == "rgb_array":
            return _text_image(text)
        return text
