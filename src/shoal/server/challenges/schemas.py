"""The answers of the challenges' routes."""

from __future__ import annotations

from pydantic import Field

from ..schemas import OptionValue, Out

__all__ = ["ChallengeDetail", "ChallengeOut", "ChallengeStatus", "MyChallenges"]


class ChallengeOut(Out):
    """A challenge as its two players see it.

    When the challenged is one of the server's bots it accepts at once: ``status`` is then
    ``accepted``, ``game`` the new game's id, and ``seat``, ``token`` and ``url`` the
    challenger's seat in it.
    """

    id: int
    challenger: str
    challenged: str
    game: str
    title: str
    options: dict[str, OptionValue]
    colour: str
    time_control: str | None
    rated: bool
    status: str
    game_id: str | None
    created: str = Field(description="ISO 8601, UTC")
    seat: int | None = Field(None, description="only when accepted at once")
    token: str | None = Field(None, description="only when accepted at once")
    url: str | None = Field(None, description="only when accepted at once")


class MyChallenges(Out):
    """The reader's open challenges."""

    incoming: list[ChallengeOut]
    outgoing: list[ChallengeOut]


class ChallengeDetail(ChallengeOut):
    """One challenge, with the reader's side, its expiry and its game's page."""

    you: str = Field(description="challenger or challenged")
    expires: str = Field(description="ISO 8601, UTC")
    url: str | None = Field(description="the game's page once accepted")


class ChallengeStatus(Out):
    """A challenge's new status (``game`` is None on a decline)."""

    id: int
    status: str
    game: str | None = Field(None, description="only on a decline: None")
