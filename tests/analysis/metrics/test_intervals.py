"""Wilson, bootstrap and SPRT against numbers computed by hand; ``--until`` parsing."""

from __future__ import annotations

import math

import pytest

from shoal.analysis.metrics.intervals import (
    SPRT,
    bootstrap,
    games_for_half_width,
    mean_interval,
    parse_until,
    rate_interval,
)
from shoal.core import InvalidOptionError

Z2 = 1.959963984540054**2  # 3.841459...


def test_wilson_all_wins_is_one_over_one_plus_z_squared_over_n() -> None:
    # p = 1: centre - half = (1 + z²/2n - z²/2n) / (1 + z²/n)
    interval = rate_interval(10, 10)
    assert interval.value == 1.0
    assert interval.low == pytest.approx(1 / (1 + Z2 / 10), abs=1e-12)  # 0.722467
    assert interval.low == pytest.approx(0.722467, abs=1e-6)
    assert interval.high == pytest.approx(1.0)


def test_wilson_half_of_ten_by_hand() -> None:
    # p = 0.5, n = 10: centre 0.5; half = z sqrt(0.025 + z²/400) / (1 + z²/10) = 0.263407
    interval = rate_interval(5, 10)
    assert interval.low == pytest.approx(0.236593, abs=1e-6)
    assert interval.high == pytest.approx(0.763407, abs=1e-6)
    assert interval.half_width == pytest.approx(0.263407, abs=1e-6)


def test_wilson_draws_count_half() -> None:
    # two wins, a draw and two losses: p = 0.5 on n = 5 (the draw is half a win, and a game);
    # half = z sqrt(0.05 + z²/100) / (1 + z²/5) = 0.329576 by hand
    interval = rate_interval(2.5, 5)
    assert interval.value == 0.5 and interval.n == 5
    assert interval.low == pytest.approx(0.170424, abs=1e-6)
    assert interval.high == pytest.approx(0.829576, abs=1e-6)


def test_bootstrap_of_a_constant_is_the_constant() -> None:
    assert bootstrap([3.0] * 7, seed=5) == (3.0, 3.0)
    assert mean_interval([3.0] * 7).value == 3.0


def test_bootstrap_of_two_values_by_hand() -> None:
    # resample means of {0, 1} with n = 2: 0 (1/4), 0.5 (1/2), 1 (1/4): the 2.5% and
    # 97.5% quantiles of 4000 resamples are 0 and 1
    assert bootstrap([0.0, 1.0], resamples=4000) == (0.0, 1.0)


def test_bootstrap_is_seeded() -> None:
    values = [float(v) for v in range(20)]
    assert bootstrap(values, seed=3) == bootstrap(values, seed=3)
    low, high = bootstrap(values, seed=3)
    assert low < 9.5 < high


def test_sprt_bounds_and_steps_by_hand() -> None:
    test = SPRT(p0=0.5, p1=0.55, alpha=0.05, beta=0.05)
    assert test.upper == pytest.approx(math.log(19))  # 2.944
    assert test.lower == pytest.approx(-math.log(19))
    # a win adds log(1.1) = 0.09531: 2.944 / 0.09531 = 30.9, so the 31st straight win decides
    decisions = [test.add(1.0) for _ in range(31)]
    assert decisions[29] == "continue"
    assert decisions[30] == "H1"
    assert test.decided_at == 31
    assert test.llr == pytest.approx(31 * math.log(1.1))


def test_sprt_accepts_h0_after_28_losses() -> None:
    # a loss adds log(0.9) = -0.10536: 2.944 / 0.10536 = 27.9
    test = SPRT()
    decisions = [test.add(0.0) for _ in range(28)]
    assert decisions[26] == "continue" and decisions[27] == "H0"


def test_sprt_draw_moves_by_half_of_each() -> None:
    test = SPRT()
    test.add(0.5)
    assert test.llr == pytest.approx(0.5 * math.log(1.1) + 0.5 * math.log(0.9))


def test_sprt_refuses_bad_hypotheses() -> None:
    with pytest.raises(InvalidOptionError, match="p0 < p1"):
        SPRT(p0=0.6, p1=0.55)


@pytest.mark.parametrize("text", ["first=±2", "first=+-2", "first=2", " first = ±2% "])
def test_until_reads_plus_minus_points(text: str) -> None:
    assert parse_until(text) == ("first", 0.02)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("first", "expected TARGET"),
        ("second=2", "one of first, draw"),
        ("first=±x", "is not ±POINTS"),
        ("first=0", "must lie in"),
    ],
)
def test_until_refuses_bad_targets(text: str, message: str) -> None:
    with pytest.raises(InvalidOptionError, match=message):
        parse_until(text)


def test_games_for_half_width_by_hand() -> None:
    # z² / 4 / 0.02² = 3.841459 / 0.0016 = 2400.9
    assert games_for_half_width(0.02) == 2401
