"""A baseline network on a CPU in minutes: imitate a teacher search, then measure it.

``python examples/imitate.py --env sytran_6 --teacher club --games 600 --save sytran_6.npz``

The teacher (a level of ``shoal.ai``, at its iteration budget with no time cap, so its games
depend on the seed only) plays ``--games`` games against itself through the core protocol (the
compiled search where the game has one); a share ``--explore`` of the moves played is uniformly
random instead, so the positions are not only the teacher's own line (the teacher's policy at
them is still a target). Every decision gives a sample: the observation of the seat to move
(``game.observation``: the JAX environment's planes), the share of the teacher's root visits
per action (its policy), and the game's result for that seat. The network is
``examples/alphazero.py``'s MLP (policy logits over the action ids and a tanh value), trained
with optax's Adam on cross-entropy plus squared error, ``--epochs`` passes in shuffled
minibatches. It is saved as a baseline (``--save``; ``shoal.ai.baseline`` plays it with numpy
alone, by its value head one action deep) with its command, its time and its games against
``random`` and ``beginner`` (``--eval-games`` each, seats alternating, 95% Wilson intervals,
through ``shoal.analysis.arena``).

The policy head is trained but does not choose the moves: club's root visit shares on
``sytran_6`` are nearly uniform over the legal actions (750 simulations spread over up to 92 of
them), and the argmax of a policy fit to them played one-stone turns and lost to random
(docs/ai.md, "Baselines"); the value head, fit to the games' results, is what was learnt.

Why not AlphaZero here: on ``sytran_6`` (a turn of one to five stones) 40 iterations of
``examples/alphazero.py`` (156 s of CPU time) left a raw policy that won 5 of 64 games against
random, below the untrained net's 67.5% (docs/ai.md, "Baselines", says what was seen); the
machine gave a training niced under the team's load a few percent of a core. A teacher's game
costs a few tenths of a second of CPU (a club game of Sytran base 6: 0.3 s).

Needs the ``jax`` extra (scripts/setup installs it).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import shlex
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import optax

from shoal import games, jaxenv
from shoal.ai import get_player
from shoal.ai.baseline import save_network
from shoal.analysis.arena import arena

sys.path.insert(0, str(Path(__file__).resolve().parent))  # its helpers beside it
from alphazero import Net
from alphazero_io import to_network

NO_CAP = 1_000_000


@dataclasses.dataclass(frozen=True)
class Config:
    """The run's settings (the command-line flags)."""

    env: str = "sytran_6"
    teacher: str = "club"
    games: int = 600
    explore: float = 0.1
    epochs: int = 20
    batch: int = 256
    learning_rate: float = 1e-3
    width: int = 128
    depth: int = 3
    eval_games: int = 200
    seed: int = 0


def core_game(env_id: str) -> Any:
    """The core game an environment plays (its game id and options)."""
    game_id, options = jaxenv.CORE_GAMES[env_id]
    return games.REGISTRY.from_mapping(game_id, {k: str(v) for k, v in options.items()})


