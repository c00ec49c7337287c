"""The `shoal` command: every subcommand answers --help; the information commands work.

The entry point itself (``python -m shoal.cli``) is run as a process here; the other tests
call the command in this process (:mod:`.inproc`).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from shoal import games
from shoal.cli.main import build_parser, main, parse_args
from shoal.records import Record

from .inproc import shoal


def process(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m shoal.cli ARGS`` in a new process."""
    return subprocess.run(
        [sys.executable, "-m", "shoal.cli", *args], capture_output=True, text=True, timeout=120
    )


def subcommands() -> list[str]:
    parser = build_parser()
    action = next(a for a in parser._actions if a.dest == "command")
    return sorted(action.choices)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", subcommands())
def test_every_subcommand_has_help(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main([name, "--help"])
    assert done.value.code == 0
    assert "usage: shoal " + name in capsys.readouterr().out


def test_games_lists_the_games_and_all_adds_connect4() -> None:
    assert process("games").stdout.split() == list(games.ids())
    assert "connect4" in process("games", "--all").stdout.split()


def test_rules_prints_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "connect4"]) == 0
    assert "Connect Four" in capsys.readouterr().out


def test_unknown_game_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "chess"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err


def test_new_prints_the_position(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", "connect4", "-q"]) == 0
    assert capsys.readouterr().out.strip() == "......./......./......./......./......./....... x"


def test_show_and_replay_a_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = Record.from_actions(games.get("connect4"), [3, 3, 2, 2, 1, 1, 0])
    path = tmp_path / "game.txt"
    path.write_text(record.to_text())
    assert main(["show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "four in a row" in out and "seat 0" in out
    assert main(["replay", str(path), "--moves-only"]) == 0
    assert "7. a" in capsys.readouterr().out


def test_show_a_position_string(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["show", "--game", "connect4", "......./......./......./......./......./...x... o"])
        == 0
    )
    assert "to move: seat 1" in capsys.readouterr().out


def test_bench_json_reports_connect4() -> None:
    import json

    done = shoal("bench", "connect4", "--json", "--windows", "1", "--seconds", "0.2")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["results"][0]["game"] == "connect4"
    assert data["results"][0]["playouts_per_second"] > 0


def test_bench_search_reports_mcts_simulations_per_game() -> None:
    import json

    done = shoal("bench", "sirtet", "--search", "--json", "--windows", "1", "--seconds", "0.2")
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)["search"]
    assert [row["game"] for row in rows] == ["sirtet", "connect4"]
    assert all(row["mcts_simulations_per_second"] > 0 for row in rows)


def test_bench_compare_reports_both_paths_and_their_ratio() -> None:
    import json

    done = shoal(
        "bench", "sirtet", "--path", "compare", "--json", "--windows", "1", "--seconds", "0.2",
        "--no-openspiel",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    paths = {(r["game"], r["path"]) for r in out["results"]}
    assert {("sirtet", "pure"), ("connect4", "pure")} <= paths
    native = ("sirtet", "native") in paths
    assert native == ("sirtet" in out["native_over_pure"])
    if native:
        assert out["native_over_pure"]["sirtet"] > 1
    done = shoal("bench", "sirtet", "--path", "sideways")
    assert done.returncode != 0
    assert "sideways" in done.stderr


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "sytran", "--vs", "beginner", "base=6"],
        ["play", "sytran", "base=6", "--vs", "beginner"],
        ["play", "--vs", "beginner", "sytran", "base=6"],
        ["play", "sytran", "--vs", "human", "penalty=4", "--seat", "1", "base=6"],
    ],
)
def test_game_options_are_taken_anywhere_on_the_line(argv: list[str]) -> None:
    args = parse_args(build_parser(), argv)
    assert args.game == "sytran"
    assert "base=6" in args.options


def test_options_after_flags_reach_every_command_with_options() -> None:
    parser = build_parser()
    args = parse_args(parser, ["arena", "sytran", "club", "casual", "--games", "4", "base=6"])
    assert (args.games, args.options) == (4, ["base=6"])
    args = parse_args(parser, ["analyze", "sytran", "--games", "2", "penalty=4"])
    assert args.options == ["penalty=4"]


@pytest.mark.parametrize(
    ("argv", "stray"),
    [
        (["play", "sytran", "--vs", "human", "base"], "base"),
        (["play", "sytran", "--bogus", "base=6"], "--bogus base=6"),
        (["games", "base=6"], "base=6"),
    ],
)
def test_a_stray_word_is_still_refused(
    argv: list[str], stray: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 2
    assert f"unrecognized arguments: {stray}" in capsys.readouterr().err


def test_play_with_options_after_the_flags_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "shoal.cli", "play", "sytran", "--vs", "beginner", "base=6"],
        input="quit\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "Sytran" in done.stdout
