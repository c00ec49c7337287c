"""``shoal analyze --metrics`` and its companions as a user runs them (real processes)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from shoal.analysis.metrics.suite import METRIC_NAMES

from .test_humans import _fill


def shoal(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "shoal.cli", *args], capture_output=True, text=True, timeout=300
    )


def test_metrics_json_with_until_and_sprt(tmp_path: Path) -> None:
    out = tmp_path / "report"
    done = shoal(
        "analyze", "connect4", "--metrics", "--until", "first=+-20", "--games", "60",
        "--level", "random", "--workers", "1", "--json", "--out", str(out),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert set(data["metrics"]) == set(METRIC_NAMES)
    seq = data["sequential"]
    assert (
        seq["reason"] == "precision reached"
        and seq["interval"]["high"] - seq["interval"]["low"] <= 0.4
    )
    assert data["games"] == seq["games"] <= 60
    assert seq["sprt"]["decision"] in ("continue", "H0", "H1")
    assert json.loads((out / "metrics.json").read_text())["games"] == data["games"]
    page = (out / "metrics.html").read_text()
    assert "AdvantageP1" in page and "Sequential stopping" in page


def test_skill_curve_and_human_data_in_one_page(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'site.sqlite3'}"
    _fill(url)
    out = tmp_path / "report"
    done = shoal(
        "analyze", "connect4", "--skill-curve", "--levels", "random", "--no-mixed",
        "--games", "4", "--prove-nodes", "0", "--from-db", url, "--workers", "1",
        "--out", str(out), "-q",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "random v random: first" in done.stdout
    assert "humans all all: 3 games" in done.stdout
    assert (out / "skill.png").read_bytes()[:4] == b"\x89PNG"
    page = (out / "metrics.html").read_text()
    assert "Skill curve" in page and "Human games" in page


def test_bad_requests_say_why_and_write_nothing(tmp_path: Path) -> None:
    out = tmp_path / "report"
    done = shoal("analyze", "connect4", "--until", "second=2", "--out", str(out))
    assert done.returncode != 0
    assert "the target is one of first, draw" in done.stderr
    done = shoal("analyze", "connect4", "--compensate", "komi", "--out", str(out))
    assert done.returncode != 0
    assert "'komi' is not a compensating option (declared: none)" in done.stderr
    assert not out.exists()


def test_shoal_rules_marks_the_compensating_option() -> None:
    done = shoal("rules", "sytran")
    assert done.returncode == 0, done.stderr
    line = next(x for x in done.stdout.splitlines() if x.strip().startswith("penalty "))
    assert line.rstrip().endswith("[decision] [compensation]")
