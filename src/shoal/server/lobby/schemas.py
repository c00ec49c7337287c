"""The answers of the lobby's routes: seeks, and the seats of the games they start."""

from __future__ import annotations

from pydantic import Field

from ..schemas import OptionValue, Out

__all__ = ["SeatOut", "SeekCancelled", "SeekOut", "SeekSeat"]


class SeekOut(Out):
    """A seek as clients show it (never the guest's key)."""

    id: int
    game: str
    title: str
    options: dict[str, OptionValue]
    colour: str
    time_control: str | None
    correspondence: bool
    rated: bool
    creator: str
    account: bool = Field(description="the creator is an account (not a guest)")
    rating: str | None = Field(description="the creator's rating as shown")
    mine: bool
    bot: bool = Field(False, description="a program or the server's computer made it")


class SeatOut(Out):
    """The game a seek or challenge started, the reader's seat in it and its token."""

    game: str
    seat: int
    token: str
    url: str


class SeekSeat(Out):
    """The creator's seat token in the game its seek started."""

    game: str
    token: str
    url: str


class SeekCancelled(Out):
    """A withdrawn seek."""

    id: int
    cancelled: bool
