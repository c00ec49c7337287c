"""The rules page carries the shipped self-play summary of a game, with its plots."""

from __future__ import annotations

from pathlib import Path

from shoal import games
from shoal.analysis.report import figures, write_report
from shoal.analysis.selfplay import run_games
from shoal.server.app import create_app
from tests.clients import TestClient


def test_the_catalog_entry_has_the_report_summary_and_serves_its_plots(tmp_path: Path) -> None:
    docs = tmp_path / "games"
    docs.mkdir()
    summaries = run_games(games.get("connect4"), "random", "random", range(6))
    meta = {
        "game": "connect4",
        "title": "Connect Four",
        "rules_version": "1",
        "options": {},
        "players": ["random", "random"],
        "seeds": [0, 5],
        "random_setup": False,
        "command": "shoal analyze connect4 --games 6",
    }
    write_report(figures(summaries, meta), tmp_path / "analysis" / "connect4")
    with TestClient(create_app("sqlite://", docs_dir=docs)) as client:
        info = client.get("/api/catalog/connect4").json()
        summary = info["analysis"]
        assert summary["games"] == 6 and summary["command"].startswith("shoal analyze")
        assert sum(summary["reasons"].values()) == 6
        assert "/rules/analysis/connect4/balance.png" in summary["plots"]
        plot = client.get("/rules/analysis/connect4/balance.png")
        assert plot.status_code == 200 and plot.content[:4] == b"\x89PNG"
        assert client.get("/rules/analysis/connect4/../x.png").status_code == 404
        assert client.get("/rules/analysis/connect4/nothing.png").status_code == 404


def test_a_game_without_a_report_has_no_summary(tmp_path: Path) -> None:
    with TestClient(create_app("sqlite://", docs_dir=tmp_path)) as client:
        assert client.get("/api/catalog/connect4").json()["analysis"] is None
