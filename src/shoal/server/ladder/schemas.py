"""The answers of the ladder's routes: the ladders, one ladder's players and games."""

from __future__ import annotations

from pydantic import Field

from ..schemas import Number, Out

__all__ = [
    "LadderBudgetOut",
    "LadderGameOut",
    "LadderIndex",
    "LadderMethod",
    "LadderOut",
    "LadderPlayer",
    "LadderSummary",
]


class LadderPlayer(Out):
    """A player's line: its rating and interval, its games."""

    name: str
    kind: str = Field(description="engine, bot, python, baseline, or anchor (a pinned level)")
    spec: str
    anchor: bool = Field(description="whether its rating is pinned")
    budget: str = Field(description="time, iterations, or pinned level")
    rating: float | None
    interval: list[float | None] = Field(description="the 95% interval [low, high]")
    games: int
    wins: int
    draws: int
    losses: int
    forfeits: int = Field(description="games lost over its budget, by a crash or an illegal action")


class LadderGameOut(Out):
    """A ladder game (its record: ``/api/ladder/{key}/games/{index}/record``)."""

    index: int
    players: list[str] = Field(description="seat 0 (moves first), seat 1")
    seed: int
    result: str
    reason: str
    actions: int
    forfeit: str | None
    longest_turn: list[Number] = Field(description="each seat's longest turn, seconds")
    cpu_seconds: list[Number | None]


class LadderBudgetOut(Out):
    """What a turn may spend."""

    seconds: Number
    grace: Number
    iterations: int
    cap: Number


class LadderMethod(Out):
    """How the ratings were fitted (Bayesian Elo)."""

    name: str
    advantage: Number
    drawelo: Number
    scale: Number
    prior: Number
    confidence: Number
    held: list[str]


class LadderSummary(Out):
    """A ladder in the list."""

    key: str
    game: str
    title: str
    options: dict[str, str]
    players: int
    games: int
    leader: str | None = Field(description="the best-rated agent that is not an anchor")
    finished: str


class LadderIndex(Out):
    """Every ladder the site shows."""

    ladders: list[LadderSummary]


class LadderOut(Out):
    """One ladder: its game, budget, method, players (best first) and games."""

    key: str
    game: str
    title: str
    options: dict[str, str]
    rules_version: str
    budget: LadderBudgetOut
    method: LadderMethod
    players: list[LadderPlayer]
    games: list[LadderGameOut]
    started: str
    finished: str
    command: str
    machine: dict[str, str | int | float | None] = Field(
        description="system, cores, pinned_core, python, load_start, load_end (1-minute load)"
    )
