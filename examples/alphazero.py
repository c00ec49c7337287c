"""AlphaZero on any ``shoal.jaxenv`` environment (``--env ENV``, connect4 by default; ``all``: each
in turn): mctx's Gumbel MuZero policy, flax, optax. Self-play runs ``--batch`` games at once
(``vmap``, auto-reset), each move chosen by ``mctx.gumbel_muzero_policy`` with ``--simulations``
simulations whose leaves the network evaluates (a share ``--explore`` of the moves played is
uniformly random instead, so the positions are not only the net's own games); the network (a
small MLP in flax: policy logits and a tanh value) learns with optax's Adam from the search's
improved policy (``action_weights``) and the games' outcomes. Every ``--eval-every`` iterations
the raw policy (argmax of the network's logits over the legal actions, no search) plays
``random``; at the end the trained agent plays ``random`` both as the raw policy and with a
small search, and the untrained network is measured the same way as the baseline. Win rates come
with 95% Wilson intervals; the learning curve goes to ``--plot`` (PNG with matplotlib, else a
hand-written SVG) and every figure to ``--json``.

A turn may take several actions (Sytran's stones, Sirtet's harvest): the search's discount
and the value targets flip the sign only where the seat to move changes.

``--checkpoint FILE`` saves the run every ``--checkpoint-every`` iterations and resumes from
it; ``--max-minutes M`` ends the training after M minutes of wall time here (then the
evaluations run); ``--save NET.npz`` writes the network that ``shoal.ai.baseline`` plays
with numpy alone (``baseline:ENV``; docs/ai.md, "Baselines"). Helpers: alphazero_io.py.

    python examples/alphazero.py                  # the full connect4 CPU run (docs/jax.md)
    python examples/alphazero.py --env sytran_6 --save sytran_6.npz
    python examples/alphazero.py --env all --quick  # a tiny smoke run of every environment
    python examples/alphazero.py --help

Needs the ``jax`` extra (``pip install -e ".[jax]"``; scripts/setup installs it).
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any, NamedTuple

import flax.linen as nn
import jax
import jax.numpy as jnp
import mctx
import optax

from shoal import games, jaxenv
from shoal.ai.baseline import save_network

sys.path.insert(0, str(Path(__file__).resolve().parent))  # its helpers beside it
from alphazero_io import (
    Run,
    baseline_meta,
    each_path,
    load_checkpoint,
    plot,
    record_text,
    save_checkpoint,
    score_record,
    to_network,
)


def max_length(env_id: str) -> int:
    """The most actions a game of ``env_id`` takes (the core game's ``max_game_length``)."""
    game_id, options = jaxenv.CORE_GAMES[env_id]
    return games.REGISTRY.from_mapping(
        game_id, {k: str(v) for k, v in options.items()}
    ).max_game_length


@dataclass(frozen=True)
class Config:
    """The run's settings (the command-line flags)."""

    env: str = "connect4"
    iterations: int = 400
    batch: int = 128  # self-play games played at once
    steps: int = 32  # self-play moves per game and iteration (games carry over)
    simulations: int = 16  # search simulations per self-play move
    explore: float = 0.25  # chance that a self-play move is uniformly random (still a target)
    train_batch: int = 256  # minibatch size of the SGD steps
    learning_rate: float = 1e-3
    width: int = 128  # hidden units per layer
    depth: int = 3  # hidden layers
    eval_every: int = 20
    eval_games: int = 200  # games against random per point of the learning curve
    final_games: int = 1000  # games against random at the end (each evaluation)
    eval_simulations: int = 8  # the "small search" of the final evaluation
    seed: int = 0


QUICK = Config(
    iterations=2,
    batch=8,
    steps=6,
    simulations=4,
    train_batch=16,
    width=32,
    depth=1,
    eval_every=1,
    eval_games=8,
    final_games=8,
    eval_simulations=2,
)


class Net(nn.Module):
    """A small MLP: the observation planes -> (policy logits, value in [-1, 1])."""

    num_actions: int
    width: int
    depth: int

    @nn.compact
    def __call__(self, obs: jax.Array) -> tuple[jax.Array, jax.Array]:
        x = obs.reshape((obs.shape[0], -1))
        for _ in range(self.depth):
            x = nn.relu(nn.Dense(self.width)(x))
        logits = nn.Dense(self.num_actions)(x)
        value = jnp.tanh(nn.Dense(1)(x))[:, 0]
        return logits, value


class Sample(NamedTuple):
    """One self-play move of every game (stacked over the moves: shape [steps, batch, ...])."""

    obs: jax.Array
    policy: jax.Array  # the search's improved policy
    reward: jax.Array  # the reward of the seat that moved
    terminated: jax.Array
    player: jax.Array  # the seat that moved


def _masked(logits: jax.Array, mask: jax.Array) -> jax.Array:
    return jnp.where(mask, logits, jnp.finfo(logits.dtype).min)


class AlphaZero:
    """The jitted pieces of one run: self-play, training, evaluation against random."""

    def __init__(self, cfg: Config) -> None:
        self.cfg = cfg
        self.env = jaxenv.make(cfg.env)
        self.max_length = max_length(cfg.env)
        self.net = Net(self.env.num_actions, cfg.width, cfg.depth)
        self.optimizer = optax.adam(cfg.learning_rate)
        self._v_init = jax.jit(jax.vmap(self.env.init))
        self._v_step = jax.vmap(lambda s, a: self.env.step(s, a))
        self._v_reset_step = jax.vmap(jaxenv.auto_reset(self.env.step, self.env.init))
        self.selfplay = jax.jit(self._selfplay)
        self.train_step = jax.jit(self._train_step)
        self.evaluate = jax.jit(self._evaluate, static_argnums=(2, 3))

    # -- the network and the search ------------------------------------------------
    def init_params(self, key: jax.Array) -> Any:
        obs = jnp.zeros((1, *self.env.observation_shape), dtype=jnp.float32)
        return self.net.init(key, obs)

    def _recurrent(
        self, params: Any, key: jax.Array, action: jax.Array, state: Any
    ) -> tuple[mctx.RecurrentFnOutput, Any]:
        actor = state.current_player
        nxt = self._v_step(state, action)
        logits, value = self.net.apply(params, nxt.observation)
        rows = jnp.arange(action.shape[0])
        out = mctx.RecurrentFnOutput(
            reward=nxt.rewards[rows, actor],
            # the next node's value counts negated when it is the other seat's (a turn may
            # take several actions: then the same seat moves again)
            discount=jnp.where(
                nxt.terminated, 0.0, jnp.where(nxt.current_player == actor, 1.0, -1.0)
            ),
            prior_logits=_masked(logits, nxt.legal_action_mask),
            value=jnp.where(nxt.terminated, 0.0, value),
        )
        return out, nxt

    def search(
        self, params: Any, key: jax.Array, state: Any, simulations: int, gumbel_scale: float
    ) -> mctx.PolicyOutput[Any]:
        logits, value = self.net.apply(params, state.observation)
        root = mctx.RootFnOutput(
            prior_logits=_masked(logits, state.legal_action_mask), value=value, embedding=state
        )
        return mctx.gumbel_muzero_policy(
            params,
            key,
            root,
            self._recurrent,
            num_simulations=simulations,
            invalid_actions=~state.legal_action_mask,
            qtransform=mctx.qtransform_completed_by_mix_value,
            gumbel_scale=gumbel_scale,
        )

    # -- self-play ------------------------------------------------------------------
    def _selfplay(self, params: Any, state: Any, key: jax.Array) -> tuple[Any, Sample]:
        cfg = self.cfg
        rows = jnp.arange(cfg.batch)

        def move(state: Any, key: jax.Array) -> tuple[Any, Sample]:
            # auto-reset hands back a fresh game still flagged as ended: clear the flags
            state = state.replace(
                terminated=jnp.zeros_like(state.terminated),
                rewards=jnp.zeros_like(state.rewards),
            )
            search_key, step_key, random_key, coin_key = jax.random.split(key, 4)
            out = self.search(params, search_key, state, cfg.simulations, 1.0)
            # some moves at random, so the positions seen are not only the net's own games:
            # the search's policy at them is still learnt
            mask = state.legal_action_mask
            random_move = jax.random.categorical(random_key, jnp.where(mask, 0.0, -jnp.inf))
            coin = jax.random.bernoulli(coin_key, cfg.explore, (cfg.batch,))
            action = jnp.where(coin, random_move, out.action)
            nxt = self._v_reset_step(state, action, jax.random.split(step_key, cfg.batch))
            sample = Sample(
                obs=state.observation,
                policy=out.action_weights,
                reward=nxt.rewards[rows, state.current_player],
                terminated=nxt.terminated,
                player=state.current_player,
            )
            return nxt, sample

        return jax.lax.scan(move, state, jax.random.split(key, cfg.steps))

    # -- training -------------------------------------------------------------------
    @staticmethod
    def targets(data: Sample) -> tuple[jax.Array, jax.Array]:
        """Each move's outcome for the seat that made it, and whether its game ended in the data.

        The outcome passes back unchanged to a move of the same seat (a turn of several
        actions) and negated to the other seat's."""

        def back(
            later: tuple[jax.Array, jax.Array], x: tuple[jax.Array, jax.Array, jax.Array]
        ) -> tuple[tuple[jax.Array, jax.Array], jax.Array]:
            later_value, later_player = later
            reward, ended, player = x
            passed = jnp.where(player == later_player, later_value, -later_value)
            value = jnp.where(ended, reward, passed)
            return (value, player), value

        start = (jnp.zeros_like(data.reward[0]), data.player[-1])
        _, values = jax.lax.scan(
            back, start, (data.reward, data.terminated, data.player), reverse=True
        )
        known = jnp.cumsum(data.terminated[::-1], axis=0)[::-1] > 0
        return values, known

    def _loss(self, params: Any, batch: tuple[jax.Array, ...]) -> tuple[jax.Array, Any]:
        obs, policy, value_target, known = batch
        logits, value = self.net.apply(params, obs)
        policy_loss = optax.softmax_cross_entropy(logits, policy).mean()
        value_loss = jnp.sum(known * (value - value_target) ** 2) / jnp.maximum(known.sum(), 1)
        return policy_loss + value_loss, (policy_loss, value_loss)

    def _train_step(
        self, params: Any, opt_state: Any, batch: tuple[jax.Array, ...]
    ) -> tuple[Any, Any, jax.Array, jax.Array]:
        grads, (policy_loss, value_loss) = jax.grad(self._loss, has_aux=True)(params, batch)
        updates, opt_state = self.optimizer.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, policy_loss, value_loss

    # -- evaluation -----------------------------------------------------------------
    def _evaluate(self, params: Any, key: jax.Array, games: int, simulations: int) -> jax.Array:
        """The trained seat's result (+1 win, 0 draw, -1 loss) in ``games`` games against
        uniform random play, half of them moving first. ``simulations`` 0: the raw policy."""
        init_key, key = jax.random.split(key)
        agent_seat = jnp.arange(games) % 2
        rows = jnp.arange(games)
        state = self._v_init(jax.random.split(init_key, games))

        def move(carry: tuple[Any, jax.Array], key: jax.Array) -> tuple[Any, None]:
            state, score = carry
            search_key, random_key = jax.random.split(key)
            mask = state.legal_action_mask
            if simulations == 0:
                logits, _ = self.net.apply(params, state.observation)
                mine = jnp.argmax(_masked(logits, mask), axis=-1)
            else:
                mine = self.search(params, search_key, state, simulations, 0.0).action
            theirs = jax.random.categorical(random_key, jnp.where(mask, 0.0, -jnp.inf))
            action = jnp.where(state.current_player == agent_seat, mine, theirs)
            state = self._v_step(state, action)
            return (state, score + state.rewards[rows, agent_seat]), None

        (_, score), _ = jax.lax.scan(
            move, (state, jnp.zeros(games)), jax.random.split(key, self.max_length)
        )
        return score


def run(
    cfg: Config,
    log: Callable[[str], None] = print,
    *,
    checkpoint: Path | None = None,
    checkpoint_every: int = 10,
    max_minutes: float | None = None,
) -> dict[str, Any]:
    """Train with ``cfg`` and evaluate; every figure in a dict (also what ``--json`` writes).

    With ``checkpoint`` the run is saved there every ``checkpoint_every`` iterations and
    resumed from it; ``max_minutes`` ends the training after that much wall time here.
    """
    wall0, cpu0 = time.perf_counter(), time.process_time()
    az = AlphaZero(cfg)

    def final_evals(params: Any, key: jax.Array) -> dict[str, Any]:
        raw_key, search_key = jax.random.split(key)
        return {
            "raw_policy": score_record(az.evaluate(params, raw_key, cfg.final_games, 0)),
            f"search_{cfg.eval_simulations}": score_record(
                az.evaluate(params, search_key, cfg.final_games, cfg.eval_simulations)
            ),
        }

    resumed = load_checkpoint(checkpoint, asdict(cfg)) if checkpoint is not None else None
    if resumed is None:
        key = jax.random.PRNGKey(cfg.seed)
        key, init_key, env_key, eval_key = jax.random.split(key, 4)
        params = az.init_params(init_key)
        current = Run(
            params=params,
            opt_state=az.optimizer.init(params),
            state=az._v_init(jax.random.split(env_key, cfg.batch)),
            key=key,
            done=0,
            curve=[],
            untrained=final_evals(params, eval_key),
            wall=0.0,
            cpu=0.0,
        )
    else:
        current = resumed
        log(f"resumed from {checkpoint} after {current.done} iterations")
    for name, rec in current.untrained.items():
        log(f"untrained {name} vs random: {record_text(rec)}")
    params, opt_state, state, key = current.params, current.opt_state, current.state, current.key
    curve = list(current.curve)

    def snapshot(done: int) -> Run:
        return current._replace(
            params=params,
            opt_state=opt_state,
            state=state,
            key=key,
            done=done,
            curve=curve,
            wall=current.wall + time.perf_counter() - wall0,
            cpu=current.cpu + time.process_time() - cpu0,
        )

    done = current.done
    for it in range(current.done + 1, cfg.iterations + 1):
        if max_minutes is not None and time.perf_counter() - wall0 > 60 * max_minutes:
            log(f"stopped after {max_minutes:g} minutes of training here ({done} iterations)")
            break
        key, play_key, shuffle_key, eval_key = jax.random.split(key, 4)
        state, data = az.selfplay(params, state, play_key)
        values, known = az.targets(data)
        n = cfg.batch * cfg.steps
        flat = (
            data.obs.reshape((n, *data.obs.shape[2:])),
            data.policy.reshape((n, -1)),
            values.reshape(n),
            known.reshape(n).astype(jnp.float32),
        )
        order = jax.random.permutation(shuffle_key, n)
        losses = []
        for start in range(0, n - cfg.train_batch + 1, cfg.train_batch):
            idx = order[start : start + cfg.train_batch]
            params, opt_state, pl, vl = az.train_step(
                params, opt_state, tuple(a[idx] for a in flat)
            )
            losses.append((float(pl), float(vl)))
        policy_loss = sum(p for p, _ in losses) / len(losses)
        value_loss = sum(v for _, v in losses) / len(losses)
        point: dict[str, Any] = {
            "iteration": it,
            "games_finished": int(data.terminated.sum()),
            "policy_loss": policy_loss,
            "value_loss": value_loss,
            "wall_s": current.wall + time.perf_counter() - wall0,
            "cpu_s": current.cpu + time.process_time() - cpu0,
        }
        line = (
            f"iter {it:3d}  policy loss {policy_loss:.3f}  value loss {value_loss:.3f}  "
            f"games {point['games_finished']:4d}  wall {point['wall_s']:6.1f}s  "
            f"cpu {point['cpu_s']:6.1f}s"
        )
        if it % cfg.eval_every == 0 or it == cfg.iterations:
            point["raw_vs_random"] = score_record(az.evaluate(params, eval_key, cfg.eval_games, 0))
            line += f"  raw policy vs random {record_text(point['raw_vs_random'])}"
        curve.append(point)
        log(line)
        done = it
        if checkpoint is not None and (it % checkpoint_every == 0 or it == cfg.iterations):
            save_checkpoint(checkpoint, snapshot(it), asdict(cfg))

    final = snapshot(done)
    if checkpoint is not None:
        save_checkpoint(checkpoint, final, asdict(cfg))
    key, eval_key = jax.random.split(key)
    trained = final_evals(params, eval_key)
    for name, rec in trained.items():
        log(f"trained {name} vs random: {record_text(rec)}")
    return {
        "config": asdict(cfg),
        "env": cfg.env,
        "iterations_done": done,
        "jax": jax.__version__,
        "devices": [str(d) for d in jax.devices()],
        "untrained": current.untrained,
        "trained": trained,
        "curve": curve,
        "train_wall_s": final.wall,
        "train_cpu_s": final.cpu,
        "wall_s": time.perf_counter() - wall0,
        "cpu_s": time.process_time() - cpu0,
        "params": params,
    }


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    defaults = Config()
    parser = argparse.ArgumentParser(
        description="AlphaZero (mctx Gumbel MuZero, flax, optax) on a shoal.jaxenv environment; "
        "evaluates against random with 95%% Wilson intervals.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument(
        "--env", default=defaults.env, choices=[*jaxenv.ENV_IDS, "all"], help="environment id"
    )
    parser.add_argument("--iterations", type=int, default=defaults.iterations)
    parser.add_argument("--batch", type=int, default=defaults.batch, help="self-play games at once")
    parser.add_argument("--steps", type=int, default=defaults.steps, help="moves per iteration")
    parser.add_argument("--simulations", type=int, default=defaults.simulations)
    parser.add_argument(
        "--explore", type=float, default=defaults.explore, help="share of random self-play moves"
    )
    parser.add_argument("--train-batch", type=int, default=defaults.train_batch)
    parser.add_argument("--learning-rate", type=float, default=defaults.learning_rate)
    parser.add_argument("--width", type=int, default=defaults.width)
    parser.add_argument("--depth", type=int, default=defaults.depth)
    parser.add_argument("--eval-every", type=int, default=defaults.eval_every)
    parser.add_argument("--eval-games", type=int, default=defaults.eval_games)
    parser.add_argument("--final-games", type=int, default=defaults.final_games)
    parser.add_argument("--eval-simulations", type=int, default=defaults.eval_simulations)
    parser.add_argument("--seed", type=int, default=defaults.seed)
    parser.add_argument(
        "--quick", action="store_true", help="a tiny smoke run (other flags then ignored)"
    )
    parser.add_argument("--plot", type=Path, help="write the learning curve here (PNG or SVG)")
    parser.add_argument("--json", type=Path, help="write every figure here")
    parser.add_argument("--save", type=Path, help="write the trained network here (.npz)")
    parser.add_argument("--checkpoint", type=Path, help="save and resume the run here")
    parser.add_argument("--checkpoint-every", type=int, default=10, help="iterations")
    parser.add_argument("--max-minutes", type=float, help="end the training after M minutes")
    args = parser.parse_args(argv)
    envs = list(jaxenv.ENV_IDS) if args.env == "all" else [args.env]
    several = len(envs) > 1
    result: dict[str, Any] = {}
    for env in envs:
        if args.quick:
            cfg = replace(QUICK, seed=args.seed, env=env)
        else:
            fields = Config.__dataclass_fields__
            cfg = Config(**{k: v for k, v in vars(args).items() if k in fields and k != "env"})
            cfg = replace(cfg, env=env)
        if cfg.steps * cfg.batch < cfg.train_batch:
            parser.error("--steps x --batch must be at least --train-batch")
        print(f"== {env}" if several else f"environment {env}")
        result = run(
            cfg,
            checkpoint=each_path(args.checkpoint, env, several),
            checkpoint_every=args.checkpoint_every,
            max_minutes=args.max_minutes,
        )
        params = result.pop("params")
        print(f"train: {result['train_wall_s']:.1f}s wall, {result['train_cpu_s']:.1f}s cpu")
        json_path, plot_path = (
            each_path(args.json, env, several),
            each_path(args.plot, env, several),
        )
        if json_path:
            json_path.write_text(json.dumps(result, indent=1))
        if plot_path:
            print(f"learning curve: {plot(result, plot_path)}")
        save_path = each_path(args.save, env, several)
        if save_path:
            command = shlex.join(["python", "examples/alphazero.py", *(argv or sys.argv[1:])])
            save_network(to_network(params, cfg.depth, baseline_meta(result, command)), save_path)
            print(f"network: {save_path} ({save_path.stat().st_size} bytes)")
    return result


if __name__ == "__main__":
    main()
