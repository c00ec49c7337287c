"""The lobby's plain data: :class:`Seek` and :class:`Challenge`, as the other domains see them."""

from __future__ import annotations

import dataclasses
import datetime
from typing import Any

__all__ = ["CHALLENGE_DAYS", "Challenge", "Seek"]

CHALLENGE_DAYS = 7
"""A challenge not answered within this many days has expired."""


@dataclasses.dataclass(frozen=True)
class Seek:
    """A seek as plain data (``guest_hash`` never leaves the server)."""

    id: int
    game: str
    options: dict[str, Any]
    colour: str
    time_control: str | None
    rated: bool
    user_id: int | None
    guest_hash: str | None
    name: str
    status: str
    game_id: str | None
    created: datetime.datetime


@dataclasses.dataclass(frozen=True)
class Challenge:
    """A challenge as plain data; ``status`` reads ``expired`` once 7 days have passed."""

    id: int
    challenger: int
    challenged: int
    game: str
    options: dict[str, Any]
    colour: str
    time_control: str | None
    rated: bool
    status: str
    game_id: str | None
    created: datetime.datetime
