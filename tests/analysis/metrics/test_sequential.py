"""Sequential stopping, skill curves and the compensation search on games with known answers."""

from __future__ import annotations

import json

import pytest

from shoal.ai.levels import level_by_name
from shoal.ai.players import get_player
from shoal.analysis.metrics.compensation import compensating_options, find_compensation
from shoal.analysis.metrics.intervals import SPRT
from shoal.analysis.metrics.sequential import play_until
from shoal.analysis.metrics.skill import (
    NO_CAP_SECONDS,
    SkillCurve,
    plot_skill,
    prove_start,
    skill_curve,
    uncapped,
)
from shoal.core import InvalidOptionError
from shoal.games import get

from .toys import Script

LATE = "......./......./......./......./......./xxx.ooo x"
"""Connect Four with x to move and a drop (d) that wins at once; o threatens the same."""


class LateConnect4(type(get("connect4"))):  # type: ignore[misc]
    """Connect Four from the late position LATE: a board the prover solves."""

    def initial(self, seed: int = 0):  # type: ignore[no-untyped-def]
        return self.load(LATE)


def test_until_stops_when_the_half_width_is_reached() -> None:
    # seat 0 wins the even seeds: the rate stays 50%, and the Wilson half-width first
    # falls to 25 points at 12 games (10: 0.2634; 12: 0.2462)
    game = Script.with_options({"winner": "parity"})
    run = play_until(game, "random", target=("first", 0.25), max_games=100, batch=2)
    assert run.reason == "precision reached"
    assert len(run.traces) == 12
    assert run.interval.half_width == pytest.approx(0.246218, abs=1e-6)
    assert [c["games"] for c in run.checks] == [2, 4, 6, 8, 10, 12]


def test_until_stops_at_the_budget_and_sprt_decides_at_31() -> None:
    game = Script.with_options({"winner": "0"})
    run = play_until(
        game, "random", target=("first", 0.01), max_games=40, batch=10, sprt=SPRT(p1=0.55)
    )
    assert run.reason == "game budget spent"
    assert len(run.traces) == 40
    assert run.sprt.decision == "H1" and run.sprt.decided_at == 31


def test_until_time_budget() -> None:
    game = Script.with_options({"winner": "parity"})
    run = play_until(
        game, "random", target=("first", 0.01), max_games=1000, max_seconds=0.0, batch=5
    )
    assert run.reason == "time budget spent" and len(run.traces) == 5


def test_the_prover_settles_the_late_connect4_board() -> None:
    game = LateConnect4()
    assert prove_start(game.initial(), 10_000) is not None
    assert prove_start(game.initial(), 10_000)[0] == 1.0  # type: ignore[index]


