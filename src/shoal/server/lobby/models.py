"""The lobby's plain data: :class:`Seek`, as the other domains see it."""

from __future__ import annotations

import dataclasses
import datetime
from typing import Any

__all__ = ["Seek"]


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
