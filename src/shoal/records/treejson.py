"""JSON records that carry a move tree, and one reader of records with trees in both formats.

A JSON record (``format: shoal-record``) may hold a ``tree`` beside its
``turns``: the flat tree of :meth:`MoveTree.to_json_dict
<shoal.records.tree.MoveTree.to_json_dict>` (the start position and every
move with its parent). ``turns`` stay the main line, so a reader that knows
nothing of trees still reads the game; old JSON records (no ``tree``) read as
their main line. A tree whose main line is not the record's turns is refused.

>>> from shoal.games import get
>>> from shoal.records.tree import MoveTree
>>> game = get("connect4")
>>> tree = MoveTree(game, game.initial(), [3, 3])
>>> variation = tree.add((0,), 2)
>>> record = Record.from_actions(game, tree.mainline(), seed=0)
>>> again = read_tree(write_tree_json(record, tree))[1]
>>> again.same(tree)
True
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from shoal.core import RecordError

from .movetext import read_tree_record, write_tree_record
from .record import Record, _check_size, read_json
from .tree import MoveTree

__all__ = ["read_tree", "read_tree_json", "tree_record", "write_tree", "write_tree_json"]


def write_tree_json(record: Record, tree: MoveTree) -> str:
    """A JSON record of ``tree``: ``record``'s fields with the tree's main line, and the tree."""
    main = dataclasses.replace(record, actions=tree.mainline())
    data = main.to_json_dict()
    data["tree"] = tree.to_json_dict()
    return json.dumps(data, indent=1)


def read_tree_json(text: str | bytes) -> tuple[Record, MoveTree]:
    """A JSON record and its tree (its main line when it carries none); RecordError in words."""
    record = read_json(text)
    data = json.loads(text)
    if "tree" not in data:
        return record, MoveTree(record.game, record.start_state(), record.actions)
    try:
        tree = MoveTree.from_json_dict(record.game, data["tree"])
    except ValueError as error:
        raise RecordError(f"tree: {error}") from None
    if tree.start.position() != record.start_state().position():
        raise RecordError("the tree starts from another position than the record")
    if tree.mainline() != record.actions:
        raise RecordError("the tree's main line is not the record's turns")
    return record, tree


def read_tree(text: str | bytes) -> tuple[Record, MoveTree]:
    """Any record, text or JSON, with or without variations: the main line's record and the tree."""
    _check_size(text)
    if isinstance(text, bytes):
        try:
            text = text.decode()
        except UnicodeDecodeError as error:
            raise RecordError(f"not text: {error}") from None
    if text.lstrip().startswith("{"):
        return read_tree_json(text)
    return read_tree_record(text)


def write_tree(record: Record, tree: MoveTree, fmt: str = "text") -> str:
    """``tree`` as a text record with variations (``fmt="text"``) or a JSON record (``"json"``)."""
    if fmt == "json":
        return write_tree_json(record, tree)
    if fmt != "text":
        raise ValueError(f"format {fmt!r} is not text or json")
    return write_tree_record(record, tree)


def tree_record(tree: MoveTree, players: tuple[str, str] = ("", ""), **tags: Any) -> Record:
    """A record of ``tree``'s main line from its start position (for a tree built on a board)."""
    record = Record.from_actions(
        tree.game, tree.mainline(), start=tree.start.position(), players=players
    )
    record.extra_tags.update({k: str(v) for k, v in tags.items()})
    return record
