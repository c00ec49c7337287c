"""A chapter's move tree: made from a position, a board's tree, a finished game or a record;
checked against the limits; written back as records with variations.

Every function here refuses bad input with an :class:`~shoal.server.errors.ApiError` in
words and changes nothing (nothing here writes to the database).
"""

from __future__ import annotations

import re
from typing import Any

from shoal import games
from shoal.core import Game, ShoalError
from shoal.records.record import Record
from shoal.records.tree import MoveTree
from shoal.records.treejson import read_tree, tree_record, write_tree

from ..errors import ApiError, check_error
from .models import MAX_CHAPTERS, MAX_COMMENT, MAX_NODES, Chapter

__all__ = [
    "build_game",
    "chapter_record",
    "check_comment",
    "check_tree",
    "export_chapter",
    "load_tree",
    "split_records",
    "trees_of_text",
]

_RECORD_START = re.compile(r"^\s*\[")


def build_game(game_id: str, options: dict[str, Any]) -> Game:
    """The game with its options (404: no such game; 400: a bad option)."""
    try:
        return games.REGISTRY.from_mapping(game_id, {k: str(v) for k, v in options.items()})
    except ShoalError as error:
        raise check_error(error) from None


def check_tree(tree: MoveTree) -> None:
    """Refuse a tree over the limits: too many moves, a long comment, a comment with a newline."""
    size = len(tree)
    if size > MAX_NODES:
        raise ApiError(
            400,
            "a chapter holds at most {max_nodes} moves, not {size}",
            max_nodes=MAX_NODES,
            size=size,
        )
    for path in (), *tree.paths():
        check_comment(tree.node(path).comment)


def check_comment(text: str) -> None:
    """A comment: one line of at most :data:`MAX_COMMENT` characters, no braces."""
    if len(text) > MAX_COMMENT:
        raise ApiError(
            400,
            "a comment has at most {max_comment} characters, not {length}",
            max_comment=MAX_COMMENT,
            length=len(text),
        )
    if "\n" in text or "\r" in text:
        raise ApiError(400, "a comment is one line: it cannot hold a line break")
    if "{" in text or "}" in text:
        raise ApiError(400, "a comment cannot hold { or }: they end comments in a record")


def load_tree(game: Game, data: Any) -> MoveTree:
    """A tree from its JSON (a board's, or a stored chapter's), checked."""
    try:
        tree = MoveTree.from_json_dict(game, data)
    except ValueError as error:
        raise ApiError(400, "the tree: {error}", error=error) from None
    check_tree(tree)
    return tree


def split_records(text: str) -> list[str]:
    """The records of a text holding one or more: each starts with its tags, after the
    previous one's moves (a JSON record stands alone)."""
    if text.lstrip().startswith("{"):
        return [text]
    records: list[list[str]] = [[]]
    in_moves = False
    for line in text.splitlines():
        if _RECORD_START.match(line) and in_moves:
            records.append([])
            in_moves = False
        elif line.strip() and not _RECORD_START.match(line) and not line.lstrip().startswith("#"):
            in_moves = True
        records[-1].append(line)
    return ["\n".join(lines) + "\n" for lines in records if any(x.strip() for x in lines)]


def trees_of_text(text: str) -> list[tuple[Record, MoveTree]]:
    """Every record in ``text`` with its tree (400 in words, naming the record, if one is bad)."""
    parts = split_records(text)
    if not parts:
        raise ApiError(400, "the text holds no record")
    if len(parts) > MAX_CHAPTERS:
        raise ApiError(
            400,
            "a study holds at most {max_chapters} chapters, not {count}",
            max_chapters=MAX_CHAPTERS,
            count=len(parts),
        )
    out = []
    for number, part in enumerate(parts, start=1):
        try:
            record, tree = read_tree(part)
        except ShoalError as error:
            if len(parts) > 1:
                raise ApiError(
                    400, "record {number}: {error}", number=number, error=error
                ) from None
            raise check_error(error) from None
        check_tree(tree)
        out.append((record, tree))
    return out


def chapter_record(tree: MoveTree, study_title: str, chapter: Chapter) -> Record:
    """The record of a chapter: its main line, tagged with the study and the chapter."""
    return tree_record(tree, Study=study_title, Chapter=chapter.name)


def export_chapter(study_title: str, chapter: Chapter, fmt: str) -> str:
    """A chapter as a text record with its variations (``text``) or a JSON record (``json``)."""
    game = build_game(chapter.game, chapter.options)
    tree = load_tree(game, chapter.tree)
    try:
        return write_tree(chapter_record(tree, study_title, chapter), tree, fmt)
    except ValueError as error:
        raise ApiError(400, str(error)) from None