def teacher_data(cfg: Config, log: Any = print) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The teacher's samples: observations, policies (root visit shares), values."""
    game = core_game(cfg.env)
    actions = game.num_distinct_actions
    spec = f"{cfg.teacher}:turn_seconds={NO_CAP}" if cfg.teacher != "random" else "random"
    obs, policies, values = [], [], []
    for index in range(cfg.games):
        seed = cfg.seed + index
        rng = random.Random(seed)
        players = [get_player(spec, game, seed=2 * seed), get_player(spec, game, seed=2 * seed + 1)]
        state, movers, start = game.initial(seed), [], len(obs)
        while state.outcome is None:
            seat = state.to_move
            assert seat is not None
            choice = players[seat].choose(state)
            target = np.zeros(actions, dtype=np.float32)
            result = getattr(players[seat], "last_result", None)
            visits = sum(c.visits for c in result.children) if result is not None else 0
            if visits:
                for child in result.children:
                    target[child.action] = child.visits / visits
            else:  # a forced action, or a teacher without root statistics
                target[choice] = 1.0
            obs.append(np.asarray(game.observation(state, seat), dtype=np.float32))
            policies.append(target)
            movers.append(seat)
            if rng.random() < cfg.explore:
                legal = state.legal_actions()
                choice = legal[rng.randrange(len(legal))]
            state = state.apply(choice)
        winner = state.outcome.winner
        values.extend(0.0 if winner is None else (1.0 if m == winner else -1.0) for m in movers)
        if (index + 1) % max(1, cfg.games // 10) == 0:
            log(f"teacher games {index + 1}/{cfg.games}: {len(obs)} positions")
        assert len(values) == len(obs) and start <= len(obs)
    return np.stack(obs), np.stack(policies), np.asarray(values, dtype=np.float32)


def train(
    cfg: Config, data: tuple[np.ndarray, ...], log: Any = print
) -> tuple[Any, list[dict[str, float]]]:
    """The network fitted to ``data``; its losses per epoch."""
    obs, policy, value = (jnp.asarray(a) for a in data)
    net = Net(policy.shape[1], cfg.width, cfg.depth)
    key = jax.random.PRNGKey(cfg.seed)
    params = net.init(key, obs[:1])
    optimizer = optax.adam(cfg.learning_rate)
    opt_state = optimizer.init(params)

    def loss_fn(params: Any, batch: tuple[jax.Array, ...]) -> tuple[jax.Array, Any]:
        x, p, v = batch
        logits, predicted = net.apply(params, x)
        policy_loss = optax.softmax_cross_entropy(logits, p).mean()
        value_loss = jnp.mean((predicted - v) ** 2)
        return policy_loss + value_loss, (policy_loss, value_loss)

    @jax.jit
    def step(params: Any, opt_state: Any, batch: tuple[jax.Array, ...]) -> tuple[Any, Any, Any]:
        grads, losses = jax.grad(loss_fn, has_aux=True)(params, batch)
        updates, opt_state = optimizer.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, losses

    n = obs.shape[0]
    curve = []
    for epoch in range(1, cfg.epochs + 1):
        key, shuffle = jax.random.split(key)
        order = jax.random.permutation(shuffle, n)
        sums = np.zeros(2)
        batches = 0
        for start in range(0, n - cfg.batch + 1, cfg.batch):
            idx = order[start : start + cfg.batch]
            params, opt_state, (pl, vl) = step(
                params, opt_state, (obs[idx], policy[idx], value[idx])
            )
            sums += (float(pl), float(vl))
            batches += 1
        point = {"epoch": epoch, "policy_loss": sums[0] / batches, "value_loss": sums[1] / batches}
        curve.append(point)
        losses = f"policy loss {point['policy_loss']:.3f}  value loss {point['value_loss']:.3f}"
        log(f"epoch {epoch:2d}  {losses}")
    return params, curve


def evaluate(cfg: Config, net_path: Path, log: Any = print) -> dict[str, Any]:
    """The saved network (``baseline:PATH``) against random and beginner, seats alternating."""
    game = core_game(cfg.env)
    out = {}
    for level in ("random", "beginner"):
        uncapped = level if level == "random" else f"{level}:turn_seconds={NO_CAP}"  # as anchors
        result = arena(game, f"baseline:{net_path}", uncapped, games=cfg.eval_games, seed=cfg.seed)
        out[level] = {k: v for k, v in result.as_dict().items() if k != "results"}
        log(f"against {level}: {result.summary()}")
    return out


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    defaults = Config()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--env", default=defaults.env, choices=list(jaxenv.ENV_IDS))
    parser.add_argument("--teacher", default=defaults.teacher, help="a level of shoal.ai")
    for name in ("games", "epochs", "batch", "width", "depth", "eval_games", "seed"):
        parser.add_argument(
            f"--{name.replace('_', '-')}", type=int, default=getattr(defaults, name)
        )
    parser.add_argument("--explore", type=float, default=defaults.explore)
    parser.add_argument("--learning-rate", type=float, default=defaults.learning_rate)
    parser.add_argument("--save", type=Path, required=True, help="the network's file (.npz)")
    parser.add_argument("--json", type=Path, help="write every figure here")
    args = parser.parse_args(argv)
    cfg = Config(**{k: v for k, v in vars(args).items() if k in Config.__dataclass_fields__})
    if cfg.games < 1 or cfg.epochs < 1 or not 0 <= cfg.explore <= 1:
        parser.error("--games and --epochs are at least 1, --explore between 0 and 1")
    wall0, cpu0 = time.perf_counter(), time.process_time()
    data = teacher_data(cfg)
    data_wall, data_cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    print(f"{len(data[0])} positions: {data_wall:.0f} s wall, {data_cpu:.0f} s cpu")
    params, curve = train(cfg, data)
    train_wall, train_cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    game_id, options = jaxenv.CORE_GAMES[cfg.env]
    command = shlex.join(
        ["python", "examples/imitate.py", *(argv if argv is not None else sys.argv[1:])]
    )
    meta: dict[str, Any] = {
        "env": cfg.env,
        "game": game_id,
        "options": {k: str(v) for k, v in options.items()},
        "method": f"imitation of {cfg.teacher} (examples/imitate.py)",
        "config": dataclasses.asdict(cfg),
        "positions": len(data[0]),
        "train_wall_s": round(train_wall, 1),
        "train_cpu_s": round(train_cpu, 1),
        "data_cpu_s": round(data_cpu, 1),
        "command": command,
        "jax": jax.__version__,
        "curve": curve,
    }
    save_network(to_network(params, cfg.depth, meta), args.save)
    size = args.save.stat().st_size
    print(f"network: {args.save} ({size} bytes); {train_wall:.0f} s wall, {train_cpu:.0f} s cpu")
    meta["evaluation"] = evaluate(cfg, args.save) if cfg.eval_games else {}
    save_network(to_network(params, cfg.depth, meta), args.save)  # with its figures
    meta["wall_s"] = round(time.perf_counter() - wall0, 1)
    meta["cpu_s"] = round(time.process_time() - cpu0, 1)
    if args.json:
        args.json.write_text(json.dumps(meta, indent=1))
    return meta


if __name__ == "__main__":
    main()
