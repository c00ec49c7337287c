"""The anchors' pinned ratings, per game and options, kept as data (``anchors.json``).

A ladder's anchors are the server's levels (:data:`~shoal.ladder.seats.ANCHOR_LEVELS`) with
ratings fixed once per game: ``shoal ladder GAME [OPTIONS] --calibrate --games N`` plays the
levels against each other (``random`` pinned at 0), fits them with Bayesian Elo and writes
their ratings here, with the command, the games and the date. Every later ladder of that game
holds them there, so two ladders' ratings can be compared. The levels play at their iteration
budgets with no time cap (deterministic for a seed), so a machine's speed does not move them.

The file maps a ladder key (:func:`ladder_key`) to ``{"ratings": {level: rating}, ...}``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from shoal.core import Game, options_to_strings

__all__ = ["ANCHORS_FILE", "ladder_key", "load_anchors", "save_anchors"]

ANCHORS_FILE = Path(__file__).resolve().parent / "anchors.json"
"""The shipped pinned ratings."""


def ladder_key(game: Game) -> str:
    """The ladder's name: the game id and its options that differ from the defaults.

    >>> from shoal.games import REGISTRY
    >>> ladder_key(REGISTRY.from_mapping("sytran", {"base": "6"}))
    'sytran-base=6'
    >>> ladder_key(REGISTRY.from_mapping("connect4", {}))
    'connect4'
    """
    words = [f"{k}={v}" for k, v in sorted(options_to_strings(game.options).items())]
    return "-".join([game.id, *words])


def _read(path: Path) -> dict[str, Any]:
    if not path.exists():
        return {}
    data = json.loads(path.read_text())
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected a JSON object of ladders")
    return data


def load_anchors(game: Game, path: Path = ANCHORS_FILE) -> dict[str, float]:
    """The pinned ratings of ``game``'s anchors (ValueError says how to make them)."""
    key = ladder_key(game)
    entry = _read(path).get(key)
    if not isinstance(entry, dict) or not isinstance(entry.get("ratings"), dict):
        words = [game.id, *(f"{k}={v}" for k, v in options_to_strings(game.options).items())]
        raise ValueError(
            f"no pinned anchor ratings for {key} in {path}: pin them first with "
            f"'shoal ladder {' '.join(words)} --calibrate --games 200' (or give --anchors none)"
        )
    return {str(k): float(v) for k, v in entry["ratings"].items()}


def save_anchors(game: Game, ratings: dict[str, float], about: dict[str, Any], path: Path) -> None:
    """Pin ``ratings`` for ``game`` in ``path`` (other games' entries are kept)."""
    data = _read(path)
    data[ladder_key(game)] = {"ratings": {k: round(v, 1) for k, v in ratings.items()}, **about}
    path.write_text(json.dumps(dict(sorted(data.items())), indent=1) + "\n")
