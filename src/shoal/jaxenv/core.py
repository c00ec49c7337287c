"""The frame every JAX environment shares: :class:`State`, :class:`Env`, :func:`auto_reset`.

The interface is pgx's (https://github.com/sotetsuk/pgx): ``env.init(key)``
returns a :class:`State`; ``env.step(state, action, key)`` returns the next
one; ``env.observe(state, player_id)`` the observation planes of one seat.
Every field has a fixed shape and dtype, so the functions ``jit`` and ``vmap``:

* ``current_player`` int32 ``()``: the seat that decides next (the seat keeps
  the move through the atomic decisions of one turn, as in the core protocol);
* ``observation``: float32, ``game.observation_shape()`` of the core protocol,
  for ``current_player``;
* ``rewards`` float32 ``(2,)``: per seat, non-zero only on the step that ends
  the game (+1 win, -1 loss, 0 draw);
* ``terminated``, ``truncated`` bool ``()`` (no game here truncates: every
  game is finite);
* ``legal_action_mask`` bool ``(num_actions,)``: the core protocol's action
  ids. Once the game is over every entry is True (pgx's convention, so that a
  policy normalised over the mask never divides by zero) and steps change
  nothing.
* ``_step_count`` int32 ``()``; ``_game``: the game's own arrays.

As in pgx, an illegal action ends the game at once with -1 for the seat that
played it and +1 for the other.

When pgx is installed, :class:`Env` subclasses ``pgx.Env``, so pgx's tools
that take an environment accept ours (``pgx`` is in the ``jax`` extra).
"""

from __future__ import annotations

import dataclasses
from abc import abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Self

import jax
import jax.numpy as jnp

__all__ = ["Array", "Env", "State", "auto_reset", "state_class"]

Array = jax.Array

if TYPE_CHECKING:  # pragma: no cover - the typing view
    _Base = object
else:
    try:
        from pgx import Env as _Base
    except ImportError:  # pgx is optional
        _Base = object


@dataclasses.dataclass(frozen=True)
class State:
    """One position of a game (or a batch of positions under ``vmap``)."""

    current_player: Array
    observation: Array
    rewards: Array
    terminated: Array
    truncated: Array
    legal_action_mask: Array
    _step_count: Array
    _game: Any
    _env_id: str = dataclasses.field(default="", metadata={"static": True})

    @property
    def env_id(self) -> str:
        """The id of the environment that made this state (``shoal.jaxenv.make``)."""
        return self._env_id

    def replace(self, **changes: Any) -> Self:
        """A copy with some fields changed (states are immutable)."""
        return dataclasses.replace(self, **changes)


def state_class(cls: type[State]) -> type[State]:
    """Register a :class:`State` subclass as a pytree (``_env_id`` is static data)."""
    registered: type[State] = jax.tree_util.register_dataclass(
        cls,
        data_fields=[
            "current_player",
            "observation",
            "rewards",
            "terminated",
            "truncated",
            "legal_action_mask",
            "_step_count",
            "_game",
        ],
        meta_fields=["_env_id"],
    )
    return registered


state_class(State)


