"""Intervals and sequential tests for game results: Wilson, seeded bootstrap, SPRT.

Every rate a metric report prints carries a 95% Wilson score interval
(:func:`shoal.analysis.stats.wilson`, draws counted as half where a score is
meant); every mean carries a percentile bootstrap interval drawn from a seeded
generator (:func:`bootstrap`), so the same games give the same interval on every
run. :class:`SPRT` is Wald's sequential probability ratio test on the first
player's score, and :func:`parse_until` reads the ``--until "first=±2"`` target.

>>> bootstrap([2.0, 2.0, 2.0])
(2.0, 2.0)
>>> test = SPRT(p0=0.5, p1=0.55)
>>> [test.add(1.0) for _ in range(31)][-2:]
['continue', 'H1']
>>> parse_until("first=+-2")
('first', 0.02)
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable, Sequence

from shoal.analysis.stats import Z95, wilson
from shoal.core import InvalidOptionError

__all__ = [
    "SPRT",
    "Interval",
    "bootstrap",
    "bootstrap_statistic",
    "mean_interval",
    "parse_until",
    "rate_interval",
    "wilson",
]

BOOTSTRAP_RESAMPLES = 1000
"""Resamples per bootstrap interval (the percentiles move by well under a point past it)."""

UNTIL_TARGETS = ("first", "draw")
"""What ``--until`` can pin down: the first player's score rate, or the draw rate."""


@dataclasses.dataclass(frozen=True)
class Interval:
    """An estimate with its 95% interval, how it was made and over how many items."""

    value: float
    low: float
    high: float
    n: int
    method: str
    """``"wilson"``, ``"bootstrap"`` or ``"none"`` (a count or a bound, not sampled)."""

    def as_dict(self) -> dict[str, float | int | str]:
        """JSON-ready."""
        return dataclasses.asdict(self)

    @property
    def half_width(self) -> float:
        """Half the interval's width (the ``±`` of a target)."""
        return (self.high - self.low) / 2


def rate_interval(successes: float, trials: int) -> Interval:
    """A rate (successes may be fractional: draws as half) with its Wilson interval.

    >>> i = rate_interval(60, 100)
    >>> round(i.value, 2), round(i.low, 3), round(i.high, 3)
    (0.6, 0.502, 0.691)
    """
    low, high = wilson(successes, trials)
    return Interval(successes / trials if trials else 0.0, low, high, trials, "wilson")


def _percentile(ordered: Sequence[float], q: float) -> float:
    """The ``q`` quantile of sorted values, linear between neighbours (numpy's default)."""
    if len(ordered) == 1:
        return ordered[0]
    position = q * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)


def bootstrap_statistic(
    items: Sequence[object],
    statistic: Callable[[Sequence[object]], float],
    *,
    seed: int = 0,
    resamples: int = BOOTSTRAP_RESAMPLES,
) -> tuple[float, float]:
    """The 95% percentile bootstrap interval of ``statistic`` over ``items``.

    Each resample draws ``len(items)`` items with replacement from
    ``random.Random(seed)``; the interval is the 2.5% and 97.5% quantiles of
    the statistic over the resamples. Empty input gives ``(0.0, 0.0)``.
    """
    if not items:
        return (0.0, 0.0)
    rng = random.Random(seed)
    n = len(items)
    values = sorted(statistic(rng.choices(items, k=n)) for _ in range(resamples))
    return (_percentile(values, 0.025), _percentile(values, 0.975))


def _mean(values: Sequence[object]) -> float:
    return math.fsum(values) / len(values)  # type: ignore[arg-type]


def bootstrap(
    values: Sequence[float], *, seed: int = 0, resamples: int = BOOTSTRAP_RESAMPLES
) -> tuple[float, float]:
    """The 95% percentile bootstrap interval of the mean of ``values`` (seeded).

    >>> bootstrap([0.0, 1.0], resamples=4000)
    (0.0, 1.0)
    """
    return bootstrap_statistic(values, _mean, seed=seed, resamples=resamples)


def mean_interval(
    values: Sequence[float], *, seed: int = 0, resamples: int = BOOTSTRAP_RESAMPLES
) -> Interval:
    """The mean of ``values`` with its seeded bootstrap interval.

    >>> mean_interval([3.0, 3.0]).as_dict()["low"]
    3.0
    """
    if not values:
        return Interval(0.0, 0.0, 0.0, 0, "bootstrap")
    low, high = bootstrap(values, seed=seed, resamples=resamples)
    return Interval(math.fsum(values) / len(values), low, high, len(values), "bootstrap")


