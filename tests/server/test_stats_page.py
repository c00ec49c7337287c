"""``/stats/GAME`` and ``/api/stats/GAME`` (issue 47): human rates by band and speed from the
site's own database, flagged against the game's metric report (SQLite and PostgreSQL)."""

from __future__ import annotations

from pathlib import Path

from shoal.analysis.metrics.report import metrics_payload, write_metrics_report
from shoal.analysis.metrics.trace import run_traces
from shoal.games import get
from shoal.server.app import create_app
from tests.clients import TestClient

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


def test_stats_are_kept_until_a_game_of_them_changes(db_url: str, tmp_path: Path) -> None:
    """The answer is reused while the game's rows are unchanged (no replay), and recomputed
    as soon as a game is added or an unfinished one ends."""
    import datetime

    import sqlalchemy as sa

    from shoal.server.games.tables import GameRow
    from shoal.server.stats.service import CACHE

    from ..analysis.metrics.test_humans import O_WINS, _game

    _fill(db_url)
    docs = tmp_path / "games"
    docs.mkdir()
    with TestClient(create_app(db_url, docs_dir=docs)) as client:
        first = client.get("/api/stats/connect4").json()
        misses, hits = CACHE.misses, CACHE.hits
        assert client.get("/api/stats/connect4").json() == first
        assert (CACHE.misses, CACHE.hits) == (misses, hits + 1)
        engine = sa.create_engine(db_url)
        with engine.begin() as connection:  # a new finished game between people
            connection.execute(sa.insert(GameRow.__table__), [_game("g8", O_WINS)])
        after = client.get("/api/stats/connect4").json()
        assert CACHE.misses == misses + 1
        all_rows = {(r["band"], r["speed"]): r["games"] for r in after["rows"]}
        assert all_rows[("all", "all")] == 4
        with engine.begin() as connection:  # g5 (not over) ends: its row changes
            connection.execute(
                sa.update(GameRow.__table__)
                .where(GameRow.__table__.c.id == "g5")
                .values(
                    actions=[3, 0, 3, 0, 3, 0, 3],
                    version=7,
                    updated=datetime.datetime(2026, 1, 2),
                )
            )
        engine.dispose()
        final = client.get("/api/stats/connect4").json()
        assert {(r["band"], r["speed"]): r["games"] for r in final["rows"]}[("all", "all")] == 5
