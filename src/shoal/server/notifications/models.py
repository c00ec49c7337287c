"""A notification as plain data (other domains may use it)."""

from __future__ import annotations

import dataclasses
import datetime
from typing import Any

__all__ = ["Notice"]


@dataclasses.dataclass(frozen=True)
class Notice:
    """A notification as a client sees it."""

    id: int
    kind: str
    game_id: str | None
    text: str
    data: dict[str, Any]
    read: bool
    created: datetime.datetime

    def view(self) -> dict[str, Any]:
        """The JSON of a notification (``time`` in epoch seconds)."""
        return {
            "id": self.id,
            "kind": self.kind,
            "game": self.game_id,
            "text": self.text,
            "data": self.data,
            "read": self.read,
            "time": round(self.created.replace(tzinfo=datetime.UTC).timestamp(), 3),
        }
