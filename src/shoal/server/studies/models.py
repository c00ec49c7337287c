"""Studies as plain data (:class:`Study`, :class:`Chapter`) and their limits."""

from __future__ import annotations

import dataclasses
import datetime
from typing import Any

__all__ = [
    "MAX_CHAPTERS",
    "MAX_COMMENT",
    "MAX_MEMBERS",
    "MAX_NODES",
    "MAX_TITLE",
    "VISIBILITIES",
    "Chapter",
    "Study",
]

VISIBILITIES = ("public", "unlisted", "private")
"""public: listed and open to all; unlisted: open to whoever has the link; private: only
the owner and the invited editors see it."""

MAX_CHAPTERS = 64
"""The most chapters a study holds."""

MAX_NODES = 3000
"""The most moves a chapter's tree holds."""

MAX_MEMBERS = 20
"""The most invited editors a study has."""

MAX_TITLE = 100
"""The longest title of a study or a chapter."""

MAX_COMMENT = 2000
"""The longest comment on a move."""


@dataclasses.dataclass(frozen=True)
class Study:
    """A study: its title, owner, visibility, sync, likes and members (account ids)."""

    id: str
    owner_id: int
    title: str
    visibility: str
    sync: bool
    sync_chapter: int | None
    sync_path: tuple[int, ...]
    likes: int
    members: tuple[int, ...]
    created: datetime.datetime
    updated: datetime.datetime
    hidden: bool = False
    """Hidden by a moderator (issue 61): seen by its owner and editors only, whatever its
    visibility, until a moderator shows it again."""

    def can_view(self, user_id: int | None) -> bool:
        """Public and unlisted studies are open to everyone; private and hidden ones to their
        editors."""
        return (self.visibility != "private" and not self.hidden) or self.can_edit(user_id)

    def can_edit(self, user_id: int | None) -> bool:
        """The owner and the invited editors change a study."""
        return user_id is not None and (user_id == self.owner_id or user_id in self.members)


@dataclasses.dataclass(frozen=True)
class Chapter:
    """A chapter: a game with options and a move tree (its JSON), at a version."""

    id: int
    study_id: str
    number: int
    name: str
    game: str
    options: dict[str, Any]
    tree: dict[str, Any]
    version: int
    updated: datetime.datetime
