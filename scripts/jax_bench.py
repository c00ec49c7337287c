#!/usr/bin/env python3
"""Steps per second of the JAX environments against batch size, beside the other paths.

For each environment and batch size: a ``jit``-compiled ``lax.scan`` of
``--steps`` steps (a uniformly random legal action per environment, then the
auto-reset step, all ``vmap``-ed) is called again and again for ``--seconds``
after a compile-and-warm-up call; steps/s counts every environment's step.
In the same run, where they apply:

* ``pgx``: pgx's own ``connect_four`` (beside ``connect4``) by the same loop;
* ``BatchEnv``: shoal's numpy ``BatchEnv`` (pure engines) at the same batch size;
* ``C 1 core``: the game's C engine, random playouts on one core (no batch).

Usage: ``.venv/bin/python scripts/jax_bench.py [--envs connect4,sirtet]
[--batches 1,4,16,64,256,1024,4096] [--steps 64] [--seconds 1]``. On a GPU host
(jax with CUDA), ``scripts/jax_bench_gpu`` runs the same table on the GPU.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from shoal import games, jaxenv
from shoal.interop.batch import BatchEnv


def _scan_steps(
    env: Any, batch: int, steps: int, auto_reset: Callable[..., Any], seconds: float
) -> float:
    step = jax.vmap(auto_reset(env.step, env.init))

    def body(state: Any, key: Any) -> tuple[Any, None]:
        k_act, k_step = jax.random.split(key)
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        action = jax.random.categorical(k_act, logits, axis=-1).astype(jnp.int32)
        return step(state, action, jax.random.split(k_step, batch)), None

    @jax.jit
    def run(state: Any, key: Any) -> Any:
        return jax.lax.scan(body, state, jax.random.split(key, steps))[0]

    state = jax.jit(jax.vmap(env.init))(jax.random.split(jax.random.PRNGKey(0), batch))
    state = jax.block_until_ready(run(state, jax.random.PRNGKey(1)))  # compile and warm up
    scans, started = 0, time.perf_counter()
    while scans < 2 or time.perf_counter() - started < seconds:
        state = jax.block_until_ready(run(state, jax.random.PRNGKey(2 + scans)))
        scans += 1
    return batch * steps * scans / (time.perf_counter() - started)


def shoal_jax(env_id: str, batch: int, steps: int, seconds: float) -> float:
    """Steps/s of ``shoal.jaxenv`` ``env_id``."""
    return _scan_steps(jaxenv.make(env_id), batch, steps, jaxenv.auto_reset, seconds)


def pgx_connect_four(batch: int, steps: int, seconds: float) -> float | None:
    """Steps/s of pgx's ``connect_four``, or None without pgx."""
    try:
        import pgx
        from pgx.experimental import auto_reset
    except ImportError:
        return None
    return _scan_steps(pgx.make("connect_four"), batch, steps, auto_reset, seconds)


def numpy_batch(env_id: str, batch: int, seconds: float) -> float:
    """Steps/s of the numpy ``BatchEnv`` (pure engines) with ``batch`` environments."""
    game_id, options = jaxenv.CORE_GAMES[env_id]
    env = BatchEnv(game_id, num_envs=batch, seed=0, **options)
    env.reset()
    rng = np.random.default_rng(0)
    done, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        env.step(env.random_actions(rng))
        done += batch
    return done / (time.perf_counter() - started)


def c_engine(env_id: str, seconds: float) -> float | None:
    """Atomic actions/s of the C engine's random playouts on one core."""
    game_id, options = jaxenv.CORE_GAMES[env_id]
    game = games.get(game_id, **options)
    engine = game.native_engine()
    if engine is None:
        return None
    packed = engine.pack(game.initial(0))
    assert packed is not None
    actions, started, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - started < seconds:
        actions += engine.playouts(packed, 50, seed)[1]
        seed += 1
    return actions / (time.perf_counter() - started)


def _fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--envs", default="connect4")
    parser.add_argument("--batches", default="1,4,16,64,256,1024,4096")
    parser.add_argument("--steps", type=int, default=64, help="steps per timed scan")
    parser.add_argument("--seconds", type=float, default=1.0, help="timing per figure")
    parser.add_argument("--no-numpy", action="store_true", help="skip the numpy BatchEnv")
    args = parser.parse_args(argv)
    batches = [int(b) for b in args.batches.split(",")]
    device = jax.devices()[0]
    print(
        f"jax {jax.__version__} on {device.platform} ({device.device_kind}); "
        f"steps per scan {args.steps}"
    )
    for env_id in args.envs.split(","):
        c = c_engine(env_id, args.seconds)
        print(f"\n{env_id}: steps/s (C engine, 1 core, random playouts: {_fmt(c)})\n")
        head = "| batch | shoal.jaxenv |"
        rule = "|---:|---:|"
        if env_id == "connect4":
            head += " pgx connect_four |"
            rule += "---:|"
        head += " numpy BatchEnv |" if not args.no_numpy else ""
        rule += "---:|" if not args.no_numpy else ""
        print(head)
        print(rule)
        for batch in batches:
            row = f"| {batch} | {_fmt(shoal_jax(env_id, batch, args.steps, args.seconds))} |"
            if env_id == "connect4":
                row += f" {_fmt(pgx_connect_four(batch, args.steps, args.seconds))} |"
            if not args.no_numpy:
                row += f" {_fmt(numpy_batch(env_id, batch, args.seconds))} |"
            print(row, flush=True)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
