"""The answers of the ratings' routes: leaderboards, a game's rating changes, a history."""

from __future__ import annotations

from pydantic import Field

from ..schemas import Out

__all__ = ["GameRatings", "HistoryPoint", "Leader", "Leaderboard", "RatingHistory", "SeatRating"]


class Leader(Out):
    """A line of a leaderboard."""

    rank: int
    username: str
    rating: int
    rd: int
    games: int
    bot: bool = Field(False, description="a program or the server's computer plays it")


class Leaderboard(Out):
    """A game's top players, per speed: people and bots apart."""

    game: str
    title: str
    speeds: dict[str, list[Leader]] = Field(
        description="people (accounts that are not bots), by speed: live, correspondence"
    )
    bots: dict[str, list[Leader]] = Field(
        description="bot accounts (programs and the server's own levels), by speed"
    )


class SeatRating(Out):
    """A seat's rating as shown, and once settled its change and the rating before."""

    seat: int
    rating: str | None
    change: int | None
    before: int | None = Field(None, description="only once the game is settled")
    bot: bool = Field(False, description="a program or the server's computer plays the seat")


class GameRatings(Out):
    """A game's players' ratings (``unrated``: why a rated game did not count)."""

    rated: bool
    speed: str
    seats: list[SeatRating]
    unrated: str | None


class HistoryPoint(Out):
    """The rating after one rated game."""

    at: str = Field(description="ISO 8601, UTC")
    rating: int
    rd: int
    game_id: str | None


class RatingHistory(Out):
    """A player's ratings in a game over time, per speed, oldest first."""

    username: str
    game: str
    history: dict[str, list[HistoryPoint]] = Field(description="by speed")
