"""shoal games as OpenSpiel Python games (needs the optional ``open_spiel`` package).

:func:`register_all` registers every game of the registry (connect4 included)
with ``pyspiel.register_game`` under the short name ``shoal_GAME``; afterwards
``pyspiel.load_game("shoal_syrtis", {"variant": "minor", "seed": 3})`` works
like any OpenSpiel game, so OpenSpiel's algorithms run on shoal games unchanged.

* Actions are shoal's int actions; ``action_to_string`` speaks shoal notation.
* Random set-ups (Syrtis, Sirtet) come from the ``seed`` game parameter, not
  from chance nodes: the game is DETERMINISTIC for OpenSpiel, one seed one
  board (the same as ``game.initial(seed)``).
* Every game option is a game parameter (its default as the default value).
* Utility: +1 win, -1 loss, 0 draw, at the end only (zero-sum, terminal reward).
* Observation tensor: ``Game.observation(state, player)`` of shoal, shaped by
  ``Game.observation_shape()``.
* Atomic decisions: a multi-action turn is several OpenSpiel moves by the same
  player, as in shoal.

>>> register_all()
>>> import pyspiel
>>> game = pyspiel.load_game("shoal_connect4")
>>> state = game.new_initial_state()
>>> state.apply_action(3)
>>> state.action_to_string(1, 3), state.current_player()
('d', 1)
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from shoal import games
from shoal.core import Game, State

__all__ = ["game_type", "load", "register_all", "short_name"]

_REGISTERED: set[str] = set()
_CLASSES: list[type] = []


def short_name(game_id: str) -> str:
    """The OpenSpiel short name of a shoal game."""
    return f"shoal_{game_id}"


def _parameter_spec(cls: type[Game]) -> dict[str, Any]:
    spec: dict[str, Any] = {"seed": 0}
    for info in cls.option_infos():
        spec[info.name] = info.default
    return spec


def game_type(game_id: str) -> Any:
    """The pyspiel.GameType of a shoal game."""
    cls = games.REGISTRY.game_class(game_id)
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"shoal {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameter_spec(cls),
    )


class _Observer:
    """The PyObserver of OpenSpiel: a flat tensor plus a shaped view."""

    def __init__(self, game: Game) -> None:
        self._game = game
        shape = game.observation_shape()
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": np.reshape(self.tensor, shape)}

    def set_from(self, state: _SpielState, player: int) -> None:
        self.tensor[:] = self._game.observation(state.shoal_state, player)

    def string_from(self, state: _SpielState, player: int) -> str:
        return state.shoal_state.position()


class _SpielGame(pyspiel.Game):  # type: ignore[misc]
    game_id = "connect4"

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_id = self.game_id
        params = dict(params or {})
        spec = _parameter_spec(games.REGISTRY.game_class(game_id))
        merged = {**spec, **params}
        self.seed = int(merged.pop("seed"))
        self.shoal_game = games.REGISTRY.from_mapping(game_id, merged)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.shoal_game.num_distinct_actions,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.shoal_game.max_game_length,
        )
        super().__init__(game_type(game_id), info, {**spec, **params})

    def new_initial_state(self) -> _SpielState:
        return _SpielState(self, self.shoal_game.initial(self.seed))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        return _Observer(self.shoal_game)


class _SpielState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: _SpielGame, state: State) -> None:
        super().__init__(game)
        self.shoal_state = state

    def current_player(self) -> int:
        to_move = self.shoal_state.to_move
        return int(pyspiel.PlayerId.TERMINAL) if to_move is None else to_move

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.shoal_state.to_move:
            return []
        return sorted(self.shoal_state.legal_actions())

    def _apply_action(self, action: int) -> None:
        self.shoal_state = self.shoal_state.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.shoal_state.action_text(int(action))

    def is_terminal(self) -> bool:
        return self.shoal_state.outcome is not None

    def returns(self) -> list[float]:
        return list(self.shoal_state.returns())

    def __str__(self) -> str:
        return self.shoal_state.position()


def register_all() -> None:
    """Register every shoal game with OpenSpiel (idempotent)."""
    for game_id in games.ids(all=True):
        if game_id in _REGISTERED:
            continue

        cls = type(f"Shoal_{game_id}", (_SpielGame,), {"game_id": game_id})
        _CLASSES.append(cls)
        pyspiel.register_game(game_type(game_id), cls)
        _REGISTERED.add(game_id)


def load(game_id: str, **params: Any) -> Any:
    """``pyspiel.load_game`` of a shoal game, registering the games first."""
    register_all()
    return pyspiel.load_game(short_name(game_id), params)
