"""The answers of the studies' routes: the list, a study, a chapter and its tree, the
results of a change."""

from __future__ import annotations

from pydantic import Field

from ..analysis.schemas import TreeOut
from ..schemas import GameRef, OptionValue, Out

__all__ = [
    "ChapterEdited",
    "ChapterIds",
    "ChapterOut",
    "ChapterRef",
    "ChapterRenamed",
    "Deleted",
    "Likes",
    "Members",
    "StudyCreated",
    "StudyDeleted",
    "StudyOut",
    "StudyPosition",
    "StudySummary",
]


class StudySummary(Out):
    """A study in a list: its games, likes and last change (ISO 8601)."""

    id: str
    title: str
    owner: str
    visibility: str
    likes: int
    games: list[str]
    updated: str


class StudyPosition(Out):
    """The owner's position, which followers see: a chapter and the path of move indices."""

    chapter: int | None
    path: list[int]


class ChapterRef(Out):
    """A chapter in a study's list."""

    id: int
    name: str
    game: str


class StudyOut(Out):
    """A study for a reader: its members, chapters, sync and likes, and the reader's rights."""

    id: str
    title: str
    owner: str
    visibility: str
    hidden: bool = Field(False, description="hidden by a moderator: only its editors see it")
    sync: bool
    position: StudyPosition
    members: list[str]
    likes: int
    liked: bool
    can_edit: bool
    is_owner: bool
    chapters: list[ChapterRef]
    created: str = Field(description="ISO 8601")
    updated: str = Field(description="ISO 8601")


class ChapterOut(Out):
    """A chapter: its game, options, sides and annotated tree, and its version."""

    id: int
    study: str
    name: str
    game: GameRef
    options: dict[str, OptionValue]
    sides: list[str]
    tree: TreeOut
    version: int


class StudyCreated(Out):
    """The new study's id."""

    id: str


class StudyDeleted(Out):
    """The deleted study's id."""

    deleted: str


class Deleted(Out):
    """The deleted chapter's id."""

    deleted: int


class Members(Out):
    """The study's editors."""

    members: list[str]


class Likes(Out):
    """The study's likes, and whether the reader likes it."""

    likes: int
    liked: bool


class ChapterIds(Out):
    """The new chapters' ids."""

    ids: list[int]


class ChapterRenamed(Out):
    """The chapter's new name."""

    id: int
    name: str


class ChapterEdited(Out):
    """The chapter after the change, and the path of the move it concerns."""

    chapter: ChapterOut
    path: list[int]
