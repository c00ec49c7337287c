"""Movetext with variations ``( ... )`` and comments ``{ ... }``, PGN-style, for a move tree.

Every atomic action is written in its notation and ends with ``;`` (action
texts may hold spaces, as Sirtet's ``pick d1`` does). The first action of a
turn carries the turn number, ``3. c;``; a line that starts inside a turn
carries ``3... f6;``. A variation follows the action it replaces:
``1. d; 2. d; (2. e; 3. a;) 3. c; {a comment}``. A move's mark follows it as its
number, PGN's ``$N`` (``3. c; $5`` is ``c!?``, see :data:`~shoal.records.tree.MARKS`).
Reading checks every action and refuses broken movetext in words, naming the offending
character.
"""

from __future__ import annotations

import dataclasses
import re

from shoal.core import Game, RecordError, ShoalError, State

from .record import Record, _check_size, _escape, read_text, result_token
from .tree import MARKS, MoveNode, MoveTree, Path

__all__ = [
    "MovetextError",
    "read_movetext",
    "read_tree_record",
    "write_movetext",
    "write_tree_record",
]

_NUMBER = re.compile(r"^(\d+)(\.\.\.|\.)\s*")
_GLYPH = re.compile(r"\$(\d+)")
_MARK_OF = {number: mark for mark, number in MARKS.items()}


class MovetextError(ValueError):
    """Movetext that cannot be read (the message says where and why)."""


def write_movetext(tree: MoveTree) -> str:
    """The tree's moves, variations and comments as one line of movetext."""
    out: list[str] = []

    def line(node: MoveNode, state: State, at_turn_start: bool, first: bool) -> None:
        # node: the parent; writes its first child, the other children as variations, then on
        while node.children:
            main = node.children[0]
            _one(main, state, at_turn_start, first)
            for variation in node.children[1:]:
                out.append("(")
                _one(variation, state, at_turn_start, True)
                after = state.child(variation.action)  # type: ignore[arg-type]
                line(variation, after, after.turn != state.turn, False)
                out.append(")")
            assert main.action is not None
            after = state.child(main.action)
            at_turn_start, first = after.turn != state.turn, bool(node.children[1:])
            node, state = main, after

    def _one(node: MoveNode, state: State, at_turn_start: bool, first: bool) -> None:
        assert node.action is not None
        text = state.action_text(node.action)
        if at_turn_start:
            prefix = f"{state.turn + 1}. "
        elif first:
            prefix = f"{state.turn + 1}... "
        else:
            prefix = ""
        out.append(f"{prefix}{text};")
        if node.mark:
            out.append(f"${MARKS[node.mark]}")
        if node.comment:
            out.append(f"{{{node.comment}}}")

    if tree.root.comment:
        out.append(f"{{{tree.root.comment}}}")
    line(tree.root, tree.start, True, True)
    return " ".join(out).replace("( ", "(").replace(" )", ")")


def read_movetext(game: Game, start: State, text: str) -> MoveTree:
    """The move tree that ``text`` writes, from ``start``; MovetextError in words if broken."""
    tree = MoveTree(game, start)
    # stack of (path of the node a new action follows, path before the last action)
    current: Path = ()
    previous: Path = ()
    stack: list[tuple[Path, Path]] = []
    last_comment_target: Path | None = ()
    i, n = 0, len(text)
    while i < n:
        char = text[i]
        if char.isspace():
            i += 1
        elif char == "{":
            end = text.find("}", i)
            if end < 0:
                raise MovetextError(f"a comment opened at character {i + 1} is never closed")
            comment = text[i + 1 : end]
            if "{" in comment:
                raise MovetextError(f"a comment at character {i + 1} holds another {{")
            if last_comment_target is None:
                raise MovetextError(f"a comment at character {i + 1} follows no move")
            tree.node(last_comment_target).comment = comment.strip()
            i = end + 1
        elif char == "$":
            glyph = _GLYPH.match(text, i)
            number = int(glyph.group(1)) if glyph is not None else None
            if number not in _MARK_OF:
                raise MovetextError(f"character {i + 1}: a mark is $1 to $6 ({' '.join(MARKS)})")
            if last_comment_target is None or not last_comment_target:
                raise MovetextError(f"character {i + 1}: a mark follows no move")
            assert glyph is not None and number is not None
            tree.node(last_comment_target).mark = _MARK_OF[number]
            i = glyph.end()
        elif char == "}":
            raise MovetextError(f"character {i + 1}: a }} closes no comment")
        elif char == "(":
            if not current:
                raise MovetextError(f"character {i + 1}: a variation before any move")
            stack.append((current, previous))
            current = previous
            last_comment_target = None
            i += 1
        elif char == ")":
            if not stack:
                raise MovetextError(f"character {i + 1}: a ) closes no variation")
            current, previous = stack.pop()
            last_comment_target = None
            i += 1
        else:
            end = i
            while end < n and text[end] not in ";(){}":
                end += 1
            if end >= n or text[end] != ";":
                raise MovetextError(
                    f"character {i + 1}: the move {text[i:end].strip()!r} does not end with ;"
                )
            word = text[i:end].strip()
            match = _NUMBER.match(word)
            if match is not None:
                word = word[match.end() :]
            state = tree.state(current)
            try:
                action = state.parse_action(word)
            except ShoalError as error:
                raise MovetextError(f"character {i + 1}: {word!r}: {error}") from None
            previous = current
            current = tree.add(current, action)
            last_comment_target = current
            i = end + 1
    if stack:
        raise MovetextError("a variation ( is never closed")
    return tree


def write_tree_record(record: Record, tree: MoveTree) -> str:
    """A text record of ``tree``: ``record``'s tags (Result from the main line), then movetext."""
    main = dataclasses.replace(record, actions=tree.mainline())
    lines = [f'[{name} "{_escape(value)}"]' for name, value in main.tags()]
    return "\n".join([*lines, "", write_movetext(tree)]) + "\n"


def _is_movetext(body: str) -> bool:
    """True for movetext with ``;`` endings; False for the plain one-turn-a-line records."""
    return body.rstrip().endswith((";", ")", "}"))


def read_tree_record(text: str) -> tuple[Record, MoveTree]:
    """Read a text record with or without variations: the main line's record and the tree.

    Old records (one turn a line) still read; their tree is their main line.
    Raises RecordError (with the line for the tags, in words for the movetext).
    """
    _check_size(text)
    lines = text.splitlines()
    body_start = len(lines)
    for index, line in enumerate(lines):
        stripped = line.strip()
        if stripped and not stripped.startswith(("[", "#")):
            body_start = index
            break
    body = "\n".join(lines[body_start:])
    if not _is_movetext(body):
        record = read_text(text)
        return record, MoveTree(record.game, record.start_state(), record.actions)
    header = [line for line in lines[:body_start] if not line.strip().startswith("[Result ")]
    result = next(
        (line.strip()[9:-2] for line in lines[:body_start] if line.strip().startswith("[Result ")),
        None,
    )
    empty = read_text("\n".join(header) + "\n")
    try:
        tree = read_movetext(empty.game, empty.start_state(), body)
    except MovetextError as error:
        raise RecordError(f"movetext: {error}") from None
    record = dataclasses.replace(empty, actions=tree.mainline())
    expected = result_token(record.final_state().outcome)
    if result is not None and result != expected:
        raise RecordError(f"Result {result} does not match the main line ({expected})")
    return record, tree
