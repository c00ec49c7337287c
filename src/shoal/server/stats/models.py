"""The answers of the stats domain."""

from __future__ import annotations

from pydantic import BaseModel

__all__ = ["RateOut", "StatsOut", "StatsRowOut"]


class RateOut(BaseModel):
    """A rate with its 95% interval and the number of games."""

    value: float
    low: float
    high: float
    n: int
    method: str


class StatsRowOut(BaseModel):
    """One rating band at one speed (``all`` sums them)."""

    band: str
    speed: str
    games: int
    first: RateOut
    draws: RateOut
    disagrees_with: list[str]
    flagged: bool


class StatsOut(BaseModel):
    """A game's human statistics and the AI figures they were compared with."""

    game: str
    title: str
    rows: list[StatsRowOut]
    references: dict[str, RateOut]
    report: str | None
    """The command that made the AI figures, or None without a metric report."""
