"""Draws the installable app's icons (issue 43) with matplotlib: the favicon's two waves.

Run ``.venv/bin/python scripts/make_icons.py``; it writes ``src/shoal/web/icons/*.png``
(committed, so a server never draws them). ``any`` icons are a disc on a clear ground;
``maskable`` ones fill the square with the colour and keep the waves in the safe circle.
"""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

OUT = Path(__file__).resolve().parents[1] / "src" / "shoal" / "web" / "icons"
SEA = "#1f6f8b"
FOAM = "#f5f3ee"


def draw(size: int, maskable: bool, path: Path) -> None:
    """One icon of ``size`` pixels square."""
    fig = plt.figure(figsize=(1, 1), dpi=size)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, 32)
    ax.set_ylim(32, 0)
    ax.axis("off")
    fig.patch.set_alpha(0)
    if maskable:
        ax.add_patch(plt.Rectangle((0, 0), 32, 32, color=SEA))
        scale = 0.7  # the waves inside the safe zone (a circle of 80% of the side)
    else:
        ax.add_patch(plt.Circle((16, 16), 15, color=SEA))
        scale = 1.0
    x = np.linspace(6, 26, 200)
    for base in (13, 19):
        y = base - 1.6 * np.sin((x - 6) / 9 * np.pi)
        ax.plot(
            16 + (x - 16) * scale,
            16 + (y - 16) * scale,
            color=FOAM,
            linewidth=2.4 * size / 32 * scale * 0.75,
            solid_capstyle="round",
        )
    fig.savefig(path, dpi=size, transparent=not maskable)
    plt.close(fig)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for size in (48, 72, 96, 144, 180, 192, 256, 384, 512):
        draw(size, False, OUT / f"icon-{size}.png")
    for size in (192, 512):
        draw(size, True, OUT / f"maskable-{size}.png")


if __name__ == "__main__":
    main()
