"""The metric suite on toy games whose answers are known by hand (tests/.../toys.py)."""

from __future__ import annotations

import math

import pytest

from shoal.analysis.metrics.suite import METRIC_NAMES, compute
from shoal.analysis.metrics.trace import _clarity, run_traces, trace_game
from shoal.games import get

from .toys import Script

Z2 = 1.959963984540054**2


def traces(winner: str, games: int = 10, **options: object) -> list:  # type: ignore[type-arg]
    game = Script.with_options({"winner": winner, **options})
    return run_traces(game, "random", "random", range(games))


def test_first_player_always_wins() -> None:
    m = compute(traces("0"))
    assert m["AdvantageP1"].value == 1.0
    assert m["AdvantageP1"].low == pytest.approx(1 / (1 + Z2 / 10))
    assert (m["Balance"].value, m["Balance"].low, m["Balance"].high) == (0.0, 0.0, 0.0)
    assert m["Completion"].value == 1.0
    assert m["Drawishness"].value == 0.0
    assert m["Drawishness"].high == pytest.approx(1 - 1 / (1 + Z2 / 10))
    assert m["Timeouts"].value == 0.0
    assert (m["Duration"].value, m["Duration"].low, m["Duration"].high) == (3.0, 3.0, 3.0)


def test_evaluation_metrics_by_hand() -> None:
    # evaluations (seat 0 = the winner): 0.2, -0.4, 0.6, then the end's 1.0
    m = compute(traces("0"))
    # the loser's best is 0.4 (at -0.4); the winner first passes it at turn 2 of 3
    assert m["Decisiveness"].value == pytest.approx(1 / 3)
    # signs +, -, +: two changes in two steps
    assert m["LeadChange"].value == pytest.approx(1.0)
    # the winner trails once, by 0.4 - (-0.4) = 0.8
    assert m["Drama"].value == pytest.approx(0.8)
    # population variance of 0.2, -0.4, 0.6
    mean = (0.2 - 0.4 + 0.6) / 3
    variance = ((0.2 - mean) ** 2 + (-0.4 - mean) ** 2 + (0.6 - mean) ** 2) / 3
    assert m["Stability"].value == pytest.approx(variance)
    assert m["Stability"].value == pytest.approx(0.168889, abs=1e-6)
    assert m["Stability"].low == pytest.approx(variance)  # every game is the same


def test_structure_metrics_by_hand() -> None:
    m = compute(traces("0"))
    assert m["BranchingFactor"].value == 2.0
    assert m["DecisionMoves"].value == 1.0
    assert m["BoardCoverage"].value == pytest.approx(2 / 3)  # cells a and b of a, b, c
    assert m["GameTreeComplexity"].value == pytest.approx(3 * math.log10(2))
    # positions t0..t3: the second character takes 4 values, the first one
    assert m["StateSpaceComplexity"].value == pytest.approx(math.log10(4))
    assert m["StateSpaceComplexity"].n == 4
    # both alternatives lead to the same position: no spread
    assert m["Clarity"].value == 0.0
    assert m["ClarityNarrowness"].value == 0.0
    assert list(m) == list(METRIC_NAMES)


def test_symmetric_game_is_at_fifty_percent() -> None:
    m = compute(traces("parity", 10))
    assert m["AdvantageP1"].value == 0.5
    assert m["AdvantageP1"].low == pytest.approx(0.236593, abs=1e-6)
    assert m["AdvantageP1"].high == pytest.approx(0.763407, abs=1e-6)
    assert m["Balance"].value == 1.0
    assert m["Balance"].high == pytest.approx(1.0)
    # seat 1 wins half: its evaluations are -0.2, 0.4, -0.6; the loser's best is 0.6,
    # passed only at the end: 0; seat 0's games give 1/3
    assert m["Decisiveness"].value == pytest.approx((5 * (1 / 3) + 5 * 0) / 10)
    # seat 1 trails at -0.2 and -0.6: (0.4 + 1.2) / 2 = 0.8
    assert m["Drama"].value == pytest.approx(0.8)


def test_draws_and_timeouts() -> None:
    drawn = compute(traces("draw", 4))
    assert drawn["Drawishness"].value == 1.0
    assert drawn["Completion"].value == 0.0
    assert drawn["AdvantageP1"].value == 0.5
    assert "Decisiveness" not in drawn and "Drama" not in drawn  # no winner, no value
    capped = compute(traces("0", 4, cap=2))
    assert capped["Timeouts"].value == 1.0
    assert capped["Drawishness"].value == 0.0  # a timeout is not a draw by the rules
    assert capped["Duration"].value == 2.0
    one = trace_game(Script.with_options({"cap": 2}), "random", "random", 0)
    assert one.reason == "no end within 2 actions" and one.timeout


def test_clarity_on_a_connect4_win_in_one() -> None:
    # x to move: d wins (value 1), the six other drops are worth 0 (no evaluation)
    game = get("connect4")
    state = game.load("......./......./......./......./......./xxx.ooo x")
    import random

    variance, narrow = _clarity(game, state, random.Random(0), 7)
    assert variance == pytest.approx(6 / 49)  # (1/7)(6/7)
    # above 1/7 + 0.75 (1 - 1/7) = 0.786: the winning drop only
    assert narrow == pytest.approx(1 / 7)


def test_bootstrap_intervals_are_reproducible() -> None:
    game = get("connect4")
    ts = run_traces(game, "random", "random", range(12))
    assert compute(ts, seed=4) == compute(ts, seed=4)
    balance = compute(ts)["Balance"]
    assert balance.low <= balance.value <= balance.high


def test_state_space_never_below_the_positions_seen() -> None:
    # start "t0"... with a script of 12 turns the strings "t10", "t11", "t12" are longer
    # than the start: the character bound sees t0..t9 (log10 10 = 1); 13 positions seen
    script = ",".join(["0.0"] * 12)
    m = compute(traces("0", 2, script=script))
    assert m["StateSpaceComplexity"].n == 13
    assert m["StateSpaceComplexity"].value == pytest.approx(math.log10(13))
    assert m["StateSpaceComplexity"].low == pytest.approx(math.log10(13))
