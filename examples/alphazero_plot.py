"""The learning curve of an ``examples/alphazero.py`` run: losses and win rates, as a picture.

``plot(result, path)`` draws it with matplotlib (PNG etc.), or writes a hand-written SVG when
matplotlib is missing. Imported by ``examples/alphazero.py`` for ``--plot``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


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
