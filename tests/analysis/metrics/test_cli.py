"""``shoal analyze --metrics`` and its companions as a user runs them (real processes)."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

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
    # the SPRT recomputed from the first player's points (Wald: each point adds log(p1/p0),
    # each point lost log((1-p1)/(1-p0)); bounds log(beta/(1-alpha)) and log((1-beta)/alpha))
    sprt = seq["sprt"]
    assert (sprt["p0"], sprt["p1"], sprt["alpha"], sprt["beta"]) == (0.5, 0.55, 0.05, 0.05)
    points = seq["interval"]["value"] * seq["games"]
    llr = points * math.log(1.1) + (seq["games"] - points) * math.log(0.9)
    assert sprt["llr"] == pytest.approx(llr, abs=1e-9) and sprt["games"] == seq["games"]
    assert (sprt["lower"], sprt["upper"]) == pytest.approx((-math.log(19), math.log(19)))
    # this seeded run stays between the bounds: it has not decided
    assert sprt["lower"] < llr < sprt["upper"]
    assert sprt["decision"] == "continue" and sprt["decided_at"] is None
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


def test_extend_adds_the_missing_pairs_and_keeps_the_rest(tmp_path: Path) -> None:
    out = tmp_path / "report"
    done = shoal(
        "analyze", "connect4", "--metrics", "--skill-curve", "--levels", "random", "--no-mixed",
        "--games", "4", "--prove-nodes", "0", "--workers", "1", "--out", str(out), "-q",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    before = json.loads((out / "metrics.json").read_text())
    done = shoal(
        "analyze", "connect4", "--skill-curve", "--extend", "--levels", "beginner",
        "--pair-games", "2", "--prove-nodes", "0", "--workers", "1", "--out", str(out), "-q",
        "--no-time-caps",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    after = json.loads((out / "metrics.json").read_text())
    pairs = after["skill"]["pairs"]
    assert [tuple(p["levels"]) for p in pairs] == [
        ("random", "random"),
        ("beginner", "beginner"),
        ("beginner", "random"),
        ("random", "beginner"),
    ]
    assert pairs[0] == before["skill"]["pairs"][0]  # kept, not replayed
    assert [p["first"]["n"] for p in pairs] == [4, 2, 2, 2]
    # the kept pair played with the levels' time caps, the added ones by their budgets alone
    assert [p["time_caps"] for p in pairs] == [True, False, False, False]
    assert "beginner v beginner: first" in done.stdout and "(no time cap)" in done.stdout
    assert after["metrics"] == before["metrics"] and after["games"] == before["games"] == 4
    assert after["meta"]["command"] == before["meta"]["command"]
    assert len(after["meta"]["skill_commands"]) == 1
    assert "--extend" in after["meta"]["skill_commands"][0]
    page = (out / "metrics.html").read_text()
    assert "Skill curve extended" in page and "beginner v random (no time cap)" in page
    # another game's report is refused, and left as it was
    done = shoal(
        "analyze", "sirtet", "--skill-curve", "--extend", "--levels", "random",
        "--pair-games", "1", "--prove-nodes", "0", "--out", str(out), "-q",
    )  # fmt: skip
    assert done.returncode != 0
    assert "is a report of connect4" in done.stderr
    assert json.loads((out / "metrics.json").read_text()) == after
    done = shoal("analyze", "connect4", "--skill-curve", "--extend", "--out", str(tmp_path / "x"))
    assert done.returncode != 0 and "--extend: no report at" in done.stderr
