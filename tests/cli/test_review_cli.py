"""``shoal review``: the table, the summary, --json, --help and errors in words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shoal.cli.main import main
from shoal.games import get
from shoal.records.record import Record


def _write(tmp_path: Path) -> Path:
    game = get("connect4")
    start = "......./......./......./......./o....../oxxx.o. x"
    state = game.load(start)
    actions = []
    for text in ["g", "e"]:
        action = state.parse_action(text)
        actions.append(action)
        state = state.child(action)
    path = tmp_path / "game.txt"
    record = Record.from_actions(game, actions, start=start, players=("ann", "bob"))
    path.write_text(record.to_text())
    return path


def test_review_prints_marks_and_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path)
    assert main(["review", str(path), "--level", "quick"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].split() == ["turn", "side", "played", "mark", "chance", "engine"]
    first = lines[1].split()
    assert first[:4] == ["1", "x", "g", "??"]
    assert first[-1] == "e"
    assert "x (ann): accuracy" in out
    assert "1 blunder," in out
    assert "budget: 250 MCTS simulations per position, seed 0" in out


def test_review_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path)
    assert main(["review", str(path), "--json", "--level", "quick", "--seed", "4"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seed"] == 4
    assert data["turns"][0]["mark"] == "blunder"
    assert data["turns"][0]["best"] == "e"
    assert data["players"][0]["counts"]["blunder"] == 1
    assert data["thresholds"] == {"blunder": 30.0, "mistake": 20.0, "inaccuracy": 10.0}


def test_review_help_names_budget_and_thresholds(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["review", "--help"])
    assert exit_info.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "1000 MCTS simulations" in out
    assert "inaccuracy from 10" in out and "blunder from 30" in out


def test_review_refuses_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(tmp_path / "none.txt")]) == 2
    assert "no such record file" in capsys.readouterr().err


def test_review_refuses_a_broken_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.txt"
    path.write_text('[Game "connect4"]\n\n1. z\n')
    assert main(["review", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("shoal: ")
    assert path.read_text() == '[Game "connect4"]\n\n1. z\n'


def test_review_and_replay_read_a_record_with_variations(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from shoal.records.movetext import write_tree_record
    from shoal.records.tree import MoveTree

    game = get("connect4")
    tree = MoveTree(game, game.initial())
    path = tree.add_text(tree.add_text((), "d"), "c")
    tree.add_text((0,), "e")
    tree.add_text(path, "d")
    record = Record.from_actions(game, [])
    file = tmp_path / "tree.txt"
    file.write_text(write_tree_record(record, tree))
    assert main(["replay", str(file), "--moves-only"]) == 0
    out = capsys.readouterr().out
    assert "1. d" in out and "2. c" in out and "3. d" in out and "2. e" not in out
    assert main(["review", str(file), "--json", "--level", "quick"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [t["played"] for t in data["turns"]] == ["d", "c", "d"]