class Env(_Base):
    """A two-player game as pure functions of :class:`State` (pgx's ``Env`` interface).

    A game implements ``_init(key)`` (the start state, ``observation`` left
    zero), ``_step(state, action, key)`` (a legal action on a live state:
    returns the state with ``_game``, ``current_player``,
    ``legal_action_mask``, ``rewards`` and ``terminated`` updated) and
    ``_observe(state, player_id)``.
    """

    env_id: str = ""
    num_actions_: int = 0
    observation_shape_: tuple[int, ...] = ()

    def __init__(self) -> None:
        pass

    # -- pgx's metadata ---------------------------------------------------------
    @property
    def id(self) -> str:
        """The environment id (as ``shoal.jaxenv.make`` takes it)."""
        return self.env_id

    @property
    def version(self) -> str:
        """Bumped when the environment's behaviour changes."""
        return "v1"

    @property
    def num_players(self) -> int:
        """Two seats, 0 and 1."""
        return 2

    @property
    def num_actions(self) -> int:
        """The core protocol's ``num_distinct_actions``."""
        return self.num_actions_

    @property
    def observation_shape(self) -> tuple[int, ...]:
        """The core protocol's ``observation_shape()``."""
        return self.observation_shape_

    # -- the interface ----------------------------------------------------------
    def init(self, key: Array) -> State:
        """The start state (a random set-up is drawn from ``key``)."""
        state = self._init(key)
        return state.replace(observation=self._observe(state, state.current_player))

    def step(self, state: State, action: Array, key: Array | None = None) -> State:
        """The state after ``action`` by ``current_player``.

        On a finished state nothing changes but the rewards, which become zero;
        an illegal action ends the game with -1 for its player.
        """
        if key is None:
            key = jax.random.PRNGKey(0)
        action = jnp.asarray(action, dtype=jnp.int32)
        over = state.terminated | state.truncated
        is_illegal = ~state.legal_action_mask[action] & ~over
        mover = state.current_player
        safe = jnp.where(is_illegal | over, jnp.argmax(state.legal_action_mask), action)
        stepped: State = self._step(state.replace(_step_count=state._step_count + 1), safe, key)
        stepped = jax.tree_util.tree_map(
            lambda a, b: jnp.where(over, a, b),
            state.replace(rewards=jnp.zeros_like(state.rewards)),
            stepped,
        )
        penalty = jnp.where(jnp.arange(2) == mover, -1.0, 1.0).astype(jnp.float32)
        stepped = jax.tree_util.tree_map(
            lambda a, b: jnp.where(is_illegal, a, b),
            state.replace(
                rewards=penalty, terminated=jnp.bool_(True), _step_count=state._step_count + 1
            ),
            stepped,
        )
        mask = jnp.where(stepped.terminated, True, stepped.legal_action_mask)
        stepped = stepped.replace(legal_action_mask=mask)
        return stepped.replace(observation=self._observe(stepped, stepped.current_player))

    def observe(self, state: State, player_id: Array | None = None) -> Array:
        """The observation planes of ``state`` for ``player_id`` (default: the seat to move)."""
        if player_id is None:
            player_id = state.current_player
        return jax.lax.stop_gradient(self._observe(state, jnp.asarray(player_id)))

    # -- what a game implements ------------------------------------------------
    @abstractmethod
    def _init(self, key: Array) -> State: ...

    @abstractmethod
    def _step(self, state: State, action: Array, key: Array) -> State: ...

    @abstractmethod
    def _observe(self, state: State, player_id: Array) -> Array: ...

    def start_position(self, game: Any) -> str | None:
        """The core position string of a start state's ``_game`` arrays (numpy, one state).

        None (the default) when the game has no random set-up: the start is
        then the core's ``game.initial()``. Used to check a JAX set-up
        against the core engine.
        """
        return None

    # -- helpers for games --------------------------------------------------------
    def _new_state(self, cls: type[State], game: Any, player: Array, mask: Array) -> State:
        """A fresh live state of ``cls`` around the game arrays ``game``."""
        return cls(
            current_player=jnp.asarray(player, dtype=jnp.int32),
            observation=jnp.zeros(self.observation_shape_, dtype=jnp.float32),
            rewards=jnp.zeros(2, dtype=jnp.float32),
            terminated=jnp.bool_(False),
            truncated=jnp.bool_(False),
            legal_action_mask=mask,
            _step_count=jnp.int32(0),
            _game=game,
            _env_id=self.env_id,
        )


def finish(state: State, over: Array, winner: Array) -> State:
    """Mark ``state`` over when ``over``; ``winner`` is 0, 1 or -1 for a draw.

    The rewards become +1/-1 (0 each for a draw) on this step only.
    """
    seats = jnp.arange(2)
    won = jnp.where(seats == winner, 1.0, -1.0)
    rewards = jnp.where(over & (winner >= 0), won, 0.0).astype(jnp.float32)
    return state.replace(terminated=over, rewards=rewards)


def auto_reset(
    step_fn: Callable[[State, Array, Array], State], init_fn: Callable[[Array], State]
) -> Callable[[State, Array, Array], State]:
    """A ``step`` that restarts a finished game at once (pgx's ``auto_reset``).

    The returned state of a step that ends a game is a fresh start state drawn
    from ``key``, keeping the finished game's ``rewards``, ``terminated`` and
    ``truncated``; the next step clears those flags before it moves. Every
    state it returns is therefore live, which is what batched self-play wants.
    """

    def step(state: State, action: Array, key: Array) -> State:
        step_key, init_key = jax.random.split(key)
        done = state.terminated | state.truncated
        state = jax.tree_util.tree_map(
            lambda a, b: jnp.where(done, a, b),
            state.replace(
                terminated=jnp.bool_(False),
                truncated=jnp.bool_(False),
                rewards=jnp.zeros_like(state.rewards),
            ),
            state,
        )
        state = step_fn(state, action, step_key)
        ended = state.terminated | state.truncated
        fresh = init_fn(init_key).replace(
            terminated=state.terminated, truncated=state.truncated, rewards=state.rewards
        )
        result: State = jax.tree_util.tree_map(lambda a, b: jnp.where(ended, a, b), fresh, state)
        return result

    return step