def test_skill_curve_ends_at_the_proven_value(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # beginner sees a win in one: x scores 100% at every level, as the proof says
    curve = skill_curve(LateConnect4(), ["beginner", "casual"], games=2, prove_nodes=10_000)
    assert [p.levels for p in curve.pairs] == [
        ("beginner", "beginner"),
        ("casual", "casual"),
        ("casual", "beginner"),
        ("beginner", "casual"),
    ]
    for pair in curve.pairs:
        assert pair.first.value == 1.0 and pair.first.n == 2
        assert pair.draws.value == 0.0
    assert curve.proven is not None and curve.proven["value"] == 1.0
    # seat 0 (x) wins both its games, whoever plays it
    assert curve.pairs[2].seat0.value == 1.0
    path = plot_skill(curve, tmp_path / "skill.png", "late connect4")
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert SkillCurve.from_dict(json.loads(json.dumps(curve.as_dict()))) == curve


def test_skill_curve_without_a_proof_within_the_budget() -> None:
    curve = skill_curve(get("connect4"), ["random"], games=2, mixed=False, prove_nodes=50)
    assert curve.proven is None


def test_a_level_without_its_time_cap_keeps_its_budget_and_has_no_wall_clock_limit() -> None:
    game = get("sytran")
    capped, free = get_player("max", game), get_player(uncapped("max"), game)
    assert capped.turn_seconds == level_by_name("max").turn_cap(game) < 100
    assert free.turn_seconds == NO_CAP_SECONDS
    assert free.iterations == capped.iterations == level_by_name("max").mcts_iterations(game)
    assert free.budget_seconds(game.initial()) == NO_CAP_SECONDS  # the budget alone ends it
    assert uncapped("random") == "random"


def test_skill_curve_without_time_caps_marks_its_pairs() -> None:
    curve = skill_curve(
        get("connect4"), ["random", "beginner"], games=2, prove_nodes=0, time_caps=False
    )
    assert [p.time_caps for p in curve.pairs] == [False] * 4
    assert SkillCurve.from_dict(json.loads(json.dumps(curve.as_dict()))) == curve
    assert skill_curve(get("connect4"), ["random"], games=1, prove_nodes=0).pairs[0].time_caps


def test_skill_curve_refuses_unknown_levels() -> None:
    with pytest.raises(InvalidOptionError, match="unknown level 'grandmaster'"):
        skill_curve(get("connect4"), ["grandmaster"], games=2)


def test_sytran_declares_its_penalty_as_compensating() -> None:
    assert [i.name for i in compensating_options(get("sytran"))] == ["penalty"]
    assert compensating_options(get("connect4")) == []


def test_compensation_finds_the_fair_komi() -> None:
    # the first player wins when seed % 20 >= komi: over 40 seeds its score is
    # (20 - komi) / 20, exactly 50% at komi 10
    game = Script.with_options({"winner": "komi"})
    result = find_compensation(game, "komi", "random", games_per_point=40, max_games=2000)
    assert result.value == 10
    assert result.rate.value == 0.5
    assert result.stop == "resolution reached"
    low, high = result.interval
    assert low <= 10 <= high and (low, high) != (0, 20)
    assert result.reasons == {"script over": result.rate.n}
    values = [v for v, _ in result.points]
    assert values[0] == 0 and values[-1] == 20
    assert dict(result.points)[0].value == 1.0 and dict(result.points)[20].value == 0.0


def test_compensation_stops_at_its_budget() -> None:
    game = Script.with_options({"winner": "komi"})
    result = find_compensation(game, "komi", "random", games_per_point=20, max_games=60)
    assert result.stop == "game budget spent"
    assert result.games == 60


def test_compensation_refuses_an_option_not_declared() -> None:
    with pytest.raises(InvalidOptionError, match="'cap' is not a compensating option"):
        find_compensation(Script.with_options({}), "cap", "random", games_per_point=2, max_games=10)
    with pytest.raises(InvalidOptionError, match="at least both ends"):
        find_compensation(
            Script.with_options({}), "komi", "random", games_per_point=20, max_games=10
        )


def test_compensation_says_when_no_value_balances() -> None:
    game = Script.with_options({"winner": "0"})  # the first player wins whatever komi is
    result = find_compensation(game, "komi", "random", games_per_point=20, max_games=100)
    assert result.stop == "no balancing value in range"


def test_late_game_and_start_proven_on_the_script_game() -> None:
    # seat 1 wins whatever is played: one action before the end seat 0 (the first player)
    # is to move and cannot win, seat 1 wins within one: the first player's proven score
    # there is 0, as played; from the start too
    game = Script.with_options({"winner": "1"})
    curve = skill_curve(game, ["random"], games=4, mixed=False, prove_nodes=100, late_depth=1)
    assert curve.late == {
        "depth": 1,
        "positions": 4,
        "games": 4,
        "proven": 0.0,
        "played": 0.0,
        # each of the 4 positions (turn 2, seat 0 to move, both actions end the game) is
        # expanded once by the mover's prover (no win) and once by seat 1's (a win)
        "nodes": 8,
        "levels": ["random", "random"],
    }
    assert curve.proven is not None and curve.proven["value"] == 0.0
    won = skill_curve(
        Script.with_options({"winner": "0"}), ["random"], games=2, mixed=False, late_depth=1
    )
    assert won.late is not None and won.late["proven"] == 1.0


def test_a_game_longer_than_the_provers_bound_is_not_settled_as_a_draw() -> None:
    # SFIRS may last 5,500 actions: the prover's bound stops at 1,000, so "no forced win
    # found" proves nothing (this once raised the C prover's ValueError)
    assert prove_start(get("sfirs").initial(0), 50) is None
    with pytest.raises(InvalidOptionError, match="late-game depth"):
        skill_curve(get("connect4"), ["random"], games=1, late_depth=1001)


def test_compensation_says_when_the_bracket_does_not_straddle() -> None:
    # komi 0..8 over seeds 0..19: the first player scores (20 - komi) / 20, 100% at 0
    # (significant) and 60% at 8 (not significant: 39% to 78%): the bisection closes on
    # 7..8, where both ends are still above 50%
    game = Script.with_options({"winner": "komi"})
    result = find_compensation(
        game, "komi", "random", games_per_point=20, max_games=400, low=0, high=8
    )
    assert result.stop.startswith("resolution reached; no sign change")
    assert "the fair value may lie outside the range" in result.stop
    assert result.value == 8 and result.rate.value == 0.6