class SPRT:
    """Wald's SPRT on a score: H0 ``p = p0`` against H1 ``p = p1`` (``p1 > p0``).

    Each game adds its score for the tested side (1 a win, 0.5 a draw, 0 a loss);
    the log-likelihood ratio moves by ``s log(p1/p0) + (1-s) log((1-p1)/(1-p0))``
    (a draw as half a win and half a loss). The test accepts H1 ("favoured")
    once the ratio reaches ``log((1-beta)/alpha)`` and H0 ("not favoured") once
    it falls to ``log(beta/(1-alpha))``; until then it says ``"continue"``.
    With ``p0 = 0.5``, ``p1 = 0.55`` and ``alpha = beta = 0.05`` a win adds
    ``log 1.1 = 0.0953``, a loss ``log 0.9 = -0.1054``, the bounds are
    ``±log 19 = ±2.944``: 31 straight wins accept H1, 28 straight losses H0.
    """

    def __init__(
        self, p0: float = 0.5, p1: float = 0.55, alpha: float = 0.05, beta: float = 0.05
    ) -> None:
        if not 0 < p0 < p1 < 1:
            raise InvalidOptionError(f"SPRT needs 0 < p0 < p1 < 1, not p0={p0}, p1={p1}")
        if not (0 < alpha < 0.5 and 0 < beta < 0.5):
            raise InvalidOptionError("SPRT error rates must lie between 0 and 0.5")
        self.p0, self.p1, self.alpha, self.beta = p0, p1, alpha, beta
        self.upper = math.log((1 - beta) / alpha)
        self.lower = math.log(beta / (1 - alpha))
        self._win = math.log(p1 / p0)
        self._loss = math.log((1 - p1) / (1 - p0))
        self.llr = 0.0
        self.games = 0
        self.decision = "continue"
        self.decided_at: int | None = None

    def add(self, score: float) -> str:
        """Add one game's score; the decision so far (kept once reached)."""
        self.games += 1
        self.llr += score * self._win + (1 - score) * self._loss
        if self.decision == "continue":
            if self.llr >= self.upper:
                self.decision, self.decided_at = "H1", self.games
            elif self.llr <= self.lower:
                self.decision, self.decided_at = "H0", self.games
        return self.decision

    def as_dict(self) -> dict[str, object]:
        """JSON-ready: hypotheses, bounds, ratio, decision and when it came."""
        return {
            "p0": self.p0,
            "p1": self.p1,
            "alpha": self.alpha,
            "beta": self.beta,
            "lower": self.lower,
            "upper": self.upper,
            "llr": self.llr,
            "games": self.games,
            "decision": self.decision,
            "decided_at": self.decided_at,
        }


def parse_until(text: str) -> tuple[str, float]:
    """``"first=±2"`` (or ``first=+-2``, ``first=2``) as ``("first", 0.02)``: a target
    and its 95% half-width in points (percentage points, above 0 and at most 50).

    >>> parse_until("first=±2.5")
    ('first', 0.025)
    >>> parse_until("first=3%")
    ('first', 0.03)
    >>> parse_until("second=2")
    Traceback (most recent call last):
    ...
    shoal.core.errors.InvalidOptionError: --until 'second=2': the target is one of first, draw
    """
    name, sep, value = text.partition("=")
    name = name.strip()
    if not sep:
        raise InvalidOptionError(f"--until {text!r}: expected TARGET=±POINTS, e.g. first=±2")
    if name not in UNTIL_TARGETS:
        raise InvalidOptionError(
            f"--until {text!r}: the target is one of {', '.join(UNTIL_TARGETS)}"
        )
    number = value.strip().removeprefix("±").removeprefix("+-").removesuffix("%").strip()
    try:
        points = float(number)
    except ValueError:
        raise InvalidOptionError(f"--until {text!r}: {value.strip()!r} is not ±POINTS") from None
    if not 0 < points <= 50:
        raise InvalidOptionError(f"--until {text!r}: the points must lie in (0, 50]")
    return name, points / 100


def games_for_half_width(half_width: float, rate: float = 0.5) -> int:
    """About how many games a rate near ``rate`` needs for a 95% half-width (normal rule).

    >>> games_for_half_width(0.02)
    2401
    """
    return math.ceil(Z95 * Z95 * rate * (1 - rate) / (half_width * half_width))
