"""Small statistics for game results: Wilson intervals and Elo differences.

>>> low, high = wilson(60, 100)
>>> round(low, 3), round(high, 3)
(0.502, 0.691)
>>> round(elo_difference(0.75), 1)
190.8
"""

from __future__ import annotations

import math

__all__ = ["Z95", "elo_difference", "wilson"]

Z95 = 1.959963984540054
"""The two-sided 95% normal quantile."""


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (draws may count as half successes)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def elo_difference(score: float) -> float:
    """The Elo difference that an expected score in (0, 1) corresponds to (clamped)."""
    score = min(max(score, 1e-4), 1 - 1e-4)
    return -400.0 * math.log10(1 / score - 1)
