"""The stats domain's one action: a game's human rates beside the AI's figures.

Every call replays the game's finished games (in the caller's worker thread), so a
site with very many games would want a cache here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sqlalchemy.engine import Engine

from shoal import games
from shoal.analysis.metrics.humans import ai_references, human_rates

from .models import RateOut, StatsOut, StatsRowOut
from .store import human_games

__all__ = ["game_stats", "metric_report"]


def metric_report(docs_dir: Path, game_id: str) -> dict[str, Any] | None:
    """The game's committed metric report (``docs/analysis/GAME/metrics.json``), or None."""
    path = docs_dir.parent / "analysis" / game_id / "metrics.json"
    try:
        data: dict[str, Any] = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    return data


def game_stats(engine: Engine, docs_dir: Path, game_id: str) -> StatsOut:
    """The rows by band and speed, flagged against the AI figures of the metric report."""
    report = metric_report(docs_dir, game_id)
    references = ai_references(report) if report else {}
    rows = human_rates(human_games(engine, game_id), references)
    return StatsOut(
        game=game_id,
        title=games.REGISTRY.entry(game_id).title,
        rows=[StatsRowOut.model_validate(row) for row in rows],
        references={
            name: RateOut.model_validate(ref.as_dict()) for name, ref in references.items()
        },
        report=str(report["meta"].get("command", "")) if report else None,
    )
