"""The arena: seat alternation, counts, the interval and Elo maths, the CLI."""

from __future__ import annotations

import argparse
import json
import math

import pytest

from shoal.analysis.arena import (
    ArenaGame,
    ArenaResult,
    arena,
    elo_difference,
    score_interval,
)
from shoal.cli import cmd_arena
from shoal.games import get


def _result(outcomes: list[float]) -> ArenaResult:
    games = []
    for index, a_score in enumerate(outcomes):
        a_seat = index % 2
        winner = None if a_score == 0.5 else a_seat if a_score == 1.0 else 1 - a_seat
        games.append(ArenaGame(index, index // 2, a_seat, winner, "test", 10))
    return ArenaResult("connect4", "A", "B", tuple(games))


def test_counts_and_score_of_a_known_tally() -> None:
    result = _result([1, 1, 1, 0.5, 0])
    assert (result.wins, result.draws, result.losses) == (3, 1, 1)
    assert result.score == pytest.approx(0.7)
    assert result.elo == pytest.approx(-400 * math.log10(1 / 0.7 - 1))
    assert result.elo == pytest.approx(147.19, abs=0.01)


def test_wilson_interval_on_a_known_case() -> None:
    # p = 0.5, n = 10: centre 0.5, half-width z*sqrt(p(1-p)/n + z^2/4n^2)/(1 + z^2/n)
    z = 1.959963984540054
    half = z * math.sqrt(0.025 + z * z / 400) / (1 + z * z / 10)
    p, low, high = score_interval(4, 2, 4)
    assert p == 0.5
    assert low == pytest.approx(0.5 - half) and high == pytest.approx(0.5 + half)
    assert low == pytest.approx(0.2366, abs=1e-4)
    p, low, high = score_interval(10, 0, 0)
    assert (p, high) == (1.0, 1.0)
    assert low == pytest.approx(10 / (10 + z * z))  # Wilson's lower bound at p = 1


def test_elo_interval_follows_the_score_interval() -> None:
    result = _result([1, 0] * 10)
    low, high = result.elo_interval
    assert low == pytest.approx(elo_difference(result.interval[0]))
    assert low < 0 < high and low == pytest.approx(-high)
    perfect = _result([1] * 4)
    assert perfect.elo == math.inf and perfect.elo_interval[1] == math.inf


def test_arena_alternates_seats_and_reports_progress() -> None:
    seen: list[tuple[int, int]] = []
    result = arena(
        get("connect4"),
        "mcts:iterations=30",
        "random",
        games=6,
        seed=3,
        progress=lambda game, done, total: seen.append((done, total)),
    )
    assert seen == [(n, 6) for n in range(1, 7)]
    assert [g.a_seat for g in result.games] == [0, 1, 0, 1, 0, 1]
    assert [g.setup_seed for g in result.games] == [3, 3, 4, 4, 5, 5]
    assert result.wins + result.draws + result.losses == 6
    assert result.wins >= 4  # 30 simulations beat random play
    again = arena(get("connect4"), "mcts:iterations=30", "random", games=6, seed=3)
    assert again.games == result.games


def test_arena_in_two_processes_gives_the_same_games() -> None:
    game = get("connect4")
    one = arena(game, "random", "beginner", games=4, seed=8)
    two = arena(game, "random", "beginner", games=4, seed=8, processes=2)
    assert one.games == two.games


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="shoal")
    cmd_arena.add_parser(parser.add_subparsers())
    return parser


def test_cli_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = _parser().parse_args(["arena", "connect4", "beginner", "random", "-n", "4", "--json"])
    assert args.func(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 4 and out["a"] == "beginner" and out["b"] == "random"
    assert out["wins"] + out["draws"] + out["losses"] == 4
    assert len(out["score_interval"]) == 2 and len(out["results"]) == 4


def test_cli_prints_a_summary_line(capsys: pytest.CaptureFixture[str]) -> None:
    args = _parser().parse_args(["arena", "connect4", "random", "random", "--games", "2"])
    assert args.func(args) == 0
    out = capsys.readouterr().out
    assert out.startswith("Connect Four: random vs random: +")
    assert "Elo" in out


def test_cli_refuses_unknown_players_and_options() -> None:
    from shoal.core import InvalidOptionError

    parser = _parser()
    with pytest.raises(InvalidOptionError):
        args = parser.parse_args(["arena", "connect4", "wizard", "random"])
        args.func(args)
    with pytest.raises(InvalidOptionError):
        args = parser.parse_args(["arena", "connect4", "random", "random", "size"])
        args.func(args)
