"""``shoal ladder`` (issue 63): a small ladder through the command, its table and its file; bad
input refused with words before any game is played."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from shoal.cli.main import main

AGENTS = Path(__file__).resolve().parents[1] / "ladder" / "agents.py"


def test_a_ladder_through_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "results"
    words = ["ladder", "connect4", "--anchors", "none", "--games", "2", "--out", str(out)]
    words += ["--agents", f"python:{AGENTS}:First", f"python:{AGENTS}:Counted", "--time", "2"]
    assert main(words) == 0
    text = capsys.readouterr().out
    assert "Connect Four ladder: 2 games, 2 s a turn" in text
    assert "First" in text and "Counted" in text and f"results: {out / 'connect4.json'}" in text
    saved = json.loads((out / "connect4.json").read_text())
    assert saved["format"] == "shoal-ladder" and len(saved["games"]) == 2
    assert {p["name"] for p in saved["players"]} == {"First", "Counted"}
    assert saved["command"] == shlex.join(["shoal", *words])


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["sytran", "--agents", "engine:./x", "base=6"], "'base=6' looks like a game option"),
        (["sytran", "base=6", "--agents", "engine:./x", "--games", "3"], "games come in pairs"),
        (["connect4", "--agents", "chess:./x"], "expected KIND:TARGET"),
        (["connect4", "--agents", "engine:./x", "--anchors", "max"], "anchor 'max': the anchors"),
        (["connect4", "--agents", "engine:./x", "--time", "0"], "above 0 seconds"),
        (
            ["sytran", "base=8", "--agents", "engine:./x"],
            "no pinned anchor ratings for sytran-base=8",
        ),
        (["connect4", "--agents", "engine:./x"], "with 'shoal ladder connect4 --calibrate --games"),
        (["connect4", "--calibrate", "--agents", "engine:./x"], "--calibrate rates the anchors"),
        (["chess", "--agents", "engine:./x"], "chess"),
    ],
)
def test_bad_input_is_refused_with_words(
    words: list[str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["ladder", *words, "--out", str(tmp_path / "out")]) == 2
    assert said in capsys.readouterr().err
    assert not (tmp_path / "out").exists()
