"""The stats domain's one action: a game's human rates beside the AI's figures.

Computing the rows replays every finished game of the game, so the answer is kept per
game and reused while the store's fingerprint of those games (and the metric report's
file) is unchanged: a visit costs one aggregate query until a game of it changes.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Annotated, Any

from sqlalchemy.engine import Engine

from shoal import games
from shoal.analysis.metrics.humans import ai_references, human_rates

from ..provide import provided
from .models import RateOut, StatsOut, StatsRowOut
from .store import fingerprint, human_games

__all__ = ["CACHE", "Stats", "StatsDep", "game_stats", "metric_report"]


class StatsCache:
    """Answers by (engine, docs folder, game), each with the fingerprint it was computed at."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._answers: dict[tuple[str, str, str], tuple[tuple[object, ...], StatsOut]] = {}
        self.hits = 0
        self.misses = 0

    def get(self, key: tuple[str, str, str], mark: tuple[object, ...]) -> StatsOut | None:
        with self._lock:
            kept = self._answers.get(key)
            if kept is not None and kept[0] == mark:
                self.hits += 1
                return kept[1]
            self.misses += 1
            return None

    def put(self, key: tuple[str, str, str], mark: tuple[object, ...], out: StatsOut) -> None:
        with self._lock:
            self._answers[key] = (mark, out)


CACHE = StatsCache()
"""The process's answers (each worker process keeps its own)."""


def metric_report(docs_dir: Path, game_id: str) -> dict[str, Any] | None:
    """The game's committed metric report (``docs/analysis/GAME/metrics.json``), or None."""
    path = docs_dir.parent / "analysis" / game_id / "metrics.json"
    try:
        data: dict[str, Any] = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    return data


def _report_mark(docs_dir: Path, game_id: str) -> float | None:
    try:
        return (docs_dir.parent / "analysis" / game_id / "metrics.json").stat().st_mtime
    except OSError:
        return None


def game_stats(engine: Engine, docs_dir: Path, game_id: str) -> StatsOut:
    """The rows by band and speed, flagged against the AI figures of the metric report."""
    key = (str(engine.url), str(docs_dir), game_id)
    mark = (*fingerprint(engine, game_id), _report_mark(docs_dir, game_id))
    kept = CACHE.get(key, mark)
    if kept is not None:
        return kept
    out = _compute(engine, docs_dir, game_id)
    CACHE.put(key, mark, out)
    return out


def _compute(engine: Engine, docs_dir: Path, game_id: str) -> StatsOut:
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


class Stats:
    """The human statistics of the games of one app (on its database, beside the self-play
    reports of ``docs_dir``)."""

    def __init__(self, engine: Engine, docs_dir: Path) -> None:
        self.engine = engine
        self.docs_dir = docs_dir

    def of(self, game_id: str) -> StatsOut:
        """The statistics of ``game_id`` (:func:`game_stats`; queries: call it in a thread)."""
        return game_stats(self.engine, self.docs_dir, game_id)


StatsDep = Annotated[Stats, provided(Stats)]
"""A route parameter of this type receives the app's :class:`Stats`."""
