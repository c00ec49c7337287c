"""Compensation search: the value of a compensating option that makes the first player's
score 50% at a chosen level, by bisection with intervals, within a stated budget.

A game declares which options compensate (``option(..., compensation=True)``;
Sytran's group penalty ``penalty``). The search assumes the first player's score
moves monotonically with the value. It plays ``games`` games at each end of the
range, then bisects: at each midpoint it plays ``games`` games and, while the
95% Wilson interval still contains 50% and the budget allows, as many again;
the bracket moves by the interval when it excludes 50% and by the point
estimate otherwise. It stops when the bracket is one ``step`` wide, when the
game or time budget is spent, or when both ends favour the same side (significantly);
when the final bracket's ends do not straddle 50% even by their point estimates, the
stop reason says the fair value may lie outside the range.

The reported value is the evaluated value whose score is closest to 50%; its
interval runs from the nearest value on its one side whose score is
significantly above 50% (or below) to the nearest on the other side whose score
is significantly on the other side of 50% (the range's end where none is),
so the fair value lies inside it if the score is monotonic.

>>> from shoal.core import OptionInfo
>>> _grid(OptionInfo("p", 8, "", "int", None, 0, 50, False, True), None, None)
(0, 50, 1)
"""

from __future__ import annotations

import dataclasses
import math
import re
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from shoal.core import Game, InvalidOptionError, OptionInfo, options_to_strings

from .intervals import Interval, rate_interval
from .trace import GameTrace, run_traces

__all__ = ["CompensationResult", "compensating_options", "find_compensation"]


def compensating_options(game: Game) -> list[OptionInfo]:
    """The options ``game`` declares as compensating (numbers only).

    >>> from shoal.games import get
    >>> [info.name for info in compensating_options(get("sytran"))]
    ['penalty']
    """
    return [
        info
        for info in type(game).option_infos()
        if info.compensation and info.kind in ("int", "float")
    ]


def _reason_kind(reason: str) -> str:
    return re.sub(r"-?\d+", "N", reason)


@dataclasses.dataclass(frozen=True)
class CompensationResult:
    """The balancing value, its interval, what was evaluated, and why the search stopped."""

    option: str
    level: str
    value: float
    interval: tuple[float, float]
    rate: Interval
    """The first player's score at ``value``."""
    reasons: dict[str, int]
    """How the games at ``value`` ended (numbers in reasons replaced by N)."""
    points: tuple[tuple[float, Interval], ...]
    """Every evaluated value with the first player's score there, in value order."""
    stop: str
    games: int
    seconds: float

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "option": self.option,
            "level": self.level,
            "value": self.value,
            "interval": list(self.interval),
            "rate": self.rate.as_dict(),
            "reasons": self.reasons,
            "points": [{"value": v, "first": r.as_dict()} for v, r in self.points],
            "stop": self.stop,
            "games": self.games,
            "seconds": self.seconds,
        }


def _grid(info: OptionInfo, low: float | None, high: float | None) -> tuple[float, float, float]:
    lo = low if low is not None else info.minimum
    hi = high if high is not None else info.maximum
    if lo is None or hi is None:
        raise InvalidOptionError(f"option {info.name}: give the search range (--range LOW:HIGH)")
    if hi <= lo:
        raise InvalidOptionError(f"option {info.name}: the range {lo:g}:{hi:g} is empty")
    if info.kind == "int":
        return math.ceil(lo), math.floor(hi), 1
    return float(lo), float(hi), (float(hi) - float(lo)) / 64


def _side(rate: Interval) -> int:
    """+1 when the score is significantly above 50%, -1 below, 0 when 50% is inside."""
    return 1 if rate.low > 0.5 else -1 if rate.high < 0.5 else 0


