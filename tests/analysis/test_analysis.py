"""Self-play analysis: reports with every section and plot; the same seeds, the same figures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shoal import games
from shoal.analysis.report import figures, write_report
from shoal.analysis.selfplay import play_one, run_games
from shoal.analysis.stats import elo_difference, wilson
from shoal.cli.main import main

SECTIONS = [
    "Balance",
    "Game length",
    "Branching factor",
    "How games end",
    "Openings",
    "Choices without a cell",
]


def meta(game_id: str, n: int) -> dict[str, object]:
    game = games.get(game_id)
    return {
        "game": game_id,
        "title": game.title,
        "rules_version": game.rules_version,
        "options": {},
        "players": ["random", "random"],
        "seeds": [0, n - 1],
        "random_setup": game.random_setup,
        "command": "test",
    }


def test_wilson_interval_of_known_cases() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(50, 100)
    assert abs((low + high) / 2 - 0.5) < 1e-9 and 0.40 < low < 0.41
    assert wilson(10, 10)[1] == pytest.approx(1.0) and 0.72 < wilson(10, 10)[0] < 0.73
    assert elo_difference(0.5) == 0.0 and elo_difference(0.9) > 380


def test_the_same_seeds_give_the_same_figures_in_process_and_pool() -> None:
    game = games.get("connect4")
    serial = run_games(game, "random", "random", range(12))
    pooled = run_games(game, "random", "random", range(12), workers=2)
    assert serial == pooled
    assert figures(serial, meta("connect4", 12)) == figures(pooled, meta("connect4", 12))


def test_a_summary_counts_turns_actions_and_branching() -> None:
    summary = play_one(games.get("connect4"), "random", "random", seed=3)
    assert summary.turns == summary.actions == len(summary.branching)
    assert summary.branching[0] == 7 and summary.first_mover_side == "x"
    assert summary.winner_side in ("x", "o", None)


@pytest.mark.parametrize("game_id", games.ids(all=True))
def test_a_small_report_has_every_section_and_plot(game_id: str, tmp_path: Path) -> None:
    n = 8
    summaries = run_games(games.get(game_id), "random", "random", range(n))
    data = figures(summaries, meta(game_id, n))
    plots = write_report(data, tmp_path)
    page = (tmp_path / "report.html").read_text()
    for section in SECTIONS:
        assert f"<h2>{section}</h2>" in page
    assert {"balance", "length", "branching", "reasons"} <= set(plots)
    assert all((tmp_path / f"{name}.png").read_bytes()[:4] == b"\x89PNG" for name in plots)
    loaded = json.loads((tmp_path / "report.json").read_text())
    assert loaded["games"] == n and sum(loaded["reasons"].values()) == n


def test_analyze_command_writes_a_report(tmp_path: Path) -> None:
    code = main(
        ["analyze", "connect4", "--games", "4", "--workers", "1", "--quiet", "--out", str(tmp_path)]
    )
    assert code == 0 and (tmp_path / "report.html").exists()


def test_ray_local_mode_agrees_with_the_pool() -> None:
    """Ray's games are the pool's; a Ray the run started is shut down at its end (its
    processes would otherwise live on beside the rest of the caller's work)."""
    ray = pytest.importorskip("ray")
    game = games.get("connect4")
    pooled = run_games(game, "random", "random", range(6), workers=2)
    on_ray = run_games(game, "random", "random", range(6), use_ray=True)
    assert pooled == on_ray
    assert not ray.is_initialized()


def test_a_sweep_compares_option_values_in_one_report(tmp_path: Path) -> None:
    code = main(
        [
            "analyze",
            "sytran",
            "base=6",
            "--games",
            "4",
            "--workers",
            "1",
            "--quiet",
            "--sweep",
            "penalty=2,8",
            "--out",
            str(tmp_path),
        ]
    )
    assert code == 0
    page = (tmp_path / "sweep.html").read_text()
    assert page.count("<tr><td>") == 2 and "penalty sweep" in page
    data = json.loads((tmp_path / "sweep.json").read_text())
    assert set(data["results"]) == {"2", "8"}
    assert data["results"]["8"]["meta"]["options"] == {"base": "6"}
    assert (tmp_path / "penalty-2" / "report.html").exists()


def test_the_swap_choice_is_reported_with_its_score() -> None:
    from dataclasses import replace

    base = play_one(games.get("sytran", base=6), "random", "random", seed=1)
    swapped_and_won = replace(base, seed=101, winner=1, choices=((1, 1, "swap"),))
    swapped_and_lost = replace(base, seed=102, winner=0, choices=((1, 1, "swap"),))
    no_swap = replace(base, seed=103, winner=0, choices=())
    data = figures([swapped_and_won, swapped_and_lost, no_swap], meta("sytran", 3))
    assert data["choices"] == {
        "swap": {"times": 2, "games": 2, "share_of_games": 2 / 3, "chooser_score": 0.5}
    }
