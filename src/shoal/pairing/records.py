"""What a tournament's pairers and standings work on: players, games, rounds, results.

Pure values, no I/O. A player is named by a string (an account's name on the server,
``p1``..``pN`` in a simulation). A game has a first seat and a second seat; its
result is written from the first seat's side: ``"1-0"`` (first seat won), ``"0-1"``
(second seat won), ``"1/2-1/2"`` (draw), or ``None`` while it is being played.

>>> game = Game(round=1, first="p1", second="p2", result="1-0")
>>> game.points_of("p1"), game.points_of("p2"), game.opponent_of("p2")
(1.0, 0.0, 'p1')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

__all__ = [
    "BYE_POINTS",
    "EVERY",
    "FORMATS",
    "MAX_PLAYERS",
    "RESULTS",
    "Format",
    "Game",
    "Pairing",
    "Result",
    "Round",
    "TournamentError",
    "check_max_players",
    "result_for",
]

Format = Literal["round_robin", "double_round_robin", "swiss", "arena"]
"""The formats, named as the API names them."""

FORMATS: tuple[Format, ...] = ("round_robin", "double_round_robin", "swiss", "arena")

MAX_PLAYERS: dict[str, int] = {
    "round_robin": 64,
    "double_round_robin": 64,
    "swiss": 200,
    "arena": 500,
}
"""The most players an event of each format takes (issue 59). An arena pairs whoever is
free, a few at a time once it runs (500 free at once: about a second); a Swiss pairs
everyone each round (200: about a second a round, 300: about 4 s on the 2-core machine);
a round robin of n players has n - 1 rounds (2 n - 2 doubled)."""


def check_max_players(fmt: str, max_players: int) -> None:
    """Refuse a ``max_players`` outside 2 and the format's :data:`MAX_PLAYERS`.

    >>> check_max_players("arena", 501)
    Traceback (most recent call last):
    ...
    shoal.pairing.records.TournamentError: max_players of an arena is 2 to 500, not 501
    """
    top = MAX_PLAYERS[fmt]
    if not 2 <= max_players <= top:
        what = {"arena": "an arena", "swiss": "a Swiss"}.get(fmt, "a round robin")
        raise TournamentError(f"max_players of {what} is 2 to {top}, not {max_players}")


EVERY = ("day", "week", "month")
"""How often a recurring event comes (:mod:`.schedules`)."""

Result = Literal["1-0", "0-1", "1/2-1/2"]
"""A finished game's result from the first seat's side."""

RESULTS: tuple[Result, ...] = ("1-0", "0-1", "1/2-1/2")

BYE_POINTS = 1.0
"""What a Swiss's pairing bye is worth (a win, as FIDE's Swiss rules and lichess give it).
A round robin's bye is a rest and scores nothing (see :mod:`.standings`)."""

_FIRST_POINTS: dict[str, float] = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


class TournamentError(ValueError):
    """A request a tournament cannot take (a bad format, size, result...); nothing changes."""


@dataclass(frozen=True, slots=True)
class Pairing:
    """Two players to meet: ``first`` takes the first seat, ``second`` the second."""

    first: str
    second: str

    @property
    def players(self) -> tuple[str, str]:
        """The two players, first seat first."""
        return (self.first, self.second)


@dataclass(frozen=True, slots=True)
class Round:
    """A round's pairings and the player with the pairing bye (or ``None``)."""

    number: int
    pairings: tuple[Pairing, ...]
    bye: str | None = None

    def players(self) -> set[str]:
        """Everyone this round seats or gives the bye to."""
        seated = {name for pairing in self.pairings for name in pairing.players}
        return seated | ({self.bye} if self.bye else set())


@dataclass(frozen=True, slots=True)
class Game:
    """A game of a round (``round`` counts from 1; an arena numbers its pairing moments).

    ``forfeit`` marks a game lost without being played (a no-show or a withdrawal):
    it scores like a loss for the absent player and a win for the other, but counts
    as no game played for the seat balance and as no win over the board.
    """

    round: int
    first: str
    second: str
    result: Result | None = None
    forfeit: bool = False
    finished_at: float = field(default=0.0, compare=False)

    def __post_init__(self) -> None:
        if self.first == self.second:
            raise TournamentError(f"{self.first} cannot play themselves")
        if self.result is not None and self.result not in RESULTS:
            raise TournamentError(f"unknown result {self.result!r}: one of {', '.join(RESULTS)}")

    @property
    def players(self) -> tuple[str, str]:
        """The two players, first seat first."""
        return (self.first, self.second)

    def opponent_of(self, player: str) -> str:
        """The other player of this game."""
        if player == self.first:
            return self.second
        if player == self.second:
            return self.first
        raise TournamentError(f"{player} does not play this game")

    def points_of(self, player: str) -> float:
        """The game points ``player`` scored (0, 0.5 or 1); 0 while the game is on."""
        if self.result is None:
            return 0.0
        first = _FIRST_POINTS[self.result]
        return first if player == self.first else 1.0 - first

    def outcome_of(self, player: str) -> Literal["win", "draw", "loss"] | None:
        """``win``, ``draw`` or ``loss`` for ``player``; ``None`` while the game is on."""
        if self.result is None:
            return None
        points = self.points_of(player)
        return "win" if points == 1.0 else "draw" if points == 0.5 else "loss"


def result_for(first_points: float) -> Result:
    """The result string for the first seat's points (1, 0.5 or 0).

    >>> result_for(0.5)
    '1/2-1/2'
    """
    for result, points in _FIRST_POINTS.items():
        if points == first_points:
            return result  # type: ignore[return-value]
    raise TournamentError(f"a game is worth 1, 0.5 or 0 points, not {first_points}")
