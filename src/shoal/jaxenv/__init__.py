"""The games as pure JAX functions with pgx's interface (the optional extra ``jax``).

``make(env_id)`` returns an environment; ``ENV_IDS`` lists them. Each board
size is its own id. The action ids and observation planes are the core
protocol's (``game.num_distinct_actions``, ``game.observation(state, seat)``)
for the game's default options; ``CORE_GAMES`` maps each id to the registry's
game id and options, which is what the differential tests compare against.

>>> env = make("connect4")
>>> env.num_actions, env.observation_shape
(7, (3, 6, 7))
"""

from __future__ import annotations

import importlib
from typing import Any

from .core import Env, State, auto_reset

__all__ = ["CORE_GAMES", "ENV_IDS", "Env", "State", "auto_reset", "make"]

_ENVS: dict[str, tuple[str, str, dict[str, Any]]] = {
    "connect4": ("connect4", "Connect4Env", {}),
    "sirtet": ("sirtet", "SirtetEnv", {}),
    "sfirs": ("sfirs", "SfirsEnv", {}),
    "sytran_6": ("sytran", "SytranEnv", {"base": 6}),
    "sytran_8": ("sytran", "SytranEnv", {"base": 8}),
    "sytran_10": ("sytran", "SytranEnv", {"base": 10}),
    "syrtis": ("syrtis", "SyrtisEnv", {"variant": "major"}),
    "syrtis_minor": ("syrtis", "SyrtisEnv", {"variant": "minor"}),
    "cyclix": ("cyclix", "CyclixEnv", {}),
}

CORE_GAMES: dict[str, tuple[str, dict[str, Any]]] = {
    "connect4": ("connect4", {}),
    "sirtet": ("sirtet", {}),
    "sfirs": ("sfirs", {}),
    "sytran_6": ("sytran", {"base": 6}),
    "sytran_8": ("sytran", {"base": 8}),
    "sytran_10": ("sytran", {"base": 10}),
    "syrtis": ("syrtis", {}),
    "syrtis_minor": ("syrtis", {"variant": "minor"}),
    "cyclix": ("cyclix", {}),
}
"""Env id -> (the registry's game id, its options): the game each env implements."""

ENV_IDS: tuple[str, ...] = tuple(_ENVS)
"""The environment ids ``make`` accepts."""


def make(env_id: str) -> Env:
    """The environment ``env_id`` (one of :data:`ENV_IDS`); ValueError names the others."""
    try:
        module, name, kwargs = _ENVS[env_id]
    except KeyError:
        raise ValueError(
            f"unknown JAX environment {env_id!r} (environments: {', '.join(ENV_IDS)})"
        ) from None
    cls = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    env: Env = cls(**kwargs)
    return env
