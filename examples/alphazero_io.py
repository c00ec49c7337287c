"""What an ``examples/alphazero.py`` run writes: its checkpoints, its network, its curve.

* :class:`Run`, :func:`save_checkpoint`, :func:`load_checkpoint`: everything the training
  loop carries, pickled (``--checkpoint``), refused when the settings differ;
* :func:`to_network`, :func:`baseline_meta`: the flax MLP as a baseline network
  (:class:`shoal.ai.baseline.Network`) and what it says about itself (``--save``);
* :func:`wilson`, :func:`score_record`, :func:`record_text`: win rates, 95% Wilson intervals;
* :func:`plot`: the learning curve with matplotlib (PNG etc.), or a hand-written SVG when
  matplotlib is missing (``--plot``).
"""

from __future__ import annotations

import math
import pickle
from pathlib import Path
from typing import Any, NamedTuple

import jax
import numpy as np

from shoal import jaxenv
from shoal.ai.baseline import Network


def to_network(params: Any, depth: int, meta: dict[str, Any]) -> Network:
    """The flax MLP's weights as a :class:`shoal.ai.baseline.Network` (numpy, float32)."""
    layers = params["params"]

    def dense(i: int) -> tuple[np.ndarray, np.ndarray]:
        layer = layers[f"Dense_{i}"]
        return (
            np.asarray(layer["kernel"], dtype=np.float32),
            np.asarray(layer["bias"], dtype=np.float32),
        )

    hidden = [dense(i) for i in range(depth)]
    return Network(hidden, dense(depth), dense(depth + 1), meta)


class Run(NamedTuple):
    """What a checkpoint keeps: everything the training loop carries."""

    params: Any
    opt_state: Any
    state: Any
    key: Any
    done: int  # iterations done
    curve: list[dict[str, Any]]
    untrained: dict[str, Any]
    wall: float  # training wall seconds in earlier processes
    cpu: float  # training CPU seconds in earlier processes


def save_checkpoint(path: Path, run: Run, cfg: dict[str, Any]) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_bytes(pickle.dumps((cfg, jax.device_get(tuple(run)))))
    tmp.replace(path)  # a crash mid-write leaves the previous checkpoint


def load_checkpoint(path: Path, cfg: dict[str, Any]) -> Run | None:
    if not path.exists():
        return None
    saved_cfg, fields = pickle.loads(path.read_bytes())
    if saved_cfg != cfg:
        raise SystemExit(f"{path} was made with other settings: {saved_cfg}")
    return Run(*fields)


def baseline_meta(result: dict[str, Any], command: str) -> dict[str, Any]:
    """What a saved baseline says about itself: its game, its training, its figures."""
    cfg = result["config"]
    game_id, options = jaxenv.CORE_GAMES[cfg["env"]]
    env = jaxenv.make(cfg["env"])
    return {
        "env": cfg["env"],
        "game": game_id,
        "options": {k: str(v) for k, v in options.items()},
        "observation_shape": list(env.observation_shape),
        "num_actions": env.num_actions,
        "config": cfg,
        "iterations_done": result["iterations_done"],
        "train_wall_s": round(result["train_wall_s"], 1),
        "train_cpu_s": round(result["train_cpu_s"], 1),
        "command": command,
        "jax": result["jax"],
        "vs_random": result["trained"],
    }


def each_path(path: Path | None, env: str, several: bool) -> Path | None:
    """``path``, or with ``--env all`` one per environment (``NAME-ENV.SUFFIX``)."""
    if path is None or not several:
        return path
    return path.with_name(f"{path.stem}-{env}{path.suffix}")


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n`` (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def score_record(score: jax.Array) -> dict[str, Any]:
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


def record_text(rec: dict[str, Any]) -> str:
    low, high = rec["wilson95"]
    return (
        f"{rec['win_rate']:.1%} [{low:.1%}, {high:.1%}] "
        f"({rec['wins']}W {rec['draws']}D {rec['losses']}L of {rec['games']})"
    )


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
    fig.suptitle(f"AlphaZero (mctx Gumbel MuZero) on {result['env']}")
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
