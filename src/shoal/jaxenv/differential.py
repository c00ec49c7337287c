"""The JAX environments checked against the C engines along random games.

:func:`compare` plays ``batch`` random games at once in an environment
(``vmap``, auto-reset, one ``jit``-compiled ``lax.scan`` of ``chunk`` steps,
called again until ``steps`` steps are done) and replays every action in the
game's compiled engine (``shoal.core.native``, reached through the registry).
At every step it checks that the legal-action mask equals the C engine's legal
actions, that the seat to move is the same, and after the action that the game
ends exactly when the C engine says so, with the same rewards. The
observations of the first ``observe`` environments are also compared with the
pure engine's ``game.observation`` (the core protocol's planes; equal within
1e-6, the float32 rounding of the planes that hold ratios).

A game with a random set-up draws it in JAX; the environment's
``start_position`` turns the start state into the game's position string,
which the core engine loads.

``python -m shoal.jaxenv.differential ENV_ID --steps 1000000`` runs it from the
command line and prints the figures.
"""

from __future__ import annotations

import argparse
import dataclasses
import time
from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from shoal import games
from shoal.core import Game, State

from . import CORE_GAMES, make
from .core import Env, auto_reset

__all__ = ["Mismatch", "Report", "compare"]


class Mismatch(AssertionError):
    """The JAX environment and the C engine disagree (the message says where)."""


@dataclasses.dataclass
class Report:
    """What :func:`compare` checked."""

    env_id: str
    steps: int = 0
    games: int = 0
    observations: int = 0
    seconds: float = 0.0


def _chunk_fn(env: Env, batch: int, chunk: int, observe: int) -> Callable[[Any, Any], Any]:
    step = jax.vmap(auto_reset(env.step, env.init))

    def body(state: Any, key: Any) -> tuple[Any, Any]:
        k_act, k_step = jax.random.split(key)
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        action = jax.random.categorical(k_act, logits, axis=-1).astype(jnp.int32)
        before = (state.legal_action_mask, state.current_player, state._step_count, state._game)
        after = step(state, action, jax.random.split(k_step, batch))
        record = (*before, action, after.rewards, after.terminated, state.observation[:observe])
        return after, record

    def run(state: Any, key: Any) -> Any:
        return jax.lax.scan(body, state, jax.random.split(key, chunk))

    return jax.jit(run)


def _start(env: Env, game: Game, arrays: Any) -> State:
    position = env.start_position(arrays)
    return game.initial(0) if position is None else game.load(position)


def compare(
    env_id: str,
    *,
    steps: int,
    batch: int = 64,
    chunk: int = 64,
    seed: int = 0,
    observe: int = 1,
) -> Report:
    """Play ``steps`` steps (in all) of random games; raise :class:`Mismatch` on a difference."""
    env = make(env_id)
    game_id, options = CORE_GAMES[env_id]
    game = games.get(game_id, **options)
    engine = game.native_engine()
    if engine is None:
        raise RuntimeError(f"{game_id}: the C engine is not built (run scripts/setup)")
    num_actions = game.num_distinct_actions
    if env.num_actions != num_actions or env.observation_shape != game.observation_shape():
        raise Mismatch(f"{env_id}: action count or observation shape differs from the core's")
    run = _chunk_fn(env, batch, chunk, max(observe, 1))
    key = jax.random.PRNGKey(seed)
    key, init_key = jax.random.split(key)
    state = jax.jit(jax.vmap(env.init))(jax.random.split(init_key, batch))
    packed: list[bytes | None] = [None] * batch
    pure: list[State | None] = [None] * batch
    report = Report(env_id)
    started = time.perf_counter()
    while report.steps < steps:
        key, chunk_key = jax.random.split(key)
        state, record = run(state, chunk_key)
        masks, players, counts, arrays, actions, rewards, ended, obs = jax.device_get(record)
        for t in range(chunk):
            for b in range(batch):
                where = f"{env_id}, step {report.steps}, env {b}"
                if counts[t, b] == 0:
                    one = jax.tree_util.tree_map(lambda a, t=t, b=b: a[t, b], arrays)
                    start = _start(env, game, one)
                    packed[b] = engine.pack(start)
                    pure[b] = start if b < observe else None
                    report.games += 1
                current = packed[b]
                assert current is not None
                legal = engine.legal_actions(current)
                mask = np.zeros(num_actions, dtype=bool)
                mask[list(legal)] = True
                if not np.array_equal(mask, masks[t, b]):
                    mine = {int(a) for a in np.flatnonzero(masks[t, b])}
                    raise Mismatch(
                        f"{where}: legal actions differ: C only {sorted(set(legal) - mine)}, "
                        f"JAX only {sorted(mine - set(legal))}"
                    )
                over, winner, to_move, _ = engine.status(current)
                if over or to_move != players[t, b]:
                    raise Mismatch(f"{where}: seat to move: C {to_move}, JAX {players[t, b]}")
                seen = pure[b]
                if seen is not None:
                    expected = np.asarray(game.observation(seen, to_move), dtype=np.float32)
                    expected = expected.reshape(obs[t, b].shape)
                    wrong = np.abs(expected - obs[t, b]) > 1e-6  # float32 rounding of ratios
                    if wrong.any():
                        planes = sorted({int(p) for p in np.argwhere(wrong)[:, 0]})
                        raise Mismatch(
                            f"{where}: observation planes {planes} differ from the core's "
                            f"(position {seen.position()})"
                        )
                    report.observations += 1
                action = int(actions[t, b])
                current = engine.apply(current, action)
                packed[b] = current
                if seen is not None:
                    pure[b] = seen.child(action)
                over, winner, _, _ = engine.status(current)
                if bool(over) != bool(ended[t, b]):
                    raise Mismatch(f"{where}: game over: C {over}, JAX {ended[t, b]}")
                if over:
                    want = [0.0, 0.0] if winner < 0 else [1.0, -1.0][:: 1 if winner == 0 else -1]
                    if list(rewards[t, b]) != want:
                        raise Mismatch(f"{where}: rewards C {want}, JAX {list(rewards[t, b])}")
                report.steps += 1
    report.seconds = time.perf_counter() - started
    return report


def main(argv: list[str] | None = None) -> None:
    """``python -m shoal.jaxenv.differential ENV_ID [--steps N]``: run and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("env_ids", nargs="+")
    parser.add_argument("--steps", type=int, default=1_000_000)
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--chunk", type=int, default=128)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    for env_id in args.env_ids:
        report = compare(
            env_id, steps=args.steps, batch=args.batch, chunk=args.chunk, seed=args.seed
        )
        print(
            f"{env_id}: {report.steps} steps, {report.games} games, "
            f"{report.observations} observations checked, equal; {report.seconds:.1f} s"
        )


if __name__ == "__main__":
    main()