def find_compensation(
    game: Game,
    option: str,
    level: str,
    *,
    games_per_point: int,
    max_games: int,
    max_seconds: float | None = None,
    low: float | None = None,
    high: float | None = None,
    first_seed: int = 0,
    workers: int = 1,
    progress: Callable[[float, Interval], None] | None = None,
) -> CompensationResult:
    """Bisect ``option`` of ``game`` for the first player's 50% at ``level`` v ``level``."""
    infos = {info.name: info for info in compensating_options(game)}
    if option not in infos:
        declared = ", ".join(infos) or "none"
        raise InvalidOptionError(
            f"{game.id}: {option!r} is not a compensating option (declared: {declared})"
        )
    if games_per_point < 1 or max_games < 2 * games_per_point:
        raise InvalidOptionError("the budget must cover at least both ends of the range")
    info = infos[option]
    lo, hi, step = _grid(info, low, high)
    base = options_to_strings(game.options)
    played: dict[float, list[GameTrace]] = {}
    start = time.perf_counter()

    def spent() -> int:
        return sum(len(t) for t in played.values())

    def out_of_time() -> bool:
        return max_seconds is not None and time.perf_counter() - start >= max_seconds

    def play(value: float, count: int) -> Interval:
        count = min(count, max_games - spent())
        have = played.setdefault(value, [])
        if count > 0:
            text = str(int(value)) if info.kind == "int" else f"{value:g}"
            variant = type(game).with_options({**base, option: text})
            seeds = range(first_seed + len(have), first_seed + len(have) + count)
            have.extend(
                run_traces(variant, level, level, seeds, workers=workers, clarity_children=0)
            )
        rate = rate_interval(math.fsum(t.first_score for t in have), len(have))
        if progress:
            progress(value, rate)
        return rate

    low_rate, high_rate = play(lo, games_per_point), play(hi, games_per_point)
    # orient: "down" is the end whose score lies below 50% by the point estimate
    increasing = high_rate.value >= low_rate.value
    below, above = (lo, hi) if increasing else (hi, lo)
    stop = "resolution reached"
    if _side(low_rate) == _side(high_rate) != 0:
        stop = "no balancing value in range"
    else:
        while abs(above - below) > step:
            if spent() >= max_games:
                stop = "game budget spent"
                break
            if out_of_time():
                stop = "time budget spent"
                break
            mid = (below + above) / 2
            mid = round(mid) if info.kind == "int" else mid
            if mid in (below, above):
                break
            rate = play(mid, games_per_point)
            if _side(rate) == 0 and spent() < max_games and not out_of_time():
                rate = play(mid, games_per_point)
            if rate.value < 0.5:
                below = mid
            else:
                above = mid
    if stop not in ("no balancing value in range",) and played.get(below) and played.get(above):
        rate_below = math.fsum(t.first_score for t in played[below]) / len(played[below])
        rate_above = math.fsum(t.first_score for t in played[above]) / len(played[above])
        if rate_below >= 0.5 or rate_above < 0.5:
            # the bracket's ends do not straddle 50% even by their point estimates
            stop += "; no sign change in the bracket: the fair value may lie outside the range"
    points = tuple(
        sorted(
            (value, rate_interval(math.fsum(t.first_score for t in ts), len(ts)))
            for value, ts in played.items()
            if ts
        )
    )
    best_value, best_rate = min(points, key=lambda p: (abs(p[1].value - 0.5), -p[1].n))
    # the interval: the nearest significantly-off values on either side of the best one
    lower_bound, upper_bound = float(lo), float(hi)
    for value, rate in points:
        if value < best_value and _side(rate) != 0:
            lower_bound = max(lower_bound, value)
        if value > best_value and _side(rate) != 0:
            upper_bound = min(upper_bound, value)
    reasons = Counter(_reason_kind(t.reason) for t in played[best_value])
    return CompensationResult(
        option=option,
        level=level,
        value=best_value,
        interval=(lower_bound, upper_bound),
        rate=best_rate,
        reasons=dict(reasons.most_common()),
        points=points,
        stop=stop,
        games=spent(),
        seconds=time.perf_counter() - start,
    )
