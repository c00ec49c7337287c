"""AlphaZero on connect4 from ``shoal.jaxenv``: mctx's Gumbel MuZero policy, flax, optax.

Self-play runs ``--batch`` games at once (``vmap``, auto-reset), each move chosen by
``mctx.gumbel_muzero_policy`` with ``--simulations`` simulations whose leaves the network
evaluates (a share ``--explore`` of the moves played is uniformly random instead, so the
positions are not only the net's own games); the network (a small MLP in flax: policy logits
and a tanh value) learns with optax's Adam from the search's improved policy
(``action_weights``) and the games' outcomes. Every ``--eval-every`` iterations the raw
policy (argmax of the network's logits over the legal columns, no search) plays ``random``;
at the end the trained agent plays ``random`` both as the raw policy and with a small
search, and the untrained network is measured the same way as the baseline. Win rates come
with 95% Wilson intervals; the learning curve goes to ``--plot`` (PNG with matplotlib, else
a hand-written SVG) and every figure to ``--json``.

    python examples/alphazero.py                  # the full CPU run (docs/jax.md)
    python examples/alphazero.py --quick          # a tiny smoke run (2 iterations)
    python examples/alphazero.py --help

Needs the ``jax`` extra (``pip install -e ".[jax]"``; scripts/setup installs it).
"""

from __future__ import annotations

import argparse
import json
import math
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

from shoal import jaxenv

ENV_ID = "connect4"
MAX_GAME_LENGTH = 42  # a connect4 game ends within 42 moves


@dataclass(frozen=True)
class Config:
    """The run's settings (the command-line flags)."""

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


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n`` (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def _masked(logits: jax.Array, mask: jax.Array) -> jax.Array:
    return jnp.where(mask, logits, jnp.finfo(logits.dtype).min)


class AlphaZero:
    """The jitted pieces of one run: self-play, training, evaluation against random."""

    def __init__(self, cfg: Config) -> None:
        self.cfg = cfg
        self.env = jaxenv.make(ENV_ID)
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
            # the next node is the other seat's: its value counts negated
            discount=jnp.where(nxt.terminated, 0.0, -1.0),
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
            )
            return nxt, sample

        return jax.lax.scan(move, state, jax.random.split(key, cfg.steps))

    # -- training -------------------------------------------------------------------
    @staticmethod
    def targets(data: Sample) -> tuple[jax.Array, jax.Array]:
        """Each move's outcome for the seat that made it, and whether its game ended in the data."""

        def back(later: jax.Array, x: tuple[jax.Array, jax.Array]) -> tuple[jax.Array, jax.Array]:
            reward, ended = x
            value = jnp.where(ended, reward, -later)  # the seats alternate
            return value, value

        _, values = jax.lax.scan(
            back, jnp.zeros_like(data.reward[0]), (data.reward, data.terminated), reverse=True
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
            move, (state, jnp.zeros(games)), jax.random.split(key, MAX_GAME_LENGTH)
        )
        return score


def _record(score: jax.Array) -> dict[str, Any]:
    wins = int((score > 0).sum())
    draws = int((score == 0).sum())
    n = int(score.shape[0])
    low, high = wilson(wins, n)
    return {
        "games": n,
        "wins": wins,
        "draws": draws,
        "losses": n - wins - draws,
        "win_rate": wins / n,
        "wilson95": [low, high],
    }


def _fmt(rec: dict[str, Any]) -> str:
    low, high = rec["wilson95"]
    return (
        f"{rec['win_rate']:.1%} [{low:.1%}, {high:.1%}] "
        f"({rec['wins']}W {rec['draws']}D {rec['losses']}L of {rec['games']})"
    )


def run(cfg: Config, log: Callable[[str], None] = print) -> dict[str, Any]:
    """Train with ``cfg`` and evaluate; every figure in a dict (also what ``--json`` writes)."""
    wall0, cpu0 = time.perf_counter(), time.process_time()
    az = AlphaZero(cfg)
    key = jax.random.PRNGKey(cfg.seed)
    key, init_key, env_key = jax.random.split(key, 3)
    params = az.init_params(init_key)
    opt_state = az.optimizer.init(params)
    state = az._v_init(jax.random.split(env_key, cfg.batch))

    def final_evals(params: Any, key: jax.Array) -> dict[str, Any]:
        raw_key, search_key = jax.random.split(key)
        return {
            "raw_policy": _record(az.evaluate(params, raw_key, cfg.final_games, 0)),
            f"search_{cfg.eval_simulations}": _record(
                az.evaluate(params, search_key, cfg.final_games, cfg.eval_simulations)
            ),
        }

    key, eval_key = jax.random.split(key)
    untrained = final_evals(params, eval_key)
    for name, rec in untrained.items():
        log(f"untrained {name} vs random: {_fmt(rec)}")

    curve: list[dict[str, Any]] = []
    for it in range(1, cfg.iterations + 1):
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
            "wall_s": time.perf_counter() - wall0,
            "cpu_s": time.process_time() - cpu0,
        }
        line = (
            f"iter {it:3d}  policy loss {policy_loss:.3f}  value loss {value_loss:.3f}  "
            f"games {point['games_finished']:4d}  wall {point['wall_s']:6.1f}s  "
            f"cpu {point['cpu_s']:6.1f}s"
        )
        if it % cfg.eval_every == 0 or it == cfg.iterations:
            point["raw_vs_random"] = _record(az.evaluate(params, eval_key, cfg.eval_games, 0))
            line += f"  raw policy vs random {_fmt(point['raw_vs_random'])}"
        curve.append(point)
        log(line)

    train_wall, train_cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    key, eval_key = jax.random.split(key)
    trained = final_evals(params, eval_key)
    for name, rec in trained.items():
        log(f"trained {name} vs random: {_fmt(rec)}")
    return {
        "config": asdict(cfg),
        "env": ENV_ID,
        "jax": jax.__version__,
        "devices": [str(d) for d in jax.devices()],
        "untrained": untrained,
        "trained": trained,
        "curve": curve,
        "train_wall_s": train_wall,
        "train_cpu_s": train_cpu,
        "wall_s": time.perf_counter() - wall0,
        "cpu_s": time.process_time() - cpu0,
    }


