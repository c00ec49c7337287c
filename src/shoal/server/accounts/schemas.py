"""The answers of the accounts' routes: signing up and in, the account, a profile."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..schemas import Out, ResultView

__all__ = [
    "ClaimedOut",
    "DeletedOut",
    "LanguageOut",
    "MeOut",
    "MyGame",
    "PasswordChanged",
    "Prefs",
    "PrefsOut",
    "ProfileOut",
    "RatingOut",
    "RatingWithSpeeds",
    "SignedOut",
    "SignedUp",
    "Username",
]


class SignedUp(Out):
    """A new account, signed in, and the games whose guest seats it took over."""

    username: str
    claimed: list[str]


class Username(Out):
    """The signed-in account's name."""

    username: str


class SignedOut(Out):
    """Signed out (``sessions``: how many sessions ended, when signing out everywhere)."""

    signed_out: bool
    sessions: int | None = Field(None, description="only when signing out everywhere")


class PasswordChanged(Out):
    """The password is changed (the other sessions ended)."""

    changed: bool


class Prefs(Out):
    """Board preferences (an account that never set them has none)."""

    coordinates: bool | None = None
    theme: str | None = None
    language: str | None = None


class LanguageOut(Out):
    """The language chosen, and whether the account keeps it (else this browser only)."""

    language: str
    account: bool


class SessionOut(Out):
    """Who this browser is: the signed-in account, or null for a guest (never a 401)."""

    account: MeOut | None


class MeOut(Out):
    """The signed-in account."""

    username: str
    created: str = Field(description="ISO 8601")
    prefs: Prefs


class PrefsOut(Out):
    """The preferences as stored."""

    prefs: Prefs


class ClaimedOut(Out):
    """The games whose seats were tied to the account."""

    claimed: list[str]


class DeletedOut(Out):
    """The account is deleted; its games stay under a neutral name."""

    deleted: bool
    games: int


class MyGame(Out):
    """A game the account holds a seat in, as lists show it."""

    id: str
    game: str
    title: str
    mode: str
    players: list[str]
    seats: list[int]
    opponent: str
    opponent_rating: str | None
    ply: int
    over: bool
    your_turn: bool
    result: ResultView | None
    won: bool | None
    updated: int = Field(description="the game's version")
    speed: Literal["live", "correspondence", "untimed"] = Field(
        description="live: a clock; correspondence: days per move; untimed: neither"
    )
    time_control: str | None = Field(description='"M+S" minutes plus seconds a turn, "Nd" days')
    rated: bool


class RatingOut(Out):
    """A rating at one speed."""

    rating: int
    rd: int
    games: int
    provisional: bool
    display: str
    speed: str


class RatingWithSpeeds(RatingOut):
    """A game's most played speed's rating, and the rating at each speed."""

    speeds: dict[str, RatingOut]


class ProfileOut(Out):
    """A player's profile: ratings by game, finished games and games in play."""

    username: str
    created: str = Field(description="ISO 8601")
    disabled: bool
    bot: bool = Field(False, description="a program or the server's own computer plays it")
    ratings: dict[str, RatingWithSpeeds] = Field(description="by game id")
    games: list[MyGame]
    playing: list[MyGame]
