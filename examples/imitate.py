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
    holdout: float = 0.1
    seed: int = 0


def core_game(env_id: str) -> Any:
    """The core game an environment plays (its game id and options)."""
    game_id, options = jaxenv.CORE_GAMES[env_id]
    return games.REGISTRY.from_mapping(game_id, {k: str(v) for k, v in options.items()})


def teacher_data(cfg: Config, log: Any = print) -> tuple[np.ndarray, ...]:
    """The teacher's samples: observations, policies (root visit shares), values (the game's
    result for the seat to move), and the index of the game each comes from."""
    game = core_game(cfg.env)
    actions = game.num_distinct_actions
    spec = f"{cfg.teacher}:turn_seconds={NO_CAP}" if cfg.teacher != "random" else "random"
    obs, policies, values, origin = [], [], [], []
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
        origin.extend([index] * len(movers))
        if (index + 1) % max(1, cfg.games // 10) == 0:
            log(f"teacher games {index + 1}/{cfg.games}: {len(obs)} positions")
        assert len(values) == len(obs) and start <= len(obs)
    return (
        np.stack(obs),
        np.stack(policies),
        np.asarray(values, dtype=np.float32),
        np.asarray(origin, dtype=np.int32),
    )


def split(cfg: Config, data: tuple[np.ndarray, ...]) -> tuple[tuple[np.ndarray, ...], ...]:
    """``data`` as (training, held out): the last ``--holdout`` share of the teacher's games
    (whole games, so no position of a held-out game is seen in training)."""
    obs, policy, value, origin = data
    held = origin >= cfg.games - round(cfg.holdout * cfg.games)
    return (obs[~held], policy[~held], value[~held]), (obs[held], policy[held], value[held])


def train(
    cfg: Config,
    data: tuple[np.ndarray, ...],
    log: Any = print,
    held_out: tuple[np.ndarray, ...] | None = None,
) -> tuple[Any, list[dict[str, float]]]:
    """The network fitted to ``data``, and its losses per epoch. With ``held_out`` samples,
    the parameters kept are those of the epoch with the lowest held-out value loss (the value
    head is what plays: ``shoal.ai.baseline``); its curve point says ``"kept": True``."""
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

    @jax.jit
    def held_losses(params: Any, batch: tuple[jax.Array, ...]) -> Any:
        return loss_fn(params, batch)[1]

    n = obs.shape[0]
    curve: list[dict[str, Any]] = []
    kept: tuple[float, Any, dict[str, Any]] | None = None
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
        point: dict[str, Any] = {
            "epoch": epoch,
            "policy_loss": sums[0] / batches,
            "value_loss": sums[1] / batches,
        }
        losses = f"policy loss {point['policy_loss']:.3f}  value loss {point['value_loss']:.3f}"
        if held_out is not None and len(held_out[0]):
            hp, hv = held_losses(params, tuple(jnp.asarray(a) for a in held_out))
            point["held_policy_loss"], point["held_value_loss"] = float(hp), float(hv)
            losses += f"  held out: policy {float(hp):.3f}  value {float(hv):.3f}"
            if kept is None or float(hv) < kept[0]:
                kept = (float(hv), params, point)
        curve.append(point)
        log(f"epoch {epoch:2d}  {losses}")
    if kept is not None:
        kept[2]["kept"] = True
        log(f"kept epoch {kept[2]['epoch']} (lowest held-out value loss)")
        return kept[1], curve
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


def load_data(path: Path, cfg: Config) -> tuple[np.ndarray, ...]:
    """Teacher samples saved by an earlier run (``--data``), refused if made otherwise."""
    with np.load(path, allow_pickle=False) as saved:
        made = json.loads(str(saved["config"]))
        same = ("env", "teacher", "games", "explore", "seed")
        if any(made[k] != getattr(cfg, k) for k in same):
            raise SystemExit(f"{path} holds the samples of other settings: {made}")
        return tuple(saved[f"arr_{i}"] for i in range(4))


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
    parser.add_argument(
        "--holdout",
        type=float,
        default=defaults.holdout,
        help="the share of the teacher's games held out to choose the epoch kept (0: the last)",
    )
    parser.add_argument("--learning-rate", type=float, default=defaults.learning_rate)
    parser.add_argument("--save", type=Path, required=True, help="the network's file (.npz)")
    parser.add_argument("--json", type=Path, help="write every figure here")
    parser.add_argument(
        "--data", type=Path, help="the teacher's samples (.npz): read if there, else written"
    )
    args = parser.parse_args(argv)
    cfg = Config(**{k: v for k, v in vars(args).items() if k in Config.__dataclass_fields__})
    if cfg.games < 1 or cfg.epochs < 1 or not 0 <= cfg.explore <= 1 or not 0 <= cfg.holdout < 1:
        parser.error("--games and --epochs are at least 1, --explore and --holdout in [0, 1)")
    wall0, cpu0 = time.perf_counter(), time.process_time()
    data = load_data(args.data, cfg) if args.data and args.data.exists() else teacher_data(cfg)
    if args.data and not args.data.exists():
        arrays = {f"arr_{i}": a for i, a in enumerate(data)}
        np.savez_compressed(args.data, config=json.dumps(dataclasses.asdict(cfg)), **arrays)
    data_wall, data_cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    print(f"{len(data[0])} positions: {data_wall:.0f} s wall, {data_cpu:.0f} s cpu")
    training, held_out = split(cfg, data)
    params, curve = train(cfg, training, held_out=held_out)
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
        "held_out_positions": len(held_out[0]),
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
