"""Challenges as plain data: :class:`Challenge`, as the other domains see one."""

from __future__ import annotations

import dataclasses
import datetime
from typing import Any

__all__ = ["CHALLENGE_DAYS", "Challenge"]

CHALLENGE_DAYS = 7
"""A challenge not answered within this many days has expired."""


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
