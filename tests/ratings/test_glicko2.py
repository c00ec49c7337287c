"""Glicko-2 against the worked example of Glickman's "Example of the Glicko-2 system" (2013)."""

from __future__ import annotations

import math

import pytest

from shoal.ratings import DEFAULT, Rating, Result, expected_score, update
from shoal.ratings.glicko2 import SCALE

EXAMPLE_PLAYER = Rating(1500, 200, 0.06)
EXAMPLE_RESULTS = [
    Result(Rating(1400, 30), 1.0),
    Result(Rating(1550, 100), 0.0),
    Result(Rating(1700, 300), 0.0),
]


def test_the_papers_example_to_three_decimals_on_the_glicko2_scale() -> None:
    """Steps 1-8: mu' = -0.2069, phi' = 0.8722, sigma' = 0.05999 (the paper's figures)."""
    after = update(EXAMPLE_PLAYER, EXAMPLE_RESULTS, tau=0.5)
    assert (after.r - 1500) / SCALE == pytest.approx(-0.2069, abs=0.0005)
    assert after.rd / SCALE == pytest.approx(0.8722, abs=0.0005)
    assert after.sigma == pytest.approx(0.05999, abs=0.0005)


def test_the_papers_example_on_the_glicko_scale() -> None:
    """Step 8: r' = 1464.06 and RD' = 151.52 (within the paper's rounding)."""
    after = update(EXAMPLE_PLAYER, EXAMPLE_RESULTS, tau=0.5)
    assert after.r == pytest.approx(1464.06, abs=0.05)
    assert after.rd == pytest.approx(151.52, abs=0.01)


def test_the_papers_expected_scores() -> None:
    """Step 3's E values of the example: 0.639, 0.432, 0.303."""
    got = [expected_score(EXAMPLE_PLAYER, r.opponent) for r in EXAMPLE_RESULTS]
    assert [round(x, 3) for x in got] == [0.639, 0.432, 0.303]


def test_a_period_without_games_only_widens_the_deviation() -> None:
    """Step 6 alone: phi' = sqrt(phi^2 + sigma^2); rating and volatility unchanged."""
    before = Rating(1620, 80, 0.06)
    after = update(before, [])
    assert after.r == before.r and after.sigma == before.sigma
    assert after.rd == pytest.approx(math.hypot(80 / SCALE, 0.06) * SCALE)


def test_the_deviation_never_grows_past_a_newcomers() -> None:
    """An idle newcomer stays at 350."""
    assert update(DEFAULT, []).rd == 350.0


def test_winning_raises_and_losing_lowers_and_both_narrow_the_deviation() -> None:
    """A win against an equal opponent raises the rating, a loss lowers it; RD shrinks."""
    win = update(DEFAULT, [Result(DEFAULT, 1.0)])
    loss = update(DEFAULT, [Result(DEFAULT, 0.0)])
    draw = update(DEFAULT, [Result(DEFAULT, 0.5)])
    assert win.r > 1500 > loss.r
    assert draw.r == pytest.approx(1500)
    assert win.r - 1500 == pytest.approx(1500 - loss.r)
    assert max(win.rd, loss.rd, draw.rd) < 350


def test_provisional_above_110_and_shown_with_a_question_mark() -> None:
    """A rating with deviation above 110 is provisional and shown as ``1500?``."""
    assert DEFAULT.provisional and DEFAULT.display() == "1500?"
    settled = Rating(1733.4, 60)
    assert not settled.provisional and settled.display() == "1733"
    assert Rating(1500, 110).display() == "1500"


@pytest.mark.parametrize("score", [2.0, -1.0, 0.3])
def test_a_score_other_than_win_draw_loss_is_refused(score: float) -> None:
    """A result's score is 1, 1/2 or 0; anything else is a clear error."""
    with pytest.raises(ValueError, match=r"a score is 1, 0\.5 or 0"):
        Result(DEFAULT, score)
