"""Glicko-2, as Mark Glickman's "Example of the Glicko-2 system" (2013) words it.

A :class:`Rating` is a rating ``r``, a rating deviation ``rd`` and a volatility
``sigma`` on the Glicko scale (1500 / 350 / 0.06 for a newcomer). :func:`update`
applies one rating period: the player's results against opponents as they were
rated at the start of the period. A period with no game only widens the
deviation. A rating whose deviation is above :data:`PROVISIONAL_RD` is shown
provisional (``1500?``).

The paper's worked example (a 1500 / 200 / 0.06 player who beats a 1400 / 30
and loses to a 1550 / 100 and to a 1700 / 300, with tau 0.5):

>>> r = update(Rating(1500, 200, 0.06), [Result(Rating(1400, 30), 1.0),
...     Result(Rating(1550, 100), 0.0), Result(Rating(1700, 300), 0.0)], tau=0.5)
>>> round(r.r, 1), round(r.rd, 2), round(r.sigma, 6)
(1464.1, 151.52, 0.059996)
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence

__all__ = [
    "DEFAULT",
    "PROVISIONAL_RD",
    "SCALE",
    "TAU",
    "Rating",
    "Result",
    "expected_score",
    "update",
]

SCALE = 173.7178
"""Glicko points per Glicko-2 unit (400 / ln 10)."""

TAU = 0.5
"""The system constant: how much the volatility may change in a period (the paper suggests
0.3 to 1.2; 0.5 is its example's and lichess's value)."""

PROVISIONAL_RD = 110.0
"""A rating with a deviation above this is provisional."""

_EPSILON = 0.000001
"""The paper's convergence tolerance for the volatility."""


@dataclasses.dataclass(frozen=True, slots=True)
class Rating:
    """A Glicko-2 rating: ``r`` (rating), ``rd`` (deviation), ``sigma`` (volatility)."""

    r: float = 1500.0
    rd: float = 350.0
    sigma: float = 0.06

    @property
    def provisional(self) -> bool:
        """True while the deviation is above :data:`PROVISIONAL_RD`."""
        return self.rd > PROVISIONAL_RD

    def display(self) -> str:
        """The rating as players see it: ``1523``, or ``1500?`` while provisional."""
        return f"{round(self.r)}{'?' if self.provisional else ''}"


DEFAULT = Rating()
"""A newcomer's rating: 1500, deviation 350, volatility 0.06."""


@dataclasses.dataclass(frozen=True, slots=True)
class Result:
    """One game of a period: the opponent's rating at the period's start, the score (1, 1/2, 0)."""

    opponent: Rating
    score: float

    def __post_init__(self) -> None:
        if self.score not in (0.0, 0.5, 1.0):
            raise ValueError(f"a score is 1, 0.5 or 0, not {self.score!r}")


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The player's expected score against ``opponent`` (between 0 and 1).

    >>> round(expected_score(Rating(1500, 200), Rating(1400, 30)), 3)
    0.639
    """
    return _expected(
        (player.r - 1500.0) / SCALE, (opponent.r - 1500.0) / SCALE, opponent.rd / SCALE
    )


def _volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of the paper: the new volatility by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2.0 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > _EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(player: Rating, results: Sequence[Result], tau: float = TAU) -> Rating:
    """The player's rating after one rating period with ``results`` (steps 1 to 8 of the paper).

    With no results only the deviation grows (step 6 alone), up to a newcomer's 350.

    >>> update(DEFAULT, []).rd
    350.0
    >>> round(update(Rating(1500, 50), []).rd, 2)
    51.07
    """
    mu = (player.r - 1500.0) / SCALE
    phi = player.rd / SCALE
    if not results:
        grown = math.sqrt(phi * phi + player.sigma * player.sigma) * SCALE
        return Rating(player.r, min(grown, DEFAULT.rd), player.sigma)
    inverse_v = 0.0
    total = 0.0
    for result in results:
        mu_j = (result.opponent.r - 1500.0) / SCALE
        phi_j = result.opponent.rd / SCALE
        g = _g(phi_j)
        e = _expected(mu, mu_j, phi_j)
        inverse_v += g * g * e * (1.0 - e)
        total += g * (result.score - e)
    v = 1.0 / inverse_v
    delta = v * total
    sigma = _volatility(player.sigma, phi, v, delta, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * total
    return Rating(1500.0 + SCALE * mu_new, SCALE * phi_new, sigma)
