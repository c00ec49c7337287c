"""``/stats/GAME`` and ``/api/stats/GAME`` (issue 47): human rates by band and speed from the
site's own database, flagged against the game's metric report (SQLite and PostgreSQL)."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from shoal.analysis.metrics.report import metrics_payload, write_metrics_report
from shoal.analysis.metrics.trace import run_traces
from shoal.games import get
from shoal.server.app import create_app

from ..analysis.metrics.test_humans import _fill


def _ai_report(docs: Path) -> None:
    # Connect Four's random players: the first player scores about 55%
    traces = run_traces(get("connect4"), "random", "random", range(20))
    meta = {"game": "connect4", "title": "Connect Four", "players": ["random", "random"],
            "command": "shoal analyze connect4 --metrics --games 20"}  # fmt: skip
    write_metrics_report(metrics_payload(traces, meta), docs / "analysis" / "connect4")


def test_stats_of_human_games_with_flags(db_url: str, tmp_path: Path) -> None:
    _fill(db_url)
    docs = tmp_path / "games"
    docs.mkdir()
    _ai_report(tmp_path)
    with TestClient(create_app(db_url, docs_dir=docs)) as client:
        data = client.get("/api/stats/connect4").json()
        rows = {(r["band"], r["speed"]): r for r in data["rows"]}
        assert rows[("all", "all")]["games"] == 3
        assert rows[("1400-1599", "live")]["first"]["value"] == 1.0
        assert list(data["references"]) == ["random v random"]
        assert data["report"].startswith("shoal analyze connect4")
        for row in data["rows"]:  # flagged exactly when it disagrees with every reference
            assert row["flagged"] == (row["disagrees_with"] == ["random v random"])
        page = client.get("/stats/connect4")
        assert page.status_code == 200
        assert "Connect Four: who wins on this site" in page.text
        assert "1400-1599" in page.text and "random v random" in page.text
        assert client.get("/api/stats/chess").status_code == 404
        assert client.get("/stats/chess").status_code == 404
        assert "/api/stats/{game_id}" in client.get("/openapi.json").json()["paths"]


def test_stats_without_games_or_report(tmp_path: Path) -> None:
    docs = tmp_path / "games"
    docs.mkdir()
    with TestClient(create_app(f"sqlite:///{tmp_path / 'db.sqlite3'}", docs_dir=docs)) as client:
        data = client.get("/api/stats/sytran").json()
        assert data["rows"] == [] and data["references"] == {} and data["report"] is None
        assert "No finished games between people yet" in client.get("/stats/sytran").text
