"""The puzzles shipped in each game's package (``puzzles.jsonl``), read as plain dicts.

The learner-facing loader lives in :mod:`shoal.core.puzzles`; this reader only
serves the generator's tools (export, bench) and checks nothing but the JSON.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from shoal import games
from shoal.core import ShoalError

__all__ = ["shipped", "shipped_lines"]


def shipped_lines(game_id: str) -> list[str]:
    """The JSON lines shipped with ``game_id`` (ShoalError for an unknown game or none)."""
    games.REGISTRY.entry(game_id)  # an unknown game is a clear error
    data = resources.files("shoal.games").joinpath(game_id, "puzzles.jsonl")
    if not data.is_file():
        raise ShoalError(f"{game_id} ships no puzzles")
    return [line for line in data.read_text(encoding="utf-8").splitlines() if line.strip()]


def shipped(game_id: str) -> list[dict[str, Any]]:
    """The shipped puzzles of ``game_id`` as dicts, in file order."""
    return [json.loads(line) for line in shipped_lines(game_id)]
