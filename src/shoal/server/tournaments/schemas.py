"""The answers of the tournaments' routes: the list, an event, a new event's id."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from ..schemas import Number, OptionValue, Out

__all__ = [
    "Created",
    "EventChange",
    "EventOut",
    "EventSummary",
    "PairingOut",
    "PlayerLine",
    "RoundChange",
    "RoundOut",
    "StandingChange",
    "StandingLine",
]


class EventSummary(Out):
    """An event as the list shows it (times in ISO 8601, UTC)."""

    id: int
    name: str
    game: str
    options: dict[str, OptionValue]
    format: str = Field(description="swiss, arena or round_robin")
    rounds_planned: int | None = Field(description="a Swiss event's rounds")
    minutes: Number | None = Field(description="an arena's length")
    clock: str
    rated: bool
    starts: str = Field(description='a time, or "when_full"')
    max_players: int
    min_rating: int | None
    max_rating: int | None
    invited: list[str] | None
    status: str
    round: int
    started: str | None
    ends: str | None
    finished: str | None


class PlayerLine(Out):
    """An entrant."""

    name: str
    withdrawn: bool
    no_shows: int
    bot: bool = Field(False, description="a program or the server's computer plays it")


class PairingOut(Out):
    """A pairing of a round: the two players, the game, its result."""

    players: list[str]
    game: str | None
    result: str | None
    forfeit: bool
    finished: float | None = Field(description="epoch seconds")


class RoundOut(Out):
    """A round: its pairings, the player with the bye, when it was paired (epoch s)."""

    number: int
    pairings: list[PairingOut]
    bye: str | None
    paired: float


class StandingLine(Out):
    """A line of the standings."""

    player: str
    points: Number
    tiebreaks: dict[str, Number]
    rank: int


class EventOut(EventSummary):
    """An event: its players, rounds and standings, and the reader's part in it."""

    description: str
    players: list[PlayerLine]
    rounds: list[RoundOut]
    standings: list[StandingLine]
    joined: bool
    your_game: str | None
    your_games: list[str]
    creator: bool


class Created(Out):
    """The new event's id."""

    id: int


class StandingChange(Out):
    """A standings line whose points or tiebreaks changed (its rank: ``standings_ranks``)."""

    player: str
    points: Number
    tiebreaks: dict[str, Number]


class RoundChange(Out):
    """A round new or changed: its changed or new pairings by index."""

    number: int
    pairings: dict[str, PairingOut]
    bye: str | None
    paired: float


class EventChange(Out):
    """What changed on an event since the view of tag ``base`` (``tournaments/deltas.py``),
    or the whole ``view`` when the base is unknown; absent keys: nothing changed there."""

    tag: str
    base: str | None = None
    view: EventOut | None = None
    set: dict[str, Any] | None = None
    players: list[PlayerLine] | None = None
    players_order: list[str] | None = None
    standings: list[StandingChange] | None = None
    standings_order: list[str] | None = None
    standings_ranks: list[int] | None = None
    rounds: list[RoundChange] | None = None
