"""The bounded prover and the puzzle generator, on positions built by hand and small runs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shoal.ai.prove import ProofBudgetExceeded, Prover
from shoal.analysis.puzzles.generate import (
    GenerationReport,
    Puzzle,
    Settings,
    candidates,
    examine,
    generate,
    self_play,
)
from shoal.cli.main import main
from shoal.games import get

C4 = get("connect4")
# x to move with an open three on the bottom row: d wins at once, nothing else does
ONE_WIN = C4.load("......./......./......./......./......./xxx.ooo x")
# x to move with .xx on the bottom row: d makes .xxx. with both ends open, a win in 3 actions
TWO_WAYS = C4.load("......./......./......./......./......o/.xx...o x")


def texts(state: object, actions: list[int]) -> list[str]:
    return [state.action_text(a) for a in actions]  # type: ignore[attr-defined]


def test_a_win_in_one_is_proven_and_the_only_winning_action() -> None:
    prover = Prover(0)
    assert prover.wins(ONE_WIN, 1)
    assert not prover.wins(ONE_WIN, 0)
    assert texts(ONE_WIN, prover.winning_actions(ONE_WIN, 1)) == ["d"]
    assert prover.distance(ONE_WIN, 5) == 1
    assert texts(ONE_WIN, prover.line(ONE_WIN, 1)) == ["d"]


def test_a_threat_the_defender_can_block_is_no_forced_win() -> None:
    # o to move blocks d; any other move lets x win there
    state = C4.load("......./......./......./......./x...o../xxx.oo. o")
    assert not Prover(0).wins(state, 4)
    assert Prover(0).wins(state.apply_text("g"), 1)
    assert Prover(1).distance(state, 2) is None


def test_an_open_three_is_a_forced_win_in_three_actions_with_the_longest_defence() -> None:
    prover = Prover(0)
    assert not prover.wins(TWO_WAYS, 2)
    assert prover.distance(TWO_WAYS, 5) == 3
    line = prover.line(TWO_WAYS, 3)
    assert len(line) == 3
    end = TWO_WAYS
    for action in line:
        end = end.child(action)
    assert end.outcome is not None and end.outcome.winner == 0
    winners = texts(TWO_WAYS, prover.winning_actions(TWO_WAYS, 3))
    assert texts(TWO_WAYS, line)[0] in winners
    assert winners == ["d"]  # a makes xxx. with one open end only


def test_a_position_with_no_win_in_the_bound_says_so() -> None:
    start = C4.initial()
    assert Prover(0).distance(start, 3) is None


def test_the_node_budget_stops_the_prover_with_an_exception() -> None:
    with pytest.raises(ProofBudgetExceeded, match="more than 5 positions"):
        Prover(0, max_nodes=5).wins(C4.initial(), 6)


def test_examine_keeps_a_unique_win_and_refuses_several() -> None:
    settings = Settings(depth=3, window=10, max_nodes=100_000, max_accepted=1)
    found = examine(ONE_WIN, settings)
    assert not isinstance(found, str)
    assert texts(ONE_WIN, found.accepted) == ["d"]
    assert examine(C4.initial(), settings) == "no_win"
    both = C4.load("......./......./......./......./......o/.xxx.oo x")
    assert Prover(0).distance(both, 1) == 1
    assert len(Prover(0).winning_actions(both, 3)) >= 2
    assert examine(both, settings) == "too_many_wins"


def test_candidates_are_turn_starts_near_the_end_last_first() -> None:
    states = self_play(C4, "random", 3)
    picked = list(candidates(states, 4))
    assert picked == states[-2:-6:-1]


def test_a_small_generation_gives_proven_replayable_puzzles() -> None:
    game = get("sytran")
    puzzles, report = generate(game, 2, level="random", seed=0, require_miss=False, per_game=1)
    assert len(puzzles) == 2 and report.kept == 2
    assert report.candidates >= 2 and report.games >= 2
    assert [p.id for p in puzzles] == ["sytran-0001", "sytran-0002"]
    for puzzle in puzzles:
        state = game.load(puzzle.position)
        assert state.to_move == puzzle.winner
        assert puzzle.solution[0] in puzzle.accepted_first
        for text in puzzle.solution:
            state = state.apply_text(text)
        assert state.outcome is not None and state.outcome.winner == puzzle.winner
        assert puzzle.theme is not None and puzzle.theme.startswith("last")
        assert 600 <= puzzle.difficulty <= 2400
        assert puzzle.source.startswith("selfplay seed ")


def test_the_miss_check_keeps_only_puzzles_a_weaker_level_gets_wrong() -> None:
    game = get("sytran")
    _, report = generate(game, 1, level="random", seed=0, max_games=6)
    assert (
        report.kept
        + report.not_missed
        + report.no_win
        + report.too_many_wins
        + report.over_budget
        + report.theme_full
        == report.candidates
    )


def _cyclix_set(count: int, settings: Settings) -> tuple[list[Puzzle], GenerationReport]:
    """Cyclix puzzles from random games (mates in one and two are common there), no miss check."""
    game = get("cyclix")
    return generate(
        game,
        count,
        level="random",
        seed=0,
        require_miss=False,
        per_game=3,
        settings=settings,
        max_games=20,
    )


def test_one_theme_takes_at_most_its_share_of_a_set() -> None:
    """Mates in one are the commonest win within 3 actions: capped, the set holds mates in two."""
    puzzles, report = _cyclix_set(
        4, Settings(depth=3, window=12, max_nodes=30_000, theme_share=0.5)
    )
    themes = [p.theme for p in puzzles]
    assert len(puzzles) == 4
    assert themes.count("mate in one") <= 2 and themes.count("mate in two") >= 2
    assert report.theme_full >= 1  # the cap turned mates in one away


def test_a_skipped_theme_makes_no_puzzle() -> None:
    settings = Settings(depth=3, window=12, max_nodes=30_000, skip_themes=("mate in one",))
    puzzles, report = _cyclix_set(2, settings)
    assert [p.theme for p in puzzles] == ["mate in two", "mate in two"]
    assert report.theme_full >= 1


def test_cli_generate_writes_json_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "p.jsonl"
    code = main(
        [
            "puzzles",
            "generate",
            "sytran",
            "--count",
            "1",
            "--level",
            "random",
            "--out",
            str(out),
            "--no-miss-check",
        ]
    )
    assert code == 0
    lines = out.read_text().splitlines()
    assert len(lines) == 1
    assert set(json.loads(lines[0])) == {
        "id", "position", "options", "winner", "solution", "accepted_first", "theme",
        "difficulty", "source",
    }  # fmt: skip
    assert "candidates examined" in capsys.readouterr().err


def test_cli_refuses_bad_input_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["puzzles", "generate", "sytran", "--count", "0"]) == 2
    assert "--count must be at least 1" in capsys.readouterr().err
    assert main(["puzzles", "export", "nogame"]) == 2
    assert "unknown game 'nogame'" in capsys.readouterr().err
    assert main(["puzzles", "export", "connect4"]) == 2
    assert "connect4 ships no puzzles" in capsys.readouterr().err


def test_bench_puzzles_scores_each_level(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["bench", "--puzzles", "sytran", "--time", "0.05", "--limit", "2", "--json"])
    assert code == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["level"] for r in rows] == ["beginner", "casual", "club", "strong", "max"]
    for row in rows:
        assert row["total"] == 2 and row["solved"] + len(row["missed"]) == 2


def test_bench_puzzles_refuses_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--puzzles", "sytran", "--time", "0"]) == 2
    assert "--time must be above 0 seconds" in capsys.readouterr().err
    assert main(["bench", "--puzzles", "sytran", "--limit", "0"]) == 2
    assert "--limit must be at least 1" in capsys.readouterr().err
    assert main(["bench", "--puzzles", "nogame"]) == 2
    assert "unknown game 'nogame'" in capsys.readouterr().err


def test_export_prints_the_shipped_puzzles(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["puzzles", "export", "sytran"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) >= 100
    first = json.loads(lines[0])
    assert first["id"] == "sytran-0001" and isinstance(first["solution"], list)
    state = get("sytran").load(first["position"])
    assert state.to_move == first["winner"]