# -- the learning curve ------------------------------------------------------------------
def plot(result: dict[str, Any], path: Path) -> Path:
    """The learning curve to ``path`` (PNG etc. with matplotlib; a hand-written SVG without).

    Without matplotlib the suffix becomes ``.svg``; returns the path written.
    """
    curve = result["curve"]
    its = [p["iteration"] for p in curve]
    evals = [(p["iteration"], p["raw_vs_random"]) for p in curve if "raw_vs_random" in p]
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        path = path.with_suffix(".svg")
        path.write_text(_svg(its, curve, evals))
        return path
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 4))
    ax1.plot(its, [p["policy_loss"] for p in curve], label="policy loss (cross-entropy)")
    ax1.plot(its, [p["value_loss"] for p in curve], label="value loss (MSE)")
    ax1.set_xlabel("iteration")
    ax1.legend()
    ax1.set_title("training loss")
    xs = [0] + [i for i, _ in evals]
    recs = [result["untrained"]["raw_policy"]] + [r for _, r in evals]
    ys = [r["win_rate"] for r in recs]
    err = [
        [y - r["wilson95"][0] for y, r in zip(ys, recs)],
        [r["wilson95"][1] - y for y, r in zip(ys, recs)],
    ]
    ax2.errorbar(xs, ys, yerr=err, marker="o", capsize=3, label="raw policy (no search)")
    for name, rec in result["trained"].items():
        if name != "raw_policy":
            pair = [result["untrained"][name], rec]
            ax2.errorbar(
                [0, its[-1]],
                [r["win_rate"] for r in pair],
                yerr=[
                    [r["win_rate"] - r["wilson95"][0] for r in pair],
                    [r["wilson95"][1] - r["win_rate"] for r in pair],
                ],
                marker="s",
                linestyle="none",
                capsize=3,
                label=name.replace("_", " ") + " simulations (untrained, trained)",
            )
    ax2.axhline(0.9, color="grey", linestyle=":", label="90%")
    ax2.set_ylim(0, 1.02)
    ax2.set_xlabel("iteration")
    ax2.set_title("win rate against random (95% Wilson)")
    ax2.legend(loc="lower right")
    fig.suptitle(f"AlphaZero (mctx Gumbel MuZero) on {ENV_ID}")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def _svg(its: list[int], curve: list[dict[str, Any]], evals: list[tuple[int, Any]]) -> str:
    w, h, pad = 640, 300, 40
    last = max(its[-1], 1)

    def poly(points: list[tuple[float, float]], top: float, colour: str) -> str:
        pts = " ".join(
            f"{pad + x / last * (w - 2 * pad):.1f},{h - pad - y / top * (h - 2 * pad):.1f}"
            for x, y in points
        )
        return f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{pts}"/>'

    top = max(max(p["policy_loss"], p["value_loss"]) for p in curve) or 1.0
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}">',
        f'<rect x="{pad}" y="{pad}" width="{w - 2 * pad}" height="{h - 2 * pad}" '
        'fill="none" stroke="black"/>',
        poly([(p["iteration"], p["policy_loss"]) for p in curve], top, "blue"),
        poly([(p["iteration"], p["value_loss"]) for p in curve], top, "orange"),
        poly([(i, r["win_rate"] * top) for i, r in evals], top, "green"),
        f'<text x="{pad}" y="20">policy loss (blue), value loss (orange), raw policy win '
        f"rate vs random (green, 0-100%) over {last} iterations</text>",
        "</svg>",
    ]
    return "\n".join(parts)


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    defaults = Config()
    parser = argparse.ArgumentParser(
        description="AlphaZero (mctx Gumbel MuZero, flax, optax) on shoal.jaxenv's connect4; "
        "evaluates against random with 95%% Wilson intervals.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
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
    args = parser.parse_args(argv)
    if args.quick:
        cfg = replace(QUICK, seed=args.seed)
    else:
        fields = Config.__dataclass_fields__
        cfg = Config(**{k: v for k, v in vars(args).items() if k in fields})
    if cfg.steps * cfg.batch < cfg.train_batch:
        parser.error("--steps x --batch must be at least --train-batch")
    result = run(cfg)
    print(f"train: {result['train_wall_s']:.1f}s wall, {result['train_cpu_s']:.1f}s cpu")
    if args.json:
        args.json.write_text(json.dumps(result, indent=1))
    if args.plot:
        print(f"learning curve: {plot(result, args.plot)}")
    return result


if __name__ == "__main__":
    main()
