"""Writes the rules-page diagrams of games from their own SVG renderer.

Usage: python scripts/make_diagrams.py [GAME ...]   (default: every listed game)
Each diagram of ``game.diagrams()`` goes to docs/games/img/GAME-NAME.svg.
"""

from __future__ import annotations

import sys
from pathlib import Path

from shoal import games

OUT = Path(__file__).resolve().parent.parent / "docs" / "games" / "img"


def main(argv: list[str]) -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for game_id in argv or games.ids():
        game = games.get(game_id)
        for diagram in game.diagrams():
            svg = game.render_svg(diagram.state, last=diagram.last, highlight=diagram.highlight)
            path = OUT / f"{game_id}-{diagram.name}.svg"
            path.write_text(svg + "\n")
            print(f"{path.relative_to(OUT.parent.parent.parent)}: {diagram.caption}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
